//! Coded Computing Playground: the Leptos client-side app.
//!
//! Why a library and a thin binary: the wasm-bindgen browser tests
//! (`tests/browser.rs`) mount [`App`] from here; `main.rs` only calls [`start`].
//! The maths is in `coded-core`, the figures in `coded-plots`; this crate
//! only holds the state, the controls and the page.

pub mod app;
pub mod components;
pub mod controls;
pub mod drafts;
pub mod panels;
pub mod panic;
pub mod presets;
pub mod runner;
pub mod settings;
pub mod share;
pub mod state;
pub mod theme;
pub mod url;

pub use app::App;
use wasm_bindgen::prelude::*;

/// Installs the panic hook and mounts the app into `<body>`.
///
/// With `?debug-panic` in the URL it then panics on purpose, so the end-to-end
/// tests can check that a panic shows the error box instead of a dead page.
pub fn start() {
    panic::install();
    // The built page computes in the Web Worker (see `runner`); `?no-worker`
    // computes on the page's thread (the benchmark compares both).
    let no_worker = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| q.contains("no-worker"));
    if !no_worker {
        runner::use_worker();
    }
    leptos::mount::mount_to_body(App);
    let debug_panic = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| q.contains("debug-panic"));
    if debug_panic {
        panic!("debug-panic requested in the URL (this is a test of the error box)");
    }
}

/// Timing hook: runs `coded round` (the core's `run_round`) for a JSON
/// configuration in this browser and returns the milliseconds it took.
/// The end-to-end tests call it as `window.wasmBindings.time_round(...)`.
#[wasm_bindgen]
pub fn time_round(config_json: &str, trial: usize) -> Result<f64, JsError> {
    let config =
        coded_core::Config::from_json(config_json).map_err(|e| JsError::new(&e.to_string()))?;
    let t0 = runner::now_ms();
    let report = coded_core::run_round(&config, trial).map_err(|e| JsError::new(&e.to_string()))?;
    let ms = runner::now_ms() - t0;
    // Use the result, so the work cannot be optimised away.
    if report.n != config.n {
        return Err(JsError::new("unexpected report"));
    }
    Ok(ms)
}
