//! The sweep's progress: a bar, points done, an estimate of the time left,
//! and a Cancel button (the sweep runs in the Web Worker, see `runner`).
//!
//! Why data-* attributes: the end-to-end tests read the sweep's state and
//! counts without parsing the text.

use coded_panels::format::NBSP;
use coded_protocol::SweepState;
use leptos::prelude::*;

use crate::state::AppState;

/// "about 3 s left", "under a second left".
fn time_left(ms: Option<f64>) -> String {
    match ms {
        None => "estimating the time left".into(),
        Some(ms) if ms < 1000.0 => "under a second left".into(),
        Some(ms) if ms < 90_000.0 => format!("about {:.0}{NBSP}s left", ms / 1000.0),
        Some(ms) => format!("about {:.0}{NBSP}min left", ms / 60_000.0),
    }
}

#[component]
pub fn SweepProgress(state: AppState) -> impl IntoView {
    let sweep = move || state.status.with(|s| s.sweep.clone());
    let stage = move || sweep().map(|(_, st)| st.name()).unwrap_or("none");
    let running = move || stage() == SweepState::Running.name();
    view! {
        <div
            class="sweep-progress"
            id="sweep-progress"
            data-state=stage
            data-done=move || sweep().map(|(p, _)| p.done.to_string()).unwrap_or_default()
            data-total=move || sweep().map(|(p, _)| p.total.to_string()).unwrap_or_default()
            // Hidden too when there is nothing to compute (every N below K:
            // the plot says why).
            hidden=move || stage() == "none" || sweep().is_some_and(|(p, _)| p.total == 0)
        >
            <progress
                max="1"
                aria-label="Sweep progress"
                prop:value=move || sweep().map(|(p, _)| p.fraction).unwrap_or(0.0)
            ></progress>
            // Not a live region: it changes with every point of the sweep;
            // the plot's summary announces the finished curves.
            <span class="sweep-text">
                {move || match sweep() {
                    None => String::new(),
                    // The bar is the share of the work, which is not the
                    // share of points (a point's cost grows with N): the
                    // text gives both.
                    Some((p, SweepState::Running)) => {
                        format!(
                            "Sweep: {} of {} {}, {:.0}{NBSP}% of the work, {}.",
                            p.done,
                            p.total,
                            points(p.total),
                            p.fraction * 100.0,
                            time_left(p.left_ms),
                        )
                    }
                    Some((p, SweepState::Cancelled)) => {
                        format!(
                            "Cancelled after {} of {} {}: the curves show the points computed so far. Change a setting to run it again.",
                            p.done,
                            p.total,
                            points(p.total),
                        )
                    }
                    Some((p, SweepState::Done)) => {
                        format!("Sweep: {} {} in {:.0}{NBSP}ms.", p.total, points(p.total), p.elapsed_ms)
                    }
                }}
            </span>
            <button
                type="button"
                id="cancel-sweep"
                hidden=move || !running()
                on:click=move |_| state.cancel.update(|n| *n += 1)
            >
                "Cancel"
            </button>
        </div>
        // A status region: a lost worker is news, once.
        <p
            class="worker-lost"
            id="worker-lost"
            role="status"
            hidden=move || state.status.with(|s| s.worker_lost.is_none())
        >
            {move || state.status.with(|s| s.worker_lost.clone().unwrap_or_default())}
        </p>
    }
}

/// The results table's progress while the worker computes it (its
/// Monte-Carlo runs take minutes at the largest settings): a bar, trials
/// done, the time left, and Cancel. Hidden when the table is up to date.
#[component]
pub fn TableProgress(state: AppState) -> impl IntoView {
    let progress = move || state.status.with(|s| s.table_progress.clone());
    view! {
        <div
            class="sweep-progress"
            id="table-progress"
            data-done=move || progress().map(|p| p.done.to_string()).unwrap_or_default()
            data-total=move || progress().map(|p| p.total.to_string()).unwrap_or_default()
            hidden=move || progress().is_none()
        >
            <progress
                max="1"
                aria-label="Results table progress"
                prop:value=move || progress().map(|p| p.fraction).unwrap_or(0.0)
            ></progress>
            <span class="sweep-text">
                {move || {
                    progress()
                        .map(|p| {
                            format!(
                                "Table: {} of {} {}, {}.",
                                p.done,
                                p.total,
                                if p.total == 1 { "trial" } else { "trials" },
                                time_left(p.left_ms),
                            )
                        })
                        .unwrap_or_default()
                }}
            </span>
            <button
                type="button"
                id="cancel-table"
                on:click=move |_| state.cancel.update(|n| *n += 1)
            >
                "Cancel"
            </button>
        </div>
    }
}

/// "point" or "points".
fn points(n: usize) -> &'static str {
    if n == 1 {
        "point"
    } else {
        "points"
    }
}
