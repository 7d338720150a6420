//! Keeps the results up to date: after a change (debounced), posts the
//! configuration to the computation worker and applies what it posts back.
//!
//! Why a worker, and only a worker: a LeNet-5 sweep takes seconds; on the
//! page's thread it would freeze the page. Every computation runs in the Web
//! Worker (`crates/coded-worker`, running `coded_engine::Engine`): it posts
//! the round, the table and the curves point by point (partial curves,
//! progress, time left); a change replaces the running job, the Cancel
//! button stops it. The page carries no copy of the engine: if the worker
//! cannot start, the page says so (the error box) instead of computing.
//!
//! The worker is reached through a [`Backend`] (post a [`ToWorker`], receive
//! [`Event`]s): the built page uses the Web Worker (the contract's bytes); the
//! wasm-bindgen browser tests, which mount `App` without a worker, install an
//! in-process one with [`set_backend`] (from Rust: nothing in a URL or in
//! JavaScript reaches it).

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use coded_core::FunctionKind;
use coded_protocol::{FromWorker, Message, SweepState, ToWorker, UiState};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::freshness::{Phase, Stamp};
use crate::state::{AppState, Status};
use coded_panels::Stage;
use coded_protocol::Fingerprints;

/// Wait this long after the last change before computing: typing "0.25"
/// computes once, not for "0", "0.", "0.2" and "0.25".
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// The worker script trunk writes (unhashed), relative to the page.
pub const WORKER_URL: &str = "./worker_loader.js";

/// What a backend reports to the page.
// Each event is moved once, from the backend to `received`: boxing the
// message would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum Event {
    /// A message of the worker (the first one is [`FromWorker::Ready`]).
    Message(FromWorker),
    /// The worker failed (to load, or later), with what it said.
    Failed(String),
}

/// Where the page's events go; a backend calls it from its own tasks (never
/// from within [`Backend::post`]).
pub type Deliver = Rc<dyn Fn(Event)>;

/// A connection to the computation.
pub trait Backend {
    /// Posts a request (only after the backend has delivered `Ready`).
    fn post(&self, msg: &ToWorker);
    /// Stops it: the app was unmounted.
    fn close(&self) {}
}

type Connect = Rc<dyn Fn(Deliver) -> Result<Rc<dyn Backend>, String>>;

thread_local! {
    static CONNECT: RefCell<Option<Connect>> = const { RefCell::new(None) };
}

/// Makes apps mounted from now on reach the computation through `connect`
/// instead of the Web Worker. For tests that mount `App` where no worker
/// script is served (tests/browser.rs runs the engine in-process this way).
pub fn set_backend(connect: impl Fn(Deliver) -> Result<Rc<dyn Backend>, String> + 'static) {
    CONNECT.set(Some(Rc::new(connect)));
}

/// The Web Worker: the contract's bytes both ways (`coded_protocol`).
struct WebWorker(web_sys::Worker);

impl Backend for WebWorker {
    fn post(&self, msg: &ToWorker) {
        let bytes = js_sys::Uint8Array::from(&msg.encode()[..]);
        let transfer = js_sys::Array::of1(&bytes.buffer());
        let _ = self.0.post_message_with_transfer(&bytes, &transfer);
    }

    fn close(&self) {
        self.0.terminate();
    }
}

