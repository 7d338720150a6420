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
/// the first view `index.html` painted while the wasm loaded: once that
/// view has been painted (`after_first_paint`).
pub fn start() {
    panic::install();
    after_first_paint(mount);
}

fn mount() {
    if let Some(first) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(FIRST_VIEW))
    {
        first.remove();
    }
    leptos::mount::mount_to_body(App);
}

/// Runs `then` once the document has been painted: in the next task if it
/// has, else just after the next frame's paint (a timeout queued from that
/// frame's animation callback), or after [`NO_FRAME_MS`] if no frame comes
/// (a hidden tab or an iframe out of view paints none).
///
/// Why: where the wasm arrives before the first paint (a fast network, a
/// cached load), the app would replace the first view before anyone saw
/// it, and the page's first paint would wait for the wasm. With the first
/// view always painted first, Lighthouse's simulated slow network times
/// the largest paint by the first view every run (docs/performance.md).
fn after_first_paint(then: fn()) {
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return then();
    };
    let painted = window
        .performance()
        .is_some_and(|p| p.get_entries_by_type("paint").length() > 0);
    if painted {
        // In a task of its own all the same: the wasm's instantiation and
        // the app's first part in one task held a phone's page for 130–250 ms
        // (Lighthouse, 4× slower CPU), where each is under 100 ms alone.
        let later = Closure::once_into_js(then);
        if window
            .set_timeout_with_callback(later.unchecked_ref())
            .is_err()
        {
            then();
        }
        return;
    }
    let done = Rc::new(Cell::new(false));
    let once = move || {
        if !done.replace(true) {
            then();
        }
    };
    let after_frame = once.clone();
    let on_frame = Closure::once_into_js(move || {
        let after_paint = Closure::once_into_js(after_frame);
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(after_paint.unchecked_ref());
        }
    });
    let no_frame = Closure::once_into_js(once);
    let scheduled = window
        .request_animation_frame(on_frame.unchecked_ref())
        .is_ok();
    let timer = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            no_frame.unchecked_ref(),
            NO_FRAME_MS,
        )
        .is_ok();
    if !scheduled && !timer {
        then();
    }
}

/// How long the mount waits for a frame that may never come.
const NO_FRAME_MS: i32 = 100;

/// The id of `index.html`'s first view.
pub const FIRST_VIEW: &str = "first-view";
