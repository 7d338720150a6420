//! The page's link: read into the state on load, kept up to date with
//! `history.replaceState` afterwards, and what it asked for beyond the state.
//!
//! Why a handle of its own: the embed parameters and the notices come from
//! the link once, on load, and several parts of the page read them (the
//! app's layout, the share bar, embed mode); the codec itself (`url`) is
//! pure and tested natively.

use coded_panels::Panel;

use coded_panels::Panels;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::settings::look::Look;
use crate::settings::LinkState;
use crate::state::AppState;
use crate::url;

/// What the link asked for beyond the state, and what was wrong with it.
#[derive(Clone, Copy)]
pub struct PageLink {
    /// The link's values that could not be used (shown until dismissed).
    pub notices: RwSignal<Vec<String>>,
    /// `embed=`: the one panel of embed mode.
    pub embed: Option<Panel>,
    /// `controls=`: the controls embed mode keeps.
    pub controls: StoredValue<Vec<&'static str>>,
    /// `theme=`, `plot-only=`, `size=`.
    pub look: Look,
}

impl PageLink {
    /// Reads the URL into `state` (before the first computation) and keeps
    /// the URL up to date afterwards, without adding history entries.
    pub fn init(state: AppState) -> PageLink {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let (mut link, notes) = url::decode(&search);
        if let Some(p) = link.embed {
            link.ui.panels = Panels::only(p);
        }
        state.load(&link);
        let page = PageLink {
            notices: RwSignal::new(notes),
            embed: link.embed,
            controls: StoredValue::new(link.controls),
            look: link.look,
        };
        Effect::new(move |_| {
            let q = format!("?{}", page.query(state));
            let Some(w) = web_sys::window() else { return };
            if w.location().search().ok().as_deref() != Some(&q) {
                if let Ok(h) = w.history() {
                    let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&q));
                }
            }
        });
        page
    }

    /// The query string of the current state (tracked).
    pub fn query(self, state: AppState) -> String {
        url::encode(&LinkState {
            embed: self.embed,
            controls: self.controls.get_value(),
            look: self.look,
            ..state.link_state_tracked()
        })
    }

    /// The link to the current view (tracked).
    pub fn address(self, state: AppState) -> String {
        format!("{}?{}", base_url(), self.query(state))
    }
}

/// The page's address without its query.
pub fn base_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The page's origin (scheme, host and port).
pub fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}
