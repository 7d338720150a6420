//! A helper worker of the pool: runs the ranges of a point's trials that
//! the leading worker gives it, in order, a slice at a time, and posts each
//! one back when it is done.
//!
//! Why its own small engine: a helper computes no stage, view or key; it
//! only runs trials through its own [`Session`] cache, so the answers it
//! prepared for one sweep serve the next one (a change of p).

use crate::curves_run::CurvesRun;
use crate::session::Session;
use crate::table_run::TableRun;
use crate::trial_ranges::{Assignment, TrialRanges};
use coded_core::MonteCarlo;
use coded_panels::Stage;
use coded_protocol::{FromHelper, ToHelper};
use std::collections::VecDeque;

/// Runs a helper keeps the points of: the leading worker has at most two
/// (the table and the curves), and a replaced one lingers briefly.
const RUNS: usize = 4;

pub struct Helper {
    session: Session,
    /// The runs it was told of (the leading worker's id, the points).
    runs: VecDeque<(u64, TrialRanges)>,
    queue: VecDeque<Assignment>,
    /// The range running, its trials so far, and how often f ran for it.
    current: Option<(Assignment, MonteCarlo, usize)>,
    clock: fn() -> f64,
}

impl Helper {
    pub fn new(clock: fn() -> f64) -> Helper {
        Helper {
            session: Session::new(),
            runs: VecDeque::new(),
            queue: VecDeque::new(),
            current: None,
            clock,
        }
    }

    /// True while it has ranges to run.
    pub fn busy(&self) -> bool {
        self.current.is_some() || !self.queue.is_empty()
    }

    #[inline(never)] // one copy, whatever the worker's call sites
    pub fn handle(&mut self, msg: ToHelper, out: &mut Vec<FromHelper>) {
        match msg {
            ToHelper::Define {
                run,
                stage,
                config,
                ui,
            } => {
                // The same points as the leading worker's run: built by the
                // same code from the same request.
                let ranges = match stage {
                    Stage::Table => TableRun::new(&config, &ui, String::new()).ranges,
                    Stage::Curves => CurvesRun::new(&config, &ui, String::new()).ranges,
                    // The round is never shared out: a run of it is unknown
                    // here, and its ranges are answered `Failed`.
                    Stage::Round => return,
                };
                self.runs.retain(|(r, _)| *r != run);
                if self.runs.len() >= RUNS {
                    self.runs.pop_front();
                }
                self.runs.push_back((run, ranges));
            }
            ToHelper::Work { run, point, range } => {
                let part = self
                    .runs
                    .iter()
                    .find(|(r, _)| *r == run)
                    .and_then(|(_, s)| s.assignment(point, range));
                match part {
                    Some(a) => self.queue.push_back(Assignment { run, ..a }),
                    None => out.push(FromHelper::Failed { run, point, range }),
                }
            }
            ToHelper::Cancel { run } => {
                self.runs.retain(|(r, _)| *r != run);
                self.queue.retain(|p| p.run != run);
                if self.current.as_ref().is_some_and(|(p, ..)| p.run == run) {
                    self.current = None;
                }
            }
        }
    }

    /// Runs the current range until it is done or `deadline` passes (at
    /// least one trial); a finished range goes to `out`. Returns whether
    /// ranges are left.
    #[inline(never)] // one copy, whatever the worker's call sites
    pub fn step(&mut self, deadline: f64, out: &mut Vec<FromHelper>) -> bool {
        if self.current.is_none() {
            let Some(part) = self.queue.pop_front() else {
                return false;
            };
            let mc = MonteCarlo::range(part.start, part.end);
            self.current = Some((part, mc, 0));
        }
        let (part, mc, prepared) = self.current.as_mut().expect("a range is running");
        let before = self.session.prepare_count;
        let t = &part.task;
        let result = self
            .session
            .advance_trials(&t.config, t.scheme, t.n, &t.model, mc, self.clock, deadline);
        *prepared += self.session.prepare_count - before;
        match result {
            Ok(false) => {}
            Ok(true) => {
                let (part, trials, prepared) = self.current.take().expect("a range is running");
                out.push(FromHelper::Done {
                    run: part.run,
                    point: part.point,
                    range: part.range,
                    trials: Box::new(trials),
                    prepared,
                });
            }
            Err(_) => {
                // The leading worker runs it and reports the error.
                let (part, ..) = self.current.take().expect("a range is running");
                out.push(FromHelper::Failed {
                    run: part.run,
                    point: part.point,
                    range: part.range,
                });
            }
        }
        self.busy()
    }
}
