//! Painting a recorded drawing: at once when it is small, else in parts,
//! each in a turn of its own (see [`turns`]), on a canvas off the page that
//! is copied onto the plot when it is complete (the plot never shows half
//! a drawing).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::turns;
use crate::components::canvas_batch::{context_of, Recording};
use crate::components::now;
use coded_panels::Frame;

/// Drawings up to this work (about one call each, see
/// `Recording::weight`) are painted at once: a few milliseconds.
const AT_ONCE: usize = 3000;
/// A part: at most this time of calls, and this work. The browser's
/// painting of it comes after, several times as long (about 10 µs a
/// mark on a busy 2-core machine).
const PART_MS: f64 = 4.0;
const PART_WORK: usize = 1500;
/// The browser's painting of a part should take about this long: the
/// next part's work is sized from how long the last one's took (marks
/// differ: a stroked circle costs the browser four filled ones).
const PART_PAINT_MS: f64 = 12.0;
/// The smallest part (a part pays a task and a copy of a pixel).
const PART_WORK_MIN: usize = 100;

/// A drawing to paint, and what the plot shows with it.
pub struct Job {
    pub recording: Recording,
    pub size: (u32, u32),
    /// The `data-text-boxes` attribute.
    pub boxes: String,
    pub frame: Frame,
}

pub struct Painter {
    target: NodeRef<html::Canvas>,
    frame: StoredValue<Frame>,
    tip: RwSignal<Option<(String, f64, f64)>>,
    job: RefCell<Option<Job>>,
    /// Counts the drawings started: a part of an older one stops.
    started: Cell<u64>,
    /// The work of the next part (see [`PART_PAINT_MS`]).
    part_work: Cell<usize>,
    offscreen: RefCell<Option<HtmlCanvasElement>>,
}

impl Painter {
    pub fn new(
        target: NodeRef<html::Canvas>,
        frame: StoredValue<Frame>,
        tip: RwSignal<Option<(String, f64, f64)>>,
    ) -> Self {
        Painter {
            target,
            frame,
            tip,
            job: RefCell::new(None),
            started: Cell::new(0),
            part_work: Cell::new(PART_WORK),
            offscreen: RefCell::new(None),
        }
    }

    /// Stops the drawing being painted: its plot is gone (a part would
    /// find its canvas, frame and tooltip disposed).
    pub fn stop(&self) {
        self.started.set(self.started.get() + 1);
        self.job.replace(None);
    }

    /// Shows `job`'s drawing (already painted on `from`, or painted on
    /// the plot now) with its frame and text boxes.
    fn show(&self, mut job: Job, from: Option<&HtmlCanvasElement>) {
        // `try_`: a plot that went between two turns has nothing to show.
        let Some(canvas) = self.target.try_get_untracked().flatten() else {
            return;
        };
        // Setting the size clears the canvas, even to the same value:
        // only when needed (every drawing paints its background).
        let (w, h) = job.size;
        if canvas.width() != w {
            canvas.set_width(w);
        }
        if canvas.height() != h {
            canvas.set_height(h);
        }
        match from {
            Some(off) => {
                if let Some(c) = context_of(&canvas) {
                    let _ = c.draw_image_with_html_canvas_element(off, 0.0, 0.0);
                }
            }
            None => {
                job.recording.paint(&canvas, None);
            }
        }
        let _ = canvas.set_attribute("data-text-boxes", &job.boxes);
        self.frame.try_set_value(job.frame);
        // The data under a shown tooltip may have changed: hide it.
        self.tip.try_set(None);
    }
}

/// Shows `job`: at once when it is small and `now` allows it, else from
/// the next turn on.
///
/// Why not always at once when small: a drawing recorded a part a turn
/// ends with its last part's task; painting it there too (the straggler
/// raster's image, every text) made that task one of the page's longest.
pub fn start(painter: &Rc<Painter>, job: Job, now: bool) {
    let n = painter.started.get() + 1;
    painter.started.set(n);
    if now && job.recording.weight() <= AT_ONCE {
        painter.job.replace(None);
        painter.show(job, None);
        return;
    }
    painter.job.replace(Some(job));
    let p = painter.clone();
    turns::wait(move || {
        turns::waited();
        part(p, n, true);
    });
}

/// Paints the next part of drawing `n`, if it is still the latest.
fn part(painter: Rc<Painter>, n: u64, first: bool) {
    if painter.started.get() != n {
        return;
    }
    let Some(mut job) = painter.job.take() else {
        return;
    };
    let Some(off) = offscreen(&painter, job.size, first) else {
        painter.show(job, None);
        return;
    };
    let limit = (now() + PART_MS, painter.part_work.get());
    let before = job.recording.painted();
    if job.recording.paint(&off, Some(limit)) {
        painter.show(job, Some(&off));
        return;
    }
    // Has the browser paint this part now, in this task, rather than
    // every part when the plot copies the canvas.
    let start = now();
    if let Some(c) = context_of(&off) {
        let _ = c.get_image_data(0.0, 0.0, 1.0, 1.0);
    }
    let (ms, work) = (now() - start, job.recording.painted() - before);
    painter
        .part_work
        .set(next_part(painter.part_work.get(), work, ms));
    painter.job.replace(Some(job));
    turns::wait(move || {
        turns::waited();
        part(painter, n, false);
    });
}

/// The work of the next part, from the last one's: `work` the browser
/// painted in `ms`. Down at once to the size that takes
/// [`PART_PAINT_MS`] when the last part took longer (a part three times
/// too long is a long task; halfway down left the next one twice too
/// long), up only halfway when it was quicker (one quick part, a moment
/// of a quiet machine, does not double them all).
fn next_part(last: usize, work: usize, ms: f64) -> usize {
    if work == 0 || !ms.is_finite() || ms <= 0.0 {
        return last;
    }
    let fits = work as f64 * PART_PAINT_MS / ms;
    let next = if fits < last as f64 {
        fits
    } else {
        (last as f64 + fits) / 2.0
    };
    (next.round() as usize).clamp(PART_WORK_MIN, PART_WORK)
}

/// The canvas off the page, `size` large (cleared when `fresh`).
fn offscreen(painter: &Painter, (w, h): (u32, u32), fresh: bool) -> Option<HtmlCanvasElement> {
    let mut slot = painter.offscreen.borrow_mut();
    if slot.is_none() {
        *slot = web_sys::window()?
            .document()?
            .create_element("canvas")
            .ok()?
            .dyn_into()
            .ok();
    }
    let off = slot.clone()?;
    if fresh {
        // Setting a size clears the canvas, as a fresh drawing needs.
        off.set_width(w);
        off.set_height(h);
    }
    Some(off)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_sized_from_how_long_the_browser_painted_the_last() {
        // 1 500 marks in 36 ms: three times too long; down to 500 at once.
        assert_eq!(next_part(1500, 1500, 36.0), 500);
        // Then 500 in 6 ms: quicker marks, halfway up to the 1 000 that fit.
        assert_eq!(next_part(500, 500, 6.0), 750);
        // Quick marks: back up, never over the most.
        assert_eq!(next_part(750, 750, 3.0), PART_WORK);
        // Very slow ones: never under the least.
        assert_eq!(next_part(150, 150, 500.0), PART_WORK_MIN);
        // Nothing measured: the same size again.
        assert_eq!(next_part(800, 0, 10.0), 800);
        assert_eq!(next_part(800, 100, 0.0), 800);
    }
}
