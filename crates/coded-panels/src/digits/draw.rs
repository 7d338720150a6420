//! Draws a [`DigitsView`]: the K input digits with their true label, the
//! uncoded model's prediction and the decoded one; then the blended images a
//! sample of servers receive, stragglers crossed out.

use super::hover::{INPUT, SERVER};
use super::view::DigitsView;
use crate::chart::common::*;
use crate::format::percent;
use crate::geometry::{ChartGeometry, DataRange};
use crate::theme::Theme;
use crate::words::plural;
use crate::{Area, DrawResult, Frame};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

const SIDE: usize = 28;

pub fn headline(view: &DigitsView) -> String {
    let name = view.scheme.label();
    match &view.failure {
        Some(f) => format!("LeNet-5, {name}: this round failed: {f}"),
        None => format!(
            "LeNet-5, {name}, K = {}, N = {}: relative accuracy {} · accuracy {}",
            view.k,
            view.n,
            view.relative_accuracy
                .map(percent)
                .unwrap_or_else(|| "–".into()),
            view.accuracy.map(percent).unwrap_or_else(|| "–".into()),
        ),
    }
}

/// The coded class under an input card, against the uncoded network's:
/// "= coded 9" (the same class), "≠ coded 3", or "coded –" (the round failed).
fn coded_text(decoded: Option<usize>, uncoded: usize, theme: &Theme) -> (String, RGBColor) {
    match decoded {
        Some(d) if d == uncoded => (format!("= coded {d}"), theme.good),
        Some(d) => (format!("≠ coded {d}"), theme.alert),
        None => ("coded –".to_string(), theme.alert),
    }
}

/// The centre x and the top of card `i` of a grid whose first row starts
/// at `at`: `cols` cards a row, each `cell` pixels wide, the rows `row_h`
/// pixels apart.
fn card_place(i: usize, cols: usize, at: (i32, i32), cell: i32, row_h: i32) -> (i32, i32) {
    let (r, c) = ((i / cols) as i32, (i % cols) as i32);
    (at.0 + c * cell + cell / 2, at.1 + r * row_h)
}

/// Draws one 28×28 image with its top-left corner at (x, y), `s` pixels a
/// side; returns its geometry (x: column 0..28, y: row 28..0).
fn image<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    pixels: &[f32],
    (x, y): (i32, i32),
    s: i32,
    id: u32,
) -> Result<ChartGeometry, AreaError<DB>> {
    area.draw(&Rectangle::new(
        [(x, y), (x + s, y + s)],
        theme.ink(0.0).filled(),
    ))?;
    let cell = |i: usize| (i as i32 * s) / SIDE as i32;
    for r in 0..SIDE {
        for c in 0..SIDE {
            let v = pixels.get(r * SIDE + c).copied().unwrap_or(0.0) as f64;
            // Mostly background: skip what would be drawn in the surface colour.
            if v.is_nan() || v <= 0.02 {
                continue;
            }
            area.draw(&Rectangle::new(
                [
                    (x + cell(c), y + cell(r)),
                    (x + cell(c + 1), y + cell(r + 1)),
                ],
                theme.ink(v).filled(),
            ))?;
        }
    }
    area.draw(&Rectangle::new(
        [(x, y), (x + s, y + s)],
        theme.grid.stroke_width(theme.px(1.0)),
    ))?;
    Ok(ChartGeometry::new(
        id,
        (x..x + s, y..y + s),
        DataRange::linear(0.0..SIDE as f64),
        DataRange::linear(SIDE as f64..0.0),
    ))
}

/// Columns and card size (backend pixels) for `count` cards in width `w`.
fn layout(theme: &Theme, w: u32, count: usize) -> (usize, i32) {
    let min_card = theme.px(58.0) as usize;
    let cols = count.min((w as usize / min_card).max(1)).max(1);
    (cols, (w as i32 / cols as i32))
}

