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
use crate::session::{AnswersKey, Session, MAX_PREPARED};
use crate::shares::{FromHelper, Shares, Stage, Step, Task, ToHelper};
use crate::stages;
use crate::table_run::TableRun;
use coded_core::Config;
use coded_plots::messages::{FromWorker, Panel, Progress, ToWorker, UiState};

/// Partial curves are posted at most this often (each one is redrawn).
pub const PARTIAL_EVERY_MS: f64 = 100.0;

/// The sweep's progress alone is posted at most this often (the page
/// redraws its bar for each).
pub const PROGRESS_EVERY_MS: f64 = 40.0;

/// A step runs Monte-Carlo trials for about this long (at least one trial),
/// so a Cancel or a new configuration is read within a few steps even when a
/// single point takes minutes (N = 8192 with 10⁴ trials).
pub const STEP_MS: f64 = 10.0;

/// Shares given to a helper at once: at least [`AHEAD`] (one to run, one
/// queued), and small ones up to [`AHEAD_MAX`] while their work, about
/// (N + 8) × trials, stays below [`AHEAD_WORK`]. Why: the leading worker
/// reads a helper's answer only between two of its own slices (about
/// 25 ms); a helper given two shares of a small point would finish them in
/// a millisecond and then wait. A large share keeps it busy on its own, and
/// few of them queued leave the last points to whoever is free.
const AHEAD: usize = 2;
const AHEAD_MAX: usize = 16;
const AHEAD_WORK: usize = 60_000;

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

impl Job {
    fn shares(&mut self) -> impl Iterator<Item = &mut Shares> {
        let table = self.table.as_mut().map(|t| &mut t.shares);
        table
            .into_iter()
            .chain(self.curves.as_mut().map(|c| &mut c.shares))
    }
}

/// Keys of the last completed stages.
#[derive(Default)]
struct Keys {
    round: String,
    table: String,
    curves: String,
}

/// A helper of the pool as the leading worker sees it.
#[derive(Clone, Debug, Default)]
struct HelperSlot {
    /// It has posted `Ready`.
    ready: bool,
    /// The shares given to it and not back: (run, point, share, its work:
    /// (N + 8) × trials).
    away: Vec<(u64, usize, usize, usize)>,
    /// The runs it was told of (`ToHelper::Define`).
    defined: Vec<u64>,
    /// The answers it holds (given a share of their point), oldest first.
    answers: Vec<AnswersKey>,
}

/// The worker's state: the cache, the keys of what is up to date, the job,
/// and the pool's helpers (worker `h + 1` is `helpers[h]`; this one is 0).
pub struct Engine {
    session: Session,
    keys: Keys,
    job: Option<Job>,
    clock: fn() -> f64,
    helpers: Vec<HelperSlot>,
    to_helpers: Vec<(usize, ToHelper)>,
    /// Nothing to run here: what is left is away at helpers.
    waiting: bool,
    /// f's runs on all N servers in the helpers (tests check the cache).
    helper_prepare_count: usize,
    /// The last request's id (what a lost worker is reported with).
    last_id: u64,
    /// When the sweep's progress was last posted, and its points done.
    last_progress: (f64, usize),
    /// The last request's text, as the page sent it (helpers build their
    /// runs from it).
    request: Option<String>,
}

impl Engine {
    /// `clock`: milliseconds from some fixed origin (performance.now()).
    pub fn new(clock: fn() -> f64) -> Engine {
        Engine {
            session: Session::new(),
            keys: Keys::default(),
            job: None,
            clock,
            helpers: vec![],
            to_helpers: vec![],
            waiting: false,
            helper_prepare_count: 0,
            last_id: 0,
            last_progress: (f64::NEG_INFINITY, 0),
            request: None,
        }
    }

    /// How many times f was run on all N servers, here and in the helpers
    /// (tests check the cache).
    pub fn prepare_count(&self) -> usize {
        self.session.prepare_count + self.helper_prepare_count
    }

    /// True while a job has steps to run here.
    pub fn busy(&self) -> bool {
        self.job.is_some() && !self.waiting
    }

    /// How many helpers the pool should have (the last request's workers,
    /// less this one). The worker starts or stops helpers to match.
    pub fn helpers_wanted(&self) -> usize {
        self.helpers.len()
    }

    /// The messages for helpers since the last call: (helper, message).
    pub fn take_helper_messages(&mut self) -> Vec<(usize, ToHelper)> {
        std::mem::take(&mut self.to_helpers)
    }

