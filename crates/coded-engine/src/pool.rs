//! The worker pool as the leading worker sees it: which helpers are ready,
//! which ranges of trials each has away, which runs it was told of and which
//! answers its cache holds; and the scheduling that hands queued ranges out
//! ([`Pool::dispatch`]).
//!
//! Why apart from the stage jobs (`jobs`): the jobs decide *what* is
//! computed; the pool only decides *who* runs each range of trials. It
//! reads the jobs' runs ([`TrialRanges`]) and never posts to the page.

use crate::session::{AnswersKey, Session, MAX_PREPARED};
use crate::trial_ranges::{Task, TrialRanges};
use coded_core::MonteCarlo;
use coded_protocol::{FromHelper, ToHelper};

/// Ranges given to a helper at once: at least [`AHEAD`] (one to run, one
/// queued), and small ones up to [`AHEAD_MAX`] while their work, about
/// (N + 8) × trials, stays below [`AHEAD_WORK`]. Why: the leading worker
/// reads a helper's answer only between two of its own slices (about
/// 25 ms); a helper given two ranges of a small point would finish them in
/// a millisecond and then wait. A large range keeps it busy on its own, and
/// few of them queued leave the last points to whoever is free.
const AHEAD: usize = 2;
const AHEAD_MAX: usize = 16;
const AHEAD_WORK: usize = 60_000;

/// A range away at a helper.
#[derive(Clone, Debug)]
struct Away {
    run: u64,
    point: usize,
    range: usize,
    /// About (N + 8) × its trials.
    work: usize,
}

/// A helper of the pool as the leading worker sees it.
#[derive(Clone, Debug, Default)]
struct HelperSlot {
    /// It has posted `Ready`.
    ready: bool,
    /// The ranges given to it and not back.
    away: Vec<Away>,
    /// The runs it was told of (`ToHelper::Define`).
    defined: Vec<u64>,
    /// The answers it holds (given a range of their point), oldest first.
    answers: Vec<AnswersKey>,
}

impl HelperSlot {
    fn back(&mut self, run: u64, point: usize, range: usize) {
        self.away
            .retain(|a| (a.run, a.point, a.range) != (run, point, range));
    }
}

/// What a helper's message means for the runs.
#[derive(Debug)]
pub enum Returned {
    /// A range's trials, run (boxed as the helper's message has them).
    Done {
        run: u64,
        point: usize,
        range: usize,
        trials: Box<MonteCarlo>,
    },
    /// A range the helper could not run.
    Failed {
        run: u64,
        point: usize,
        range: usize,
    },
}

/// The helpers (worker `h + 1` is helper `h`; the leading worker is 0) and
/// the messages for them not yet posted.
#[derive(Default)]
pub struct Pool {
    helpers: Vec<HelperSlot>,
    outbox: Vec<(usize, ToHelper)>,
    /// f's runs on all N servers in the helpers (tests check the cache).
    prepare_count: usize,
}

impl Pool {
    /// How many helpers it has (the pool's size less the leading worker).
    pub fn helpers(&self) -> usize {
        self.helpers.len()
    }

    /// How many times the helpers ran f on all N servers.
    pub fn prepare_count(&self) -> usize {
        self.prepare_count
    }

    /// The messages for helpers since the last call: (helper, message).
    pub fn take_messages(&mut self) -> Vec<(usize, ToHelper)> {
        std::mem::take(&mut self.outbox)
    }

    /// Whether some helper holds these answers.
    pub fn holds(&self, key: &AnswersKey) -> bool {
        self.helpers.iter().any(|h| h.answers.contains(key))
    }

    /// Sets the pool's size (the leading worker and `workers - 1` helpers);
    /// the ranges away at helpers that go are queued again.
    pub fn resize(&mut self, workers: usize, runs: &mut [&mut TrialRanges]) {
        for r in runs.iter_mut() {
            r.workers = workers;
        }
        let wanted = workers.saturating_sub(1);
        while self.helpers.len() > wanted {
            self.helpers.pop();
            let worker = self.helpers.len() + 1;
            for r in runs.iter_mut() {
                r.lost(worker);
            }
        }
        self.helpers.resize(wanted, HelperSlot::default());
    }

