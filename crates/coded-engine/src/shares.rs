//! A run's Monte-Carlo points shared out among the worker pool as ranges of
//! trials ("shares"): which share is queued, running here, away at a helper
//! or done, and the messages that carry a share to a helper and back.
//!
//! Why ranges of trials, not whole points: the default sweep's cost is
//! mostly its few largest-N points, so handing out whole points would leave
//! workers idle while one finishes the last. Every point is cut into as many
//! shares as the pool has workers, whoever ends up running them. A trial's
//! draw depends only on the seed and its index, and `MonteCarlo::join`
//! concatenates the shares in trial order before any statistic is taken, so
//! every number is bit for bit the one of a single worker, for every pool
//! size and every order the shares finish in.
//!
//! Why share j goes to worker j when it is free (and to anyone otherwise):
//! each worker then prepares every (scheme, N) once, and a change of p or of
//! the trials finds the answers in the same worker's cache: f is not run
//! again. Any idle worker takes what is left, so a slow or missing helper
//! delays nothing.

use crate::session::{AnswersKey, Session};
use coded_core::{Config, ConfigError, MonteCarlo, Scheme, StragglerModel, SweepPoint};
use std::sync::atomic::{AtomicU64, Ordering};

/// A share that was away at this many workers that died is run only by the
/// leading worker: a share that kills every worker it reaches (out of memory)
/// must not kill them all in turn.
const STRIKES: u8 = 2;

/// What one step of a run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The run is over (all points in, or an error).
    Ended,
    /// It ran trials here.
    Worked,
    /// Nothing to run here: the shares left are away at helpers.
    Waiting,
}

/// What a point is of: all it takes to run some of its trials.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub config: Config,
    pub scheme: Scheme,
    pub n: usize,
    pub model: StragglerModel,
}

impl Task {
    /// What its answers are cached under.
    pub fn answers(&self) -> AnswersKey {
        AnswersKey::of(&self.config, self.scheme, self.n)
    }
}

/// Which stage a run computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Table,
    Curves,
}

/// A leading worker's message to a helper.
///
/// Why a helper is sent the page's request, not the points: it builds the
/// run's points itself from the request, with the leading worker's code
/// (`TableRun::new`, `CurvesRun::new`), so the helpers' messages carry
/// numbers only, and the worker carries no second (de)serialiser of the
/// configuration (its transfer budget). Messages are words of text
/// ([`ToHelper::encode`]), not JSON, for the same reason.
#[derive(Clone, Debug, PartialEq)]
pub enum ToHelper {
    /// Run `run` is the `stage` of `request` (a `ToWorker::Run`'s JSON,
    /// as the page sent it).
    Define {
        run: u64,
        stage: Stage,
        request: String,
    },
    /// Run this share of run `run` (after those already given).
    Work {
        run: u64,
        point: usize,
        share: usize,
    },
    /// Drop every share of run `run` (it was replaced or cancelled).
    Cancel { run: u64 },
}

impl ToHelper {
    pub fn encode(&self) -> String {
        match self {
            ToHelper::Define {
                run,
                stage,
                request,
            } => {
                let stage = match stage {
                    Stage::Table => "table",
                    Stage::Curves => "curves",
                };
                format!("define {run} {stage} {request}")
            }
            ToHelper::Work { run, point, share } => format!("work {run} {point} {share}"),
            ToHelper::Cancel { run } => format!("cancel {run}"),
        }
    }

    pub fn decode(text: &str) -> Option<ToHelper> {
        let mut words = text.splitn(4, ' ');
        let kind = words.next()?;
        let run = words.next()?.parse().ok()?;
        let mut whole = || words.next()?.parse::<usize>().ok();
        match kind {
            "work" => Some(ToHelper::Work {
                run,
                point: whole()?,
                share: whole()?,
            }),
            "cancel" => Some(ToHelper::Cancel { run }),
            "define" => {
                let stage = match words.next()? {
                    "table" => Stage::Table,
                    "curves" => Stage::Curves,
                    _ => return None,
                };
                Some(ToHelper::Define {
                    run,
                    stage,
                    request: words.next()?.to_string(),
                })
            }
            _ => None,
        }
    }
}