    /// Handles a message of the page as it sent it (JSON text): requests
    /// read this way can be shared with helpers.
    pub fn handle_text(&mut self, text: &str, out: &mut Vec<FromWorker>) -> Result<(), String> {
        let msg: ToWorker = serde_json::from_str(text).map_err(|e| e.to_string())?;
        self.request = matches!(msg, ToWorker::Run { .. }).then(|| text.to_string());
        self.handle(msg, out);
        self.request = None;
        Ok(())
    }

    /// Handles a message; what to post back goes to `out`.
    #[inline(never)] // called from several closures of the worker
    pub fn handle(&mut self, msg: ToWorker, out: &mut Vec<FromWorker>) {
        match msg {
            ToWorker::Run { id, config, ui } => {
                self.last_id = id;
                self.resize(ui.pool_size());
                if let Some(refused) = formula_refusal(id, &config) {
                    if let Some(mut old) = self.job.take() {
                        self.cancel_runs(&mut old);
                    }
                    out.push(refused);
                    return;
                }
                self.submit(id, config, ui)
            }
            ToWorker::Cancel { id } => {
                if let Some(mut job) = self.job.take() {
                    self.cancel_runs(&mut job);
                    let now = (self.clock)();
                    let progress = job.curves.as_ref().map(|c| c.progress(now));
                    out.push(FromWorker::Cancelled {
                        id: id.max(job.id),
                        progress,
                    });
                }
            }
        }
        self.waiting = false;
        self.dispatch();
    }

    /// A message of helper `h`.
    #[inline(never)] // called from several closures of the worker
    pub fn helper_message(&mut self, h: usize, msg: FromHelper, out: &mut Vec<FromWorker>) {
        let Some(slot) = self.helpers.get_mut(h) else {
            return;
        };
        match msg {
            FromHelper::Ready => slot.ready = true,
            FromHelper::Done {
                run,
                point,
                share,
                trials,
                prepared,
            } => {
                slot.away.retain(|a| (a.0, a.1, a.2) != (run, point, share));
                self.helper_prepare_count += prepared;
                let now = (self.clock)();
                if let Some(job) = self.job.as_mut() {
                    let id = job.id;
                    if let Some(t) = job.table.as_mut().filter(|t| t.shares.run == run) {
                        t.shares.receive(point, share, trials);
                        out.push(FromWorker::TableProgress {
                            id,
                            progress: t.progress(job.config.trials, now),
                        });
                    } else if let Some(c) = job.curves.as_mut().filter(|c| c.shares.run == run) {
                        c.shares.receive(point, share, trials);
                        let progress = c.progress(now);
                        if self.progress_is_news(&progress, now) {
                            out.push(FromWorker::Progress { id, progress });
                        }
                    }
                }
            }
            FromHelper::Failed { run, point, share } => {
                slot.away.retain(|a| (a.0, a.1, a.2) != (run, point, share));
                if let Some(job) = self.job.as_mut() {
                    for shares in job.shares().filter(|s| s.run == run) {
                        shares.failed(point, share);
                    }
                }
            }
        }
        self.waiting = false;
        self.dispatch();
    }

    /// Helper `h` died (`failure`: the browser's message). Its shares are run
    /// by the others; the page is told. The worker starts a new helper in
    /// its place, which takes work once it is ready.
    #[inline(never)] // called from several closures of the worker
    pub fn helper_lost(&mut self, h: usize, failure: &str, out: &mut Vec<FromWorker>) {
        let Some(slot) = self.helpers.get_mut(h) else {
            return;
        };
        *slot = HelperSlot::default();
        let workers = self.helpers.len() + 1;
        let requeued: usize = match self.job.as_mut() {
            Some(job) => job.shares().map(|s| s.lost(h + 1)).sum(),
            None => 0,
        };
        let what = if requeued > 0 {
            "the others ran its trials again, and a new worker takes its place"
        } else {
            "a new worker takes its place"
        };
        out.push(FromWorker::WorkerLost {
            id: self.last_id,
            message: format!(
                "Worker {} of {workers} stopped ({what_failed}); {what}.",
                h + 2,
                what_failed = failure
            ),
        });
        self.waiting = false;
        self.dispatch();
    }

    /// Sets the pool's size (this worker and `workers - 1` helpers); the
    /// shares away at helpers that go are queued again.
    fn resize(&mut self, workers: usize) {
        if let Some(job) = self.job.as_mut() {
            for shares in job.shares() {
                shares.workers = workers;
            }
        }
        let wanted = workers.saturating_sub(1);
        while self.helpers.len() > wanted {
            let h = self.helpers.len() - 1;
            self.helpers.pop();
            if let Some(job) = self.job.as_mut() {
                for shares in job.shares() {
                    shares.lost(h + 1);
                }
            }
        }
        self.helpers.resize(wanted, HelperSlot::default());
    }

