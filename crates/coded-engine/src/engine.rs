//! The worker's engine: the computations of the app as a job that runs in
//! small steps, driven by the page's messages.
//!
//! Why steps: a worker handles its next message only between two tasks. The
//! job runs one unit at a time (the round, a slice of the table, a slice of
//! one point of a sweep), so a new configuration replaces a running sweep
//! (cancel and restart), a Cancel stops it, and every point can be posted as
//! it arrives (partial curves). Every unit goes through [`Session`], whose
//! cache keeps the server answers per (scheme, N, λ_enc): changing p, trials
//! or λ_dec re-runs only the Monte-Carlo decoding, never f (for LeNet-5, the
//! CNN). The numbers equal the core's `run_round` and `sweep` (and so the
//! `coded` CLI's): tests below and in each stage's module check it.

use crate::curves_run::CurvesRun;
use crate::session::Session;
use crate::stages;
use crate::table_run::TableRun;
use coded_core::Config;
use coded_plots::messages::{FromWorker, Panel, ToWorker, UiState};

/// Partial curves are posted at most this often (each one is redrawn).
pub const PARTIAL_EVERY_MS: f64 = 100.0;

/// A step runs Monte-Carlo trials for about this long (at least one trial),
/// so a Cancel or a new configuration is read within a few steps even when a
/// single point takes minutes (N = 8192 with 10⁴ trials).
pub const STEP_MS: f64 = 10.0;

/// The stages of one request still to run.
struct Job {
    id: u64,
    config: Config,
    ui: UiState,
    /// The round's key, while it is to be computed.
    round: Option<String>,
    table: Option<TableRun>,
    curves: Option<CurvesRun>,
}

/// Keys of the last completed stages.
#[derive(Default)]
struct Keys {
    round: String,
    table: String,
    curves: String,
}

/// The worker's state: the cache, the keys of what is up to date, the job.
pub struct Engine {
    session: Session,
    keys: Keys,
    job: Option<Job>,
    clock: fn() -> f64,
}

impl Engine {
    /// `clock`: milliseconds from some fixed origin (performance.now()).
    pub fn new(clock: fn() -> f64) -> Engine {
        Engine {
            session: Session::new(),
            keys: Keys::default(),
            job: None,
            clock,
        }
    }

    /// How many times f was run on all N servers (tests check the cache).
    pub fn prepare_count(&self) -> usize {
        self.session.prepare_count
    }

    /// True while a job has steps left.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Handles a message; what to post back goes to `out`.
    pub fn handle(&mut self, msg: ToWorker, out: &mut Vec<FromWorker>) {
        match msg {
            ToWorker::Run { id, config, ui } => {
                if let Some(refused) = formula_refusal(id, &config) {
                    self.job = None;
                    out.push(refused);
                    return;
                }
                self.submit(id, config, ui)
            }
            ToWorker::Cancel { id } => {
                if let Some(job) = self.job.take() {
                    let now = (self.clock)();
                    let progress = job.curves.as_ref().map(|c| c.progress(now));
                    out.push(FromWorker::Cancelled {
                        id: id.max(job.id),
                        progress,
                    });
                }
            }
        }
    }

    fn submit(&mut self, id: u64, config: Config, ui: UiState) {
        let p = ui.panels;
        let round = p
            .shows_round()
            .then(|| stages::round_key(&config, &ui))
            .filter(|k| *k != self.keys.round);
        // What is running of the previous job carries on where the new one
        // needs the same: a table or a sweep of the same key is not restarted
        // by changes that do not concern it (at the largest settings each
        // takes minutes).
        let (running_table, running_curves) = match self.job.take() {
            Some(j) => (j.table, j.curves),
            None => (None, None),
        };
        let table = p
            .shows(Panel::Table)
            .then(|| stages::table_key(&config, &ui))
            .filter(|k| *k != self.keys.table)
            .map(|key| match running_table {
                // The key holds the whole config, the round and the schemes.
                Some(run) if run.key == key => run,
                _ => TableRun::new(&config, &ui, key),
            });
        let curves = p
            .shows(Panel::Errors)
            .then(|| stages::curves_key(&config, &ui))
            .filter(|k| *k != self.keys.curves)
            .map(|key| match running_curves {
                Some(mut run) if run.key == key => {
                    run.config = config.clone();
                    run.ui = ui.clone();
                    run
                }
                _ => CurvesRun::new(&config, &ui, key),
            });
        self.job = Some(Job {
            id,
            config,
            ui,
            round,
            table,
            curves,
        });
    }