/// A share as a helper runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub run: u64,
    pub point: usize,
    pub share: usize,
    pub task: Task,
    pub start: usize,
    pub end: usize,
}

/// A helper's message to the leading worker (words of text, as
/// [`ToHelper`]'s).
#[derive(Clone, Debug, PartialEq)]
pub enum FromHelper {
    /// Its wasm has loaded: it takes work from now on.
    Ready,
    /// A share's trials, run; `prepared`: how many times it ran f on all N
    /// servers for it (0 when its cache had the answers).
    Done {
        run: u64,
        point: usize,
        share: usize,
        prepared: usize,
        trials: MonteCarlo,
    },
    /// A share could not be run (its run is unknown to it, or an invalid
    /// configuration).
    Failed {
        run: u64,
        point: usize,
        share: usize,
    },
}

impl FromHelper {
    pub fn encode(&self) -> String {
        match self {
            FromHelper::Ready => "ready".into(),
            FromHelper::Done {
                run,
                point,
                share,
                prepared,
                trials,
            } => format!(
                "done {run} {point} {share} {prepared} {}",
                trials.to_words()
            ),
            FromHelper::Failed { run, point, share } => format!("failed {run} {point} {share}"),
        }
    }

    pub fn decode(text: &str) -> Option<FromHelper> {
        if text == "ready" {
            return Some(FromHelper::Ready);
        }
        let mut words = text.splitn(6, ' ');
        let kind = words.next()?;
        let mut whole = || words.next()?.parse::<u64>().ok();
        let (run, point, share) = (whole()?, whole()? as usize, whole()? as usize);
        match kind {
            "failed" => Some(FromHelper::Failed { run, point, share }),
            "done" => Some(FromHelper::Done {
                run,
                point,
                share,
                prepared: whole()? as usize,
                trials: MonteCarlo::from_words(words.next()?)?,
            }),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
enum Share {
    Queued {
        strikes: u8,
    },
    /// Running in the leading worker.
    Local(MonteCarlo),
    Away {
        worker: usize,
        strikes: u8,
    },
    Done(MonteCarlo),
}

/// One point's shares.
#[derive(Clone, Debug)]
struct Point {
    task: Task,
    trials: usize,
    shares: Vec<Share>,
    /// Some worker held its answers when the run began.
    held: bool,
    /// Its place among the run's distinct answers: share j's owner is
    /// worker (group + j) mod the pool's size.
    group: usize,
}

impl Point {
    fn range(&self, share: usize) -> (usize, usize) {
        let ways = self.shares.len();
        (share * self.trials / ways, (share + 1) * self.trials / ways)
    }

    fn trials_done(&self) -> usize {
        self.shares
            .iter()
            .map(|s| match s {
                Share::Local(mc) | Share::Done(mc) => mc.done(),
                _ => 0,
            })
            .sum()
    }
}

/// Identifies a run in the messages (unique in the process).
fn next_run() -> u64 {
    static RUN: AtomicU64 = AtomicU64::new(1);
    RUN.fetch_add(1, Ordering::Relaxed)
}

/// The points of one run (a table, or a sweep of the error plot), each cut
/// into `ways` shares.
#[derive(Clone, Debug)]
pub struct Shares {
    pub run: u64,
    /// The message that lets a helper build this run (None: helpers get no
    /// share of it, this worker runs them all).
    pub define: Option<ToHelper>,
    /// The pool's size now (the owners of shares are taken modulo it).
    pub workers: usize,
    /// The answers the helpers hold (the leading worker keeps it current).
    pub helpers_hold: Vec<AnswersKey>,
    points: Vec<Point>,
    /// Points already taken out (by [`Shares::take_finished`]).
    taken: Vec<bool>,
}

impl Shares {
    /// `tasks` with `trials` each, cut into `ways` shares (at least one, at
    /// most one per trial).
    /// `tasks` with `trials` each, for a pool of `workers`; `split`: each
    /// point cut into `workers` shares (at most one per trial), else whole
    /// points (when f costs more than the decoding: LeNet-5's CNN, which
    /// every share's worker would run on all N servers).
    pub fn new(tasks: Vec<Task>, trials: usize, workers: usize, split: bool) -> Shares {
        let workers = workers.max(1);
        let ways = if split { workers.min(trials.max(1)) } else { 1 };
        // Points of the same answers (a scheme at one N, every p) share an
        // owner, so their answers are prepared in one worker.
        let mut groups: Vec<AnswersKey> = vec![];
        let points: Vec<Point> = tasks
            .into_iter()
            .map(|task| {
                let key = task.answers();
                let group = groups.iter().position(|k| *k == key).unwrap_or_else(|| {
                    groups.push(key);
                    groups.len() - 1
                });
                Point {
                    task,
                    trials,
                    shares: vec![Share::Queued { strikes: 0 }; ways],
                    held: false,
                    group,
                }
            })
            .collect();
        Shares {
            run: next_run(),
            define: None,
            workers,
            helpers_hold: vec![],
            taken: vec![false; points.len()],
            points,
        }
    }

    /// Marks the points whose answers some worker holds as the run begins.
    pub fn mark_held(&mut self, held: impl Fn(&Task) -> bool) {
        for p in &mut self.points {
            p.held = held(&p.task);
        }
    }

    /// Trials run so far (shares away count when they are back), of point
    /// `point`.
    pub fn trials_done(&self, point: usize) -> usize {
        self.points.get(point).map_or(0, Point::trials_done)
    }

    /// The next queued share `worker` (0: the leading worker) may take, in
    /// point order: a share of a point whose answers it holds (`mine`), or
    /// the share it owns of a point whose answers no worker held when the
    /// run began or no other worker holds now (`others`). So a new point's
    /// work spreads over the pool, and when p or the trials change every
    /// share goes to a worker that holds its point's answers: f is not run
    /// again. A worker with nothing else takes others' shares of such
    /// points (a worker that is slow or not started delays nothing), and
    /// the leading worker the shares that were away at [`STRIKES`] helpers
    /// that died, which no helper gets.
    fn pick(
        &self,
        worker: usize,
        mine: &dyn Fn(&Task) -> bool,
        others: &dyn Fn(&Task) -> bool,
    ) -> Option<(usize, usize)> {
        let find = |fallback: bool| {
            self.points.iter().enumerate().find_map(|(i, p)| {
                let (me, them) = (mine(&p.task), others(&p.task));
                let free = !p.held || !them;
                (0..p.shares.len())
                    .find(|&j| match p.shares[j] {
                        Share::Queued { strikes } if strikes >= STRIKES => worker == 0,
                        Share::Queued { .. } => {
                            let owner = (p.group + j) % self.workers;
                            me || (owner == worker && free) || (fallback && free)
                        }
                        _ => false,
                    })
                    .map(|j| (i, j))
            })
        };
        find(false).or_else(|| find(true))
    }

    /// A queued share for helper `worker`, marked as away there: (point,
    /// share). None if there is none, or helpers cannot build this run.
    pub fn give(
        &mut self,
        worker: usize,
        mine: &dyn Fn(&Task) -> bool,
        others: &dyn Fn(&Task) -> bool,
    ) -> Option<(usize, usize)> {
        self.define.as_ref()?;
        let (i, j) = self.pick(worker, mine, others)?;
        let p = &mut self.points[i];
        let strikes = match p.shares[j] {
            Share::Queued { strikes } => strikes,
            _ => 0,
        };
        p.shares[j] = Share::Away { worker, strikes };
        Some((i, j))
    }

    /// Share `share` of point `point`, as a helper runs it.
    pub fn part(&self, point: usize, share: usize) -> Option<Part> {
        let p = self.points.get(point)?;
        (share < p.shares.len()).then(|| {
            let (start, end) = p.range(share);
            Part {
                run: self.run,
                point,
                share,
                task: p.task.clone(),
                start,
                end,
            }
        })
    }

    /// A share back from a helper (ignored unless it is away: a share
    /// requeued after its helper was lost may come back twice).
    pub fn receive(&mut self, point: usize, share: usize, trials: MonteCarlo) {
        let Some(p) = self.points.get_mut(point) else {
            return;
        };
        if share >= p.shares.len() {
            return;
        }
        let (start, end) = p.range(share);
        let s = &mut p.shares[share];
        if matches!(s, Share::Away { .. } | Share::Queued { .. })
            && trials.is_finished()
            && trials.span() == (start..end)
        {
            *s = Share::Done(trials);
        }
    }

    /// Helper `worker` is gone: its shares are queued again. Returns how
    /// many there were.
    pub fn lost(&mut self, worker: usize) -> usize {
        let mut count = 0;
        for p in &mut self.points {
            for s in &mut p.shares {
                if let Share::Away { worker: w, strikes } = *s {
                    if w == worker {
                        *s = Share::Queued {
                            strikes: strikes + 1,
                        };
                        count += 1;
                    }
                }
            }
        }
        count
    }

    /// Runs one of the leading worker's shares (the one it is running, else
    /// the next it would take) until the share is done or `clock()` passes
    /// `deadline` (at least one trial). Returns whether there was one.
    pub fn run_here(
        &mut self,
        session: &mut Session,
        clock: fn() -> f64,
        deadline: f64,
    ) -> Result<bool, ConfigError> {
        let running = self.points.iter().enumerate().find_map(|(i, p)| {
            p.shares
                .iter()
                .position(|s| matches!(s, Share::Local(_)))
                .map(|j| (i, j))
        });
        let mine = |t: &Task| session.has(&t.answers());
        let others = |t: &Task| self.helpers_hold.contains(&t.answers());
        let Some((i, j)) = running.or_else(|| self.pick(0, &mine, &others)) else {
            return Ok(false);
        };
        let p = &mut self.points[i];
        let (start, end) = p.range(j);
        let share = std::mem::replace(&mut p.shares[j], Share::Queued { strikes: 0 });
        let mut mc = match share {
            Share::Local(mc) => mc,
            _ => MonteCarlo::range(start, end),
        };
        let t = &p.task;
        let finished =
            session.advance_trials(&t.config, t.scheme, t.n, &t.model, &mut mc, clock, deadline)?;
        p.shares[j] = if finished {
            Share::Done(mc)
        } else {
            Share::Local(mc)
        };
        Ok(true)
    }

    /// A helper could not run a share: the leading worker runs it itself
    /// (and meets the same error, which it reports as its own).
    pub fn failed(&mut self, point: usize, share: usize) {
        if let Some(s) = self
            .points
            .get_mut(point)
            .and_then(|p| p.shares.get_mut(share))
        {
            if let Share::Away { .. } = s {
                *s = Share::Queued { strikes: STRIKES };
            }
        }
    }

    /// The points whose shares are all done and not yet taken: (index, the
    /// point), in index order.
    pub fn take_finished(&mut self) -> Vec<(usize, SweepPoint)> {
        let mut out = vec![];
        for (i, p) in self.points.iter().enumerate() {
            if self.taken[i] || !p.shares.iter().all(|s| matches!(s, Share::Done(_))) {
                continue;
            }
            let parts = p.shares.iter().map(|s| match s {
                Share::Done(mc) => mc.clone(),
                _ => unreachable!("every share is done"),
            });
            let joined = MonteCarlo::join(parts).expect("the shares cover the trials in order");
            out.push((i, joined.point(p.task.scheme, p.task.n, &p.task.model)));
            self.taken[i] = true;
        }
        out
    }

    /// Every point taken out.
    pub fn finished(&self) -> bool {
        self.taken.iter().all(|t| *t)
    }
}
