//! Panel 5 drawn: the table's caption and cells as an image (an exported
//! figure, a slide), the same words as the page's HTML table.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::view::{cells, headings, TableView};
use crate::chart::common::{font, text_width, wrap};
use crate::theme::Theme;
use crate::{Area, DrawResult, Frame};

pub fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &TableView,
) -> DrawResult<DB> {
    area.fill(&theme.surface)?;
    let (w, _) = area.dim_in_pixel();
    let pad = theme.px(8.0) as i32;
    let size = 12.0;
    let line = theme.px(size * 1.5) as i32;
    let left = Pos::new(HPos::Left, VPos::Top);
    let body = font(theme, size).pos(left);
    let head = ("sans-serif", theme.font(size))
        .into_font()
        .style(FontStyle::Bold)
        .color(&theme.foreground)
        .pos(left);
    let mut y = pad;
    for l in wrap(
        &view.caption,
        theme.font(size),
        w.saturating_sub(2 * pad as u32),
    ) {
        area.draw(&Text::new(l, (pad, y), body.clone()))?;
        y += line;
    }
    y += line / 2;
    let rows: Vec<Vec<String>> = view.rows.iter().map(|r| cells(r, view.columns())).collect();
    let titles = headings(view.columns());
    // Each column as wide as its widest text, the space left shared out.
    let widths: Vec<f64> = (0..titles.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].as_str())
                .chain([titles[c]])
                .map(|t| text_width(t, theme.font(size)))
                .fold(0.0, f64::max)
        })
        .collect();
    let gap = theme.px(14.0) as f64;
    let spare = (w as f64 - 2.0 * pad as f64 - widths.iter().map(|c| c + gap).sum::<f64>())
        .max(0.0)
        / titles.len() as f64;
    let mut x = pad as f64;
    let columns: Vec<i32> = widths
        .iter()
        .map(|c| {
            let at = x as i32;
            x += c + gap + spare;
            at
        })
        .collect();
    for (c, t) in titles.iter().enumerate() {
        area.draw(&Text::new(t.to_string(), (columns[c], y), head.clone()))?;
    }
    y += line;
    area.draw(&PathElement::new(
        vec![(pad, y - line / 4), (w as i32 - pad, y - line / 4)],
        theme.muted.stroke_width(theme.px(1.0)),
    ))?;
    for r in &rows {
        for (c, text) in r.iter().enumerate() {
            area.draw(&Text::new(text.clone(), (columns[c], y), body.clone()))?;
        }
        y += line;
    }
    for note in &view.failure_notes {
        for l in wrap(note, theme.font(size), w.saturating_sub(2 * pad as u32)) {
            area.draw(&Text::new(l, (pad, y), body.clone()))?;
            y += line;
        }
    }
    area.present()?;
    Ok(Frame::default())
}
