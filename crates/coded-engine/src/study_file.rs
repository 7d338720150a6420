//! "Open study…": what the page needs of the worker before it uses a study
//! file (the page reads and checks the file itself, `coded_protocol::saved`):
//! whether its formula reads, and the view its settings give for its plot
//! without points, whose title, axes and rounding level its saved curves
//! must have.
//!
//! Why here: only the worker reads formulas and builds views (the page's
//! wasm carries neither).

use coded_core::Config;
use coded_panels::errors::Axis;
use coded_panels::errors::CurvesView;
use coded_protocol::saved::empty_view;

/// The view `config` gives for a plot of `kind` without points, or why its
/// formula does not read.
pub fn check(config: &Config, kind: Axis) -> Result<CurvesView, String> {
    config.check_formula().map_err(|e| e.message)?;
    Ok(empty_view(config, kind))
}
