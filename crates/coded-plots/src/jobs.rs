//! The computations of the app as a job that runs in small steps: what the
//! Web Worker runs, and the messages it exchanges with the page.
//!
//! Why steps: a worker handles its next message only between two tasks. The
//! job runs one unit at a time (the round, the table, one point of a sweep),
//! so a new configuration replaces a running sweep (cancel and restart), a
//! Cancel stops it, and every point can be posted as it arrives (partial
//! curves). Every unit goes through [`Session`], whose cache keeps the
//! server answers per (scheme, N, λ_enc): changing p, trials or λ_dec re-runs
//! only the Monte-Carlo decoding, never f (for LeNet-5, the CNN). The numbers
//! equal [`compute`]'s (and so the `coded` CLI's): tests below check it.

use crate::compute::{self, RoundResult, UiState};
use crate::session::{Session, Summary};
use crate::views::curves::{
    error_vs_lambda_units, error_vs_lambda_view, error_vs_n_plan, error_vs_n_view, error_vs_p_view,
    CurveKind, CurvesView, P_GRID,
};
use crate::views::table::{TableRow, TableView};
use coded_core::metrics::Stats;
use coded_core::{
    Config, ConfigError, LambdaDec, MonteCarlo, Scheme, StragglerModel, SweepPlan, SweepPoint,
};
use serde::{Deserialize, Serialize};

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Compute what changed for this configuration; replaces any running job.
    Run {
        id: u64,
        config: Config,
        ui: UiState,
    },
    /// Stop the running job (the curves keep the points computed so far).
    Cancel { id: u64 },
}

/// How far a sweep has got.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Points computed and in all.
    pub done: usize,
    pub total: usize,
    /// Share of the estimated work done (points weighted by N × trials).
    pub fraction: f64,
    /// Milliseconds since the sweep started, and the estimate of those left.
    pub elapsed_ms: f64,
    pub left_ms: Option<f64>,
}

/// A message to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker's wasm has loaded: requests sent from now on are handled.
    Ready,
    Round {
        id: u64,
        result: Result<RoundResult, String>,
        ms: f64,
    },
    Table {
        id: u64,
        result: Result<TableView, String>,
        ms: f64,
    },
    /// The curves so far (`finished`: all points), with the progress.
    Curves {
        id: u64,
        result: Result<CurvesView, String>,
        progress: Progress,
        finished: bool,
    },
    /// Progress only (the partial curves are posted at most every
    /// [`PARTIAL_EVERY_MS`]).
    Progress { id: u64, progress: Progress },
    /// How far the results table has got (`done`/`total` count trials over
    /// all its schemes): at the largest settings it takes minutes.
    TableProgress { id: u64, progress: Progress },
    /// Every stage of request `id` is up to date.
    Done { id: u64 },
    /// Request `id` was cancelled.
    Cancelled { id: u64, progress: Option<Progress> },
}

/// Partial curves are posted at most this often (each one is redrawn).
pub const PARTIAL_EVERY_MS: f64 = 100.0;

/// A step runs Monte-Carlo trials for about this long (at least one trial),
/// so a Cancel or a new configuration is read within a few steps even when a
/// single point takes minutes (N = 8192 with 10⁴ trials).
pub const STEP_MS: f64 = 10.0;

/// One point of a sweep.
#[derive(Clone, Debug)]
struct Unit {
    scheme: Scheme,
    n: usize,
    model: StragglerModel,
    /// Error vs λ_dec: the λ_dec of this run (else the configured one).
    lambda_dec: Option<LambdaDec>,
    /// Where its point goes in the view's order.
    slot: usize,
    weight: f64,
}

#[derive(Clone, Debug)]
enum Plan {
    /// Points (of error vs N, vs p or vs λ_dec), assembled in slot order.
    Points {
        units: Vec<Unit>,
        slots: Vec<Option<SweepPoint>>,
        iid: bool,
        notes: Vec<String>,
    },
}

