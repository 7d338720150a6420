//! Recomputes after a change: debounced, in stages, only what changed.
//!
//! Why stages: the round (one straggler draw) is cheap once the server
//! answers are cached, the table runs every trial, the error curves run
//! whole sweeps. Every computation is a pure function of (Config, UiState)
//! from `coded_plots::compute`.
//!
//! Why a Web Worker: a LeNet-5 sweep takes seconds; on the page's thread it
//! would freeze the page. The page (`lib::start`) runs everything in the
//! worker (`src/bin/worker.rs`, `coded_plots::jobs`): it posts each change,
//! the worker posts the round, the table and the curves point by point
//! (partial curves, progress, time left); a change replaces the running job,
//! the Cancel button stops it. Without a worker (the wasm-bindgen browser
//! tests mount `App` directly, or the worker failed to load) the stages run
//! here, on the page's thread: the round and the table first, the curves
//! after the browser has painted.

use std::cell::Cell;
use std::sync::Arc;
use std::time::Duration;

use coded_core::Config;
use coded_plots::compute::{self, UiState};
use coded_plots::jobs::{FromWorker, ToWorker};
use coded_plots::session::Session;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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

/// The worker script trunk writes (unhashed), relative to the page.
pub const WORKER_URL: &str = "./worker_loader.js";

thread_local! {
    static USE_WORKER: Cell<bool> = const { Cell::new(false) };
}

/// Makes [`start`] run the computations in the Web Worker (the built page
/// calls it; tests that mount `App` alone compute on the page's thread).
pub fn use_worker() {
    USE_WORKER.set(true);
}

/// Where the computations run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The worker is loading: requests wait for its `Ready`.
    Loading,
    Worker,
    Local,
}

/// The worker connection.
struct Remote {
    worker: Option<web_sys::Worker>,
    mode: Mode,
    /// The last request, and whether it still has to be posted.
    id: u64,
    unsent: Option<ToWorker>,
}

impl Remote {
    fn post(&mut self, msg: ToWorker) {
        match (&self.worker, self.mode) {
            (Some(w), Mode::Worker) => {
                if let Ok(text) = serde_json::to_string(&msg) {
                    let _ = w.post_message(&JsValue::from_str(&text));
                }
            }
            _ => self.unsent = Some(msg),
        }
    }
}

/// Starts the effect that keeps `state`'s outputs up to date.
pub fn start(state: AppState) {
    let session = StoredValue::new_local(Session::new());
    let keys = StoredValue::new_local(Keys::default());
    let pending = StoredValue::new(None::<TimeoutHandle>);
    let generation = StoredValue::new(0u64);
    let remote = StoredValue::new_local(Remote {
        worker: None,
        mode: Mode::Local,
        id: 0,
        unsent: None,
    });
    // Bumped when the worker fails to load: recompute on this thread.
    let fallback = RwSignal::new(0u32);
    if USE_WORKER.get() {
        spawn_worker(state, remote, fallback);
    }

    Effect::new(move |_| {
        let config = state.config.get();
        let ui = state.ui.get();
        fallback.track();
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
            if remote.with_value(|r| r.mode != Mode::Local) {
                remote.update_value(|r| {
                    r.id += 1;
                    let msg = ToWorker::Run {
                        id: r.id,
                        config: config.clone(),
                        ui: ui.clone(),
                    };
                    r.post(msg);
                });
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

    // The Cancel button.
    Effect::new(move |prev: Option<u64>| {
        let n = state.cancel.get();
        if prev.is_some() {
            remote.update_value(|r| {
                let id = r.id;
                r.post(ToWorker::Cancel { id });
            });
        }
        n
    });
}

/// Loads the worker; on failure before its `Ready`, computes here instead.
fn spawn_worker(
    state: AppState,
    remote: StoredValue<Remote, LocalStorage>,
    fallback: RwSignal<u32>,
) {
    let worker = match web_sys::Worker::new(WORKER_URL) {
        Ok(w) => w,
        Err(e) => {
            web_sys::console::warn_2(&"Web Worker unavailable, computing on the page:".into(), &e);
            return;
        }
    };
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let Some(text) = ev.data().as_string() else {
                return;
            };
            match serde_json::from_str::<FromWorker>(&text) {
                Ok(msg) => received(state, remote, msg),
                Err(e) => {
                    web_sys::console::error_1(&format!("bad message from the worker: {e}").into())
                }
            }
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
        ev.prevent_default();
        let loading = remote.with_value(|r| r.mode == Mode::Loading);
        if loading {
            web_sys::console::warn_1(&"The Web Worker did not load: computing on the page.".into());
            remote.update_value(|r| {
                r.mode = Mode::Local;
                r.unsent = None;
            });
            fallback.update(|n| *n += 1);
        } else {
            let what = ev
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(|e| e.message())
                .unwrap_or_default();
            crate::panic::show_error_box(&format!("The computation worker stopped: {what}"));
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    remote.update_value(|r| {
        r.worker = Some(worker);
        r.mode = Mode::Loading;
    });
}

/// Applies a message of the worker to the state.
fn received(state: AppState, remote: StoredValue<Remote, LocalStorage>, msg: FromWorker) {
    let current = remote.with_value(|r| r.id);
    // Results of an older request are shown until the newer ones arrive (the
    // worker skips stages whose inputs did not change); the status follows
    // the newest request only.
    match msg {
        FromWorker::Ready => remote.update_value(|r| {
            r.mode = Mode::Worker;
            if let Some(m) = r.unsent.take() {
                r.post(m);
            }
        }),
        FromWorker::Round { result, ms, .. } => {
            state.status.update(|s| s.round_ms = Some(ms));
            state.round.set(Some(Arc::new(result)));
        }
        FromWorker::TableProgress { id, progress } => {
            if id == current {
                state.status.update(|s| s.table_progress = Some(progress));
            }
        }
        FromWorker::Table { result, ms, .. } => {
            state.status.update(|s| {
                s.table_ms = Some(ms);
                s.table_progress = None;
            });
            state.table.set(Some(Arc::new(result)));
        }
        FromWorker::Curves {
            id,
            result,
            progress,
            finished,
        } => {
            state.status.update(|s| {
                if finished {
                    s.curves_ms = Some(progress.elapsed_ms);
                }
                // A finished sweep is the newest news even from an older
                // request (the newer one then skips the curves stage).
                if finished {
                    s.sweep = Some((progress, "done"));
                } else if id == current {
                    s.sweep = Some((progress, "running"));
                }
            });
            state.curves.set(Some(Arc::new(result)));
        }
        FromWorker::Progress { id, progress } => {
            if id == current {
                state
                    .status
                    .update(|s| s.sweep = Some((progress, "running")));
            }
        }
        FromWorker::Done { id } => {
            if id == current {
                state.status.update(|s| {
                    s.busy = false;
                    s.runs += 1;
                    s.table_progress = None;
                    // Every stage is up to date, the curves included.
                    if let Some((_, st)) = s.sweep.as_mut() {
                        if *st == "running" {
                            *st = "done";
                        }
                    }
                });
            }
        }
        FromWorker::Cancelled { id, progress } => {
            if id == current {
                state.status.update(|s| {
                    s.busy = false;
                    s.runs += 1;
                    s.table_progress = None;
                    if let Some(p) = progress {
                        s.sweep = Some((p, "cancelled"));
                    }
                });
            }
        }
    }
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
