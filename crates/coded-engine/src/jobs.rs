//! The stage jobs: for each request, which of the three stages (the round,
//! the table, the curves) are out of date, and running them one unit at a
//! time in the leading worker, with the messages each unit posts to the
//! page.
//!
//! Why units: a worker handles its next message only between two tasks. The
//! job runs one unit at a time (the round, a slice of the table, a slice of
//! one point of a sweep), so a new configuration replaces a running sweep, a
//! Cancel stops it, and every point can be posted as it arrives (partial
//! curves). Which worker runs a range of trials is the pool's business
//! (`pool`); a job only hands out its runs ([`Jobs::runs`]) and takes back
//! what helpers return ([`Jobs::returned`]).

use crate::curves_run::CurvesRun;
use crate::pool::Returned;
use crate::session::Session;
use crate::stages;
use crate::table_run::TableRun;
use crate::trial_ranges::{Step, Task, TrialRanges};
use coded_core::Config;
use coded_panels::Stage;
use coded_protocol::{FromWorker, ToHelper, UiState};

/// Partial curves are posted at most this often (each one is redrawn).
pub const PARTIAL_EVERY_MS: f64 = 100.0;

/// A stage's progress is posted at most this often, counting the partial
/// curves, which carry it too. Why not more often, or at every point done:
/// each message costs the page a frame (style, layout and paint of the whole
/// page, about 10 ms on 2 cores, with the compositor's and raster's work
/// besides), and that time is taken from the workers. At 40 ms and every
/// point done (the default sweep has 28) the page made about 45 frames a
/// second and kept a core busy through the sweep.
pub const PROGRESS_EVERY_MS: f64 = 100.0;

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

impl Job {
    fn runs(&mut self) -> impl Iterator<Item = &mut TrialRanges> {
        let table = self.table.as_mut().map(|t| &mut t.ranges);
        table
            .into_iter()
            .chain(self.curves.as_mut().map(|c| &mut c.ranges))
    }
}

/// Keys of the last completed stages.
#[derive(Default)]
struct Keys {
    round: String,
    table: String,
    curves: String,
}

/// What a unit of the job did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// It ran here; more may be left.
    Ran,
    /// Nothing to run here: what is left is away at helpers.
    Waiting,
    /// The job is over (or there is none).
    Idle,
}

/// The cache, the keys of what is up to date, and the job.
pub struct Jobs {
    session: Session,
    keys: Keys,
    job: Option<Job>,
    clock: fn() -> f64,
    /// When the sweep's progress was last posted (alone or with partial
    /// curves).
    last_progress: f64,
    /// When the table's progress was last posted.
    last_table_progress: f64,
}

impl Jobs {
    /// `clock`: milliseconds from some fixed origin (performance.now()).
    pub fn new(clock: fn() -> f64) -> Jobs {
        Jobs {
            session: Session::new(),
            keys: Keys::default(),
            job: None,
            clock,
            last_progress: f64::NEG_INFINITY,
            last_table_progress: f64::NEG_INFINITY,
        }
    }

    /// How many times f was run on all N servers here.
    pub fn prepare_count(&self) -> usize {
        self.session.prepare_count
    }

    /// True while a job has stages left.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The job's runs (the table's first), and the cache (which answers
    /// this worker holds): what the pool hands out.
    pub fn runs(&mut self) -> (Vec<&mut TrialRanges>, &Session) {
        let runs = match self.job.as_mut() {
            Some(job) => job.runs().collect(),
            None => vec![],
        };
        (runs, &self.session)
    }

    /// Drops the job; returns its runs (for the helpers to drop too).
    pub fn drop_job(&mut self) -> Vec<u64> {
        self.job
            .take()
            .map(|mut j| j.runs().map(|r| r.run).collect())
            .unwrap_or_default()
    }

    /// Cancels the job, if any: the message for the page (with the sweep's
    /// progress so far), and the runs to drop.
    pub fn cancel(&mut self, id: u64) -> Option<(FromWorker, Vec<u64>)> {
        let job = self.job.as_ref()?;
        let now = (self.clock)();
        let message = FromWorker::Cancelled {
            id: id.max(job.id),
            progress: job.curves.as_ref().map(|c| c.progress(now)),
        };
        Some((message, self.drop_job()))
    }

