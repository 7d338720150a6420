//! What the browser tests share (each test file is a wasm instance of its
//! own): waiting for a state, and running code in a task of its own.

use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Calls `f` from a task of its own (as a worker's messages arrive, and as
/// the page's work runs).
pub fn later(f: impl FnOnce() + 'static) {
    let cb = Closure::once_into_js(f);
    web_sys::window()
        .unwrap()
        .set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), 0)
        .unwrap();
}

/// Resolves after `d` (lets effects, the ResizeObserver and a frame run).
pub async fn sleep(d: Duration) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, d.as_millis() as i32)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Waits until `ready()` holds, looking every 20 ms: a test waits for the
/// state it needs, never for a time, so a slow or busy machine only waits
/// longer. After two minutes it fails naming `what`: that is a hang.
pub async fn until(what: &str, mut ready: impl FnMut() -> bool) {
    for _ in 0..6000 {
        if ready() {
            return;
        }
        sleep(Duration::from_millis(20)).await;
    }
    panic!("waited two minutes for {what}");
}
