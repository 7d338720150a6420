//! The Web Workers: run the app's computations (`coded_engine`) off the
//! page's thread. The page itself computes nothing.
//!
//! Trunk builds it from `index.html`'s `data-bin="worker" data-type="worker"`
//! link (no-modules, loaded by our unhashed `public/worker_loader.js`, which
//! hands each helper the module the leading worker compiled). The page
//! starts one, the *leading* worker (`coded_engine::Engine`); it starts the
//! pool's helpers (`coded_engine::helper::Helper`) from the same script, named
//! [`coded_protocol::pool::HELPER_NAME`], and shares the Monte-Carlo trials out among them.
//! Nested workers, not workers of the page: the page stays as small as it is
//! (it only ever talks to one worker), and no SharedArrayBuffer is needed, so
//! static hosts and lecture-page iframes without cross-origin isolation work.
//!
//! LeNet-5's weights and digits are not in the worker's wasm: a worker
//! fetches them (`coded_core::lenet::WEIGHTS_FILE`, `DIGITS_FILE`, next to
//! this script) when the first message that computes LeNet-5 arrives, and
//! holds that message and every later one, in order, until the files are
//! in. A view without LeNet-5 downloads neither.
//!
//! Protocol: the messages of `coded-protocol`, each as its bytes
//! (`Message::encode`) in a transferred `ArrayBuffer`: `ToWorker` and
//! `FromWorker` with the page, `ToHelper` and `FromHelper` between the
//! leading worker and its helpers. A worker posts `Ready` once its wasm has
//! loaded (messages sent before would be lost). Work runs in slices of about [`SLICE_MS`]: between
//! two slices a worker handles new messages, so a new configuration or a
//! Cancel takes effect within a slice.

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::{Cell, RefCell};

    use coded_core::functions::FunctionKind;
    use coded_core::lenet;
    use coded_engine::helper::Helper;
    use coded_engine::Engine;
    use coded_protocol::pool::HELPER_NAME;
    use coded_protocol::{FromHelper, FromWorker, Message, ToHelper, ToWorker};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Work this long before letting the worker read its messages.
    const SLICE_MS: f64 = 25.0;

    /// A step of a helper runs trials for about this long.
    const HELPER_STEP_MS: f64 = 10.0;

    type Handlers = (
        Closure<dyn FnMut(MessageEvent)>,
        Closure<dyn FnMut(web_sys::Event)>,
    );

    /// A message this worker was sent: from the page (the leading worker)
    /// or from the leading worker (a helper).
    enum Incoming {
        Page(ToWorker),
        Leader(ToHelper),
    }

    impl Incoming {
        /// Whether it computes LeNet-5 (its configuration's function).
        fn computes_lenet(&self) -> bool {
            let config = match self {
                Incoming::Page(ToWorker::Run { config, .. })
                | Incoming::Page(ToWorker::CheckStudy { config, .. })
                | Incoming::Leader(ToHelper::Define { config, .. }) => config,
                _ => return false,
            };
            config.function == FunctionKind::Lenet5
        }
    }

    thread_local! {
        /// The messages held while LeNet-5's files are fetched, in the order
        /// they came (None: nothing is being fetched).
        static HELD: RefCell<Option<Vec<Incoming>>> = const { RefCell::new(None) };
        static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(now));
        static HELPER: RefCell<Helper> = RefCell::new(Helper::new(now));
        static IS_HELPER: Cell<bool> = const { Cell::new(false) };
        /// The leading worker's helpers (helper h is pool[h]).
        static POOL: RefCell<Vec<web_sys::Worker>> = const { RefCell::new(Vec::new()) };
        static HANDLERS: Handlers = (
            Closure::new(on_helper_message),
            Closure::new(on_helper_error),
        );
        static SCHEDULED: Cell<bool> = const { Cell::new(false) };
        /// The next slice runs when a message posted on this channel
        /// arrives. Why not `setTimeout(0)`: browsers clamp a chain of
        /// timeouts to 4 ms each, which would idle a worker a sixth of the
        /// time between its 25 ms slices.
        static WAKE: RefCell<Option<web_sys::MessagePort>> = const { RefCell::new(None) };
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn now() -> f64 {
        scope().performance().map(|p| p.now()).unwrap_or(0.0)
    }

    /// A message's bytes as posted: a `Uint8Array`, and the list that
    /// transfers its buffer (not copied).
    fn transferable(msg: &impl Message) -> (js_sys::Uint8Array, js_sys::Array) {
        let bytes = js_sys::Uint8Array::from(&msg.encode()[..]);
        let transfer = js_sys::Array::of1(&bytes.buffer());
        (bytes, transfer)
    }

    /// The message an event carries (None, said on the console, if it is not
    /// one of `M`'s).
    fn received<M: Message>(ev: &MessageEvent) -> Option<M> {
        let bytes = ev.data().dyn_into::<js_sys::Uint8Array>().ok()?;
        M::decode(&bytes.to_vec())
            .map_err(|e| web_sys::console::error_1(&format!("worker: bad message: {e}").into()))
            .ok()
    }

    /// To whoever started this worker: the page (from the leading worker)
    /// or the leading worker (from a helper).
    fn post(msg: &impl Message) {
        let (bytes, transfer) = transferable(msg);
        let _ = scope().post_message_with_transfer(&bytes, &transfer);
    }

    fn schedule() {
        if SCHEDULED.get() {
            return;
        }
        SCHEDULED.set(true);
        WAKE.with_borrow(|port| {
            if let Some(port) = port {
                let _ = port.post_message(&JsValue::NULL);
            }
        });
    }

    /// After the engine ran: posts its messages to the page, starts or
    /// stops helpers to the pool's size, sends the helpers theirs, and
    /// schedules a slice if there is work here.
    #[inline(never)]
    fn flush(out: Vec<FromWorker>) {
        for m in &out {
            post(m);
        }
        let (wanted, to_helpers, busy) =
            ENGINE.with_borrow_mut(|e| (e.helpers_wanted(), e.take_helper_messages(), e.busy()));
        resize_pool(wanted);
        POOL.with_borrow(|pool| {
            for (h, msg) in to_helpers {
                if let Some(hw) = pool.get(h) {
                    let (bytes, transfer) = transferable(&msg);
                    let _ = hw.post_message_with_transfer(&bytes, &transfer);
                }
            }
        });
        if busy {
            schedule();
        }
    }

    fn resize_pool(wanted: usize) {
        let changed = POOL.with_borrow_mut(|pool| {
            let changed = pool.len() != wanted;
            while pool.len() > wanted {
                if let Some(hw) = pool.pop() {
                    hw.terminate();
                }
            }
            changed
        });
        while POOL.with_borrow(|p| p.len()) < wanted {
            match spawn() {
                Some(worker) => POOL.with_borrow_mut(|p| p.push(worker)),
                None => break, // reported by `spawn`; the leader does the work
            }
        }
        if changed {
            expose_pool();
        }
    }

    /// The helpers' Worker objects as `self.codedHelpers`: for a person in
    /// DevTools and for the browser tests, which make one fail.
    fn expose_pool() {
        let list = js_sys::Array::new();
        POOL.with_borrow(|pool| {
            for hw in pool {
                list.push(hw);
            }
        });
        let _ = js_sys::Reflect::set(&scope(), &"codedHelpers".into(), &list);
    }

    /// Which helper an event is from (None: one that was replaced).
    fn helper_of(ev: &web_sys::Event) -> Option<usize> {
        let target = ev.target()?;
        POOL.with_borrow(|pool| pool.iter().position(|hw| js_sys::Object::is(hw, &target)))
    }

    fn on_helper_message(ev: MessageEvent) {
        let Some(h) = helper_of(&ev) else {
            return;
        };
        if let Some(msg) = received::<FromHelper>(&ev) {
            let mut out = vec![];
            ENGINE.with_borrow_mut(|e| e.helper_message(h, msg, &mut out));
            flush(out);
        }
    }

    fn on_helper_error(ev: web_sys::Event) {
        ev.prevent_default();
        let Some(h) = helper_of(&ev) else {
            return;
        };
        let what = ev
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "it crashed or ran out of memory".into());
        replace(h);
        let mut out = vec![];
        ENGINE.with_borrow_mut(|e| e.helper_lost(h, &what, &mut out));
        flush(out);
    }

    /// Starts a helper (this script again, named [`HELPER_NAME`]); its
    /// events go to the two handlers every helper shares.
    fn spawn() -> Option<web_sys::Worker> {
        let options = web_sys::WorkerOptions::new();
        options.set_name(HELPER_NAME);
        let url = scope().location().href();
        let worker = match web_sys::Worker::new_with_options(&url, &options) {
            Ok(w) => w,
            Err(e) => {
                web_sys::console::error_1(&e);
                return None;
            }
        };
        HANDLERS.with(|(on_message, on_error)| {
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        });
        // Its first message is this worker's compiled module, which its
        // loader (public/worker_loader.js) instantiates: the pool fetches
        // and compiles the wasm once.
        if let Err(e) = worker.post_message(&wasm_bindgen::module()) {
            web_sys::console::error_1(&e);
            worker.terminate();
            return None;
        }
        Some(worker)
    }

    /// Helper `h` failed: it is stopped and a new one takes its slot.
    fn replace(h: usize) {
        let fresh = spawn();
        POOL.with_borrow_mut(|pool| {
            if let Some(old) = pool.get(h) {
                old.terminate();
            }
            match fresh {
                Some(worker) if h < pool.len() => pool[h] = worker,
                _ => {}
            }
        });
        expose_pool();
    }

    fn slice() {
        SCHEDULED.set(false);
        let t0 = now();
        if IS_HELPER.get() {
            loop {
                let mut out = vec![];
                let more = HELPER.with_borrow_mut(|h| h.step(now() + HELPER_STEP_MS, &mut out));
                for m in &out {
                    post(m);
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
        loop {
            let mut out = vec![];
            let more = ENGINE.with_borrow_mut(|e| e.step(&mut out));
            for m in &out {
                post(m);
            }
            if !more || now() - t0 >= SLICE_MS {
                flush(vec![]);
                return;
            }
        }
    }

    /// Handles `msg` now, or holds it while LeNet-5's files are fetched
    /// (starting the fetch if `msg` is the first to need them).
    fn arrived(msg: Incoming) {
        let msg = HELD.with_borrow_mut(|held| match held {
            Some(held) => {
                held.push(msg);
                None
            }
            None => Some(msg),
        });
        let Some(msg) = msg else {
            return;
        };
        if !(lenet::waiting() && msg.computes_lenet()) {
            handle(msg);
            return;
        }
        HELD.set(Some(vec![msg]));
        wasm_bindgen_futures::spawn_local(async {
            lenet::provide(fetch_lenet_files().await);
            for msg in HELD.take().unwrap_or_default() {
                handle(msg);
            }
        });
    }

    fn handle(msg: Incoming) {
        match msg {
            Incoming::Leader(msg) => {
                let mut out = vec![];
                let busy = HELPER.with_borrow_mut(|h| {
                    h.handle(msg, &mut out);
                    h.busy()
                });
                for m in &out {
                    post(m);
                }
                if busy {
                    schedule();
                }
            }
            Incoming::Page(msg) => {
                let mut out = vec![];
                ENGINE.with_borrow_mut(|e| e.handle(msg, &mut out));
                flush(out);
            }
        }
    }

    /// LeNet-5's weights and packed digits, from next to this script, or
    /// why not (said by every LeNet-5 computation: the page shows it).
    async fn fetch_lenet_files() -> Result<(Vec<u8>, Vec<u8>), String> {
        // Both requests start before either is awaited: one round trip.
        let weights = scope().fetch_with_str(lenet::WEIGHTS_FILE);
        let digits = scope().fetch_with_str(lenet::DIGITS_FILE);
        Ok((
            bytes_of(lenet::WEIGHTS_FILE, weights).await?,
            bytes_of(lenet::DIGITS_FILE, digits).await?,
        ))
    }

    /// The body of the response `fetch` promises for `file`, or why not.
    async fn bytes_of(file: &str, fetch: js_sys::Promise) -> Result<Vec<u8>, String> {
        use wasm_bindgen_futures::JsFuture;
        let failed = |e: JsValue| {
            let why = e
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .unwrap_or_else(|| format!("{e:?}"));
            format!("fetching {file} failed ({why})")
        };
        let response: web_sys::Response = JsFuture::from(fetch)
            .await
            .map_err(failed)?
            .unchecked_into();
        if !response.ok() {
            return Err(format!(
                "the server answered {} {} for {file}",
                response.status(),
                response.status_text()
            ));
        }
        let buffer = JsFuture::from(response.array_buffer().map_err(failed)?)
            .await
            .map_err(failed)?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    pub fn main() {
        console_error_panic_hook::set_once();
        if let Ok(channel) = web_sys::MessageChannel::new() {
            let on_wake = Closure::<dyn FnMut()>::new(slice);
            channel
                .port1()
                .set_onmessage(Some(on_wake.as_ref().unchecked_ref()));
            on_wake.forget();
            WAKE.set(Some(channel.port2()));
        }
        let helper = scope().name() == HELPER_NAME;
        IS_HELPER.set(helper);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let msg = if helper {
                received::<ToHelper>(&ev).map(Incoming::Leader)
            } else {
                received::<ToWorker>(&ev).map(Incoming::Page)
            };
            if let Some(msg) = msg {
                arrived(msg);
            }
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        if helper {
            post(&FromHelper::Ready);
        } else {
            post(&FromWorker::Ready);
        }
    }
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::main();
}
