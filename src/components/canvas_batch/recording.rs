//! A recorded drawing and its painting: runs of opaque marks of one paint
//! as one `Path2D` each, texts through plotters-canvas, images as one
//! `putImageData`; at once, or in parts (see `components::painting`).

use plotters_backend::{BackendCoord, DrawingBackend, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, Path2d};

use super::shapes::{Paint, Shape};
use crate::components::now;

/// plotters-canvas' error (its type is not exported by name).
pub type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;
/// What a step of plotters' canvas backend gives.
pub type Drawn = Result<(), DrawingErrorKind<CanvasError>>;

/// Most shapes in one path: Chromium's painting of a path grows faster
/// than its number of shapes (8 000 circles: 19 ms filled in one path,
/// 12 ms in paths of 256; stroked, 79 and 49 ms).
const MAX_SHAPES: usize = 256;

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

/// The 2D context of a canvas on the page.
pub fn context_of(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
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
