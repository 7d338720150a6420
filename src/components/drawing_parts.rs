//! Recording a plot's drawing: in one go, or a part a turn when the
//! drawing is made of parts (see `Theme::part` in `coded-panels`), then
//! painting it (see [`painting`]).
//!
//! Why: at N = 8192 the encoder/decoder plot is three charts of thousands
//! of marks each, and the straggler plot a round of 8 192 marks over a
//! raster of a million cells. Recorded in one task, each plot held the
//! page for 25-45 ms of work (longer while the workers hold both cores);
//! a chart a task, the page answers clicks and paints between them.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::untrack;
use plotters::drawing::IntoDrawingArea;
use web_sys::HtmlCanvasElement;

use super::canvas_batch::{BatchedCanvas, Recording};
use super::plot_backend::{DrawFn, PlotBackend};
use super::text_boxes;
use super::{painting, turns};
use crate::theme::Theme;
use coded_panels::Frame;

/// A drawing to record: its draw function, theme and canvas.
pub struct Drawing {
    pub draw: DrawFn,
    pub theme: Theme,
    pub canvas: HtmlCanvasElement,
    /// The canvas' backing store, in device pixels.
    pub size: (u32, u32),
    /// Device pixels per CSS pixel (for the text boxes' attribute).
    pub dpr: f64,
}

/// A plot's recorder: counts the drawings started, so that the parts of
/// an older one stop.
#[derive(Default)]
pub struct Recorder {
    started: Cell<u64>,
}

impl Recorder {
    /// Stops the drawing being recorded: its plot is gone, and the signals
    /// its draw function reads with it.
    pub fn stop(&self) {
        self.started.set(self.started.get() + 1);
    }
}

/// A drawing being recorded.
struct Progress {
    drawing: Drawing,
    recording: Rc<RefCell<Recording>>,
    boxes: Vec<text_boxes::TextBox>,
}

/// Records `drawing`, its first part now (in the caller's reactive
/// context, which tracks what it reads), the others a turn each; then
/// paints it with `painter`.
pub fn start(recorder: &Rc<Recorder>, painter: &Rc<painting::Painter>, drawing: Drawing) {
    let n = recorder.started.get() + 1;
    recorder.started.set(n);
    let progress = Progress {
        drawing,
        recording: Rc::new(RefCell::new(Recording::default())),
        boxes: vec![],
    };
    part(recorder.clone(), painter.clone(), n, progress, 0);
}

/// Records part `k` of drawing `n`, if it is still the latest.
fn part(
    recorder: Rc<Recorder>,
    painter: Rc<painting::Painter>,
    n: u64,
    mut progress: Progress,
    k: usize,
) {
    if recorder.started.get() != n {
        return;
    }
    let d = &progress.drawing;
    let Some(backend) =
        BatchedCanvas::recording(d.canvas.clone(), d.size, progress.recording.clone())
    else {
        web_sys::console::error_1(&"PlotCanvas: no 2d context".into());
        return;
    };
    let area = PlotBackend::Canvas(backend).into_drawing_area();
    let theme = d.theme.clone().with_part(k);
    text_boxes::start();
    // The later parts read the same data untracked: a change of it runs
    // the plot's effect again, which starts a new drawing (this one stops).
    let drawn = if k == 0 {
        (d.draw)(&area, &theme)
    } else {
        untrack(|| (d.draw)(&area, &theme))
    };
    drop(area);
    progress.boxes.extend(text_boxes::take());
    let frame = match drawn {
        Ok(f) => f,
        Err(e) => {
            web_sys::console::error_1(&format!("PlotCanvas: drawing failed: {e}").into());
            Frame::default()
        }
    };
    if k + 1 < frame.parts {
        turns::wait(move || {
            turns::waited();
            // This task is this plot's: no other plot draws in it.
            turns::may_draw();
            part(recorder, painter, n, progress, k + 1);
        });
        return;
    }
    let Progress {
        drawing,
        recording,
        boxes,
    } = progress;
    // A drawing of one part is painted in its task if small; one of
    // several, from the next turn (see `painting::start`).
    painting::start(
        &painter,
        painting::Job {
            recording: recording.take(),
            size: drawing.size,
            boxes: text_boxes::attribute(&boxes, drawing.dpr),
            frame,
        },
        k == 0,
    );
}
