//! Recomputes after a change: debounced, in stages, only what changed.
//!
//! Why stages: the round (one straggler draw) is cheap once the server
//! answers are cached, the table runs every trial, the error curves run
//! whole sweeps. The first two are computed and drawn first; the curves
//! follow after the browser has painted. Every computation is a pure
//! function of (Config, UiState) from `coded_plots::compute`, so moving
//! them into a Web Worker later changes only this module.

use std::sync::Arc;
use std::time::Duration;

use coded_core::Config;
use coded_plots::compute::{self, UiState};
use coded_plots::session::Session;
use leptos::prelude::*;

use crate::state::AppState;

/// Wait this long after the last change before computing: typing "0.25"
/// computes once, not for "0", "0.", "0.2" and "0.25".
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// Milliseconds since the page started (performance.now()).
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Keys of the last computed stages (round, table, curves).
#[derive(Default)]
struct Keys {
    round: String,
    table: String,
    curves: String,
}

/// Starts the effect that keeps `state`'s outputs up to date.
pub fn start(state: AppState) {
    let session = StoredValue::new_local(Session::new());
    let keys = StoredValue::new_local(Keys::default());
    let pending = StoredValue::new(None::<TimeoutHandle>);
    let generation = StoredValue::new(0u64);

    Effect::new(move |_| {
        let config = state.config.get();
        let ui = state.ui.get();
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        generation.update_value(|g| *g += 1);
        let gen = generation.get_value();
        state.status.update(|s| s.busy = true);
        let run = move || {
            if generation.get_value() != gen {
                return;
            }
            first_stages(state, session, keys, &config, &ui);
            // Let the browser paint the round and the table, then the curves.
            request_animation_frame(move || {
                set_timeout(
                    move || {
                        if generation.get_value() != gen {
                            return;
                        }
                        curves_stage(state, session, keys, &config, &ui);
                        state.status.update(|s| {
                            s.busy = false;
                            s.runs += 1;
                        });
                    },
                    Duration::ZERO,
                )
            });
        };
        pending.set_value(set_timeout_with_handle(run, DEBOUNCE).ok());
    });
}

fn first_stages(
    state: AppState,
    session: StoredValue<Session, LocalStorage>,
    keys: StoredValue<Keys, LocalStorage>,
    config: &Config,
    ui: &UiState,
) {
    let p = ui.panels;
    if p.stragglers || p.encdec || p.digits {
        let key = compute::round_key(config, ui);
        if keys.with_value(|k| k.round != key) {
            let t0 = now_ms();
            let Some(r) = session.try_update_value(|s| compute::round(s, config, ui)) else {
                return;
            };
            state.status.update(|s| s.round_ms = Some(now_ms() - t0));
            state
                .round
                .set(Some(Arc::new(r.map_err(|e| e.to_string()))));
            keys.update_value(|k| k.round = key);
        }
    }
    if p.table {
        let key = compute::table_key(config, ui);
        if keys.with_value(|k| k.table != key) {
            let t0 = now_ms();
            let Some(r) = session.try_update_value(|s| compute::table(s, config, ui)) else {
                return;
            };
            state.status.update(|s| s.table_ms = Some(now_ms() - t0));
            state
                .table
                .set(Some(Arc::new(r.map_err(|e| e.to_string()))));
            keys.update_value(|k| k.table = key);
        }
    }
}

fn curves_stage(
    state: AppState,
    session: StoredValue<Session, LocalStorage>,
    keys: StoredValue<Keys, LocalStorage>,
    config: &Config,
    ui: &UiState,
) {
    if !ui.panels.errors {
        return;
    }
    let key = compute::curves_key(config, ui);
    if keys.with_value(|k| k.curves != key) {
        let t0 = now_ms();
        let Some(r) = session.try_update_value(|s| compute::curves(s, config, ui)) else {
            return;
        };
        state.status.update(|s| s.curves_ms = Some(now_ms() - t0));
        state
            .curves
            .set(Some(Arc::new(r.map_err(|e| e.to_string()))));
        keys.update_value(|k| k.curves = key);
    }
}
