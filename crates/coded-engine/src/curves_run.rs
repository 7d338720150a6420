//! The error plot (panel 4), computed point by point: a [`Plan`]'s units run
//! a few trials at a time through the [`Session`] cache, and the view of the
//! points so far can be taken at any time (partial curves).
//!
//! Why: a LeNet-5 sweep takes seconds and the largest ones minutes. Run in
//! steps, the worker can post partial curves and progress, and read a Cancel
//! or a new setting between two steps. The points equal the core's `sweep`
//! bit for bit (tests below).

use crate::plan::Plan;
use crate::session::Session;
use crate::trial_ranges::{Step, Task, TrialRanges};
use coded_core::{Config, ConfigError, SweepPoint};
use coded_panels::errors::CurvesView;
use coded_protocol::{Progress, UiState};

pub struct CurvesRun {
    /// The stage key it computes (`stages::curves_key`).
    pub key: String,
    /// The request it belongs to (a newer request of the same key takes the
    /// run over with its own configuration and UI state).
    pub config: Config,
    pub ui: UiState,
    plan: Result<Plan, ConfigError>,
    /// The points computed, by slot.
    slots: Vec<Option<SweepPoint>>,
    /// The plan's units (in order) as ranges of trials for the pool.
    pub ranges: TrialRanges,
    weight_total: f64,
    started: Option<f64>,
    /// When partial curves were last posted.
    pub last_partial: f64,
}

impl CurvesRun {
    pub fn new(config: &Config, ui: &UiState, key: String) -> CurvesRun {
        let plan = Plan::new(config, ui);
        let (slots, weight_total, tasks) = match &plan {
            Ok(p) => {
                let tasks = p
                    .units
                    .iter()
                    .map(|u| Task {
                        config: u.config.clone().unwrap_or_else(|| config.clone()),
                        scheme: u.scheme,
                        n: u.n,
                        model: u.model.clone(),
                    })
                    .collect();
                (vec![None; p.units.len()], p.total_weight(), tasks)
            }
            Err(_) => (vec![], 1.0, vec![]),
        };
        CurvesRun {
            key,
            config: config.clone(),
            ui: ui.clone(),
            plan,
            slots,
            ranges: TrialRanges::new(
                tasks,
                config.trials,
                ui.pool_size(),
                !config.function.is_classifier(),
            ),
            weight_total,
            started: None,
            last_partial: f64::NEG_INFINITY,
        }
    }

    /// Puts the points whose ranges are all in into their slots.
    fn collect(&mut self) {
        let Ok(plan) = &self.plan else {
            return;
        };
        for (i, point) in self.ranges.take_finished() {
            self.slots[plan.units[i].slot] = Some(point);
        }
    }

    /// Runs one of this worker's ranges until it is done or `clock()`
    /// passes `deadline` (at least one trial). [`Step::Ended`] once every
    /// point is in, or on an error (then [`view`] returns it).
    ///
    /// [`view`]: CurvesRun::view
    pub fn step(&mut self, session: &mut Session, clock: fn() -> f64, deadline: f64) -> Step {
        self.started.get_or_insert_with(clock);
        if self.plan.is_err() {
            return Step::Ended;
        }
        self.collect();
        if self.ranges.finished() {
            return Step::Ended;
        }
        match self.ranges.run_here(session, clock, deadline) {
            Err(e) => {
                self.plan = Err(e);
                Step::Ended
            }
            Ok(false) => Step::Waiting,
            Ok(true) => {
                self.collect();
                if self.ranges.finished() {
                    Step::Ended
                } else {
                    Step::Worked
                }
            }
        }
    }

    /// Points to compute: none when the plan cannot run (every N below K:
    /// the plot says why; "1 points" would be a point that never was).
    fn total(&self) -> usize {
        match &self.plan {
            Ok(p) => p.units.len(),
            Err(_) => 0,
        }
    }

    /// Points done, and the share of the estimated work.
    pub fn progress(&self, now: f64) -> Progress {
        let elapsed = self.started.map(|t| now - t).unwrap_or(0.0);
        let trials = self.config.trials.max(1) as f64;
        let done_weight: f64 = match &self.plan {
            Ok(p) => p
                .units
                .iter()
                .enumerate()
                .map(|(i, u)| u.weight * self.ranges.trials_done(i) as f64 / trials)
                .sum(),
            Err(_) => 0.0,
        };
        let fraction = if self.weight_total > 0.0 && self.total() > 0 {
            (done_weight / self.weight_total).clamp(0.0, 1.0)
        } else {
            1.0
        };
        Progress {
            done: self.slots.iter().filter(|s| s.is_some()).count(),
            total: self.total(),
            fraction,
            elapsed_ms: elapsed,
            left_ms: (fraction > 0.0).then(|| elapsed * (1.0 - fraction) / fraction),
        }
    }

