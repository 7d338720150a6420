//! The worker's engine: the stage jobs (`jobs`) and the worker pool
//! (`pool`) behind one interface, driven by the page's and the helpers'
//! messages.
//!
//! Every unit of work goes through the jobs' [`Session`](crate::Session),
//! whose cache keeps the server answers per (scheme, N, λ_enc): changing p,
//! trials or λ_dec re-runs only the Monte-Carlo decoding, never f (for
//! LeNet-5, the CNN). The numbers equal the core's `run_round` and `sweep`
//! (and so the `coded` CLI's): tests below and in each stage's module check
//! it.

use crate::jobs::{Jobs, Unit};
use crate::pool::Pool;
use coded_core::Config;
use coded_protocol::{FromHelper, FromWorker, ToHelper, ToWorker};

pub use crate::jobs::{PARTIAL_EVERY_MS, PROGRESS_EVERY_MS, STEP_MS};

/// The leading worker's state: the jobs, the pool, and what the page is
/// told about.
pub struct Engine {
    jobs: Jobs,
    pool: Pool,
    /// Nothing to run here: what is left is away at helpers.
    waiting: bool,
    /// The last request's id (what a lost worker is reported with).
    last_id: u64,
}

impl Engine {
    /// `clock`: milliseconds from some fixed origin (performance.now()).
    pub fn new(clock: fn() -> f64) -> Engine {
        Engine {
            jobs: Jobs::new(clock),
            pool: Pool::default(),
            waiting: false,
            last_id: 0,
        }
    }

    /// How many times f was run on all N servers, here and in the helpers
    /// (tests check the cache).
    pub fn prepare_count(&self) -> usize {
        self.jobs.prepare_count() + self.pool.prepare_count()
    }

    /// True while a job has steps to run here.
    pub fn busy(&self) -> bool {
        self.jobs.running() && !self.waiting
    }

    /// How many helpers the pool should have (the last request's workers,
    /// less this one). The worker starts or stops helpers to match.
    pub fn helpers_wanted(&self) -> usize {
        self.pool.helpers()
    }

    /// The messages for helpers since the last call: (helper, message).
    pub fn take_helper_messages(&mut self) -> Vec<(usize, ToHelper)> {
        self.pool.take_messages()
    }

    /// Handles a message of the page; what to post back goes to `out`.
    #[inline(never)] // called from several closures of the worker
    pub fn handle(&mut self, msg: ToWorker, out: &mut Vec<FromWorker>) {
        match msg {
            ToWorker::Run { id, config, ui } => {
                self.last_id = id;
                let (mut runs, _) = self.jobs.runs();
                self.pool.resize(ui.pool_size(), &mut runs);
                if let Some(refused) = formula_refusal(id, &config) {
                    for run in self.jobs.drop_job() {
                        self.pool.cancel_run(run);
                    }
                    out.push(refused);
                    return;
                }
                let pool = &self.pool;
                let dropped = self
                    .jobs
                    .submit(id, config, ui, |task| pool.holds(&task.answers()));
                for run in dropped {
                    self.pool.cancel_run(run);
                }
            }
            ToWorker::Cancel { id } => {
                if let Some((message, runs)) = self.jobs.cancel(id) {
                    for run in runs {
                        self.pool.cancel_run(run);
                    }
                    out.push(message);
                }
            }
            ToWorker::CheckStudy { id, config, kind } => out.push(FromWorker::StudyChecked {
                id,
                result: crate::study_file::check(&config, kind),
            }),
        }
        self.waiting = false;
        self.dispatch();
    }

    /// A message of helper `h`.
    #[inline(never)] // called from several closures of the worker
    pub fn helper_message(&mut self, h: usize, msg: FromHelper, out: &mut Vec<FromWorker>) {
        if let Some(returned) = self.pool.received(h, msg) {
            self.jobs.returned(returned, out);
        }
        self.waiting = false;
        self.dispatch();
    }

    /// Helper `h` died (`failure`: the browser's message). Its ranges are
    /// run by the others; the page is told. The worker starts a new helper
    /// in its place, which takes work once it is ready.
    #[inline(never)] // called from several closures of the worker
    pub fn helper_lost(&mut self, h: usize, failure: &str, out: &mut Vec<FromWorker>) {
        if !self.pool.lost(h) {
            return;
        }
        let workers = self.pool.helpers() + 1;
        let what = if self.jobs.lost(h + 1) > 0 {
            "the others ran its trials again, and a new worker takes its place"
        } else {
            "a new worker takes its place"
        };
        out.push(FromWorker::WorkerLost {
            id: self.last_id,
            message: format!("Worker {} of {workers} stopped ({failure}); {what}.", h + 2),
        });
        self.waiting = false;
        self.dispatch();
    }

    /// Runs one unit of the job here; returns whether work is left here
    /// (false also while the rest is away at helpers: their answers, through
    /// [`Engine::helper_message`], make it busy again).
    #[inline(never)] // called from several closures of the worker
    pub fn step(&mut self, out: &mut Vec<FromWorker>) -> bool {
        let mut ended = vec![];
        let unit = self.jobs.step(out, &mut ended);
        for run in ended {
            self.pool.cancel_run(run);
        }
        self.waiting = unit == Unit::Waiting;
        self.dispatch();
        unit == Unit::Ran
    }

    /// Runs the job to its end (tests, benchmarks; without helpers).
    pub fn run_to_end(&mut self, out: &mut Vec<FromWorker>) {
        while self.step(out) {}
    }