    /// Tells the helpers that know run `run` to drop it.
    pub fn cancel_run(&mut self, run: u64) {
        for (h, slot) in self.helpers.iter_mut().enumerate() {
            if slot.defined.contains(&run) {
                slot.away.retain(|a| a.run != run);
                slot.defined.retain(|r| *r != run);
                self.outbox.push((h, ToHelper::Cancel { run }));
            }
        }
    }

    /// A message of helper `h`: what it means for the runs, if anything.
    pub fn received(&mut self, h: usize, msg: FromHelper) -> Option<Returned> {
        let slot = self.helpers.get_mut(h)?;
        match msg {
            FromHelper::Ready => {
                slot.ready = true;
                None
            }
            FromHelper::Done {
                run,
                point,
                range,
                trials,
                prepared,
            } => {
                slot.back(run, point, range);
                self.prepare_count += prepared;
                Some(Returned::Done {
                    run,
                    point,
                    range,
                    trials,
                })
            }
            FromHelper::Failed { run, point, range } => {
                slot.back(run, point, range);
                Some(Returned::Failed { run, point, range })
            }
        }
    }

    /// Helper `h` stopped: its slot starts afresh (the worker starts a new
    /// helper in its place). False if there is no such helper.
    pub fn lost(&mut self, h: usize) -> bool {
        match self.helpers.get_mut(h) {
            Some(slot) => {
                *slot = HelperSlot::default();
                true
            }
            None => false,
        }
    }

    /// Gives every ready helper ranges up to [`AHEAD`], the runs in order
    /// (the table's first), and tells the runs which answers the helpers
    /// hold. `session`: the leading worker's cache (a range whose answers
    /// it holds is left to it unless the helper holds them too).
    pub fn dispatch(&mut self, runs: &mut [&mut TrialRanges], session: &Session) {
        for h in 0..self.helpers.len() {
            if !self.helpers[h].ready {
                continue;
            }
            while !self.full(h) {
                let helpers = &self.helpers;
                let mine = |t: &Task| helpers[h].answers.contains(&t.answers());
                let others = |t: &Task| {
                    let key = t.answers();
                    session.has(&key)
                        || helpers
                            .iter()
                            .enumerate()
                            .any(|(o, slot)| o != h && slot.answers.contains(&key))
                };
                let Some((ranges, (point, range))) = runs
                    .iter_mut()
                    .find_map(|r| r.give(h + 1, &mine, &others).map(|given| (r, given)))
                else {
                    break;
                };
                self.send(h, ranges, point, range);
            }
        }
        let hold: Vec<AnswersKey> = self
            .helpers
            .iter()
            .flat_map(|s| s.answers.iter().cloned())
            .collect();
        for r in runs.iter_mut() {
            r.helpers_hold.clone_from(&hold);
        }
    }

    /// Whether helper `h` has as much work away as it should.
    fn full(&self, h: usize) -> bool {
        let slot = &self.helpers[h];
        let work: usize = slot.away.iter().map(|a| a.work).sum();
        slot.away.len() >= AHEAD_MAX || (slot.away.len() >= AHEAD && work >= AHEAD_WORK)
    }

    /// Posts range `range` of `ranges`' point `point` to helper `h` (after
    /// the run's definition, the first time), and notes what it now holds.
    fn send(&mut self, h: usize, ranges: &TrialRanges, point: usize, range: usize) {
        let run = ranges.run;
        let assignment = ranges.assignment(point, range);
        let key = assignment.as_ref().map(|a| a.task.answers());
        let work = assignment.map_or(0, |a| (a.task.n + 8) * (a.end - a.start));
        let slot = &mut self.helpers[h];
        if !slot.defined.contains(&run) {
            if let Some(define) = ranges.define.clone() {
                self.outbox.push((h, define));
            }
            slot.defined.push(run);
        }
        // From now on it holds that point's answers (its cache keeps one
        // problem: other problems' answers are gone).
        if let Some(key) = key {
            slot.answers.retain(|k| k.same_problem(&key) && *k != key);
            slot.answers.push(key);
            if slot.answers.len() > MAX_PREPARED {
                slot.answers.remove(0);
            }
        }
        slot.away.push(Away {
            run,
            point,
            range,
            work,
        });
        self.outbox.push((h, ToHelper::Work { run, point, range }));
    }
}