struct CurvesRun {
    key: String,
    config: Config,
    ui: UiState,
    plan: Result<Plan, String>,
    next: usize,
    /// The trials of point `next` run so far.
    mc: Option<MonteCarlo>,
    weight_done: f64,
    /// The share of point `next`'s weight already run.
    weight_partial: f64,
    weight_total: f64,
    started: Option<f64>,
    last_partial: f64,
}

struct Job {
    id: u64,
    config: Config,
    ui: UiState,
    round: Option<String>,
    table: Option<TableRun>,
    curves: Option<CurvesRun>,
}

/// The results table being computed, one scheme's Monte-Carlo at a time.
struct TableRun {
    key: String,
    schemes: Vec<Scheme>,
    trial: usize,
    rows: Vec<TableRow>,
    /// The trials of scheme `rows.len()` run so far.
    mc: Option<MonteCarlo>,
    started: Option<f64>,
}

impl TableRun {
    fn progress(&self, trials: usize, now: f64) -> Progress {
        let total = trials * self.schemes.len();
        let done = trials * self.rows.len() + self.mc.as_ref().map_or(0, |m| m.done());
        let fraction = if total > 0 {
            done as f64 / total as f64
        } else {
            1.0
        };
        let elapsed = self.started.map_or(0.0, |t| now - t);
        Progress {
            done,
            total,
            fraction,
            elapsed_ms: elapsed,
            left_ms: (fraction > 0.0).then(|| elapsed * (1.0 - fraction) / fraction),
        }
    }
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

fn to_point(s: Summary) -> SweepPoint {
    let st = |m: Option<crate::session::MeanStd>| {
        m.map(|m| Stats {
            mean: m.mean,
            std: m.std,
        })
    };
    SweepPoint {
        scheme: s.scheme,
        n: s.n,
        p: s.p,
        trials: s.trials,
        failures: s.failures,
        mse: st(s.mse),
        rmse: st(s.rmse),
        rel_acc: st(s.rel_acc),
        acc: st(s.acc),
        lost_mean: s.lost_mean,
    }
}

impl CurvesRun {
    fn new(config: &Config, ui: &UiState, key: String) -> CurvesRun {
        let plan = Self::plan(config, ui).map_err(|e| e.to_string());
        let weight_total = match &plan {
            Ok(Plan::Points { units, .. }) => units.iter().map(|u| u.weight).sum(),
            _ => 1.0,
        };
        CurvesRun {
            key,
            config: config.clone(),
            ui: ui.clone(),
            plan,
            next: 0,
            mc: None,
            weight_done: 0.0,
            weight_partial: 0.0,
            weight_total,
            started: None,
            last_partial: f64::NEG_INFINITY,
        }
    }

    fn plan(config: &Config, ui: &UiState) -> Result<Plan, ConfigError> {
        config.validate()?;
        let schemes = ui.schemes(config);
        // Decoding cost grows about linearly in N; f runs once per (scheme, N).
        let weight = |n: usize| (n as f64 + 8.0) * config.trials as f64;
        match ui.error_tab {
            CurveKind::ErrorVsN => {
                let (plan, iid, notes) =
                    error_vs_n_plan(config, &schemes, &ui.sweep_ns, &ui.sweep_ps)?;
                Ok(Self::points(&plan, iid, notes, weight))
            }
            CurveKind::ErrorVsP => {
                let plan = SweepPlan::new(config, None, Some(&P_GRID), Some(&schemes))?;
                Ok(Self::points(&plan, true, vec![], weight))
            }
            CurveKind::ErrorVsLambda => {
                let units: Vec<Unit> = error_vs_lambda_units(config, &schemes)
                    .into_iter()
                    .enumerate()
                    .map(|(slot, (c, scheme))| Unit {
                        scheme,
                        n: config.n,
                        model: config.stragglers,
                        lambda_dec: Some(c.lambda_dec),
                        slot,
                        weight: weight(config.n),
                    })
                    .collect();
                let slots = vec![None; units.len()];
                Ok(Plan::Points {
                    units,
                    slots,
                    iid: false,
                    notes: vec![],
                })
            }
        }
    }