    /// Hands the job's queued ranges to ready helpers.
    fn dispatch(&mut self) {
        let (mut runs, session) = self.jobs.runs();
        self.pool.dispatch(&mut runs, session);
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
    use crate::oracle;
    use coded_core::StragglerModel;
    use coded_panels::errors::{Axis, CurvesView};
    use coded_protocol::{Message, UiState};

    fn clock() -> f64 {
        use std::sync::OnceLock;
        use std::time::Instant;
        static T0: OnceLock<Instant> = OnceLock::new();
        T0.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
    }

    fn run(e: &mut Engine, id: u64, config: &Config, ui: &UiState) -> Vec<FromWorker> {
        let mut out = vec![];
        e.handle(ToWorker::run(id, config, ui), &mut out);
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
            (r#"{"trials": 12}"#, Axis::N),
            (r#"{"trials": 12}"#, Axis::P),
            (r#"{"trials": 6, "scheme": "letcc"}"#, Axis::LambdaDec),
            (
                r#"{"trials": 8, "stragglers": {"model": "fixed", "s": 3}, "lambda_dec": 1e-5, "lambda_rule": "shrink"}"#,
                Axis::N,
            ),
            (
                r#"{"trials": 4, "function": "lenet5", "k": 4, "n": 16}"#,
                Axis::N,
            ),
        ] {
            let c = Config::from_json(text).unwrap();
            let ui = UiState {
                sweep_ns: vec![5, 16, 24, 48],
                axis: tab,
                ..UiState::default()
            };
            let mut e = Engine::new(clock);
            let out = run(&mut e, 1, &c, &ui);
            let round = out.iter().find_map(|m| match m {
                FromWorker::Round { result, .. } => Some(result.clone()),
                _ => None,
            });
            assert_eq!(round.unwrap().unwrap(), oracle::round(&c, &ui));
            let table = out.iter().find_map(|m| match m {
                FromWorker::Table { result, .. } => Some(result.clone()),
                _ => None,
            });
            assert_eq!(table.unwrap().unwrap(), oracle::table(&c, &ui));
            assert_eq!(
                final_curves(&out).unwrap().unwrap(),
                oracle::curves(&c, &ui),
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
        e.handle(ToWorker::run(1, &c, &ui), &mut out);
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
        e.handle(ToWorker::run(1, &c, &ui.along(Axis::P)), &mut out);
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
        e.handle(ToWorker::run(2, &c, &ui), &mut out);
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
        assert_eq!(table.unwrap().unwrap(), oracle::table(&c, &ui));
    }

    #[test]
    fn a_new_config_restarts_and_cancel_stops_with_partial_curves() {
        let c = Config::from_json(r#"{"trials": 10}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![10, 20, 40, 80],
            ..UiState::default()
        };
        // A clock the test moves: a step runs every trial of a point (its
        // deadline is never reached), and progress is posted when the test
        // lets [`PROGRESS_EVERY_MS`] pass.
        thread_local! {
            static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
        }
        let pass_time = || NOW.set(NOW.get() + 1e3);
        let mut e = Engine::new(|| NOW.get());
        let mut out = vec![];
        e.handle(ToWorker::run(1, &c, &ui), &mut out);
        // Round, table, three points.
        for _ in 0..5 {
            assert!(e.step(&mut out));
        }
        // A different round (trial) keeps the sweep running where it was.
        let ui_t = UiState {
            trial: 3,
            ..ui.clone()
        };
        e.handle(ToWorker::run(2, &c, &ui_t), &mut out);
        out.clear();
        assert!(e.step(&mut out)); // the round
        assert!(matches!(out[0], FromWorker::Round { id: 2, .. }));
        assert!(e.step(&mut out)); // the table (it shows the round too)
        pass_time();
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
        e.handle(ToWorker::run(3, &c, &ui_p), &mut out);
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
    fn messages_survive_their_codecs_exactly() {
        // Every message is postcard bytes (the contract's own test covers
        // each variant): the engine's real views must come back bit for bit.
        let c = Config::from_json(r#"{"trials": 9, "k": 5, "n": 12}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![12, 24],
            ..UiState::default()
        };
        // Every view a message carries: each tab, LeNet-5's digits, a formula
        // (named in panel 2), and rounds that fail (NaN outputs).
        let mut out = Vec::new();
        for (i, (json, tab)) in [
            (r#"{"trials": 9, "k": 5, "n": 12}"#, Axis::N),
            (r#"{"trials": 4, "k": 5, "n": 12}"#, Axis::P),
            (r#"{"trials": 4, "k": 5, "n": 12}"#, Axis::LambdaDec),
            (
                r#"{"trials": 2, "k": 3, "n": 6, "function": "lenet5"}"#,
                Axis::N,
            ),
            (
                r#"{"trials": 3, "k": 4, "n": 9, "function": {"expr": "1/x"}}"#,
                Axis::N,
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let ui = ui.along(tab);
            let c = Config::from_json(json).unwrap();
            out.extend(run(&mut Engine::new(clock), i as u64, &c, &ui));
        }
        assert!(out.iter().any(|m| matches!(m, FromWorker::Round { .. })));
        assert!(out.iter().any(|m| matches!(m, FromWorker::Table { .. })));
        for m in out {
            let bytes = m.encode();
            let back = FromWorker::decode(&bytes).unwrap();
            assert_eq!(back.encode(), bytes);
            // Bit for bit, NaNs included: compared through their JSON.
            assert_eq!(
                serde_json::to_string(&back).unwrap(),
                serde_json::to_string(&m).unwrap()
            );
        }
        assert!(FromWorker::decode(&[250, 1, 2]).is_err());
        let req = ToWorker::Run {
            id: 5,
            config: c,
            ui,
        };
        assert_eq!(ToWorker::decode(&req.encode()).unwrap(), req);
    }
}
