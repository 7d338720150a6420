//! `coded sweep --plot out.svg`: the sweep's error-vs-N figure, drawn by the
//! same code as the playground's panel (coded-panels), to SVG.

use coded_core::statistic::Statistic;
use coded_core::{Config, StragglerModel, SweepPlan, SweepPoint};
use coded_panels::errors::{error_vs_n_view, shown, Errors, SlopeRange};
use coded_panels::{Contract, Theme};

/// Figure size in pixels: a readable journal-column-ish figure.
const SIZE: (u32, u32) = (960, 680);

pub fn write_error_vs_n(
    path: &str,
    config: &Config,
    plan: &SweepPlan,
    points: &[SweepPoint],
    range: SlopeRange,
) -> Result<(), String> {
    let iid = plan.models.first().is_some_and(StragglerModel::is_iid);
    let view = error_vs_n_view(config, points, iid, true, vec![]);
    // The legend's slopes as printed: with their intervals, over the range.
    let view = shown(&view, Statistic::Mse, range);
    let (svg, _) = coded_panels::to_svg(SIZE.0, SIZE.1, |area| {
        Errors::draw(area, &Theme::light(), &view, &Default::default())
    })?;
    std::fs::write(path, svg).map_err(|e| format!("cannot write {path}: {e}"))
}
