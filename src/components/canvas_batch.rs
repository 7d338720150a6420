//! The page's canvas backend: it records a drawing, then paints it, in one
//! go or in parts.
//!
//! Why record: a round at N = 8192 draws about 22 000 marks on the
//! encoder/decoder plot. Drawn as plotters' canvas backend draws them, that
//! was 69 000 calls into JavaScript and, at the end of the task, 100 ms of
//! the browser painting them: one task that held the page for 250 ms. A
//! recorded drawing can be painted in parts, each in a task of its own (see
//! `plot_canvas`), onto a canvas off the page that is then copied onto the
//! plot in one step.
//!
//! Why runs: marks of one opaque paint in a row are painted as one path
//! (one call per mark, none for a mark that repeats the one before it, one
//! fill), not one path each with its colour formatted and parsed again.
//! Only opaque paint is batched: overlapping shapes of one fill look the same
//! filled together or one after another only when nothing shows through
//! them. Everything else (translucent shapes, texts) is painted by plotters'
//! canvas backend, in the recorded order.
//!
//! Why images: plotters' default `blit_bitmap` draws an image a pixel at a
//! time; here it is one `putImageData` (the straggler raster, see
//! `coded_panels::chart::raster`).

use std::cell::RefCell;
use std::rc::Rc;

use plotters::style::{FontDesc, TextStyle};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, OffscreenCanvas, OffscreenCanvasRenderingContext2d};

mod recording;
mod shapes;

use super::text_boxes;
pub use recording::{context_of, Op, Recording};
use recording::{CanvasError, Drawn};
use shapes::{Paint, Shape};

/// The context that measures texts: an `OffscreenCanvas`'s (see
/// `estimate_text_size` for why).
fn measuring() -> Option<OffscreenCanvasRenderingContext2d> {
    thread_local! {
        static MEASURING: Option<OffscreenCanvasRenderingContext2d> = OffscreenCanvas::new(1, 1)
            .ok()
            .and_then(|c| c.get_context("2d").ok()?)
            .and_then(|c| c.dyn_into().ok());
    }
    MEASURING.with(Clone::clone)
}

/// Records what plotters draws; painted on its canvas when presented (or
/// dropped), unless made by [`BatchedCanvas::recording`], whose owner
/// paints the recording itself.
pub struct BatchedCanvas {
    canvas: HtmlCanvasElement,
    /// The size drawn at (the canvas' own when it paints itself).
    size: (u32, u32),
    /// Measures texts (see [`measuring`]).
    context: OffscreenCanvasRenderingContext2d,
    recording: Rc<RefCell<Recording>>,
    paints_itself: bool,
}

impl BatchedCanvas {
    /// A backend that paints on `canvas` when presented or dropped.
    pub fn new(canvas: HtmlCanvasElement) -> Option<Self> {
        let size = (canvas.width(), canvas.height());
        let mut b = Self::recording(canvas, size, Rc::default())?;
        b.paints_itself = true;
        Some(b)
    }

    /// A backend `size` large that records into `into`; `canvas` measures
    /// its texts.
    pub fn recording(
        canvas: HtmlCanvasElement,
        size: (u32, u32),
        into: Rc<RefCell<Recording>>,
    ) -> Option<Self> {
        Some(BatchedCanvas {
            context: measuring()?,
            canvas,
            size,
            recording: into,
            paints_itself: false,
        })
    }

    fn paint_all(&mut self) {
        if self.paints_itself {
            let mut r = self.recording.borrow_mut();
            r.paint(&self.canvas, None);
            *r = Recording::default();
        }
    }

    /// Adds `shape` in `paint` to the recording: to the run before when it
    /// has that paint, room, and is not that very shape already.
    fn add(&mut self, paint: Paint, shape: Shape) {
        if paint.alpha <= 0.0 {
            return; // nothing shows
        }
        let mut r = self.recording.borrow_mut();
        if let Some(Op::Run { paint: p, shapes }) = r.ops.last_mut() {
            // Only opaque shapes share a path: translucent ones darken
            // where they overlap, each painted on its own.
            if *p == paint && paint.alpha >= 1.0 {
                if shapes.last() != Some(&shape) {
                    shapes.push(shape);
                }
                return;
            }
        }
        r.ops.push(Op::Run {
            paint,
            shapes: vec![shape],
        });
    }

    fn text(&mut self, draw: impl Fn(&mut CanvasBackend) -> Drawn + 'static) {
        self.recording
            .borrow_mut()
            .ops
            .push(Op::Text(Box::new(draw)));
    }
}

impl Drop for BatchedCanvas {
    fn drop(&mut self) {
        self.paint_all();
    }
}

/// `color`, filled (no `stroke`) or stroked `stroke` wide.
fn paint(color: BackendColor, stroke: Option<u32>) -> Paint {
    Paint {
        rgb: color.rgb,
        alpha: color.alpha,
        stroke,
    }
}

/// The paint of a `style`, filled or stroked.
fn paint_of<S: BackendStyle>(style: &S, fill: bool) -> Paint {
    paint(style.color(), (!fill).then(|| style.stroke_width()))
}

