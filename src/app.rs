//! The page layout: header, controls column, the panels of the registry.
//!
//! Why one file: it only arranges things; the state lives in `state`, the
//! link to the computation worker in `runner`, each panel in `panels`.

use coded_panels::Panel;

use leptos::prelude::*;

use crate::controls::Controls;
use crate::panels::panel_view;
use crate::share::{EmbedApp, Notices, PageLink, ShareBar};
use crate::state::AppState;
use crate::status_line::Status;
use crate::theme::provide_theme;

/// The page's title and what it is, in one sentence: drawn by `App`, and
/// in `index.html`'s first view, which paints them before the wasm has
/// loaded (a test holds the two to the same words).
pub const TITLE: &str = "Coded Computing Playground";
pub const TAGLINE: &str = "Coded computing encodes a job's inputs across many servers so that the \
    results can still be recovered, approximately, when some servers are \
    too slow to answer: try it here, in your browser.";

/// Time between rounds while playing.
const PLAY_STEP: std::time::Duration = std::time::Duration::from_millis(900);

/// The whole playground.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new();
    // Before the first computation: the link's state replaces the defaults.
    let link = PageLink::init(state);
    provide_theme(link.look.theme);
    crate::runner::start(state);
    start_player(state);

    if link.embed.is_some() {
        return view! { <EmbedApp state=state link=link /> }.into_any();
    }
    // The header first, then the controls and the panels, one a task.
    let mounted = RwSignal::new(0);
    crate::components::turns::mount_in_turns(mounted, 1 + Panel::ALL.len());

    view! {
        <div class="app">
            // About forty controls come before the plots: one Tab to skip them
            // (hidden until focused). The target takes focus (tabindex -1),
            // so the next Tab continues inside the plots.
            <a class="skip-link" href="#plots">"Skip to the plots"</a>
            <header class="app-header">
                <h1>{TITLE}</h1>
                <p class="tagline">{TAGLINE}</p>
                <Status state=state />
                <Notices link=link />
                <crate::start_hint::StartHint />
                <ShareBar state=state link=link />
            </header>
            <div class="layout">
                <Show when=move || { mounted.get() > 0 }>
                    <Controls state=state />
                </Show>
                <main class="main-area" id="plots" tabindex="-1" aria-label="Plots">
                    <Show when=move || state.ui.with(|u| u.panels.iter_shown().next().is_none())>
                        <p class="panel-note" id="no-panels">
                            "No panel is shown: tick the panels to show under “Panels shown”."
                        </p>
                    </Show>
                    {Panel::ALL
                        .into_iter()
                        .enumerate()
                        .map(|(i, p)| {
                            view! {
                                <Show when=move || {
                                    mounted.get() > 1 + i && state.ui.with(|u| u.panels.shows(p))
                                }>{panel_view(p, state)}</Show>
                            }
                        })
                        .collect_view()}
                </main>
            </div>
        </div>
    }
    .into_any()
}

/// Steps through rounds while "Play" is on.
fn start_player(state: AppState) {
    let interval = StoredValue::new(None::<IntervalHandle>);
    Effect::new(move |_| {
        let playing = state.playing.get();
        if let Some(h) = interval.get_value() {
            h.clear();
            interval.set_value(None);
        }
        if playing {
            let h = set_interval_with_handle(
                move || {
                    let trials = state.config.with_untracked(|c| c.trials).max(1);
                    state.ui.update(|u| u.trial = (u.trial + 1) % trials);
                },
                PLAY_STEP,
            );
            interval.set_value(h.ok());
        }
    });
}