    /// Runs one unit of the job; returns whether work is left.
    pub fn step(&mut self, out: &mut Vec<FromWorker>) -> bool {
        let Some(job) = self.job.as_mut() else {
            return false;
        };
        let clock = self.clock;
        let id = job.id;
        if let Some(key) = job.round.take() {
            let t0 = clock();
            let result = stages::round(&mut self.session, &job.config, &job.ui);
            if result.is_ok() {
                self.keys.round = key;
            }
            out.push(FromWorker::Round {
                id,
                result: result.map_err(|e| e.to_string()),
                ms: clock() - t0,
            });
            return true;
        }
        if let Some(run) = job.table.as_mut() {
            let deadline = clock() + STEP_MS;
            let result = run.step(&mut self.session, &job.config, clock, deadline);
            let now = clock();
            let ms = now - run.started().unwrap_or(now);
            match result {
                Ok(None) => out.push(FromWorker::TableProgress {
                    id,
                    progress: run.progress(job.config.trials, now),
                }),
                Ok(Some(table)) => {
                    self.keys.table = run.key.clone();
                    out.push(FromWorker::Table {
                        id,
                        result: Ok(table),
                        ms,
                    });
                    job.table = None;
                }
                Err(e) => {
                    out.push(FromWorker::Table {
                        id,
                        result: Err(e.to_string()),
                        ms,
                    });
                    job.table = None;
                }
            }
            return true;
        }
        if let Some(run) = job.curves.as_mut() {
            let deadline = clock() + STEP_MS;
            let finished = run.step(&mut self.session, clock, deadline);
            let now = clock();
            let progress = run.progress(now);
            if finished {
                let result = run.view().map_err(|e| e.to_string());
                if result.is_ok() {
                    self.keys.curves = run.key.clone();
                }
                out.push(FromWorker::Curves {
                    id,
                    result,
                    progress,
                    finished: true,
                });
                job.curves = None;
            } else if now - run.last_partial >= PARTIAL_EVERY_MS {
                run.last_partial = now;
                out.push(FromWorker::Curves {
                    id,
                    result: run.view().map_err(|e| e.to_string()),
                    progress,
                    finished: false,
                });
            } else {
                out.push(FromWorker::Progress { id, progress });
            }
            return true;
        }
        self.job = None;
        out.push(FromWorker::Done { id });
        false
    }

    /// Runs the job to its end (tests, benchmarks).
    pub fn run_to_end(&mut self, out: &mut Vec<FromWorker>) {
        while self.step(out) {}
    }
}

