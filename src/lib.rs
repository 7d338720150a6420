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

/// Installs the panic hook and mounts the app into `<body>`, in place of
/// the first view `index.html` painted while the wasm loaded.
pub fn start() {
    panic::install();
    if let Some(first) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(FIRST_VIEW))
    {
        first.remove();
    }
    leptos::mount::mount_to_body(App);
}

/// The id of `index.html`'s first view.
pub const FIRST_VIEW: &str = "first-view";
