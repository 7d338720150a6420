//! Pure drawing functions, one module per plot.
//!
//! Why separate from the components: a draw function here only knows plotters'
//! `DrawingBackend` trait, not the browser. The same function draws to the
//! page's canvas (through `components::PlotCanvas`) and can draw to SVG or a
//! bitmap natively, so it is testable with plain `cargo test`.

pub mod xsin;

use plotters::coord::Shift;
use plotters::drawing::{DrawingArea, DrawingAreaErrorKind};
use plotters::prelude::DrawingBackend;

/// What every draw function returns.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The area a draw function draws on.
pub type Area<DB> = DrawingArea<DB, Shift>;

#[cfg(test)]
pub(crate) mod recording;
