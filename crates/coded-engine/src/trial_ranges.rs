//! A run's Monte-Carlo points shared out among the worker pool as ranges of
//! trials: which range is queued, running here, away at a helper or done,
//! and which worker takes which range next. (The messages that carry a
//! range to a helper and back are the worker contract's, `coded-protocol`.)
//!
//! Why ranges of trials, not whole points: the default sweep's cost is
//! mostly its few largest-N points, so handing out whole points would leave
//! workers idle while one finishes the last. Every point is cut into as many
//! ranges as the pool has workers, whoever ends up running them. A trial's
//! draw depends only on the seed and its index, and `MonteCarlo::join`
//! concatenates the ranges in trial order before any statistic is taken, so
//! every number is bit for bit the one of a single worker, for every pool
//! size and every order the ranges finish in.
//!
//! Why range j goes to worker j when it is free (and to anyone otherwise):
//! each worker then prepares every (scheme, N) once, and a change of p or of
//! the trials finds the answers in the same worker's cache: f is not run
//! again. Any idle worker takes what is left, so a slow or missing helper
//! delays nothing.

use crate::session::{AnswersKey, Session};
use coded_core::{Config, ConfigError, MonteCarlo, Scheme, StragglerModel, SweepPoint};
use coded_protocol::ToHelper;
use std::sync::atomic::{AtomicU64, Ordering};

/// A range that was away at this many workers that died is run only by the
/// leading worker: a range that kills every worker it reaches (out of memory)
/// must not kill them all in turn.
const STRIKES: u8 = 2;

/// What one step of a run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The run is over (all points in, or an error).
    Ended,
    /// It ran trials here.
    Worked,
    /// Nothing to run here: the ranges left are away at helpers.
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

/// A range of a point's trials, as a helper runs it.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    pub run: u64,
    pub point: usize,
    pub range: usize,
    pub task: Task,
    pub start: usize,
    pub end: usize,
}

/// Where one range of a point's trials is.
#[derive(Clone, Debug)]
enum RangeState {
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

/// One point's ranges.
#[derive(Clone, Debug)]
struct Point {
    task: Task,
    trials: usize,
    ranges: Vec<RangeState>,
    /// Some worker held its answers when the run began.
    held: bool,
    /// Its place among the run's distinct answers: range j's owner is
    /// worker (group + j) mod the pool's size.
    group: usize,
}

impl Point {
    fn bounds(&self, range: usize) -> (usize, usize) {
        let ways = self.ranges.len();
        (range * self.trials / ways, (range + 1) * self.trials / ways)
    }