pub fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &DigitsView,
) -> DrawResult<DB> {
    area.fill(&theme.surface)?;
    let (w, h) = area.dim_in_pixel();
    let pad = theme.px(10.0) as i32;
    let inner_w = w.saturating_sub(2 * pad as u32).max(1);
    let line = theme.px(14.0) as i32;
    let centre = Pos::new(HPos::Center, VPos::Top);
    let top_left = Pos::new(HPos::Left, VPos::Top);
    let head = title_font(theme).pos(Pos::new(HPos::Center, VPos::Top));
    let section = ("sans-serif", theme.font(12.5))
        .into_font()
        .color(&theme.foreground)
        .pos(top_left);
    let small = ("sans-serif", theme.font(10.5))
        .into_font()
        .color(&theme.muted)
        .pos(centre);
    // Texts wrap to the width, so nothing is cut on a phone.
    let head_lines = wrap(&headline(view), theme.font(14.0), inner_w);
    // Under each input: its true label, the uncoded network's class, and
    // the coded class compared with that one ("=" agrees with the uncoded
    // network; it says nothing of the true label).
    let in_text = format!(
        "Inputs x_k ({} of K = {}): true label · uncoded network's class · coded class (= or ≠ the uncoded one)",
        view.inputs.len(),
        view.k
    );
    let sv_text =
        format!(
        "What {} of the N = {} {}: x̃_n = u_enc(β_n), a blend of the inputs (crossed: straggled)",
        view.servers.len(),
        plural(view.n, "server", "servers"),
        if view.servers.len() == 1 { "receives" } else { "receive" }
    );
    let in_lines = wrap(&in_text, theme.font(12.5), inner_w);
    let sv_lines = wrap(&sv_text, theme.font(12.5), inner_w);
    let head_line = theme.px(18.0) as i32;
    let sec_line = theme.px(16.0) as i32;
    let head_h = head_lines.len() as i32 * head_line + theme.px(8.0) as i32;
    let in_label_h = in_lines.len() as i32 * sec_line + theme.px(6.0) as i32;
    let sv_label_h = sv_lines.len() as i32 * sec_line + theme.px(6.0) as i32;
    let (in_cols, in_cell) = layout(theme, inner_w, view.inputs.len());
    let (sv_cols, sv_cell) = layout(theme, inner_w, view.servers.len());
    let in_rows = view.inputs.len().div_ceil(in_cols) as i32;
    let sv_rows = view.servers.len().div_ceil(sv_cols) as i32;
    // Image side: as wide as a card allows, as tall as the canvas allows.
    let fixed = head_h
        + in_label_h
        + sv_label_h
        + in_rows * (3 * line + pad)
        + sv_rows * (2 * line + pad)
        + pad;
    let by_h = (h as i32 - fixed) / (in_rows + sv_rows).max(1);
    let gap = theme.px(8.0) as i32;
    let s = (in_cell.min(sv_cell) - gap)
        .min(by_h)
        .min(theme.px(100.0) as i32)
        .max(theme.px(14.0) as i32);

    let at = (w as i32 / 2, theme.px(4.0) as i32);
    draw_lines(area, &head_lines, at, head_line, &head)?;
    let mut charts = vec![];
    let mut y = head_h;
    draw_lines(area, &in_lines, (pad, y), sec_line, &section)?;
    y += in_label_h;
    let in_row_h = s + 3 * line + pad;
    for (i, card) in view.inputs.iter().enumerate() {
        let (cx, top) = card_place(i, in_cols, (pad, y), in_cell, in_row_h);
        charts.push(image(
            area,
            theme,
            &card.pixels,
            (cx - s / 2, top),
            s,
            INPUT + i as u32,
        )?);
        let t = top + s + theme.px(2.0) as i32;
        let label = card
            .label
            .map(|l| l.to_string())
            .unwrap_or_else(|| "?".into());
        area.draw(&Text::new(format!("label {label}"), (cx, t), small.clone()))?;
        area.draw(&Text::new(
            format!("uncoded {}", card.model),
            (cx, t + line),
            small.clone(),
        ))?;
        let (text, color) = coded_text(card.decoded, card.model, theme);
        let st = ("sans-serif", theme.font(10.5))
            .into_font()
            .color(&color)
            .pos(centre);
        area.draw(&Text::new(text, (cx, t + 2 * line), st))?;
    }
    y += in_rows * in_row_h;

    draw_lines(area, &sv_lines, (pad, y), sec_line, &section)?;
    y += sv_label_h;
    for (j, card) in view.servers.iter().enumerate() {
        let (cx, top) = card_place(j, sv_cols, (pad, y), sv_cell, s + 2 * line + pad);
        let (x0, y0) = (cx - s / 2, top);
        charts.push(image(
            area,
            theme,
            &card.pixels,
            (x0, y0),
            s,
            SERVER + j as u32,
        )?);
        let t = top + s + theme.px(2.0) as i32;
        if card.straggled {
            let st = theme.alert.stroke_width(theme.px(2.5));
            area.draw(&PathElement::new(vec![(x0, y0), (x0 + s, y0 + s)], st))?;
            area.draw(&PathElement::new(vec![(x0 + s, y0), (x0, y0 + s)], st))?;
            area.draw(&Rectangle::new([(x0, y0), (x0 + s, y0 + s)], st))?;
        }
        area.draw(&Text::new(
            format!("server {}", card.index),
            (cx, t),
            small.clone(),
        ))?;
        let (text, color) = if card.straggled {
            ("straggled".to_string(), theme.alert)
        } else {
            (format!("f → {}", card.prediction), theme.muted)
        };
        let st = ("sans-serif", theme.font(10.5))
            .into_font()
            .color(&color)
            .pos(centre);
        area.draw(&Text::new(text, (cx, t + line), st))?;
    }
    area.present()?;
    Ok(Frame { charts, parts: 1 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Config;

    fn view(text: &str) -> DigitsView {
        crate::testing::digits(&Config::from_json(text).unwrap(), 0)
    }

    #[test]
    fn draws_inputs_servers_and_predictions() {
        let v = view(
            r#"{"function": "lenet5", "k": 6, "n": 30, "stragglers": {"model": "iid", "p": 0.3}}"#,
        );
        let (s, f) = crate::to_svg(900, 620, |a| draw(a, &Theme::light(), &v)).unwrap();
        assert!(s.contains(&headline(&v)));
        assert!(s.contains("Inputs x_k (6 of K = 6)"));
        assert_eq!(f.charts.len(), 6 + 10);
        for card in &v.inputs {
            assert!(s.contains(&format!("uncoded {}", card.model)));
            // The mark compares with the uncoded network, not the label.
            let same = card.decoded == Some(card.model);
            let mark = if same { "=" } else { "≠" };
            let d = card.decoded.unwrap();
            assert!(s.contains(&format!("{mark} coded {d}")), "{mark} coded {d}");
        }
        assert!(!s.contains('✓'), "a tick reads as “correct”");
        // Servers are numbered from 0, as in the straggler panel.
        for card in &v.servers {
            let text = format!("server {}", card.index);
            assert!(s.lines().any(|l| l.trim() == text), "{text}");
        }
        let crossed = v.servers.iter().filter(|c| c.straggled).count();
        assert_eq!(
            s.lines().filter(|l| l.trim() == "straggled").count(),
            crossed
        );
        assert!(!s.contains("NaN"));
        // Hover geometry: pixel (row 3, column 5) of the first input.
        let g = f.charts[0];
        let (px, py) = g.to_pixel(5.5, 3.5);
        let (x, y) = g.to_data(px, py);
        assert!((x - 5.5).abs() < 1e-9 && (y - 3.5).abs() < 1e-9);
    }

    #[test]
    fn phone_width_and_failure() {
        let v = view(
            r#"{"function": "lenet5", "k": 10, "n": 20, "stragglers": {"model": "iid", "p": 1}}"#,
        );
        let (s, f) = crate::to_svg(360, 560, |a| draw(a, &Theme::dark(), &v)).unwrap();
        assert!(s.contains("this round failed"));
        assert!(s.contains("coded –"));
        // Every card stays inside the canvas.
        assert!(
            f.charts
                .iter()
                .all(|c| c.x0 >= 0 && c.x1 <= 360 && c.y1 <= 560),
            "{:?}",
            f.charts
        );
    }
}