fn connect_web_worker(deliver: Deliver) -> Result<Rc<dyn Backend>, String> {
    let worker = web_sys::Worker::new(WORKER_URL)
        .map_err(|e| e.as_string().unwrap_or_else(|| format!("{e:?}")))?;
    let on_message = {
        let deliver = deliver.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let Ok(bytes) = ev.data().dyn_into::<js_sys::Uint8Array>() else {
                return;
            };
            match FromWorker::decode(&bytes.to_vec()) {
                Ok(msg) => deliver(Event::Message(msg)),
                Err(e) => {
                    web_sys::console::error_1(&format!("bad message from the worker: {e}").into())
                }
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
        ev.prevent_default();
        let what = ev
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| format!("{WORKER_URL} could not be loaded or run"));
        deliver(Event::Failed(what));
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(Rc::new(WebWorker(worker)))
}

/// The connection, as the runner sees it.
struct Remote {
    backend: Option<Rc<dyn Backend>>,
    /// The backend has said `Ready`: requests are posted, not held.
    ready: bool,
    /// It could not start, or it stopped: nothing will be computed.
    broken: bool,
    /// The last request, and the messages held until `Ready` (the newest
    /// request, and a study file's check).
    id: u64,
    unsent: Vec<ToWorker>,
    /// The function of the last request, and of the last one the worker
    /// computed to the end: what the page goes back to when the worker
    /// refuses a formula (it has no formula reader of its own).
    function: Option<FunctionKind>,
    computed: Option<FunctionKind>,
    /// The fingerprints of the last requests' settings, by id: a result is
    /// stamped with those of the request it answers.
    sent: Vec<(u64, Fingerprints)>,
}

/// How many requests' fingerprints are kept: results of older ones are long
/// replaced (each request replaces the job of the one before).
const SENT_KEPT: usize = 16;

impl Remote {
    /// Stamps `stage`'s result of request `id` (None: too old to know).
    fn stamp(&self, id: u64, stage: Stage, complete: bool) -> Option<Stamp> {
        let (_, f) = self.sent.iter().find(|(i, _)| *i == id)?;
        Some(Stamp {
            fingerprint: f.get(stage),
            complete,
        })
    }
}

/// Keeps `stage`'s new result with its stamp (or without one: a result of
/// a request too old to know is stamped as no settings).
fn show<T>(
    state: AppState,
    remote: StoredValue<Remote, LocalStorage>,
    output: crate::state::Output<T>,
    (id, stage, complete): (u64, Stage, bool),
    result: Result<T, String>,
) where
    T: Send + Sync + 'static,
{
    let stamp = remote.with_value(|r| r.stamp(id, stage, complete));
    state.stamps.update(|s| match stamp {
        Some(st) => s.set(stage, st),
        None => s.clear(stage),
    });
    output.set(Some(Arc::new(result)));
}

/// Starts the effect that keeps `state`'s outputs up to date.
pub fn start(state: AppState) {
    let pending = StoredValue::new(None::<TimeoutHandle>);
    let generation = StoredValue::new(0u64);
    let remote = StoredValue::new_local(Remote {
        backend: None,
        ready: false,
        broken: false,
        id: 0,
        unsent: Vec::new(),
        function: None,
        computed: None,
        sent: Vec::new(),
    });
    // Events may arrive after the app is gone (unmounted in a test).
    let alive = Rc::new(Cell::new(true));
    let deliver: Deliver = {
        let alive = alive.clone();
        Rc::new(move |event| {
            if alive.get() {
                received(state, remote, event);
            }
        })
    };
    let connect = CONNECT
        .with_borrow(|c| c.clone())
        .unwrap_or_else(|| Rc::new(connect_web_worker));
    match connect(deliver) {
        Ok(backend) => remote.update_value(|r| r.backend = Some(backend)),
        Err(e) => {
            remote.update_value(|r| r.broken = true);
            failed(
                state,
                &format!("The computation worker could not be started: {e}"),
            );
        }
    }
    let cleanup = SendWrapper::new((alive, remote));
    on_cleanup(move || {
        let (alive, remote) = cleanup.take();
        alive.set(false);
        if let Some(Some(b)) = remote.try_update_value(|r| r.backend.take()) {
            b.close();
        }
    });

    Effect::new(move |_| {
        let config = state.config.get();
        let ui = state.ui.get();
        // "Compute again" sends the same settings once more.
        state.rerun.track();
        if remote.with_value(|r| r.broken) {
            return;
        }
        state.phase.set(Phase::Waiting);
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        generation.update_value(|g| *g += 1);
        let gen = generation.get_value();
        state.status.update(|s| s.busy = true);
        let run = move || {
            if generation.try_get_value() != Some(gen) {
                return;
            }
            // The pool's size resolved here, where the core count is known.
            let ui = UiState {
                workers: Some(ui.workers.unwrap_or_else(crate::settings::default_workers)),
                ..ui
            };
            state.status.update(|s| s.worker_lost = None);
            let fingerprints = Fingerprints::of(&config, &ui);
            state.phase.set(Phase::Running);
            let msg = remote.try_update_value(|r| {
                r.id += 1;
                r.function = Some(config.function.clone());
                if r.sent.len() >= SENT_KEPT {
                    r.sent.remove(0);
                }
                r.sent.push((r.id, fingerprints));
                ToWorker::Run {
                    id: r.id,
                    config,
                    ui,
                }
            });
            if let Some(msg) = msg {
                post(remote, msg);
            }
        };
        pending.set_value(set_timeout_with_handle(run, DEBOUNCE).ok());
    });

    // "Open study…": what the page cannot check of a file alone.
    Effect::new(move |_| {
        state.study_request.track();
        let taken = state.study_request.try_update_untracked(Option::take);
        if let Some(Some((id, config, kind))) = taken {
            post(remote, ToWorker::CheckStudy { id, config, kind });
        }
    });

    // The Cancel buttons.
    Effect::new(move |prev: Option<u64>| {
        let n = state.cancel.get();
        if prev.is_some() {
            let id = remote.with_value(|r| r.id);
            post(remote, ToWorker::Cancel { id });
        }
        n
    });
}

/// Posts `msg` now, or holds it (the newest one only) until `Ready`.
fn post(remote: StoredValue<Remote, LocalStorage>, msg: ToWorker) {
    let backend = remote.with_value(|r| r.backend.clone().filter(|_| r.ready));
    match backend {
        Some(b) => b.post(&msg),
        None => remote.update_value(|r| {
            // A Cancel before the first request has nothing to stop; a
            // request or a file replaces the one of its kind held before.
            if !matches!(msg, ToWorker::Cancel { .. }) {
                let kind = std::mem::discriminant(&msg);
                r.unsent.retain(|m| std::mem::discriminant(m) != kind);
                r.unsent.push(msg);
            }
        }),
    }
}

/// The worker is not there: say so, in the error box and in the panels.
fn failed(state: AppState, message: &str) {
    crate::panic::show_error_box(message);
    state.show_in_every_panel(message);
    state.phase.set(Phase::Broken);
    state.status.update(|s| {
        s.busy = false;
        s.sweep = None;
        s.table_progress = None;
    });
}

/// The newest request ended (`phase`: done, or cancelled): the page is idle
/// again with one more run counted, and `also` says what else it ended with.
fn ended(state: AppState, phase: Phase, also: impl FnOnce(&mut Status)) {
    state.phase.set(phase);
    state.status.update(|s| {
        s.busy = false;
        s.runs += 1;
        s.table_progress = None;
        also(s);
    });
}

/// Applies an event of the backend to the state.
fn received(state: AppState, remote: StoredValue<Remote, LocalStorage>, event: Event) {
    let msg = match event {
        Event::Message(m) => m,
        Event::Failed(what) => {
            let loaded = remote.with_value(|r| r.ready);
            remote.update_value(|r| {
                r.ready = false;
                r.broken = true;
                r.unsent.clear();
            });
            let message = if loaded {
                format!("The computation worker stopped: {what}")
            } else {
                format!("The computation worker did not load: {what}")
            };
            failed(state, &message);
            return;
        }
    };
    let current = remote.with_value(|r| r.id);
    // Results of an older request are shown until the newer ones arrive (the
    // worker skips stages whose inputs did not change); the status follows
    // the newest request only.
    match msg {
        FromWorker::Ready => {
            let unsent = remote.try_update_value(|r| {
                r.ready = true;
                std::mem::take(&mut r.unsent)
            });
            for m in unsent.into_iter().flatten() {
                post(remote, m);
            }
        }
        FromWorker::Round { id, result, ms } => {
            state.status.update(|s| s.round_ms = Some(ms));
            show(state, remote, state.round, (id, Stage::Round, true), result);
        }
        FromWorker::TableProgress { id, progress } => {
            if id == current {
                state.status.update(|s| s.table_progress = Some(progress));
            }
        }
        FromWorker::Table { id, result, ms } => {
            state.status.update(|s| {
                s.table_ms = Some(ms);
                s.table_progress = None;
            });
            show(state, remote, state.table, (id, Stage::Table, true), result);
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
                    s.sweep = Some((progress, SweepState::Done));
                } else if id == current {
                    s.sweep = Some((progress, SweepState::Running));
                }
            });
            show(
                state,
                remote,
                state.curves,
                (id, Stage::Curves, finished),
                result,
            );
        }
        FromWorker::Progress { id, progress } => {
            if id == current {
                state
                    .status
                    .update(|s| s.sweep = Some((progress, SweepState::Running)));
            }
        }
        FromWorker::Done { id } => {
            if id == current {
                remote.update_value(|r| r.computed = r.function.clone());
                ended(state, Phase::Done, |s| {
                    // Every stage is up to date, the curves included.
                    if let Some((_, st)) = s.sweep.as_mut() {
                        if *st == SweepState::Running {
                            *st = SweepState::Done;
                        }
                    }
                });
            }
        }
        FromWorker::FormulaRefused { id, text, message } => {
            if id == current {
                ended(state, Phase::Done, |_| {});
                let computed = remote.with_value(|r| r.computed.clone());
                state.formula_refused(&text, &message, computed);
            }
        }
        FromWorker::StudyChecked { id, result } => state.study_checked.set(Some((id, result))),
        FromWorker::WorkerLost { message, .. } => {
            state.status.update(|s| s.worker_lost = Some(message));
        }
        FromWorker::Cancelled { id, progress } => {
            if id == current {
                ended(state, Phase::Cancelled, |s| {
                    if let Some(p) = progress {
                        s.sweep = Some((p, SweepState::Cancelled));
                    }
                });
            }
        }
    }
}
