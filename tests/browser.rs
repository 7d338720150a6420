//! Browser tests of the app shell, run by wasm-bindgen-test in headless
//! Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-playground`
//!
//! They mount the real `App` into a fresh div (without the page's CSS), so they
//! check behaviour, not looks; the end-to-end tests in `tests/e2e/` check the
//! built page.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use coded_playground::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Resolves after `d` (lets effects, the ResizeObserver and a frame run).
async fn sleep(d: Duration) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, d.as_millis() as i32)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// A fresh 800 px wide container in the document body.
fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    div.style().set_property("width", "800px").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

/// Number of pixels that differ from the top-left (background) pixel.
fn drawn_pixels(canvas: &HtmlCanvasElement) -> usize {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let data = ctx
        .get_image_data(0.0, 0.0, canvas.width() as f64, canvas.height() as f64)
        .unwrap()
        .data();
    let bg = &data[0..4];
    data.chunks_exact(4).filter(|px| *px != bg).count()
}

#[wasm_bindgen_test]
async fn app_mounts_with_header_and_drawn_canvas() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), App);
    sleep(Duration::from_millis(300)).await;

    let h1 = root.query_selector("h1").unwrap().expect("a header");
    assert_eq!(h1.text_content().unwrap(), "Coded Computing Playground");
    assert!(root
        .query_selector("header .tagline")
        .unwrap()
        .is_some_and(|p| p.text_content().unwrap().contains("Coded computing")));

    let canvas: HtmlCanvasElement = root
        .query_selector("canvas#demo-plot")
        .unwrap()
        .expect("the demo canvas")
        .unchecked_into();
    assert!(canvas.width() > 0 && canvas.height() > 0);
    let drawn = drawn_pixels(&canvas);
    let total = (canvas.width() * canvas.height()) as usize;
    assert!(drawn > total / 200, "only {drawn} of {total} pixels drawn");
    drop(handle);
    root.remove();
}

#[wasm_bindgen_test]
async fn slider_redraws_the_canvas() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), App);
    sleep(Duration::from_millis(300)).await;

    let canvas: HtmlCanvasElement = root
        .query_selector("canvas#demo-plot")
        .unwrap()
        .unwrap()
        .unchecked_into();
    let before = canvas.to_data_url().unwrap();

    let input: web_sys::HtmlInputElement = root
        .query_selector("input#frequency")
        .unwrap()
        .unwrap()
        .unchecked_into();
    input.set_value("20");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    sleep(Duration::from_millis(300)).await;

    let after = canvas.to_data_url().unwrap();
    assert_ne!(before, after, "the canvas did not change");
    let output = root.query_selector("output").unwrap().unwrap();
    assert_eq!(output.text_content().unwrap(), "20.0");
    drop(handle);
    root.remove();
}

#[wasm_bindgen_test]
fn error_box_shows_the_message() {
    coded_playground::panic::show_error_box("test message <b>not markup</b>");
    let document = web_sys::window().unwrap().document().unwrap();
    let el = document
        .get_element_by_id(coded_playground::panic::BOX_ID)
        .expect("the error box");
    assert_eq!(el.get_attribute("role").as_deref(), Some("alert"));
    let text = el.text_content().unwrap();
    assert!(text.contains("test message <b>not markup</b>"), "{text}");
    assert!(el.query_selector("b").unwrap().is_none());
    el.remove();
}
