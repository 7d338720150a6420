//! Legends drawn inside a plot: how an entry looks ([`Swatch`]), how many
//! columns and rows the entries take, and the area split off for them.

use super::common::{draw_pixel_marker, pattern_pieces, pattern_px, AreaError, Stroke};
use super::verdicts::draw_verdict_at;
use crate::detection::Verdict;
use crate::theme::Theme;
use crate::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// How a legend entry is drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Swatch {
    Line {
        color: RGBColor,
        stroke: Stroke,
        shape: Option<usize>,
    },
    Marker {
        color: RGBColor,
        shape: usize,
        filled: bool,
    },
    /// A shaded band.
    Area { color: RGBColor },
    /// A locating decoder's verdict: its outline (`chart::verdicts`).
    Verdict(Verdict),
}

/// Legend columns for `entries` in an area `width` × `height` backend
/// pixels: two in a wide area; more where the legend would otherwise take
/// more than a third of the height (a zoomed slide), each column still
/// about 240 CSS pixels wide.
pub fn legend_columns(theme: &Theme, width: u32, height: u32, entries: usize) -> usize {
    let css_width = width as f64 / theme.scale;
    let mut columns = if css_width >= 640.0 { 2 } else { 1 };
    while columns < 3
        && legend_height(theme, entries, columns) > height / 3
        && css_width / (columns + 1) as f64 >= 240.0
    {
        columns += 1;
    }
    columns
}

/// Height in backend pixels of a legend with `entries` rows in `columns`.
pub fn legend_height(theme: &Theme, entries: usize, columns: usize) -> u32 {
    if entries == 0 {
        return 0;
    }
    let rows = entries.div_ceil(columns.max(1));
    theme.px(18.0 * rows as f64 + 8.0)
}

/// Draws legend entries in rows (and `columns`) on `area`.
pub fn draw_legend<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    entries: &[(String, Swatch)],
    columns: usize,
) -> Result<(), AreaError<DB>> {
    let (w, _) = area.dim_in_pixel();
    let col_w = w as i32 / columns.max(1) as i32;
    let row_h = theme.px(18.0) as i32;
    let left = theme.px(12.0) as i32;
    let sw = theme.px(26.0) as i32;
    let style = ("sans-serif", theme.font(11.5))
        .into_font()
        .color(&theme.foreground);
    let style = style.pos(Pos::new(HPos::Left, VPos::Center));
    for (i, (label, swatch)) in entries.iter().enumerate() {
        let (r, c) = (i / columns.max(1), i % columns.max(1));
        let x = left + c as i32 * col_w;
        let y = theme.px(4.0) as i32 + r as i32 * row_h + row_h / 2;
        match swatch {
            Swatch::Line {
                color,
                stroke,
                shape,
            } => {
                let st = color.stroke_width(theme.px(2.0));
                let line = [(x as f64, y as f64), ((x + sw) as f64, y as f64)];
                for piece in pattern_pieces(&line, &pattern_px(theme, *stroke)) {
                    let piece: Vec<(i32, i32)> = piece
                        .into_iter()
                        .map(|(x, y)| (x.round() as i32, y.round() as i32))
                        .collect();
                    area.draw(&PathElement::new(piece, st))?;
                }
                if let Some(s) = shape {
                    draw_pixel_marker(
                        area,
                        *s,
                        (x + sw / 2, y),
                        theme.px(4.0) as i32,
                        color.filled(),
                    )?;
                }
            }
            Swatch::Marker {
                color,
                shape,
                filled,
            } => {
                let st = if *filled {
                    color.filled()
                } else {
                    color.stroke_width(theme.px(1.5))
                };
                draw_pixel_marker(area, *shape, (x + sw / 2, y), theme.px(4.5) as i32, st)?;
            }
            Swatch::Verdict(verdict) => {
                // Smaller than in a chart, to fit the legend's row.
                let r = theme.px(6.0) as i32;
                draw_verdict_at(area, theme, *verdict, (x + sw / 2, y), r)?;
            }
            Swatch::Area { color } => {
                let h = theme.px(5.0) as i32;
                area.draw(&Rectangle::new(
                    [(x, y - h), (x + sw, y + h)],
                    color.mix(0.25).filled(),
                ))?;
            }
        }
        area.draw(&Text::new(
            label.clone(),
            (x + sw + theme.px(6.0) as i32, y),
            style.clone(),
        ))?;
    }
    Ok(())
}

/// Splits off a legend of `entries` below the chart area.
pub fn with_legend<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    entries: usize,
) -> (Area<DB>, Option<(Area<DB>, usize)>) {
    let (w, h) = area.dim_in_pixel();
    let cols = legend_columns(theme, w, h, entries);
    let lh = legend_height(theme, entries, cols).min(h / 2);
    if lh == 0 {
        return (area.clone(), None);
    }
    let (top, bottom) = area.split_vertically(h - lh);
    (top, Some((bottom, cols)))
}