    /// Units N by N (all curves grow together), slots in the core sweep's
    /// order (scheme, model, N).
    fn points(
        plan: &SweepPlan,
        iid: bool,
        notes: Vec<String>,
        weight: impl Fn(usize) -> f64,
    ) -> Plan {
        let (nm, nn) = (plan.models.len(), plan.ns.len());
        let mut units = vec![];
        for (ni, &n) in plan.ns.iter().enumerate() {
            for (si, &scheme) in plan.schemes.iter().enumerate() {
                for (mi, model) in plan.models.iter().enumerate() {
                    units.push(Unit {
                        scheme,
                        n,
                        model: *model,
                        lambda_dec: None,
                        slot: (si * nm + mi) * nn + ni,
                        weight: weight(n),
                    });
                }
            }
        }
        let slots = vec![None; units.len()];
        Plan::Points {
            units,
            slots,
            iid,
            notes,
        }
    }

    fn total(&self) -> usize {
        match &self.plan {
            Ok(Plan::Points { units, .. }) => units.len(),
            _ => 1,
        }
    }

    fn progress(&self, now: f64) -> Progress {
        let elapsed = self.started.map(|t| now - t).unwrap_or(0.0);
        let fraction = if self.weight_total > 0.0 {
            ((self.weight_done + self.weight_partial) / self.weight_total).clamp(0.0, 1.0)
        } else {
            1.0
        };
        Progress {
            done: self.next,
            total: self.total(),
            fraction,
            elapsed_ms: elapsed,
            left_ms: (fraction > 0.0).then(|| elapsed * (1.0 - fraction) / fraction),
        }
    }

