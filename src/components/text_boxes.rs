//! Where the texts of the last drawing went: what a test needs to check
//! that no text of a plot overlaps another or leaves the canvas, and that
//! none is too small on a slide. The page sets them on the canvas as
//! `data-text-boxes` (see `plot_canvas`).

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
