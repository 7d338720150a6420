//! `coded sweep --plot out.svg`: the sweep's error-vs-N figure, drawn by the
//! same code as the playground's panel (coded-panels), to SVG.

use coded_core::{Config, SweepPlan, SweepPoint};
use coded_panels::errors::{Errors, SlopeRange};
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
    let view = coded_sweep::figure::error_vs_n(config, plan, points, range, None);
    let (svg, _) = coded_panels::to_svg(SIZE.0, SIZE.1, |area| {
        Errors::draw(area, &Theme::light(), &view, &Default::default())
    })?;
    std::fs::write(path, svg).map_err(|e| format!("cannot write {path}: {e}"))
}
