//! The status line: what was computed, how long it took, and whether the
//! panels show the current settings' results (the same rule as each
//! panel's note, `freshness`). An embed has it too, hidden, for tests and
//! screen readers.

use coded_panels::Stage;
use leptos::prelude::*;

use crate::freshness::StageState;
use crate::state::AppState;

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
            // Busy too while a plot waits for its turn to draw the results.
            data-state=move || {
                if s.with(|s| s.busy) || crate::components::turns::waiting() {
                    "busy"
                } else {
                    "idle"
                }
            }
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
