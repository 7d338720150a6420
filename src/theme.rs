//! The plot theme, provided to every component through Leptos context.
//!
//! Why only the context here: the colours and sizes themselves
//! ([`Theme`], the Okabe–Ito palette) live in `coded-panels`, next to the
//! draw functions that use them, so the CLI's SVG figures share them. This
//! module follows the browser's `prefers-color-scheme`, unless a link fixes
//! the colours (`theme=light|dark`, for an embed on a slide).

pub use coded_panels::theme::{okabe_ito, Theme};
use leptos::prelude::*;

use crate::settings::look::ThemeChoice;
use wasm_bindgen::{closure::Closure, JsCast};

/// The theme signal shared through Leptos context.
#[derive(Clone, Copy)]
pub struct ThemeContext(pub Signal<Theme>);

const DARK_QUERY: &str = "(prefers-color-scheme: dark)";

/// Follows `prefers-color-scheme` (also when it changes while the page is
/// open), or the `choice` that fixes it, and provides the resulting theme to
/// every component below. A fixed choice is also set on the document
/// element (`data-theme`), where the style sheet reads it.
pub fn provide_theme(choice: ThemeChoice) -> Signal<Theme> {
    if choice != ThemeChoice::System {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("data-theme", choice.name());
        }
    }
    let prefers_dark = RwSignal::new(false);
    let mql = web_sys::window().and_then(|w| w.match_media(DARK_QUERY).ok().flatten());
    if let Some(mql) = mql {
        prefers_dark.set(mql.matches());
        let listener_mql = mql.clone();
        let on_change = Closure::<dyn Fn()>::new(move || {
            prefers_dark.try_set(listener_mql.matches());
        });
        let _ = mql.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        // The listener lives as long as the component that asked for it. The
        // JS objects are not Send; they are only ever touched on this thread.
        let keep = send_wrapper::SendWrapper::new((mql, on_change));
        on_cleanup(move || {
            let (mql, on_change) = keep.take();
            let _ = mql
                .remove_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        });
    }
    let theme = Signal::derive(move || Theme::for_scheme(choice.is_dark(prefers_dark.get())));
    provide_context(ThemeContext(theme));
    theme
}

/// The theme from context, or a freshly provided one when no ancestor
/// provided it (so a component also works on its own, e.g. in a test).
pub fn use_theme() -> Signal<Theme> {
    use_context::<ThemeContext>()
        .map(|ThemeContext(theme)| theme)
        .unwrap_or_else(|| provide_theme(ThemeChoice::System))
}
