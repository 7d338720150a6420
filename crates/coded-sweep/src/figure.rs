//! The error-vs-N figure of a sweep, as data: the curves (means, their
//! bootstrap bands, slopes) and the papers' claimed rates, from the same
//! view the playground's panel draws. `coded sweep --plot` draws it to SVG;
//! the Python package's `.plot()` draws it with matplotlib.

use coded_core::statistic::Statistic;
use coded_core::{Config, StragglerModel, SweepPlan, SweepPoint};
use coded_panels::errors::{error_vs_n_view, shown, CurvesView, SlopeRange};

/// The figure of `points` (a whole sweep of `plan`), its slopes fitted over
/// `range`, the mean squared error shown.
pub fn error_vs_n(
    config: &Config,
    plan: &SweepPlan,
    points: &[SweepPoint],
    range: SlopeRange,
) -> CurvesView {
    let iid = plan.models.first().is_some_and(StragglerModel::is_iid);
    let view = error_vs_n_view(config, points, iid, true, vec![]);
    // The legend's slopes as printed: with their intervals, over the range.
    shown(&view, Statistic::Mse, range)
}