    /// The view of the points computed so far.
    fn view(&self) -> Result<CurvesView, String> {
        match &self.plan {
            Err(e) => Err(e.clone()),
            Ok(Plan::Points {
                slots, iid, notes, ..
            }) => {
                let points: Vec<SweepPoint> = slots.iter().flatten().cloned().collect();
                Ok(match self.ui.error_tab {
                    CurveKind::ErrorVsP => error_vs_p_view(&self.config, &points),
                    CurveKind::ErrorVsLambda => {
                        let sums: Vec<Summary> = points.iter().map(Summary::from).collect();
                        let schemes = self.ui.schemes(&self.config);
                        error_vs_lambda_view(&self.config, &schemes, &sums)
                    }
                    CurveKind::ErrorVsN => error_vs_n_view(
                        &self.config,
                        &points,
                        *iid,
                        self.ui.references,
                        notes.clone(),
                    ),
                })
            }
        }
    }
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
            ToWorker::Run { id, config, ui } => self.submit(id, config, ui),
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
        let round = (p.stragglers || p.encdec || p.digits)
            .then(|| compute::round_key(&config, &ui))
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
            .table
            .then(|| compute::table_key(&config, &ui))
            .filter(|k| *k != self.keys.table)
            .map(|key| match running_table {
                // The key holds the whole config, the round and the schemes.
                Some(run) if run.key == key => run,
                _ => TableRun {
                    key,
                    schemes: ui.schemes(&config),
                    trial: ui.trial_in(&config),
                    rows: vec![],
                    mc: None,
                    started: None,
                },
            });
        let curves_key = p
            .errors
            .then(|| compute::curves_key(&config, &ui))
            .filter(|k| *k != self.keys.curves);
        let curves = curves_key.map(|key| match running_curves {
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
            let result = compute::round(&mut self.session, &job.config, &job.ui);
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
            let now = clock();
            let started = *run.started.get_or_insert(now);
            let config = &job.config;
            let deadline = now + STEP_MS;
            // Scheme after scheme until the table is complete or the step's
            // time is up (then the next step carries on).
            let result = loop {
                let Some(&scheme) = run.schemes.get(run.rows.len()) else {
                    break Ok(true);
                };
                let mc = run.mc.get_or_insert_with(|| MonteCarlo::new(config.trials));
                let model = &config.stragglers;
                let summary = match self
                    .session
                    .advance(config, scheme, config.n, model, mc, clock, deadline)
                {
                    Ok(Some(summary)) => summary,
                    Ok(None) => break Ok(false),
                    Err(e) => break Err(e),
                };
                match TableView::row(&mut self.session, config, scheme, run.trial, summary) {
                    Ok(row) => run.rows.push(row),
                    Err(e) => break Err(e),
                }
                run.mc = None;
                if run.rows.len() < run.schemes.len() && clock() >= deadline {
                    break Ok(false);
                }
            };
            let now = clock();
            match result {
                Ok(false) => out.push(FromWorker::TableProgress {
                    id,
                    progress: run.progress(config.trials, now),
                }),
                Ok(true) => {
                    self.keys.table = run.key.clone();
                    let rows = std::mem::take(&mut run.rows);
                    out.push(FromWorker::Table {
                        id,
                        result: Ok(TableView::assemble(config, run.trial, rows)),
                        ms: now - started,
                    });
                    job.table = None;
                }
                Err(e) => {
                    out.push(FromWorker::Table {
                        id,
                        result: Err(e.to_string()),
                        ms: now - started,
                    });
                    job.table = None;
                }
            }
            return true;
        }
        if let Some(run) = job.curves.as_mut() {
            let now = clock();
            run.started.get_or_insert(now);
            let finished = match &mut run.plan {
                Err(_) => true,
                Ok(Plan::Points { units, slots, .. }) => {
                    let mut failed = None;
                    if let Some(u) = units.get(run.next) {
                        let mc = run
                            .mc
                            .get_or_insert_with(|| MonteCarlo::new(run.config.trials));
                        let deadline = now + STEP_MS;
                        let mut config = std::borrow::Cow::Borrowed(&run.config);
                        if let Some(l) = u.lambda_dec {
                            config.to_mut().lambda_dec = l;
                        }
                        match self
                            .session
                            .advance(&config, u.scheme, u.n, &u.model, mc, clock, deadline)
                        {
                            Ok(None) => {
                                run.weight_partial =
                                    u.weight * mc.done() as f64 / mc.trials().max(1) as f64;
                            }
                            Ok(Some(s)) => {
                                slots[u.slot] = Some(to_point(s));
                                run.next += 1;
                                run.weight_done += u.weight;
                                run.weight_partial = 0.0;
                                run.mc = None;
                            }
                            Err(e) => {
                                failed = Some(e.to_string());
                                run.next += 1;
                            }
                        }
                    }
                    let last = run.next >= units.len();
                    if let Some(e) = failed {
                        run.plan = Err(e);
                    }
                    last || run.plan.is_err()
                }
            };
            let now = clock();
            let progress = run.progress(now);
            if finished {
                let result = run.view();
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
                    result: run.view(),
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn every_stage_equals_the_pure_functions() {
        let mut s = Session::new();
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
            assert_eq!(
                round.unwrap().unwrap(),
                compute::round(&mut s, &c, &ui).unwrap()
            );
            let table = out.iter().find_map(|m| match m {
                FromWorker::Table { result, .. } => Some(result.clone()),
                _ => None,
            });
            assert_eq!(
                table.unwrap().unwrap(),
                compute::table(&mut s, &c, &ui).unwrap()
            );
            assert_eq!(
                final_curves(&out).unwrap().unwrap(),
                compute::curves(&mut s, &c, &ui).unwrap(),
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
        assert_eq!(
            table.unwrap().unwrap(),
            compute::table(&mut Session::new(), &c, &ui).unwrap()
        );
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
