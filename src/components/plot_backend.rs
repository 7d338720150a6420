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
        match self {
            PlotBackend::Canvas(b) => text_sizes::size_of(text, style, || {
                b.estimate_text_size(text, style).map_err(lift)
            }),
            PlotBackend::Svg(b) => b.estimate_text_size(text, style).map_err(lift),
        }
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Drawn {
        on_either!(self, b => b.blit_bitmap(pos, size, src))
    }
}

/// The sizes of texts measured on the page, remembered.
///
/// Why: plotters measures a text on a canvas by adding a `<span>` to the
/// page and reading its `offsetHeight`, which makes the browser lay the
/// whole page out again, for every tick label, legend entry and caption of
/// every drawing (and `draw_text` measures each again for its box). During
/// a sweep the error plot is redrawn about ten times a second with mostly
/// the same texts: those forced layouts were most of the page's thread
/// (about 170 ms of a one-second sweep on 2 cores, taken from the workers).
/// A remembered size is the same number the span gave, so nothing drawn
/// moves; the fonts are the system's (no web font loads later and changes
/// a size).
mod text_sizes {
    use std::cell::RefCell;

    use plotters_backend::{BackendTextStyle, DrawingErrorKind};

    use super::BackendError;

    /// More distinct texts than a page's plots draw (their tick labels,
    /// legends and captions: a few hundred); past it the list starts
    /// afresh (a bound, not an eviction policy).
    const MAX_TEXTS: usize = 1024;

    /// A text in a font: (family, style, size's bits, text).
    type Key = (String, String, u64, String);

    thread_local! {
        /// A list, not a HashMap: a map's hasher would add to the page's
        /// wasm, and a lookup among a few hundred texts is quick.
        static SIZES: RefCell<Vec<(Key, (u32, u32))>> = const { RefCell::new(Vec::new()) };
    }

    /// Whether `key` is `text` in `style` (no copy of either: this runs for
    /// every text drawn).
    fn is<T: BackendTextStyle>(key: &Key, text: &str, style: &T) -> bool {
        key.3 == text
            && key.2 == style.size().to_bits()
            && key.0 == style.family().as_str()
            && key.1 == style.style().as_str()
    }

    fn key<T: BackendTextStyle>(text: &str, style: &T) -> Key {
        (
            style.family().as_str().to_string(),
            style.style().as_str().to_string(),
            style.size().to_bits(),
            text.to_string(),
        )
    }

    /// `text`'s size in `style`: remembered, or `measure`d and remembered.
    /// A failed measure is not remembered.
    pub fn size_of<T: BackendTextStyle>(
        text: &str,
        style: &T,
        measure: impl FnOnce() -> Result<(u32, u32), DrawingErrorKind<BackendError>>,
    ) -> Result<(u32, u32), DrawingErrorKind<BackendError>> {
        let known = SIZES.with_borrow(|all| {
            all.iter()
                .find(|(k, _)| is(k, text, style))
                .map(|(_, s)| *s)
        });
        if let Some(size) = known {
            return Ok(size);
        }
        let size = measure()?;
        SIZES.with_borrow_mut(|all| {
            if all.len() >= MAX_TEXTS {
                all.clear();
            }
            all.push((key(text, style), size));
        });
        Ok(size)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use plotters::style::{IntoFont, TextStyle};

        #[test]
        fn measured_once_per_text_and_font() {
            let calls = std::cell::Cell::new(0);
            let measure = || {
                calls.set(calls.get() + 1);
                Ok((7, 3))
            };
            let small: TextStyle = ("sans-serif", 12.0).into_font().into();
            let large: TextStyle = ("sans-serif", 13.0).into_font().into();
            assert_eq!(size_of("1e-3", &small, measure).unwrap(), (7, 3));
            assert_eq!(size_of("1e-3", &small, || unreachable!()).unwrap(), (7, 3));
            assert_eq!(size_of("1e-3", &large, measure).unwrap(), (7, 3));
            assert_eq!(size_of("1e-4", &small, measure).unwrap(), (7, 3));
            assert_eq!(calls.get(), 3);
        }

        #[test]
        fn a_failed_measure_is_tried_again() {
            let style: TextStyle = ("serif", 10.0).into_font().into();
            let failed = size_of("x", &style, || {
                Err(DrawingErrorKind::DrawingError(BackendError("no".into())))
            });
            assert!(failed.is_err());
            assert_eq!(size_of("x", &style, || Ok((1, 2))).unwrap(), (1, 2));
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
}
