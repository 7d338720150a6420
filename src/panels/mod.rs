//! The five panels. Each owns its canvas (or table) and a short
//! explanation with formulas in MathML (rendered by the browser, no script).
//!
//! Why they only read signals: every number comes from `coded_plots::compute`
//! through `state::AppState`; a panel chooses a draw function and a hover
//! description, nothing else.

pub mod digits;
pub mod encdec;
pub mod errors;
pub mod stragglers;
pub mod table;

use coded_plots::draw::common::message;
use coded_plots::{Area, DrawResult, Theme};
use plotters::prelude::DrawingBackend;

/// What a panel draws while its first result is computed, or when the
/// computation failed.
pub fn placeholder<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    text: &str,
) -> DrawResult<DB> {
    message(area, theme, text, &[])
}
