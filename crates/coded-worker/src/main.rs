//! The Web Worker: runs the app's computations (`coded_engine::Engine`)
//! off the page's thread. The page itself computes nothing.
//!
//! Trunk builds it from `index.html`'s `data-bin="worker" data-type="worker"`
//! link (no-modules, loaded by the unhashed `worker_loader.js`). Protocol:
//! JSON strings of `coded_plots::messages::{ToWorker, FromWorker}`; the worker
//! posts `Ready` once its wasm has loaded (messages sent before would be
//! lost). A job runs in slices of about [`SLICE_MS`]: between two slices the
//! worker handles new messages, so a new configuration or a Cancel takes
//! effect within a slice (plus one sweep point).

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::{Cell, RefCell};

    use coded_engine::Engine;
    use coded_plots::messages::{FromWorker, ToWorker};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Work this long before letting the worker read its messages.
    const SLICE_MS: f64 = 25.0;

    thread_local! {
        static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(now));
        static SCHEDULED: Cell<bool> = const { Cell::new(false) };
        static SLICE: RefCell<Option<Closure<dyn FnMut()>>> = const { RefCell::new(None) };
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn now() -> f64 {
        scope().performance().map(|p| p.now()).unwrap_or(0.0)
    }

    fn post(msg: &FromWorker) {
        match serde_json::to_string(msg) {
            Ok(text) => {
                let _ = scope().post_message(&JsValue::from_str(&text));
            }
            Err(e) => web_sys::console::error_1(&format!("worker: {e}").into()),
        }
    }

    fn schedule() {
        if SCHEDULED.get() {
            return;
        }
        SCHEDULED.set(true);
        SLICE.with_borrow(|c| {
            if let Some(c) = c {
                let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(
                    c.as_ref().unchecked_ref(),
                    0,
                );
            }
        });
    }

    fn slice() {
        SCHEDULED.set(false);
        let t0 = now();
        let mut out = vec![];
        loop {
            let more = ENGINE.with_borrow_mut(|e| e.step(&mut out));
            for m in out.drain(..) {
                post(&m);
            }
            if !more {
                return;
            }
            if now() - t0 >= SLICE_MS {
                schedule();
                return;
            }
        }
    }

    pub fn main() {
        console_error_panic_hook::set_once();
        SLICE.set(Some(Closure::new(slice)));
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|ev: MessageEvent| {
            let Some(text) = ev.data().as_string() else {
                return;
            };
            match serde_json::from_str::<ToWorker>(&text) {
                Ok(msg) => {
                    let mut out = vec![];
                    let busy = ENGINE.with_borrow_mut(|e| {
                        e.handle(msg, &mut out);
                        e.busy()
                    });
                    for m in out {
                        post(&m);
                    }
                    if busy {
                        schedule();
                    }
                }
                Err(e) => web_sys::console::error_1(&format!("worker: bad message: {e}").into()),
            }
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        post(&FromWorker::Ready);
    }
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::main();
}