    /// Tells the helpers to drop the job's runs.
    fn cancel_runs(&mut self, job: &mut Job) {
        let runs: Vec<u64> = job.shares().map(|s| s.run).collect();
        for run in runs {
            self.cancel_run(run);
        }
    }

    fn cancel_run(&mut self, run: u64) {
        for (h, slot) in self.helpers.iter_mut().enumerate() {
            if slot.defined.contains(&run) {
                slot.away.retain(|a| a.0 != run);
                slot.defined.retain(|r| *r != run);
                self.to_helpers.push((h, ToHelper::Cancel { run }));
            }
        }
    }

    /// Gives every ready helper shares up to [`AHEAD`], the table's first,
    /// and tells the runs which answers the helpers hold.
    fn dispatch(&mut self) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        for h in 0..self.helpers.len() {
            if !self.helpers[h].ready {
                continue;
            }
            loop {
                let slot = &self.helpers[h];
                let work: usize = slot.away.iter().map(|a| a.3).sum();
                let full = slot.away.len() >= AHEAD_MAX
                    || (slot.away.len() >= AHEAD && work >= AHEAD_WORK);
                if full {
                    break;
                }
                let (helpers, session) = (&self.helpers, &self.session);
                let mine = |t: &Task| helpers[h].answers.contains(&t.answers());
                let others = |t: &Task| {
                    let key = t.answers();
                    session.has(&key)
                        || helpers
                            .iter()
                            .enumerate()
                            .any(|(o, slot)| o != h && slot.answers.contains(&key))
                };
                let Some((shares, (point, share))) = job
                    .shares()
                    .find_map(|s| s.give(h + 1, &mine, &others).map(|given| (s, given)))
                else {
                    break;
                };
                let run = shares.run;
                let define = shares.define.clone();
                let part = shares.part(point, share);
                let key = part.as_ref().map(|p| p.task.answers());
                let work = part.map_or(0, |p| (p.task.n + 8) * (p.end - p.start));
                let slot = &mut self.helpers[h];
                if !slot.defined.contains(&run) {
                    if let Some(define) = define {
                        self.to_helpers.push((h, define));
                    }
                    slot.defined.push(run);
                }
                // From now on it holds that point's answers (its cache keeps
                // one problem: other problems' answers are gone).
                if let Some(key) = key {
                    slot.answers.retain(|k| k.same_problem(&key) && *k != key);
                    slot.answers.push(key);
                    if slot.answers.len() > MAX_PREPARED {
                        slot.answers.remove(0);
                    }
                }
                slot.away.push((run, point, share, work));
                self.to_helpers
                    .push((h, ToHelper::Work { run, point, share }));
            }
        }
        let hold: Vec<AnswersKey> = self
            .helpers
            .iter()
            .flat_map(|s| s.answers.iter().cloned())
            .collect();
        for shares in job.shares() {
            shares.helpers_hold.clone_from(&hold);
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
        let (mut running_table, mut running_curves) = match self.job.take() {
            Some(j) => (j.table, j.curves),
            None => (None, None),
        };
        let table_key = p
            .shows(Panel::Table)
            .then(|| stages::table_key(&config, &ui))
            .filter(|k| *k != self.keys.table);
        let table = table_key.map(|key| match running_table.take() {
            // The key holds the whole config, the round and the schemes.
            Some(run) if run.key == key => run,
            _ => TableRun::new(&config, &ui, key),
        });
        let curves_key = p
            .shows(Panel::Errors)
            .then(|| stages::curves_key(&config, &ui))
            .filter(|k| *k != self.keys.curves);
        let curves = curves_key.map(|key| match running_curves.take() {
            Some(mut run) if run.key == key => {
                run.config = config.clone();
                run.ui = ui.clone();
                run
            }
            _ => CurvesRun::new(&config, &ui, key),
        });
        // New runs can be built by helpers from the request's text, and
        // know which answers the pool holds.
        let (session, helpers) = (&self.session, &self.helpers);
        let held = |t: &Task| {
            let key = t.answers();
            session.has(&key) || helpers.iter().any(|h| h.answers.contains(&key))
        };
        let define = |shares: &mut Shares, stage| {
            if shares.define.is_none() {
                shares.mark_held(held);
                shares.define = self.request.clone().map(|request| ToHelper::Define {
                    run: shares.run,
                    stage,
                    request,
                });
            }
        };
        let mut table = table;
        let mut curves = curves;
        if let Some(t) = table.as_mut() {
            define(&mut t.shares, Stage::Table);
        }
        if let Some(c) = curves.as_mut() {
            define(&mut c.shares, Stage::Curves);
        }
        // The runs not carried over (`take` left them behind) are dropped.
        let dropped: Vec<u64> = running_table
            .map(|t| t.shares.run)
            .into_iter()
            .chain(running_curves.map(|c| c.shares.run))
            .collect();
        for run in dropped {
            self.cancel_run(run);
        }
        self.job = Some(Job {
            id,
            config,
            ui,
            round,
            table,
            curves,
        });
    }