    /// Makes request `id` the job: only its stages whose keys changed, and
    /// of those, a table or a sweep already running with the same key
    /// carries on (at the largest settings each takes minutes). `held`:
    /// whether some worker holds a point's answers. Returns the runs of the
    /// previous job that were not carried over (for the helpers to drop).
    pub fn submit(
        &mut self,
        id: u64,
        config: Config,
        ui: UiState,
        held: impl Fn(&Task) -> bool,
    ) -> Vec<u64> {
        let p = ui.panels;
        let round = p
            .need(Stage::Round)
            .then(|| stages::round_key(&config, &ui))
            .filter(|k| *k != self.keys.round);
        let (mut running_table, mut running_curves) = match self.job.take() {
            Some(j) => (j.table, j.curves),
            None => (None, None),
        };
        let table_key = p
            .need(Stage::Table)
            .then(|| stages::table_key(&config, &ui))
            .filter(|k| *k != self.keys.table);
        let mut table = table_key.map(|key| match running_table.take() {
            // The key holds the whole config, the round and the schemes.
            Some(run) if run.key == key => run,
            _ => TableRun::new(&config, &ui, key),
        });
        let curves_key = p
            .need(Stage::Curves)
            .then(|| stages::curves_key(&config, &ui))
            .filter(|k| *k != self.keys.curves);
        let mut curves = curves_key.map(|key| match running_curves.take() {
            Some(mut run) if run.key == key => {
                run.config = config.clone();
                run.ui = ui.clone();
                run
            }
            _ => CurvesRun::new(&config, &ui, key),
        });
        // A new run can be built by helpers from this request, and knows
        // which answers the pool holds.
        let define = |ranges: &mut TrialRanges, stage| {
            if ranges.define.is_none() {
                ranges.mark_held(&held);
                ranges.define = Some(ToHelper::Define {
                    run: ranges.run,
                    stage,
                    config: config.clone(),
                    ui: ui.clone(),
                });
            }
        };
        if let Some(t) = table.as_mut() {
            define(&mut t.ranges, Stage::Table);
        }
        if let Some(c) = curves.as_mut() {
            define(&mut c.ranges, Stage::Curves);
        }
        // The runs not carried over (`take` left them behind) are dropped.
        let dropped = running_table
            .map(|t| t.ranges.run)
            .into_iter()
            .chain(running_curves.map(|c| c.ranges.run))
            .collect();
        self.job = Some(Job {
            id,
            config,
            ui,
            round,
            table,
            curves,
        });
        dropped
    }

    /// A range a helper returned: into its run, with the progress it makes
    /// (the sweep's only when it is news).
    pub fn returned(&mut self, r: Returned, out: &mut Vec<FromWorker>) {
        let now = (self.clock)();
        let Some(job) = self.job.as_mut() else {
            return;
        };
        match r {
            Returned::Done {
                run,
                point,
                range,
                trials,
            } => {
                let id = job.id;
                if let Some(t) = job.table.as_mut().filter(|t| t.ranges.run == run) {
                    t.ranges.receive(point, range, *trials);
                    if is_due(&mut self.last_table_progress, now) {
                        out.push(FromWorker::TableProgress {
                            id,
                            progress: t.progress(job.config.trials, now),
                        });
                    }
                } else if let Some(c) = job.curves.as_mut().filter(|c| c.ranges.run == run) {
                    c.ranges.receive(point, range, *trials);
                    if is_due(&mut self.last_progress, now) {
                        let progress = c.progress(now);
                        out.push(FromWorker::Progress { id, progress });
                    }
                }
            }
            Returned::Failed { run, point, range } => {
                for ranges in job.runs().filter(|r| r.run == run) {
                    ranges.failed(point, range);
                }
            }
        }
    }

    /// Worker `worker` stopped: its ranges are queued again. Returns how
    /// many there were.
    pub fn lost(&mut self, worker: usize) -> usize {
        match self.job.as_mut() {
            Some(job) => job.runs().map(|r| r.lost(worker)).sum(),
            None => 0,
        }
    }

    /// Runs one unit of the job here. `ended`: the runs that ended (an error
    /// can end a run with ranges still away), for the helpers to drop.
    pub fn step(&mut self, out: &mut Vec<FromWorker>, ended: &mut Vec<u64>) -> Unit {
        let Some(job) = self.job.as_mut() else {
            return Unit::Idle;
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
                result: result.map_err(|e| crate::plan::words(&e)),
                ms: clock() - t0,
            });
            return Unit::Ran;
        }
        if let Some(run) = job.table.as_mut() {
            let deadline = clock() + STEP_MS;
            let result = run.step(&mut self.session, &job.config, clock, deadline);
            let now = clock();
            let ms = now - run.started().unwrap_or(now);
            match result {
                Ok(Err(Step::Worked)) => {
                    if is_due(&mut self.last_table_progress, now) {
                        out.push(FromWorker::TableProgress {
                            id,
                            progress: run.progress(job.config.trials, now),
                        });
                    }
                    return Unit::Ran;
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
                    return Unit::Ran;
                }
                Err(e) => {
                    out.push(FromWorker::Table {
                        id,
                        result: Err(crate::plan::words(&e)),
                        ms,
                    });
                    ended.extend(job.table.take().map(|t| t.ranges.run));
                    return Unit::Ran;
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
                    let result = run.view().map_err(|e| crate::plan::words(&e));
                    if result.is_ok() {
                        self.keys.curves = run.key.clone();
                    }
                    out.push(FromWorker::Curves {
                        id,
                        result,
                        progress,
                        finished: true,
                    });
                    ended.extend(job.curves.take().map(|c| c.ranges.run));
                    return Unit::Ran;
                }
                Step::Worked if now - run.last_partial >= PARTIAL_EVERY_MS => {
                    run.last_partial = now;
                    self.last_progress = now;
                    out.push(FromWorker::Curves {
                        id,
                        result: run.view().map_err(|e| crate::plan::words(&e)),
                        progress,
                        finished: false,
                    });
                    return Unit::Ran;
                }
                Step::Worked => {
                    if is_due(&mut self.last_progress, now) {
                        out.push(FromWorker::Progress { id, progress });
                    }
                    return Unit::Ran;
                }
                Step::Waiting => {}
            }
        }
        if job.table.is_none() && job.curves.is_none() {
            self.job = None;
            out.push(FromWorker::Done { id });
            return Unit::Idle;
        }
        Unit::Waiting
    }
}

/// Whether a progress message is due at `now`, the last one posted at
/// `last` (then `now` becomes the last).
fn is_due(last: &mut f64, now: f64) -> bool {
    let due = now - *last >= PROGRESS_EVERY_MS;
    if due {
        *last = now;
    }
    due
}
