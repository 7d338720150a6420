//! Coded Computing Playground: the Leptos client-side app.
//!
//! Why a library and a thin binary: the wasm-bindgen browser tests
//! (`tests/browser.rs`) mount [`App`] from here; `main.rs` only calls [`start`].

pub mod app;
pub mod components;
pub mod panic;
pub mod plots;
pub mod theme;

pub use app::App;

/// Installs the panic hook and mounts the app into `<body>`.
///
/// With `?debug-panic` in the URL it then panics on purpose, so the end-to-end
/// tests can check that a panic shows the error box instead of a dead page.
pub fn start() {
    panic::install();
    leptos::mount::mount_to_body(App);
    let debug_panic = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| q.contains("debug-panic"));
    if debug_panic {
        panic!("debug-panic requested in the URL (this is a test of the error box)");
    }
}
