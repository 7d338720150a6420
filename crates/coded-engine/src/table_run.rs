//! The results table (panel 5), computed a few trials at a time: one row per
//! compared scheme, the Monte-Carlo statistics of every trial (`coded
//! sweep`) and the round shown (`coded round`).
//!
//! Why in slices: at the largest settings (N = 8192, 10⁴ trials) the table
//! takes minutes; the worker reads a Cancel or a new setting between two
//! slices and posts the progress.

use crate::session::Session;
use crate::trial_ranges::{Step, Task, TrialRanges};
use coded_core::problem::draw_stragglers;
use coded_core::{Config, ConfigError, Scheme, SweepPoint};
use coded_panels::table::{TableRow, TableView};
use coded_protocol::{Progress, UiState};

/// The table being computed: one Monte-Carlo point per scheme, shared out
/// among the pool as ranges of trials.
pub struct TableRun {
    /// The stage key it computes (`stages::table_key`).
    pub key: String,
    schemes: Vec<Scheme>,
    trial: usize,
    /// Each scheme's summary, once all its trials are in.
    summaries: Vec<Option<SweepPoint>>,
    rows: Vec<TableRow>,
    pub ranges: TrialRanges,
    started: Option<f64>,
}

impl TableRun {
    pub fn new(config: &Config, ui: &UiState, key: String) -> TableRun {
        let schemes = ui.schemes(config);
        let tasks = schemes
            .iter()
            .map(|&scheme| Task {
                config: config.clone(),
                scheme,
                n: config.n,
                model: config.stragglers.clone(),
            })
            .collect();
        TableRun {
            key,
            summaries: vec![None; schemes.len()],
            schemes,
            trial: ui.trial_in(config),
            rows: vec![],
            ranges: TrialRanges::new(
                tasks,
                config.trials,
                ui.pool_size(),
                !config.function.is_classifier(),
            ),
            started: None,
        }
    }

    /// Runs one of this worker's ranges until it is done or `clock()`
    /// passes `deadline` (at least one trial), and makes the rows of the
    /// schemes whose trials are all in. Returns the table once complete,
    /// else what the step did ([`Step::Worked`] or [`Step::Waiting`]).
    pub fn step(
        &mut self,
        session: &mut Session,
        config: &Config,
        clock: fn() -> f64,
        deadline: f64,
    ) -> Result<Result<TableView, Step>, ConfigError> {
        self.started.get_or_insert_with(clock);
        // This worker's ranges until the deadline (the table is one stage:
        // a step may run several schemes' ranges).
        let mut step = Step::Waiting;
        while !self.ranges.finished() && self.ranges.run_here(session, clock, deadline)? {
            step = Step::Worked;
            if clock() >= deadline {
                break;
            }
        }
        for (i, point) in self.ranges.take_finished() {
            self.summaries[i] = Some(point);
        }
        while let Some(Some(summary)) = self.summaries.get(self.rows.len()) {
            let scheme = self.schemes[self.rows.len()];
            let row = table_row(session, config, scheme, self.trial, summary.clone())?;
            self.rows.push(row);
        }
        if self.rows.len() == self.schemes.len() {
            let rows = std::mem::take(&mut self.rows);
            return Ok(Ok(TableView::assemble(config, self.trial, rows)));
        }
        Ok(Err(step))
    }

    /// Trials done over all its schemes.
    pub fn progress(&self, trials: usize, now: f64) -> Progress {
        let total = trials * self.schemes.len();
        let done = (0..self.schemes.len())
            .map(|i| self.ranges.trials_done(i))
            .sum();
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

    /// When its first step ran.
    pub fn started(&self) -> Option<f64> {
        self.started
    }
}

/// One scheme's row, from its Monte-Carlo summary and the round `trial`.
pub fn table_row(
    session: &mut Session,
    config: &Config,
    scheme: Scheme,
    trial: usize,
    summary: SweepPoint,
) -> Result<TableRow, ConfigError> {
    let draw = draw_stragglers(&config.stragglers, config.seed, config.n, trial);
    let (problem, prepared) = session.prepared(config, scheme, config.n)?;
    let o = problem.evaluate(prepared, &draw.straggled, trial);
    Ok(TableRow {
        summary,
        round_squared_error: o.squared_error,
        round_failure: o.decoded.as_ref().err().map(|e| e.to_string()),
        round_detection: o.detection,
    })
}

/// The whole table in one go (tests, benchmarks): the run to its end.
pub fn table(
    session: &mut Session,
    config: &Config,
    ui: &UiState,
) -> Result<TableView, ConfigError> {
    config.validate()?;
    let mut run = TableRun::new(config, ui, String::new());
    loop {
        if let Ok(t) = run.step(session, config, || 0.0, f64::INFINITY)? {
            return Ok(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{run_round, sweep, SweepPlan};

    #[test]
    fn rows_equal_coded_sweep_and_coded_round() {
        for text in [
            r#"{"trials": 25}"#,
            r#"{"trials": 8, "function": "lenet5", "k": 6, "n": 30}"#,
            r#"{"trials": 10, "stragglers": {"model": "iid", "p": 1}}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let ui = UiState {
                compare: Scheme::ALL.to_vec(),
                trial: 4,
                ..UiState::default()
            };
            let t = table(&mut Session::new(), &c, &ui).unwrap();
            assert_eq!(t, crate::oracle::table(&c, &ui));
            let core = sweep(
                &c,
                &SweepPlan::new(&c, None, None, Some(&Scheme::ALL)).unwrap(),
            )
            .unwrap();
            assert_eq!(t.rows.len(), Scheme::ALL.len());
            for (row, p) in t.rows.iter().zip(&core) {
                assert_eq!(&row.summary, p);
                let r = run_round(
                    &Config {
                        scheme: p.scheme,
                        ..c.clone()
                    },
                    4,
                )
                .unwrap();
                assert_eq!(row.round_squared_error, r.squared_error);
                assert_eq!(row.round_failure, r.failure);
            }
            assert_eq!(t.classifier, c.function.is_classifier());
            assert_eq!(t.trial, 4);
            assert_eq!(Config::from_json(&t.config_json).unwrap(), c);
        }
    }

    #[test]
    fn slices_of_one_trial_give_the_same_table_and_count_trials() {
        fn late() -> f64 {
            f64::INFINITY
        }
        let c = Config::from_json(r#"{"trials": 6}"#).unwrap();
        let ui = UiState::default();
        let mut s = Session::new();
        let mut run = TableRun::new(&c, &ui, String::new());
        let mut steps = 0;
        let sliced = loop {
            if let Ok(t) = run.step(&mut s, &c, late, 0.0).unwrap() {
                break t;
            }
            steps += 1;
            let p = run.progress(c.trials, 0.0);
            assert_eq!((p.done, p.total), (steps, 12));
        };
        assert_eq!(steps, 11, "one trial per step, the last one finishes");
        assert_eq!(sliced, table(&mut Session::new(), &c, &ui).unwrap());
    }
}
