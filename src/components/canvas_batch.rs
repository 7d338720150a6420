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
//! `coded_panels::chart::bitmap`).

use std::cell::RefCell;
use std::rc::Rc;

use plotters::style::{FontDesc, TextStyle};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, OffscreenCanvas,
    OffscreenCanvasRenderingContext2d, Path2d,
};

use shapes::{Paint, Shape};

/// Most shapes in one path: Chromium's painting of a path grows faster
/// than its number of shapes (8 000 circles: 19 ms filled in one path,
/// 12 ms in paths of 256; stroked, 79 and 49 ms).
const MAX_SHAPES: usize = 256;

/// plotters-canvas' error (its type is not exported by name).
type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;
type Drawn = Result<(), DrawingErrorKind<CanvasError>>;

/// One step of a recorded drawing.
pub enum Op {
    /// Shapes of one paint, painted together `MAX_SHAPES` at a time (one
    /// shape only when the paint is translucent).
    Run { paint: Paint, shapes: Vec<Shape> },
    /// A text, painted by plotters' canvas backend.
    Text(Box<dyn Fn(&mut CanvasBackend) -> Drawn>),
    /// Opaque pixels at a position: width, and RGBA rows top first.
    Image {
        at: BackendCoord,
        width: u32,
        rgba: Vec<u8>,
    },
}

impl Op {
    /// How many calls painting it makes, about: a measure of its work.
    fn weight(&self) -> usize {
        match self {
            Op::Run { shapes, .. } => shapes.len(),
            Op::Text(_) => 4,
            // A pixel row of a plot's width a mark: the straggler raster
            // (about 1 000 × 500 pixels) is not painted with the recording
            // but in a part of its own (see `painting`).
            Op::Image { rgba, .. } => 1 + rgba.len() / 4_000,
        }
    }
}

/// A recorded drawing, and how far its painting has got: (step, shape of
/// that step).
#[derive(Default)]
pub struct Recording {
    pub ops: Vec<Op>,
    at: (usize, usize),
    /// The work painted so far (see [`Op::weight`]).
    painted: usize,
}

impl Recording {
    /// The work of the whole drawing (see [`Op::weight`]).
    pub fn weight(&self) -> usize {
        self.ops.iter().map(Op::weight).sum()
    }

    /// The work painted so far.
    pub fn painted(&self) -> usize {
        self.painted
    }

    /// Paints on `canvas` what is left, or a part: until `performance.now()`
    /// passes `part.0` or the work painted passes `part.1` (see
    /// [`Op::weight`]); true when all of it is painted.
    pub fn paint(&mut self, canvas: &HtmlCanvasElement, part: Option<(f64, usize)>) -> bool {
        let (Some(context), Some(mut plotters)) = (
            context_of(canvas),
            CanvasBackend::with_canvas_object(canvas.clone()),
        ) else {
            return true;
        };
        let mut painted = 0;
        while let Some(op) = self.ops.get(self.at.0) {
            match op {
                Op::Run { paint, shapes } => {
                    let end = shapes.len().min(self.at.1 + MAX_SHAPES);
                    let size = (canvas.width(), canvas.height());
                    paint_run(&context, *paint, &shapes[self.at.1..end], size);
                    painted += end - self.at.1;
                    self.at = if end < shapes.len() {
                        (self.at.0, end)
                    } else {
                        (self.at.0 + 1, 0)
                    };
                }
                Op::Text(draw) => {
                    let _ = draw(&mut plotters);
                    painted += op.weight();
                    self.at = (self.at.0 + 1, 0);
                }
                Op::Image { at, width, rgba } => {
                    if let Ok(image) = web_sys::ImageData::new_with_u8_clamped_array(
                        wasm_bindgen::Clamped(rgba.as_slice()),
                        *width,
                    ) {
                        let _ = context.put_image_data(&image, at.0.into(), at.1.into());
                    }
                    painted += op.weight();
                    self.at = (self.at.0 + 1, 0);
                }
            }
            if part.is_some_and(|(t, most)| painted >= most || now() >= t) {
                break;
            }
        }
        self.painted += painted;
        self.at.0 >= self.ops.len()
    }
}

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

