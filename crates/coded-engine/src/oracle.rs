//! The same results straight from the core's one-shot calls (`Problem`,
//! `run_round`, `sweep`), which the engine's tests compare against: the
//! engine's caching, slicing and scheduling must not change a bit.

use crate::axis_plan::{axis_configs, lambda_configs};
use crate::plan::error_vs_n_plan;
use coded_core::axis_sweep::sweep_over;
use coded_core::problem::Problem;
use coded_core::report::RoundDetection;
use coded_core::{run_round, sweep, Config, LambdaDec, Round, Scheme, SweepPlan, SweepPoint};
use coded_panels::errors::{
    error_vs_lambda_view, error_vs_n_view, error_vs_setting_view, Axis, CurvesView,
};
use coded_panels::table::{TableRow, TableView};
use coded_panels::RoundResult;
use coded_protocol::UiState;

/// The round's views, from a fresh `Problem` (no cache).
pub fn round(c: &Config, ui: &UiState) -> RoundResult {
    let fresh = RoundResult::needs_decoding(c, ui.panels).then(|| {
        let problem = Problem::new(c).unwrap();
        let prepared = problem.prepare(c.scheme, c.n);
        (problem, prepared)
    });
    let prepared = fresh
        .as_ref()
        .map(|(problem, prepared)| (problem, prepared));
    RoundResult::of(&Round::compute(c, ui.trial_in(c), prepared), ui.panels)
}

/// The table: `coded sweep` at the configured N for every compared scheme,
/// and `coded round` for the round shown.
pub fn table(c: &Config, ui: &UiState) -> TableView {
    let schemes = ui.schemes(c);
    let trial = ui.trial_in(c);
    let points = sweep(c, &SweepPlan::new(c, None, None, Some(&schemes)).unwrap()).unwrap();
    let rows = points
        .into_iter()
        .map(|summary| {
            let r = run_round(
                &Config {
                    scheme: summary.scheme,
                    ..c.clone()
                },
                trial,
            )
            .unwrap();
            TableRow {
                summary,
                round_squared_error: r.squared_error,
                round_failure: r.failure,
                round_detection: r.detection.as_ref().map(RoundDetection::counts),
            }
        })
        .collect();
    TableView::assemble(c, trial, rows)
}

/// The error plot of `ui`'s tab from the core's `sweep` (and `sweep_over`).
pub fn curves(c: &Config, ui: &UiState) -> CurvesView {
    let schemes = ui.schemes(c);
    match ui.axis {
        Axis::N => {
            let (plan, iid, notes) =
                error_vs_n_plan(c, &schemes, &ui.sweep_ns, &ui.sweep_ps).unwrap();
            error_vs_n_view(c, &sweep(c, &plan).unwrap(), iid, ui.references, notes)
        }
        Axis::LambdaDec => {
            let (runs, notes) = lambda_configs(c, &schemes, &ui.axis_values()).unwrap();
            let grid: Vec<f64> = runs
                .iter()
                .filter(|(_, rc, _)| matches!(rc.lambda_dec, LambdaDec::Value(_)))
                .filter(|(_, _, s)| *s == Scheme::Letcc)
                .map(|(v, _, _)| *v)
                .collect();
            let points: Vec<SweepPoint> = runs
                .into_iter()
                .map(|(_, rc, scheme)| {
                    let plan = SweepPlan::new(&rc, None, None, Some(&[scheme])).unwrap();
                    sweep(&rc, &plan).unwrap().remove(0)
                })
                .collect();
            error_vs_lambda_view(c, &schemes, &grid, &points, notes)
        }
        axis => {
            let (kept, notes) = axis_configs(c, axis, &ui.axis_values()).unwrap();
            let values: Vec<f64> = kept.iter().map(|(v, _)| *v).collect();
            let points = sweep_over(c, axis, &values, &schemes).unwrap();
            error_vs_setting_view(c, axis, &points, notes)
        }
    }
}
