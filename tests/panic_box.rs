//! A Rust panic shows the page's error box, in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-playground --test panic_box`
//!
//! Why here: the release build exports nothing that panics on request (a
//! page's users get no debugging hook), so the e2e tests reach the box only
//! through an uncaught error. Why a file of its own: in wasm a panic aborts
//! and leaves its instance marked as panicking for good (no hook can be set
//! again, every lock taken later is poisoned), so no other test may share
//! the instance.
#![cfg(target_arch = "wasm32")]

mod in_browser;

use coded_playground::panic::{install, BOX_ID};
use in_browser::{later, until};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn panics() {
    panic!("a test of the error box");
}

#[wasm_bindgen_test]
async fn a_panic_shows_the_error_box_with_its_message_and_reset() {
    // The hook `start()` installs, as the page has it.
    install();
    // In a task of its own, as the page's work runs: the panic ends that
    // task, not this test.
    later(panics);
    let document = web_sys::window().unwrap().document().unwrap();
    until("the error box", || {
        document.get_element_by_id(BOX_ID).is_some()
    })
    .await;
    let el = document.get_element_by_id(BOX_ID).unwrap();
    assert_eq!(el.get_attribute("role").as_deref(), Some("alert"));
    let text = el.text_content().unwrap();
    assert!(text.contains("a test of the error box"), "{text}");
    let reset = el
        .query_selector("form button#reset-defaults")
        .unwrap()
        .expect("the Reset button");
    assert_eq!(reset.text_content().as_deref(), Some("Reset to defaults"));
}