    fn trials_done(&self) -> usize {
        self.ranges
            .iter()
            .map(|s| match s {
                RangeState::Local(mc) | RangeState::Done(mc) => mc.done(),
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
/// into `ways` ranges.
#[derive(Clone, Debug)]
pub struct TrialRanges {
    pub run: u64,
    /// The message that lets a helper build this run (None: helpers get no
    /// range of it, this worker runs them all).
    pub define: Option<ToHelper>,
    /// The pool's size now (the owners of ranges are taken modulo it).
    pub workers: usize,
    /// The answers the helpers hold (the leading worker keeps it current).
    pub helpers_hold: Vec<AnswersKey>,
    points: Vec<Point>,
    /// Points already taken out (by [`TrialRanges::take_finished`]).
    taken: Vec<bool>,
}

impl TrialRanges {
    /// `tasks` with `trials` each, for a pool of `workers`; `split`: each
    /// point cut into `workers` ranges (at most one per trial), else whole
    /// points (when f costs more than the decoding: LeNet-5's CNN, which
    /// every range's worker would run on all N servers).
    pub fn new(tasks: Vec<Task>, trials: usize, workers: usize, split: bool) -> TrialRanges {
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
                    ranges: vec![RangeState::Queued { strikes: 0 }; ways],
                    held: false,
                    group,
                }
            })
            .collect();
        TrialRanges {
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

    /// Trials run so far (ranges away count when they are back), of point
    /// `point`.
    pub fn trials_done(&self, point: usize) -> usize {
        self.points.get(point).map_or(0, Point::trials_done)
    }

    /// The next queued range `worker` (0: the leading worker) may take, in
    /// point order: a range of a point whose answers it holds (`mine`), or
    /// the range it owns of a point whose answers no worker held when the
    /// run began or no other worker holds now (`others`). So a new point's
    /// work spreads over the pool, and when p or the trials change every
    /// range goes to a worker that holds its point's answers: f is not run
    /// again. A worker with nothing else takes others' ranges of such
    /// points (a worker that is slow or not started delays nothing), and
    /// the leading worker the ranges that were away at [`STRIKES`] helpers
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
                (0..p.ranges.len())
                    .find(|&j| match p.ranges[j] {
                        RangeState::Queued { strikes } if strikes >= STRIKES => worker == 0,
                        RangeState::Queued { .. } => {
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

    /// A queued range for helper `worker`, marked as away there: (point,
    /// range). None if there is none, or helpers cannot build this run.
    pub fn give(
        &mut self,
        worker: usize,
        mine: &dyn Fn(&Task) -> bool,
        others: &dyn Fn(&Task) -> bool,
    ) -> Option<(usize, usize)> {
        self.define.as_ref()?;
        let (i, j) = self.pick(worker, mine, others)?;
        let p = &mut self.points[i];
        let strikes = match p.ranges[j] {
            RangeState::Queued { strikes } => strikes,
            _ => 0,
        };
        p.ranges[j] = RangeState::Away { worker, strikes };
        Some((i, j))
    }

    /// Range `range` of point `point`, as a helper runs it.
    pub fn assignment(&self, point: usize, range: usize) -> Option<Assignment> {
        let p = self.points.get(point)?;
        (range < p.ranges.len()).then(|| {
            let (start, end) = p.bounds(range);
            Assignment {
                run: self.run,
                point,
                range,
                task: p.task.clone(),
                start,
                end,
            }
        })
    }

    /// A range back from a helper (ignored unless it is away: a range
    /// requeued after its helper was lost may come back twice).
    pub fn receive(&mut self, point: usize, range: usize, trials: MonteCarlo) {
        let Some(p) = self.points.get_mut(point) else {
            return;
        };
        if range >= p.ranges.len() {
            return;
        }
        let (start, end) = p.bounds(range);
        let s = &mut p.ranges[range];
        if matches!(s, RangeState::Away { .. } | RangeState::Queued { .. })
            && trials.is_finished()
            && trials.span() == (start..end)
        {
            *s = RangeState::Done(trials);
        }
    }

    /// Helper `worker` is gone: its ranges are queued again. Returns how
    /// many there were.
    pub fn lost(&mut self, worker: usize) -> usize {
        let mut count = 0;
        for p in &mut self.points {
            for s in &mut p.ranges {
                if let RangeState::Away { worker: w, strikes } = *s {
                    if w == worker {
                        *s = RangeState::Queued {
                            strikes: strikes + 1,
                        };
                        count += 1;
                    }
                }
            }
        }
        count
    }

    /// Runs one of the leading worker's ranges (the one it is running, else
    /// the next it would take) until the range is done or `clock()` passes
    /// `deadline` (at least one trial). Returns whether there was one.
    pub fn run_here(
        &mut self,
        session: &mut Session,
        clock: fn() -> f64,
        deadline: f64,
    ) -> Result<bool, ConfigError> {
        let running = self.points.iter().enumerate().find_map(|(i, p)| {
            p.ranges
                .iter()
                .position(|s| matches!(s, RangeState::Local(_)))
                .map(|j| (i, j))
        });
        let mine = |t: &Task| session.has(&t.answers());
        let others = |t: &Task| self.helpers_hold.contains(&t.answers());
        let Some((i, j)) = running.or_else(|| self.pick(0, &mine, &others)) else {
            return Ok(false);
        };
        let p = &mut self.points[i];
        let (start, end) = p.bounds(j);
        let range = std::mem::replace(&mut p.ranges[j], RangeState::Queued { strikes: 0 });
        let mut mc = match range {
            RangeState::Local(mc) => mc,
            _ => MonteCarlo::range(start, end),
        };
        let t = &p.task;
        let finished =
            session.advance_trials(&t.config, t.scheme, t.n, &t.model, &mut mc, clock, deadline)?;
        p.ranges[j] = if finished {
            RangeState::Done(mc)
        } else {
            RangeState::Local(mc)
        };
        Ok(true)
    }

    /// A helper could not run a range: the leading worker runs it itself
    /// (and meets the same error, which it reports as its own).
    pub fn failed(&mut self, point: usize, range: usize) {
        if let Some(s) = self
            .points
            .get_mut(point)
            .and_then(|p| p.ranges.get_mut(range))
        {
            if let RangeState::Away { .. } = s {
                *s = RangeState::Queued { strikes: STRIKES };
            }
        }
    }

    /// The points whose ranges are all done and not yet taken: (index, the
    /// point), in index order.
    pub fn take_finished(&mut self) -> Vec<(usize, SweepPoint)> {
        let mut out = vec![];
        for (i, p) in self.points.iter().enumerate() {
            if self.taken[i] || !p.ranges.iter().all(|s| matches!(s, RangeState::Done(_))) {
                continue;
            }
            let parts = p.ranges.iter().map(|s| match s {
                RangeState::Done(mc) => mc.clone(),
                _ => unreachable!("every range is done"),
            });
            let joined = MonteCarlo::join(parts).expect("the ranges cover the trials in order");
            let t = &p.task;
            out.push((i, joined.point(t.config.seed, t.scheme, t.n, &t.model)));
            self.taken[i] = true;
        }
        out
    }

    /// Every point taken out.
    pub fn finished(&self) -> bool {
        self.taken.iter().all(|t| *t)
    }
}
