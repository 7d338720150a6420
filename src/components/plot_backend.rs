//! The backend every draw closure of the page draws on: the canvas on
//! screen (and the larger canvas of a PNG export), or an SVG document when
//! the plots are exported as SVG.
//!
//! Why one enum rather than closures generic over `DrawingBackend`: a
//! closure cannot be generic, and the panels' draw closures are stored
//! (the exports redraw them). With one backend type each draw function is
//! compiled once into the page's wasm; each call below only picks a side.

use std::error::Error;
use std::fmt;

use plotters::prelude::{DrawingBackend, SVGBackend};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;

pub enum PlotBackend<'a> {
    Canvas(CanvasBackend),
    Svg(SVGBackend<'a>),
}

/// Either side's error, as its message.
#[derive(Debug)]
pub struct BackendError(String);

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for BackendError {}

fn lift<E: Error + Send + Sync>(e: DrawingErrorKind<E>) -> DrawingErrorKind<BackendError> {
    match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(BackendError(e.to_string()))
        }
        DrawingErrorKind::FontError(f) => DrawingErrorKind::FontError(f),
    }
}

/// Runs `$call` on whichever backend `$self` is, with its error lifted.
macro_rules! on_either {
    ($self:ident, $b:ident => $call:expr) => {
        match $self {
            PlotBackend::Canvas($b) => $call.map_err(lift),
            PlotBackend::Svg($b) => $call.map_err(lift),
        }
    };
}

type Drawn = Result<(), DrawingErrorKind<BackendError>>;

impl DrawingBackend for PlotBackend<'_> {
    type ErrorType = BackendError;

    fn get_size(&self) -> (u32, u32) {
        match self {
            PlotBackend::Canvas(b) => b.get_size(),
            PlotBackend::Svg(b) => b.get_size(),
        }
    }

    fn ensure_prepared(&mut self) -> Drawn {
        on_either!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Drawn {
        on_either!(self, b => b.present())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn {
        on_either!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn {
        on_either!(self, b => b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn {
        on_either!(self, b => b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn {
        on_either!(self, b => b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn {
        on_either!(self, b => b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Drawn {
        on_either!(self, b => b.fill_polygon(vert, style))
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Drawn {
        on_either!(self, b => b.draw_text(text, style, pos))
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<BackendError>> {
        on_either!(self, b => b.estimate_text_size(text, style))
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Drawn {
        on_either!(self, b => b.blit_bitmap(pos, size, src))
    }
}
