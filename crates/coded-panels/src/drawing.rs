//! What the draw functions share: where they draw and what they return.

use crate::geometry::Frame;
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