    /// The view of the points computed so far.
    pub fn view(&self) -> Result<CurvesView, ConfigError> {
        match &self.plan {
            Err(e) => Err(e.clone()),
            Ok(plan) => Ok(plan.view(&self.config, &self.ui, &self.slots)),
        }
    }
}

/// The error plot of `ui`'s tab in one go (tests, benchmarks): the run to
/// its end.
pub fn curves(
    session: &mut Session,
    config: &Config,
    ui: &UiState,
) -> Result<CurvesView, ConfigError> {
    let mut run = CurvesRun::new(config, ui, String::new());
    while run.step(session, || 0.0, f64::INFINITY) != Step::Ended {}
    run.view()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::curves as core_view;
    use coded_core::Scheme;
    use coded_panels::errors::{lambda_grid, Axis};
    use coded_testing::config as cfg;

    fn ui(tab: Axis, ns: &[usize], ps: &[f64]) -> UiState {
        UiState {
            axis: tab,
            sweep_ns: ns.to_vec(),
            sweep_ps: ps.to_vec(),
            ..UiState::default()
        }
    }

    #[test]
    fn every_tab_equals_the_core_sweep() {
        for (text, tab) in [
            (r#"{"trials": 12}"#, Axis::N),
            (r#"{"trials": 12}"#, Axis::P),
            (r#"{"trials": 6, "lambda_dec": 1e-6}"#, Axis::LambdaDec),
            (
                r#"{"trials": 8, "stragglers": {"model": "fixed", "s": 3}, "lambda_dec": 1e-5, "lambda_rule": "shrink"}"#,
                Axis::N,
            ),
            (
                r#"{"trials": 4, "function": "lenet5", "k": 4, "n": 16}"#,
                Axis::N,
            ),
            // Every other setting of the table of axes, at its defaults.
            (r#"{"trials": 5, "noise": 0.01}"#, Axis::Noise),
            (r#"{"trials": 5}"#, Axis::K),
            (r#"{"trials": 5}"#, Axis::LambdaEnc),
            (r#"{"trials": 5}"#, Axis::Deadline),
        ] {
            let c = cfg(text);
            let u = ui(tab, &[5, 16, 24, 48], &[0.1, 0.3]);
            let mine = curves(&mut Session::new(), &c, &u).unwrap();
            assert_eq!(mine, core_view(&c, &u), "{text} {tab:?}");
        }
    }

    #[test]
    fn error_vs_n_notes_and_errors() {
        let c = cfg(r#"{"trials": 5}"#);
        let v = curves(
            &mut Session::new(),
            &c,
            &ui(Axis::N, &[20, 40, 80, 5], &[0.1, 0.3]),
        )
        .unwrap();
        assert_eq!(v.curves.len(), 4);
        assert!(v.notes.iter().any(|n| n.contains("left out: 5")));
        let e = curves(&mut Session::new(), &c, &ui(Axis::N, &[3, 5], &[0.1])).unwrap_err();
        assert!(
            crate::plan::words(&e).starts_with("No N in “N values”"),
            "{e}"
        );
    }

    #[test]
    fn error_vs_lambda_prepares_once_per_scheme() {
        let c = cfg(r#"{"trials": 10, "lambda_dec": 1e-6}"#);
        let mut s = Session::new();
        let l = curves(&mut s, &c, &ui(Axis::LambdaDec, &[], &[])).unwrap();
        assert_eq!(l.curves[0].points.len(), lambda_grid().len());
        assert_eq!(l.references.len(), 2);
        assert_eq!(s.prepare_count, 2, "one LeTCC and one BACC preparation");
        let only = UiState {
            compare: vec![Scheme::Letcc],
            ..ui(Axis::LambdaDec, &[], &[])
        };
        let c = Config {
            scheme: Scheme::Letcc,
            ..c
        };
        let l = curves(&mut s, &c, &only).unwrap();
        assert_eq!(l.references.len(), 1, "GCV only, no BACC level");
    }

    #[test]
    fn progress_grows_with_the_points_and_partial_views_are_prefixes() {
        let c = cfg(r#"{"trials": 5}"#);
        let u = ui(Axis::N, &[10, 20, 40], &[0.2]);
        let mut s = Session::new();
        let mut run = CurvesRun::new(&c, &u, "k".into());
        assert_eq!(run.progress(0.0).total, 6);
        let mut last = 0.0;
        let mut steps = 0;
        while run.step(&mut s, || 0.0, f64::INFINITY) != Step::Ended {
            steps += 1;
            let p = run.progress(0.0);
            assert_eq!(p.done, steps);
            assert!(p.fraction > last && p.fraction < 1.0);
            last = p.fraction;
            let v = run.view().unwrap();
            let shown: usize = v.curves.iter().map(|c| c.points.len()).sum();
            assert_eq!(shown, steps);
        }
        assert_eq!(run.progress(0.0).fraction, 1.0);
        assert_eq!(run.view().unwrap(), core_view(&c, &u));
    }
}
