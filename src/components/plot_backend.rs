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
        if let PlotBackend::Canvas(_) = self {
            if let Ok(size) = self.estimate_text_size(text, style) {
                text_boxes::record(text, style, pos, size);
            }
        }
        on_either!(self, b => b.draw_text(text, style, pos))
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

/// Where the texts of the last drawing went: what a test needs to check
/// that no text of a plot overlaps another or leaves the canvas, and that
/// none is too small on a slide. The page sets them on the canvas as
/// `data-text-boxes` (see `plot_canvas`).
pub mod text_boxes {
    use std::cell::RefCell;

    use plotters_backend::text_anchor::{HPos, VPos};
    use plotters_backend::{BackendCoord, BackendTextStyle, FontTransform};

    /// A text's box in canvas pixels (left, top, width, height), and its
    /// font size in canvas pixels.
    #[derive(Clone, Debug, PartialEq)]
    pub struct TextBox {
        pub x: f64,
        pub y: f64,
        pub w: f64,
        pub h: f64,
        pub font: f64,
        pub text: String,
    }

    thread_local! {
        static BOXES: RefCell<Vec<TextBox>> = const { RefCell::new(Vec::new()) };
    }

    /// Forgets the boxes of the drawing before.
    pub fn start() {
        BOXES.with_borrow_mut(Vec::clear);
    }

    /// The boxes drawn since [`start`].
    pub fn take() -> Vec<TextBox> {
        BOXES.with_borrow_mut(std::mem::take)
    }

    pub(super) fn record<T: BackendTextStyle>(
        text: &str,
        style: &T,
        pos: BackendCoord,
        size: (u32, u32),
    ) {
        // The width is the canvas' measure; the height is the font's line
        // (the canvas' measured height varies with the context's state).
        let (w, h) = (size.0 as f64, style.size() * 1.2);
        let anchor = style.anchor();
        let dx = match anchor.h_pos {
            HPos::Left => 0.0,
            HPos::Center => -w / 2.0,
            HPos::Right => -w,
        };
        let dy = match anchor.v_pos {
            VPos::Top => 0.0,
            VPos::Center => -h / 2.0,
            VPos::Bottom => -h,
        };
        let (x, y) = (pos.0 as f64, pos.1 as f64);
        // A rotated text turns about its anchor point.
        let (x, y, w, h) = match style.transform() {
            FontTransform::Rotate90 => (x - h - dy, y + dx, h, w),
            FontTransform::Rotate270 => (x + dy, y - w - dx, h, w),
            _ => (x + dx, y + dy, w, h),
        };
        let b = TextBox {
            x,
            y,
            w,
            h,
            font: style.size(),
            text: text.to_string(),
        };
        BOXES.with_borrow_mut(|all| all.push(b));
    }

    /// The texts drawn, in CSS pixels of the canvas box: `[[x, y, w, h, font
    /// size, text], …]` (for tests: overlaps, clipping and font sizes).
    pub fn attribute(boxes: &[TextBox], dpr: f64) -> String {
        let css = |v: f64| (v / dpr * 10.0).round() / 10.0;
        let each: Vec<String> = boxes
            .iter()
            .map(|b| {
                let text = serde_json::to_string(&b.text).unwrap_or_default();
                format!(
                    "[{},{},{},{},{},{text}]",
                    css(b.x),
                    css(b.y),
                    css(b.w),
                    css(b.h),
                    css(b.font)
                )
            })
            .collect();
        format!("[{}]", each.join(","))
    }
}