/// `performance.now()`, in ms.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn context_of(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// Paints `shapes` as one path in `paint` on a canvas `size` large.
fn paint_run(context: &CanvasRenderingContext2d, paint: Paint, shapes: &[Shape], size: (u32, u32)) {
    let Ok(path) = Path2d::new() else {
        return;
    };
    let color = paint.css();
    let mut shapes = shapes;
    if paint.stroke.is_none() {
        context.set_fill_style_str(&color);
        // A fill of the whole canvas (a drawing's background) as a
        // rectangle, as plotters-canvas paints it: what tools watching the
        // canvas take for the start of a drawing.
        if let Some((Shape::Rect { x, y, w, h }, rest)) = shapes.split_first() {
            if *x <= 0.0 && *y <= 0.0 && *w >= f64::from(size.0) && *h >= f64::from(size.1) {
                context.fill_rect(*x, *y, *w, *h);
                shapes = rest;
            }
        }
    }
    for shape in shapes {
        trace(&path, shape);
    }
    match paint.stroke {
        None => {
            context.fill_with_path_2d(&path);
        }
        Some(width) => {
            context.set_stroke_style_str(&color);
            context.set_line_width(f64::from(width));
            context.stroke_with_path(&path);
        }
    }
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

/// Adds `shape` to `path` as a subpath of its own.
fn trace(path: &Path2d, shape: &Shape) {
    match shape {
        Shape::Rect { x, y, w, h } => path.rect(*x, *y, *w, *h),
        Shape::Circle { x, y, r } => {
            path.move_to(x + r, *y);
            let _ = path.arc(*x, *y, *r, 0.0, std::f64::consts::TAU);
        }
        // A polygon is only filled, and a fill closes each subpath itself
        // (an explicit closePath per polygon cost Chromium more than the
        // polygon).
        Shape::Segment(a, b) => {
            path.move_to(a.0, a.1);
            path.line_to(b.0, b.1);
        }
        Shape::Line(points) | Shape::Polygon(points) => {
            let mut points = points.iter();
            if let Some(&(x, y)) = points.next() {
                path.move_to(x, y);
                for &(x, y) in points {
                    path.line_to(x, y);
                }
            }
        }
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

/// The shapes of a batched run, as plotters' canvas backend would draw
/// each (the same coordinates, half-pixel shifts included), every closed
/// one turning the same way: filled together under the non-zero rule, two
/// overlapping shapes turning opposite ways would leave their overlap
/// empty.
mod shapes {
    use plotters_backend::BackendCoord;

    /// How a run of shapes is painted: in `color`, filled (no `stroke`) or
    /// stroked `stroke` wide.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Paint {
        pub rgb: (u8, u8, u8),
        pub alpha: f64,
        pub stroke: Option<u32>,
    }

    impl Paint {
        /// Its colour in CSS: `rgb(…)` when opaque, else `rgba(…)`.
        pub fn css(&self) -> String {
            let (r, g, b) = self.rgb;
            if self.alpha >= 1.0 {
                format!("rgb({r},{g},{b})")
            } else {
                format!("rgba({r},{g},{b},{})", self.alpha)
            }
        }
    }

    #[derive(Clone, Debug, PartialEq)]
    pub enum Shape {
        /// Width and height not negative: clockwise on the screen.
        Rect { x: f64, y: f64, w: f64, h: f64 },
        /// Traced clockwise from its rightmost point.
        Circle { x: f64, y: f64, r: f64 },
        /// An open line.
        Line(Vec<(f64, f64)>),
        /// A line of two points (no list to allocate: error bars and
        /// crosses come by the thousand).
        Segment((f64, f64), (f64, f64)),
        /// Closed, clockwise.
        Polygon(Vec<(f64, f64)>),
    }

    fn point((x, y): BackendCoord) -> (f64, f64) {
        (f64::from(x), f64::from(y))
    }

    /// Twice the signed area of a closed polygon: positive when it turns
    /// clockwise on the screen (y down), as rectangles and circles do.
    pub fn turning(points: &[BackendCoord]) -> i64 {
        let n = points.len();
        (0..n)
            .map(|i| {
                let (a, b) = (points[i], points[(i + 1) % n]);
                i64::from(a.0) * i64::from(b.1) - i64::from(b.0) * i64::from(a.1)
            })
            .sum()
    }

    impl Shape {
        /// A segment, shifted half a pixel when it is horizontal or
        /// vertical (as plotters' canvas backend does, so a one-pixel line
        /// covers one row of pixels rather than two half-lit ones).
        pub fn segment(from: BackendCoord, to: BackendCoord) -> Shape {
            let (mut a, mut b) = (point(from), point(to));
            if from.0 == to.0 {
                a.0 -= 0.5;
                b.0 -= 0.5;
            }
            if from.1 == to.1 {
                a.1 -= 0.5;
                b.1 -= 0.5;
            }
            Shape::Segment(a, b)
        }

        /// The rectangle between two corners, in either order.
        pub fn rect(a: BackendCoord, b: BackendCoord) -> Shape {
            let (x, y) = (a.0.min(b.0), a.1.min(b.1));
            Shape::Rect {
                x: f64::from(x),
                y: f64::from(y),
                w: f64::from(a.0.max(b.0) - x),
                h: f64::from(a.1.max(b.1) - y),
            }
        }

        pub fn circle(center: BackendCoord, r: u32) -> Shape {
            let (x, y) = point(center);
            Shape::Circle {
                x,
                y,
                r: f64::from(r),
            }
        }

        /// An open line through `points` (no shift: plotters' canvas
        /// backend shifts single segments only).
        pub fn polyline(points: impl IntoIterator<Item = BackendCoord>) -> Shape {
            Shape::Line(points.into_iter().map(point).collect())
        }

        /// A closed polygon turned clockwise; None below three corners
        /// (nothing to fill).
        pub fn polygon(mut points: Vec<BackendCoord>) -> Option<Shape> {
            if points.len() < 3 {
                return None;
            }
            if turning(&points) < 0 {
                points.reverse();
            }
            Some(Shape::Polygon(points.into_iter().map(point).collect()))
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn rectangles_turn_one_way_whichever_corners_are_given() {
            let a = Shape::rect((10, 20), (30, 5));
            assert_eq!(a, Shape::rect((30, 5), (10, 20)));
            assert_eq!(
                a,
                Shape::Rect {
                    x: 10.0,
                    y: 5.0,
                    w: 20.0,
                    h: 15.0
                }
            );
            // A rectangle's corners in tracing order turn as polygons are made to.
            assert!(turning(&[(10, 5), (30, 5), (30, 20), (10, 20)]) > 0);
        }

        #[test]
        fn polygons_are_turned_clockwise() {
            let clockwise = vec![(0, 0), (10, 0), (10, 10)];
            let mut anti = clockwise.clone();
            anti.reverse();
            assert!(turning(&clockwise) > 0 && turning(&anti) < 0);
            let a = Shape::polygon(clockwise).unwrap();
            assert_eq!(a, Shape::polygon(anti).unwrap());
            assert_eq!(
                a,
                Shape::Polygon(vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)])
            );
            assert_eq!(Shape::polygon(vec![(0, 0), (1, 1)]), None);
        }

        #[test]
        fn straight_segments_sit_on_pixel_centres_like_plotters_canvas() {
            assert_eq!(
                Shape::segment((3, 4), (3, 9)),
                Shape::Segment((2.5, 4.0), (2.5, 9.0))
            );
            assert_eq!(
                Shape::segment((1, 2), (6, 2)),
                Shape::Segment((1.0, 1.5), (6.0, 1.5))
            );
            assert_eq!(
                Shape::segment((0, 0), (5, 7)),
                Shape::Segment((0.0, 0.0), (5.0, 7.0))
            );
            assert_eq!(
                Shape::polyline([(3, 4), (3, 9)]),
                Shape::Line(vec![(3.0, 4.0), (3.0, 9.0)])
            );
        }

        #[test]
        fn colours_are_css_rgb() {
            let c = |alpha| Paint {
                rgb: (1, 2, 255),
                alpha,
                stroke: None,
            };
            assert_eq!(c(1.0).css(), "rgb(1,2,255)");
            assert_eq!(c(0.25).css(), "rgba(1,2,255,0.25)");
            assert_eq!(
                Shape::circle((1, 2), 3),
                Shape::Circle {
                    x: 1.0,
                    y: 2.0,
                    r: 3.0
                }
            );
        }
    }
}
