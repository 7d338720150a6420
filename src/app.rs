//! The page layout: header, controls column, the panels of the registry.
//!
//! Why one file: it only arranges things; the state lives in `state`, the
//! link to the computation worker in `runner`, each panel in `panels`.

use coded_panels::{Panel, Stage};

use crate::freshness::StageState;
use leptos::prelude::*;

use crate::controls::Controls;
use crate::panels::panel_view;
use crate::share::{EmbedApp, Notices, PageLink, ShareBar};
use crate::state::AppState;
use crate::theme::provide_theme;

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

    view! {
        <div class="app">
            // About forty controls come before the plots: one Tab to skip them
            // (hidden until focused). The target takes focus (tabindex -1),
            // so the next Tab continues inside the plots.
            <a class="skip-link" href="#plots">"Skip to the plots"</a>
            <header class="app-header">
                <h1>"Coded Computing Playground"</h1>
                <p class="tagline">
                    "Coded computing encodes a job's inputs across many servers so that the "
                    "results can still be recovered, approximately, when some servers are "
                    "too slow to answer: try it here, in your browser."
                </p>
                <Status state=state />
                <Notices link=link />
                <crate::start_hint::StartHint />
                <ShareBar state=state link=link />
            </header>
            <div class="layout">
                <Controls state=state />
                <main class="main-area" id="plots" tabindex="-1" aria-label="Plots">
                    <Show when=move || state.ui.with(|u| u.panels.iter_shown().next().is_none())>
                        <p class="panel-note" id="no-panels">
                            "No panel is shown: tick the panels to show under “Panels shown”."
                        </p>
                    </Show>
                    {Panel::ALL
                        .into_iter()
                        .map(|p| {
                            view! {
                                <Show when=move || state.ui.with(|u| u.panels.shows(p))>
                                    {panel_view(p, state)}
                                </Show>
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

/// One line on what was computed and how long it took; its data-*
/// attributes let tests wait for a computation and read the timings.
///
/// Not a live region: it changes on every edit (timings), which a screen
/// reader would read out each time; the plot summaries announce the results.
#[component]
pub fn Status(
    state: AppState,
    /// Shown, or only there for tests and screen readers (an embed).
    #[prop(optional)]
    hidden: bool,
) -> impl IntoView {
    let s = state.status;
    let ms = |v: Option<f64>| v.map(|v| format!("{v:.1}")).unwrap_or_default();
    let results = move || {
        let states = [Stage::Round, Stage::Table, Stage::Curves].map(|st| state.stage_state(st));
        crate::freshness::overall(&states)
    };
    view! {
        <p
            id="status"
            class="status"
            class:visually-hidden=hidden
            data-state=move || if s.with(|s| s.busy) { "busy" } else { "idle" }
            // What the panels show, over the stages shown: the same rule as
            // each panel's note (`freshness`), so they cannot disagree.
            data-results=move || results().name()
            data-runs=move || s.with(|s| s.runs.to_string())
            data-round-ms=move || s.with(|s| ms(s.round_ms))
            data-table-ms=move || s.with(|s| ms(s.table_ms))
            data-curves-ms=move || s.with(|s| ms(s.curves_ms))
            data-waiting=move || {
                if !state.invalid.with(Vec::is_empty) {
                    "invalid"
                } else if state.editing.get() {
                    "typing"
                } else {
                    "none"
                }
            }
        >
            {move || {
                let st = s.get();
                let invalid = state.invalid.with(Vec::len);
                if invalid > 0 {
                    // The plots are not up to date with what the controls say.
                    let which = if invalid == 1 { "A value is" } else { "Some values are" };
                    format!(
                        "{which} waiting to be fixed (see the highlighted control): the plots show the last valid settings."
                    )
                } else if state.editing.get() {
                    "Waiting for you to finish typing…".to_string()
                } else if st.busy || matches!(results(), StageState::Computing(_)) {
                    "Computing…".to_string()
                } else if let StageState::Cancelled(_) = results() {
                    "Cancelled: a panel shows earlier settings or part of its results (its note says which; “Compute again” finishes it).".to_string()
                } else {
                    let part = |name: &str, v: Option<f64>| v.map(|v| format!("{name} {v:.0} ms"));
                    let parts: Vec<String> = [
                        part("round", st.round_ms),
                        part("table", st.table_ms),
                        part("curves", st.curves_ms),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    if parts.is_empty() {
                        "Up to date.".to_string()
                    } else {
                        format!("Up to date. Last computed: {}.", parts.join(", "))
                    }
                }
            }}
        </p>
    }
}
