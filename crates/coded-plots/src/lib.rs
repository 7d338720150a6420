//! The playground's figures, without the browser: *views* (plot-ready data
//! built from `coded-core` results, see [`views`]), *draw functions* generic
//! over plotters' `DrawingBackend` (see [`draw`]), hover descriptions of the
//! values under a cursor ([`hover`]), each plot's text alternative
//! ([`summary`]), and the messages the page and the worker exchange
//! ([`messages`]). It computes nothing: the views are filled by the worker's
//! engine (`coded-engine`) and drawn by the page.
//!
//! Why a crate of its own: the same code draws on the app's canvas, to SVG
//! for `coded sweep --plot`, and in native tests, with no web dependency.

pub mod draw;
pub mod format;
pub mod geometry;
pub mod hover;
pub mod messages;
pub mod reference;
pub mod summary;
#[cfg(test)]
mod testing;
pub mod theme;
pub mod views;

pub use geometry::{Axis, ChartGeometry, Frame};
pub use theme::Theme;

use plotters::coord::Shift;
use plotters::drawing::{DrawingArea, DrawingAreaErrorKind};
use plotters::prelude::DrawingBackend;

/// The area a draw function draws on.
pub type Area<DB> = DrawingArea<DB, Shift>;

/// What every draw function returns: where its charts are, for hover.
pub type DrawResult<DB> = Result<Frame, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Draws with `draw` into an SVG document of `width` × `height` pixels.
#[cfg(any(test, feature = "svg"))]
pub fn to_svg<F>(width: u32, height: u32, draw: F) -> Result<(String, Frame), String>
where
    F: for<'a> FnOnce(
        &Area<plotters::prelude::SVGBackend<'a>>,
    ) -> DrawResult<plotters::prelude::SVGBackend<'a>>,
{
    use plotters::prelude::IntoDrawingArea;
    let mut out = String::new();
    let frame = {
        let area = plotters::prelude::SVGBackend::with_string(&mut out, (width, height))
            .into_drawing_area();
        draw(&area).map_err(|e| e.to_string())?
    };
    Ok((out, frame))
}