/// The answer to a request whose formula does not read: the message the
/// page shows by the formula's field. Checked here, before any stage, not in
/// the page, which holds no formula reader (its size budget).
fn formula_refusal(id: u64, config: &Config) -> Option<FromWorker> {
    let f = config.function.formula()?;
    let e = f.check().err()?;
    Some(FromWorker::FormulaRefused {
        id,
        text: f.text().to_string(),
        message: e.message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;
    use coded_core::StragglerModel;
    use coded_plots::views::curves::{CurveKind, CurvesView};

    fn clock() -> f64 {
        use std::sync::OnceLock;
        use std::time::Instant;
        static T0: OnceLock<Instant> = OnceLock::new();
        T0.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
    }

    fn run(e: &mut Engine, id: u64, config: &Config, ui: &UiState) -> Vec<FromWorker> {
        let mut out = vec![];
        e.handle(
            ToWorker::Run {
                id,
                config: config.clone(),
                ui: ui.clone(),
            },
            &mut out,
        );
        e.run_to_end(&mut out);
        out
    }

    fn final_curves(out: &[FromWorker]) -> Option<Result<CurvesView, String>> {
        out.iter().rev().find_map(|m| match m {
            FromWorker::Curves {
                result,
                finished: true,
                ..
            } => Some(result.clone()),
            _ => None,
        })
    }

    #[test]
    fn a_formula_that_does_not_read_is_refused_with_its_message() {
        let mut e = Engine::new(clock);
        let ui = UiState::default();
        let with = |text: &str| Config {
            function: coded_core::FunctionKind::Formula(coded_core::Formula::new(text).unwrap()),
            trials: 4,
            ..Config::default()
        };
        let out = run(&mut e, 1, &with("sin(3*x"), &ui);
        assert_eq!(
            out,
            [FromWorker::FormulaRefused {
                id: 1,
                text: "sin(3*x".into(),
                message: "the formula is not valid at the end (character 8, after “sin(3*x”): \
                          “sin(” is not closed: a “)” is missing"
                    .into(),
            }],
            "nothing is computed"
        );
        // The next request computes as usual.
        let out = run(&mut e, 2, &with("sin(3*x) + 1"), &ui);
        assert!(out
            .iter()
            .any(|m| matches!(m, FromWorker::Round { result: Ok(_), .. })));
        assert!(matches!(out.last(), Some(FromWorker::Done { id: 2 })));
    }

    #[test]
    fn every_stage_equals_the_core() {
        for (text, tab) in [
            (r#"{"trials": 12}"#, CurveKind::ErrorVsN),
            (r#"{"trials": 12}"#, CurveKind::ErrorVsP),
            (
                r#"{"trials": 6, "scheme": "letcc"}"#,
                CurveKind::ErrorVsLambda,
            ),
            (
                r#"{"trials": 8, "stragglers": {"model": "fixed", "s": 3}, "lambda_dec": 1e-5, "lambda_rule": "shrink"}"#,
                CurveKind::ErrorVsN,
            ),
            (
                r#"{"trials": 4, "function": "lenet5", "k": 4, "n": 16}"#,
                CurveKind::ErrorVsN,
            ),
        ] {
            let c = Config::from_json(text).unwrap();
            let ui = UiState {
                sweep_ns: vec![5, 16, 24, 48],
                error_tab: tab,
                ..UiState::default()
            };
            let mut e = Engine::new(clock);
            let out = run(&mut e, 1, &c, &ui);
            let round = out.iter().find_map(|m| match m {
                FromWorker::Round { result, .. } => Some(result.clone()),
                _ => None,
            });
            assert_eq!(round.unwrap().unwrap(), reference::round(&c, &ui));
            let table = out.iter().find_map(|m| match m {
                FromWorker::Table { result, .. } => Some(result.clone()),
                _ => None,
            });
            assert_eq!(table.unwrap().unwrap(), reference::table(&c, &ui));
            assert_eq!(
                final_curves(&out).unwrap().unwrap(),
                reference::curves(&c, &ui),
                "{text} {tab:?}"
            );
            assert!(matches!(out.last(), Some(FromWorker::Done { id: 1 })));
        }
    }

    #[test]
    fn p_trials_and_lambda_dec_changes_do_not_rerun_f() {
        let c =
            Config::from_json(r#"{"trials": 5, "function": "lenet5", "k": 4, "n": 16}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![8, 16, 32],
            ..UiState::default()
        };
        let mut e = Engine::new(clock);
        run(&mut e, 1, &c, &ui);
        let prepared = e.prepare_count();
        let mut c2 = c.clone();
        c2.trials = 7;
        c2.stragglers = StragglerModel::Iid { p: 0.35 };
        c2.lambda_dec = coded_core::LambdaDec::Value(1e-4);
        let ui2 = UiState {
            sweep_ps: vec![0.2, 0.4],
            ..ui.clone()
        };
        let out = run(&mut e, 2, &c2, &ui2);
        assert_eq!(e.prepare_count(), prepared, "no new server answers");
        assert!(final_curves(&out).unwrap().is_ok());
    }

    /// A clock that advances 100 ms per reading: every step then runs one
    /// Monte-Carlo trial (its deadline is passed at the first check).
    fn ticking() -> f64 {
        use std::sync::atomic::{AtomicU64, Ordering};
        static T: AtomicU64 = AtomicU64::new(0);
        T.fetch_add(100, Ordering::Relaxed) as f64
    }

    #[test]
    fn the_table_runs_in_slices_reports_progress_and_can_be_cancelled() {
        let c = Config::from_json(r#"{"trials": 7}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![10, 20],
            ..UiState::default()
        };
        let schemes = ui.schemes(&c).len();
        let mut e = Engine::new(ticking);
        let mut out = vec![];
        e.handle(
            ToWorker::Run {
                id: 1,
                config: c.clone(),
                ui: ui.clone(),
            },
            &mut out,
        );
        assert!(e.step(&mut out)); // the round
        out.clear();
        // One trial per step: progress counts trials over all schemes.
        for _ in 0..3 {
            assert!(e.step(&mut out));
        }
        let done: Vec<usize> = out
            .iter()
            .map(|m| match m {
                FromWorker::TableProgress { progress, .. } => {
                    assert_eq!(progress.total, 7 * schemes);
                    assert!(progress.fraction > 0.0 && progress.fraction < 1.0);
                    assert!(progress.elapsed_ms.is_finite());
                    progress.done
                }
                other => panic!("expected table progress, got {other:?}"),
            })
            .collect();
        assert_eq!(done, [1, 2, 3]);
        // A change that does not concern the table (the error tab) keeps
        // its progress: the next step goes on from trial 3.
        e.handle(
            ToWorker::Run {
                id: 1,
                config: c.clone(),
                ui: UiState {
                    error_tab: CurveKind::ErrorVsP,
                    ..ui.clone()
                },
            },
            &mut out,
        );
        out.clear();
        assert!(e.step(&mut out));
        assert!(
            matches!(&out[..], [FromWorker::TableProgress { progress, .. }] if progress.done == 4),
            "{out:?}"
        );
        // Cancel between two slices: no table is posted.
        out.clear();
        e.handle(ToWorker::Cancel { id: 1 }, &mut out);
        assert!(matches!(out[..], [FromWorker::Cancelled { id: 1, .. }]));
        assert!(!e.step(&mut out));
        // Asked again, it starts over and equals the table computed in one go.
        out.clear();
        e.handle(
            ToWorker::Run {
                id: 2,
                config: c.clone(),
                ui: ui.clone(),
            },
            &mut out,
        );
        e.run_to_end(&mut out);
        let table = out.iter().find_map(|m| match m {
            FromWorker::Table { result, .. } => Some(result.clone()),
            _ => None,
        });
        let progress_steps = out
            .iter()
            .filter(|m| matches!(m, FromWorker::TableProgress { .. }))
            .count();
        assert_eq!(progress_steps, 7 * schemes - 1, "one step per trial");
        assert_eq!(table.unwrap().unwrap(), reference::table(&c, &ui));
    }

    #[test]
    fn a_new_config_restarts_and_cancel_stops_with_partial_curves() {
        let c = Config::from_json(r#"{"trials": 10}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![10, 20, 40, 80],
            ..UiState::default()
        };
        let mut e = Engine::new(|| 0.0);
        let mut out = vec![];
        e.handle(
            ToWorker::Run {
                id: 1,
                config: c.clone(),
                ui: ui.clone(),
            },
            &mut out,
        );
        // Round, table, three points.
        for _ in 0..5 {
            assert!(e.step(&mut out));
        }
        // A different round (trial) keeps the sweep running where it was.
        let ui_t = UiState {
            trial: 3,
            ..ui.clone()
        };
        e.handle(
            ToWorker::Run {
                id: 2,
                config: c.clone(),
                ui: ui_t.clone(),
            },
            &mut out,
        );
        out.clear();
        assert!(e.step(&mut out)); // the round
        assert!(matches!(out[0], FromWorker::Round { id: 2, .. }));
        assert!(e.step(&mut out)); // the table (it shows the round too)
        assert!(e.step(&mut out));
        match out.last().unwrap() {
            FromWorker::Progress { progress, .. } | FromWorker::Curves { progress, .. } => {
                assert_eq!(progress.done, 4)
            }
            m => panic!("{m:?}"),
        }
        // A new p list restarts the sweep.
        let ui_p = UiState {
            sweep_ps: vec![0.2],
            ..ui_t.clone()
        };
        e.handle(
            ToWorker::Run {
                id: 3,
                config: c.clone(),
                ui: ui_p,
            },
            &mut out,
        );
        out.clear();
        assert!(e.step(&mut out));
        match out.last().unwrap() {
            FromWorker::Curves {
                progress,
                result,
                finished: false,
                ..
            } => {
                assert_eq!((progress.done, progress.total), (1, 8));
                // Partial curves: one point per scheme so far.
                assert!(result
                    .as_ref()
                    .unwrap()
                    .curves
                    .iter()
                    .all(|c| c.points.len() <= 1));
            }
            m => panic!("{m:?}"),
        }
        e.handle(ToWorker::Cancel { id: 3 }, &mut out);
        match out.last().unwrap() {
            FromWorker::Cancelled {
                id: 3,
                progress: Some(p),
            } => assert_eq!(p.done, 1),
            m => panic!("{m:?}"),
        }
        assert!(!e.busy());
        assert!(!e.step(&mut out));
        // The cancelled sweep is not up to date: the same request runs it.
        let out = run(&mut e, 4, &c, &ui_t);
        assert!(final_curves(&out).unwrap().is_ok());
    }

    #[test]
    fn messages_survive_json_exactly() {
        // The page and the worker exchange JSON (serde_json with
        // float_roundtrip in the app): numbers must come back bit for bit.
        let c = Config::from_json(r#"{"trials": 9, "k": 5, "n": 12}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![12, 24],
            ..UiState::default()
        };
        let mut e = Engine::new(clock);
        for m in run(&mut e, 1, &c, &ui) {
            let text = serde_json::to_string(&m).unwrap();
            let back: FromWorker = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
        }
        let req = ToWorker::Run {
            id: 5,
            config: c,
            ui,
        };
        let back: ToWorker = serde_json::from_str(&serde_json::to_string(&req).unwrap()).unwrap();
        assert_eq!(back, req);
    }
}
