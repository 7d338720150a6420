//! The sweep's progress: a bar, points done, an estimate of the time left,
//! and a Cancel button (the sweep runs in the Web Worker, see `runner`).
//!
//! Why data-* attributes: the end-to-end tests read the sweep's state and
//! counts without parsing the text.

use coded_panels::format::NBSP;
use coded_protocol::{Progress, SweepState};
use leptos::prelude::*;

use crate::components::now;
use crate::state::AppState;
use crate::time_left::{words, Countdown};

/// The time left of `progress` as a steady countdown (see `time_left`),
/// updated every half second while `progress` gives one.
fn countdown(
    progress: impl Fn() -> Option<Progress> + Copy + Send + Sync + 'static,
) -> Signal<String> {
    let clock = StoredValue::new(Countdown::default());
    let tick = RwSignal::new(0u64);
    Effect::new(move |_| {
        if let Some(p) = progress() {
            clock.update_value(|c| c.observe(now(), p.fraction, p.left_ms));
            tick.update(|t| *t += 1);
        }
    });
    // Ticks only while there is progress to count down.
    let handle = StoredValue::new(None::<IntervalHandle>);
    Effect::new(move |_| {
        let active = progress().is_some();
        match (active, handle.get_value()) {
            (true, None) => handle.set_value(
                set_interval_with_handle(
                    move || tick.update(|t| *t += 1),
                    std::time::Duration::from_millis(500),
                )
                .ok(),
            ),
            (false, Some(h)) => {
                h.clear();
                handle.set_value(None);
                clock.set_value(Countdown::default());
            }
            _ => {}
        }
    });
    on_cleanup(move || {
        if let Some(Some(h)) = handle.try_get_value() {
            h.clear();
        }
    });
    Signal::derive(move || {
        tick.track();
        words(clock.with_value(|c| c.left(now())))
    })
}

#[component]
pub fn SweepProgress(state: AppState) -> impl IntoView {
    let sweep = move || state.status.with(|s| s.sweep.clone());
    let stage = move || sweep().map(|(_, st)| st.name()).unwrap_or("none");
    let running = move || stage() == SweepState::Running.name();
    let left = countdown(move || match sweep() {
        Some((p, SweepState::Running)) => Some(p),
        _ => None,
    });
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
                            left.get(),
                        )
                    }
                    Some((p, SweepState::Cancelled)) => {
                        format!(
                            "Cancelled after {} of {} {}: the curves show the points computed so far. “Compute again” or a change of setting runs it again.",
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
    let left = countdown(progress);
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
                                left.get(),
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
