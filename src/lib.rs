//! Coded Computing Playground: the Leptos client-side app (the page).
//!
//! Why a library and a thin binary: the wasm-bindgen browser tests
//! (`tests/browser.rs`) mount [`App`] from here; `main.rs` only calls [`start`].
//! The page computes nothing: every result comes from the Web Worker
//! (`crates/coded-worker`, running `coded-engine`) as the messages of
//! `coded-protocol`, and is drawn with `coded-panels`. This crate holds
//! the state, the controls and the page.

pub mod app;
pub mod components;
pub mod controls;
pub mod drafts;
pub mod freshness;
pub mod panels;
pub mod panic;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod plain_words;
pub mod presets;
pub mod refused_formulas;
pub mod runner;
pub mod settings;
pub mod share;
pub mod start_hint;
pub mod state;
pub mod status_line;
pub mod theme;
pub mod time_left;
pub mod url;

pub use app::App;

/// Installs the panic hook and mounts the app into `<body>`.
pub fn start() {
    panic::install();
    leptos::mount::mount_to_body(App);
}
