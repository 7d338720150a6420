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
use std::rc::Rc;

use plotters::coord::Shift;
use plotters::drawing::{DrawingArea, DrawingAreaErrorKind};
use plotters::prelude::{DrawingBackend, SVGBackend};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

use super::canvas_batch::BatchedCanvas;
use crate::theme::Theme;
use coded_panels::Frame;

pub enum PlotBackend<'a> {
    Canvas(BatchedCanvas),
    Svg(SVGBackend<'a>),
}

/// The area a `PlotCanvas` draw closure draws on: the canvas on screen, a
/// larger one for a PNG export, or an SVG document.
pub type CanvasArea<'a> = DrawingArea<PlotBackend<'a>, Shift>;
/// What a `PlotCanvas` draw closure returns; draw functions generic over
/// `DrawingBackend` (each panel module's `draw` in `coded-panels`) return exactly this for the
/// page's backend.
pub type CanvasResult = Result<Frame, DrawingAreaErrorKind<BackendError>>;

/// A plot's draw closure as the page keeps it: the plot draws with it, a
/// part at a time (`drawing_parts`), and the exports draw with it again.
pub(super) type DrawFn = Rc<dyn Fn(&CanvasArea<'_>, &Theme) -> CanvasResult>;

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

/// The drawing methods that only pass their arguments on to either side,
/// written once: each is `fn name<generics>(args) -> Drawn`.
macro_rules! forward {
    ($(fn $name:ident $(<$($g:ident: $bound:path),+>)? ($($arg:ident: $ty:ty),* $(,)?);)+) => {
        $(
            fn $name $(<$($g: $bound),+>)? (&mut self, $($arg: $ty),*) -> Drawn {
                on_either!(self, b => b.$name($($arg),*))
            }
        )+
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

    forward! {
        fn ensure_prepared();
        fn present();
        fn draw_pixel(point: BackendCoord, color: BackendColor);
        fn draw_line<S: BackendStyle>(from: BackendCoord, to: BackendCoord, style: &S);
        fn draw_rect<S: BackendStyle>(
            upper_left: BackendCoord,
            bottom_right: BackendCoord,
            style: &S,
            fill: bool,
        );
        fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(path: I, style: &S);
        fn draw_circle<S: BackendStyle>(center: BackendCoord, radius: u32, style: &S, fill: bool);
        fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(vert: I, style: &S);
        fn draw_text<T: BackendTextStyle>(text: &str, style: &T, pos: BackendCoord);
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<BackendError>> {
        on_either!(self, b => b.estimate_text_size(text, style))
    }

    /// An SVG is never given an image: its themes draw rasters as shapes
    /// (`Theme::images`), and plotters' SVG image is a rectangle a pixel.
    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Drawn {
        match self {
            PlotBackend::Canvas(b) => b.blit_bitmap(pos, size, src).map_err(lift),
            PlotBackend::Svg(_) => Err(DrawingErrorKind::DrawingError(BackendError(
                "an SVG draws no images".into(),
            ))),
        }
    }
}
