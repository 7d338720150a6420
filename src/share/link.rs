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
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

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
        let embedded = page.embed.is_some();
        let last = StoredValue::new(None::<history::Entry>);
        Effect::new(move |first: Option<()>| {
            let q = format!("?{}", page.query(state));
            let Some(w) = web_sys::window() else { return };
            let shown = w.location().search().unwrap_or_default();
            if shown == q {
                return;
            }
            let now = crate::components::now();
            let entry = history::Entry {
                at: now,
                keys: history::changed_keys(&shown, &q),
            };
            // The first query only tidies the link that was opened; an
            // embed never adds entries (they would take over the host
            // page's Back button).
            let push = first.is_some()
                && !embedded
                && history::is_new_entry(last.get_value().as_ref(), &entry);
            last.set_value(Some(entry));
            if let Ok(h) = w.history() {
                let _ = if push {
                    h.push_state_with_url(&JsValue::NULL, "", Some(&q))
                } else {
                    h.replace_state_with_url(&JsValue::NULL, "", Some(&q))
                };
            }
        });
        on_back_or_forward(state);
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

/// Back and Forward: the entry's link is shown (its state loaded; the
/// link effect then finds the address already right and adds nothing).
fn on_back_or_forward(state: AppState) {
    let Some(w) = web_sys::window() else { return };
    let on_pop = Closure::<dyn Fn()>::new(move || {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let (link, _) = url::decode(&search);
        state.load(&LinkState {
            // An embed keeps its one panel whatever the entry says.
            ui: state.ui.with_untracked(|u| coded_protocol::UiState {
                panels: if link.embed.is_some() {
                    u.panels
                } else {
                    link.ui.panels
                },
                ..link.ui.clone()
            }),
            ..link
        });
    });
    let _ = w.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    // Lives as long as the page.
    on_pop.forget();
}

/// Which changes of the link become history entries.
mod history {
    /// The last history entry written: when, and which keys it changed.
    #[derive(Clone)]
    pub struct Entry {
        pub at: f64,
        pub keys: Vec<String>,
    }

    /// Changes of the same keys within this time are one entry: typing
    /// "0.25" commits after each pause, playing rounds steps the round.
    pub const COALESCE_MS: f64 = 3000.0;

    /// The keys whose values differ between two query strings.
    pub fn changed_keys(a: &str, b: &str) -> Vec<String> {
        let read = |q: &str| -> Vec<(String, String)> {
            form_urlencoded::parse(q.trim_start_matches('?').as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect()
        };
        let (a, b) = (read(a), read(b));
        let mut keys: Vec<String> = a
            .iter()
            .chain(b.iter())
            .map(|(k, _)| k.clone())
            .filter(|k| {
                let get = |l: &[(String, String)]| {
                    l.iter()
                        .filter(|(x, _)| x == k)
                        .map(|(_, v)| v.clone())
                        .collect::<Vec<_>>()
                };
                get(&a) != get(&b)
            })
            .collect();
        keys.sort();
        keys.dedup();
        keys
    }

    /// Whether `next` starts a new entry after `last`.
    pub fn is_new_entry(last: Option<&Entry>, next: &Entry) -> bool {
        match last {
            Some(l) => l.keys != next.keys || next.at - l.at > COALESCE_MS,
            None => true,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn typing_in_one_field_is_one_entry_and_another_field_is_another() {
            assert_eq!(changed_keys("?v=1&p=0.2", "?v=1&p=0.25"), vec!["p"]);
            assert_eq!(changed_keys("?v=1", "?v=1&n=80&k=5"), vec!["k", "n"]);
            assert!(changed_keys("?v=1&n=8", "?v=1&n=8").is_empty());
            let e = |at: f64, k: &str| Entry {
                at,
                keys: vec![k.to_string()],
            };
            assert!(is_new_entry(None, &e(0.0, "p")));
            assert!(!is_new_entry(Some(&e(0.0, "p")), &e(800.0, "p")));
            assert!(is_new_entry(Some(&e(0.0, "p")), &e(800.0, "n")));
            assert!(is_new_entry(Some(&e(0.0, "p")), &e(5000.0, "p")));
        }
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