impl DrawingBackend for BatchedCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Drawn {
        Ok(())
    }

    fn present(&mut self) -> Drawn {
        self.paint_all();
        Ok(())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn {
        self.add(
            paint(color, None),
            Shape::rect(point, (point.0 + 1, point.1 + 1)),
        );
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn {
        self.add(paint_of(style, false), Shape::segment(from, to));
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn {
        self.add(paint_of(style, fill), Shape::rect(upper_left, bottom_right));
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn {
        self.add(paint_of(style, false), Shape::polyline(path));
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn {
        if radius > 0 {
            self.add(paint_of(style, fill), Shape::circle(center, radius));
        }
        Ok(())
    }

    fn blit_bitmap(&mut self, at: BackendCoord, (w, h): (u32, u32), rgb: &[u8]) -> Drawn {
        // Whole rows only: an ImageData is its width × rows.
        let rows = (h as usize).min(rgb.len() / 3 / (w as usize).max(1));
        let pixels = w as usize * rows;
        if pixels == 0 {
            return Ok(());
        }
        // Row by row: a row like the one above is copied (a raster's row
        // of cells is several pixel rows high).
        let (w, rgb) = (w as usize, &rgb[..pixels * 3]);
        let mut rgba = vec![255u8; pixels * 4];
        for y in 0..rows {
            let (to, from) = (y * w * 4, y * w * 3);
            if y > 0 && rgb[from..from + w * 3] == rgb[from - w * 3..from] {
                rgba.copy_within(to - w * 4..to, to);
                continue;
            }
            for (d, s) in rgba[to..to + w * 4]
                .chunks_exact_mut(4)
                .zip(rgb[from..from + w * 3].chunks_exact(3))
            {
                d[..3].copy_from_slice(s);
            }
        }
        self.recording.borrow_mut().ops.push(Op::Image {
            at,
            width: w as u32,
            rgba,
        });
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Drawn {
        if let Some(shape) = Shape::polygon(vert.into_iter().collect()) {
            self.add(paint_of(style, true), shape);
        }
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Drawn {
        if let Ok(size) = self.estimate_text_size(text, style) {
            text_boxes::record(text, style, pos, size);
        }
        let (text, family, font_style) = (
            text.to_string(),
            style.family().as_str().to_string(),
            style.style(),
        );
        let (size, color, anchor, transform) = (
            style.size(),
            style.color(),
            style.anchor(),
            style.transform(),
        );
        self.text(move |b| {
            let style = TextStyle {
                font: FontDesc::new(family.as_str().into(), size, font_style)
                    .transform(transform.clone()),
                color,
                pos: anchor,
            };
            b.draw_text(&text, &style, pos)
        });
        Ok(())
    }

    /// The width as a canvas off the page measures it; the height is the
    /// font's line as a `<span>` measures it (plotters' way), once per font.
    ///
    /// Why: plotters measures each text with a `<span>` added to the page,
    /// whose `offsetHeight` makes the browser lay the whole page out again
    /// (about 2 ms each on a page just updated with a round at N = 8192);
    /// a canvas of the page measuring has the browser bring the page's style
    /// up to date first (about 1 ms each there). An `OffscreenCanvas` has no
    /// page. Its width, rounded, is the span's (checked in Chromium over
    /// fonts, sizes and texts with Greek letters and combining marks).
    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        let font = format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        );
        self.context.set_font(&font);
        let width = self
            .context
            .measure_text(text)
            .map_err(|_| DrawingErrorKind::FontError("measureText failed".into()))?
            .width();
        let height = line_height::of(style, || {
            let ((x0, y0), (x1, y1)) = style
                .layout_box("x")
                .map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
            Ok::<_, DrawingErrorKind<CanvasError>>((
                (x1 - x0).max(0) as u32,
                (y1 - y0).max(0) as u32,
            ))
        })?;
        Ok((width.round().max(0.0) as u32, height))
    }
}

/// Line heights of fonts, measured once each.
mod line_height {
    use std::cell::RefCell;

    use plotters_backend::{BackendTextStyle, DrawingErrorKind};

    /// A font: (family, style, size's bits).
    type Font = (String, String, u64);

    thread_local! {
        /// A list: a page draws in a dozen fonts or so.
        static HEIGHTS: RefCell<Vec<(Font, u32)>> = const { RefCell::new(Vec::new()) };
    }

    /// The line height of `style`'s font: remembered, or `measure`d (a
    /// text's size) and remembered.
    pub fn of<T: BackendTextStyle, E: std::error::Error + Send + Sync>(
        style: &T,
        measure: impl FnOnce() -> Result<(u32, u32), DrawingErrorKind<E>>,
    ) -> Result<u32, DrawingErrorKind<E>> {
        let font = (
            style.family().as_str().to_string(),
            style.style().as_str().to_string(),
            style.size().to_bits(),
        );
        if let Some(h) =
            HEIGHTS.with_borrow(|all| all.iter().find(|(f, _)| *f == font).map(|e| e.1))
        {
            return Ok(h);
        }
        let (_, h) = measure()?;
        HEIGHTS.with_borrow_mut(|all| {
            if all.len() >= 256 {
                all.clear();
            }
            all.push((font, h));
        });
        Ok(h)
    }
}
