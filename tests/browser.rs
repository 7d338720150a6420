//! Browser tests of the app, run by wasm-bindgen-test in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-playground`
//!
//! They mount the real `App` into a fresh div (without the page's CSS), so they
//! check behaviour, not looks; the end-to-end tests in `tests/e2e/` check the
//! built page.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use coded_core::{sweep, Config, Scheme, SweepPlan};
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

/// A fresh 900 px wide container in the document body.
fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    div.style().set_property("width", "900px").unwrap();
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

fn canvas(root: &HtmlElement, id: &str) -> HtmlCanvasElement {
    root.query_selector(&format!("canvas#{id}"))
        .unwrap()
        .unwrap_or_else(|| panic!("canvas #{id}"))
        .unchecked_into()
}

/// Waits until the app is idle after more than `after` computations.
async fn idle(root: &HtmlElement, after: u64) {
    for _ in 0..300 {
        sleep(Duration::from_millis(50)).await;
        if let Some(s) = root.query_selector("#status").unwrap() {
            let runs: u64 = s
                .get_attribute("data-runs")
                .unwrap_or_default()
                .parse()
                .unwrap_or(0);
            if s.get_attribute("data-state").as_deref() == Some("idle") && runs > after {
                return;
            }
        }
    }
    panic!("the app did not finish computing");
}

#[wasm_bindgen_test]
async fn app_mounts_and_draws_every_panel() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), App);
    idle(&root, 0).await;
    sleep(Duration::from_millis(100)).await;
    let h1 = root.query_selector("h1").unwrap().expect("a header");
    assert_eq!(h1.text_content().unwrap(), "Coded Computing Playground");
    for id in ["stragglers-plot", "encdec-plot", "errors-plot"] {
        let c = canvas(&root, id);
        let total = (c.width() * c.height()) as usize;
        let drawn = drawn_pixels(&c);
        assert!(
            total > 0 && drawn > total / 100,
            "{id}: only {drawn} of {total} pixels drawn"
        );
    }
    // Scalar function: panel 3 explains itself instead of drawing.
    assert!(root.query_selector("#digits-note").unwrap().is_some());
    drop(handle);
    root.remove();
}

#[wasm_bindgen_test]
async fn table_in_the_browser_equals_the_core_sweep() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), App);
    idle(&root, 0).await;
    let table = root
        .query_selector("#results")
        .unwrap()
        .expect("the results table");
    let config = Config::from_json(&table.get_attribute("data-config").unwrap()).unwrap();
    assert_eq!(config, Config::default());
    let schemes = [Scheme::Bacc, Scheme::Letcc];
    let points = sweep(
        &config,
        &SweepPlan::new(&config, None, None, Some(&schemes)).unwrap(),
    )
    .unwrap();
    let rows = table.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows.length(), 2);
    for (i, p) in points.iter().enumerate() {
        let row: web_sys::Element = rows.item(i as u32).unwrap().unchecked_into();
        assert_eq!(row.get_attribute("data-scheme").unwrap(), p.scheme.name());
        let mse: f64 = row.get_attribute("data-mse-mean").unwrap().parse().unwrap();
        assert_eq!(mse, p.mse.unwrap().mean);
    }
    drop(handle);
    root.remove();
}

#[wasm_bindgen_test]
async fn editing_n_redraws_and_k_above_n_is_reported() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), App);
    idle(&root, 0).await;
    let c = canvas(&root, "stragglers-plot");
    let before = c.to_data_url().unwrap();
    let set = |id: &str, v: &str| {
        let input: web_sys::HtmlInputElement = root
            .query_selector(&format!("input#{id}"))
            .unwrap()
            .unwrap()
            .unchecked_into();
        input.set_value(v);
        input
            .dispatch_event(&web_sys::Event::new("input").unwrap())
            .unwrap();
        // A typed value is read when the field is left (or after a pause).
        input
            .dispatch_event(&web_sys::Event::new("blur").unwrap())
            .unwrap();
    };
    set("n", "25");
    idle(&root, 1).await;
    sleep(Duration::from_millis(100)).await;
    assert_ne!(
        before,
        c.to_data_url().unwrap(),
        "the canvas did not change"
    );
    set("k", "30");
    sleep(Duration::from_millis(300)).await;
    let msg = root
        .query_selector("#k-error")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(
        msg,
        "K must be a whole number from 1 to N (now 25; at most 1024)."
    );
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

#[wasm_bindgen_test]
fn time_round_runs_the_core_round() {
    let ms = coded_playground::time_round(r#"{"n": 20, "k": 4}"#, 0).unwrap();
    assert!(ms.is_finite() && ms >= 0.0);
    assert!(coded_playground::time_round(r#"{"k": 0}"#, 0).is_err());
}