    /// Whether the sweep's progress is worth a message: a point more is
    /// done, or [`PROGRESS_EVERY_MS`] passed.
    fn progress_is_news(&mut self, p: &Progress, now: f64) -> bool {
        let (at, done) = self.last_progress;
        let news = p.done != done || now - at >= PROGRESS_EVERY_MS;
        if news {
            self.last_progress = (now, p.done);
        }
        news
    }

    /// Runs one unit of the job here; returns whether work is left here
    /// (false also while the rest is away at helpers: their answers, through
    /// [`Engine::helper_message`], make it busy again).
    #[inline(never)] // called from several closures of the worker
    pub fn step(&mut self, out: &mut Vec<FromWorker>) -> bool {
        let more = self.step_job(out);
        self.dispatch();
        more
    }

    fn step_job(&mut self, out: &mut Vec<FromWorker>) -> bool {
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
                Ok(Err(Step::Worked)) => {
                    out.push(FromWorker::TableProgress {
                        id,
                        progress: run.progress(job.config.trials, now),
                    });
                    return true;
                }
                Ok(Err(_)) => {} // the rest is away: on to the curves
                Ok(Ok(table)) => {
                    self.keys.table = run.key.clone();
                    out.push(FromWorker::Table {
                        id,
                        result: Ok(table),
                        ms,
                    });
                    job.table = None;
                    return true;
                }
                Err(e) => {
                    out.push(FromWorker::Table {
                        id,
                        result: Err(e.to_string()),
                        ms,
                    });
                    let run = job.table.take().map(|t| t.shares.run);
                    if let Some(run) = run {
                        self.cancel_run(run);
                    }
                    return true;
                }
            }
        }
        if let Some(run) = job.curves.as_mut() {
            let deadline = clock() + STEP_MS;
            let step = run.step(&mut self.session, clock, deadline);
            let now = clock();
            let progress = run.progress(now);
            match step {
                Step::Ended => {
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
                    let run = job.curves.take().map(|c| c.shares.run);
                    if let Some(run) = run {
                        // An error ends a run with shares still away.
                        self.cancel_run(run);
                    }
                    return true;
                }
                Step::Worked if now - run.last_partial >= PARTIAL_EVERY_MS => {
                    run.last_partial = now;
                    out.push(FromWorker::Curves {
                        id,
                        result: run.view().map_err(|e| e.to_string()),
                        progress,
                        finished: false,
                    });
                    return true;
                }
                Step::Worked => {
                    if self.progress_is_news(&progress, now) {
                        out.push(FromWorker::Progress { id, progress });
                    }
                    return true;
                }
                Step::Waiting => {}
            }
        }
        if job.table.is_none() && job.curves.is_none() {
            self.job = None;
            out.push(FromWorker::Done { id });
            return false;
        }
        self.waiting = true;
        false
    }

    /// Runs the job to its end (tests, benchmarks; without helpers).
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
    fn messages_survive_their_codecs_exactly() {
        // The worker posts postcard bytes and the page sends JSON (serde_json
        // with float_roundtrip in the app): numbers must come back bit for bit.
        let c = Config::from_json(r#"{"trials": 9, "k": 5, "n": 12}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![12, 24],
            ..UiState::default()
        };
        // Every view a message carries: each tab, LeNet-5's digits, a formula
        // (named in panel 2), and rounds that fail (NaN outputs).
        let mut out = Vec::new();
        for (i, (json, tab)) in [
            (r#"{"trials": 9, "k": 5, "n": 12}"#, CurveKind::ErrorVsN),
            (r#"{"trials": 4, "k": 5, "n": 12}"#, CurveKind::ErrorVsP),
            (
                r#"{"trials": 4, "k": 5, "n": 12}"#,
                CurveKind::ErrorVsLambda,
            ),
            (
                r#"{"trials": 2, "k": 3, "n": 6, "function": "lenet5"}"#,
                CurveKind::ErrorVsN,
            ),
            (
                r#"{"trials": 3, "k": 4, "n": 9, "function": {"expr": "1/x"}}"#,
                CurveKind::ErrorVsN,
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let ui = UiState {
                error_tab: tab,
                ..ui.clone()
            };
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
        let back: ToWorker = serde_json::from_str(&serde_json::to_string(&req).unwrap()).unwrap();
        assert_eq!(back, req);
    }
}
