//! Helpers every draw function shares: fonts, axis styling, ranges that
//! never degenerate, clipping (plotters does not clip lines to the plotting
//! area: [`super::clip`]), marker shapes and a legend drawn below a chart.

pub use super::clip::{clip_polyline, inside};
pub use crate::series::{Stroke, DASHES};
use crate::theme::Theme;
use crate::Area;
use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::element::{
    Circle, Cross, Drawable, EmptyElement, PointCollection, Rectangle, TriangleMarker,
};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{BackendCoord, DrawingErrorKind};

pub type AreaError<DB> = DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>;

pub fn font(theme: &Theme, css_px: f64) -> TextStyle<'static> {
    ("sans-serif", theme.font(css_px))
        .into_font()
        .color(&theme.muted)
}

pub fn title_font(theme: &Theme) -> TextStyle<'static> {
    ("sans-serif", theme.font(14.0))
        .into_font()
        .color(&theme.foreground)
}

/// Tick labels: plain for moderate magnitudes, "1e-5" style otherwise.
pub fn tick(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    if (1e-3..1e4).contains(&a) {
        let s = format!("{v:.3}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        s.replace('-', "−")
    } else {
        format!("{v:.0e}").replace('-', "−")
    }
}

/// A chart's mesh with the grid, axis and fonts every chart shares; the
/// caller adds its descriptions, label counts and formatters.
pub fn themed_mesh<'a, 'b, DB, X, Y>(
    chart: &'b mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    theme: &Theme,
) -> MeshStyle<'a, 'b, X, Y, DB>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut mesh = chart.configure_mesh();
    mesh.bold_line_style(theme.grid.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid.mix(0.35).stroke_width(theme.px(1.0)))
        .axis_style(theme.axis.stroke_width(theme.px(1.0)))
        .label_style(font(theme, 11.0))
        .axis_desc_style(font(theme, 12.0));
    mesh
}

/// The width a tick label of an x axis takes with its gap ("−0.25"), and
/// the height a label of a y axis takes with its gap, in CSS pixels.
pub const X_LABEL_CSS: f64 = 56.0;
pub const Y_LABEL_CSS: f64 = 26.0;

/// How many tick labels an axis of `pixels` backend pixels holds: at most
/// `wanted`, each with room for a label of the theme's size (zoomed plots,
/// a slide's, have larger labels and so fewer), and at least two.
pub fn fit_labels(theme: &Theme, pixels: u32, per_label_css: f64, wanted: usize) -> usize {
    let room = (pixels as f64 / theme.px(per_label_css) as f64).floor() as usize;
    wanted.min(room.max(2))
}

/// Styles the mesh of a chart the same way everywhere. (A log axis is an
/// `AxisCoord` with its own labels: the label counts are for linear axes.)
pub fn style_mesh<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    theme: &Theme,
    x_desc: &str,
    y_desc: &str,
    x_labels: usize,
) -> Result<(), AreaError<DB>>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let f = |v: &f64| tick(*v);
    let (w, h) = chart.plotting_area().dim_in_pixel();
    themed_mesh(chart, theme)
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(fit_labels(theme, w, X_LABEL_CSS, x_labels))
        .y_labels(fit_labels(theme, h, Y_LABEL_CSS, 6))
        .x_label_formatter(&f)
        .y_label_formatter(&f)
        .draw()
}

/// Axis ends stay within ±AXIS_LIMIT (values beyond it are off the chart):
/// plotters' tick search loops forever when an axis's width overflows to
/// infinity, e.g. for a value near f64::MAX padded by a fraction of its span
/// (a server that never finishes, an overflowing LCC answer).
pub const AXIS_LIMIT: f64 = 1e300;

/// A linear range covering `values` with `pad` of its span on each side;
/// a fixed width around a single value; [-1, 1] without values.
pub fn linear_range(values: impl Iterator<Item = f64>, pad: f64) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v.clamp(-AXIS_LIMIT, AXIS_LIMIT));
        hi = hi.max(v.clamp(-AXIS_LIMIT, AXIS_LIMIT));
    }
    if lo > hi {
        return (-1.0, 1.0);
    }
    let span = hi - lo;
    if span <= 1e-12 * lo.abs().max(hi.abs()) || span == 0.0 {
        let w = lo.abs().max(1.0) * 0.5;
        return (lo - w, hi + w);
    }
    (lo - pad * span, hi + pad * span)
}

/// A log range covering the positive `values`, widened by `factor` on each
/// side; [1e-3, 1] without values.
pub fn log_range(values: impl Iterator<Item = f64>, factor: f64) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite() && *v > 0.0) {
        let v = v.clamp(1.0 / AXIS_LIMIT, AXIS_LIMIT);
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return (1e-3, 1.0);
    }
    if hi / lo < 10.0 {
        let mid = (lo * hi).sqrt();
        // lo·hi over- or underflows at the ends of the range of doubles.
        let mid = if mid.is_normal() {
            mid
        } else {
            lo.sqrt() * hi.sqrt()
        };
        return (mid / 5.0, mid * 5.0);
    }
    (lo / factor, hi * factor)
}

/// A fifth marker shape, outside the cycle of four that series take (so no
/// series gets it): a diamond, for a mark that must differ from all of
/// theirs (an adversarial server's corrupted answer).
pub const DIAMOND: usize = usize::MAX;

/// The diamond's outline around its centre, in pixels (closed).
fn diamond(c: (i32, i32), size: i32) -> Vec<(i32, i32)> {
    let s = size + 1;
    vec![
        (c.0, c.1 - s),
        (c.0 + s, c.1),
        (c.0, c.1 + s),
        (c.0 - s, c.1),
        (c.0, c.1 - s),
    ]
}

/// Markers of one of four shapes (so p values differ by shape, not only by
/// colour), or [`DIAMOND`]s, one per (point, style).
pub fn draw_markers<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    shape: usize,
    size: i32,
    points: Vec<((f64, f64), ShapeStyle)>,
) -> Result<(), AreaError<DB>>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    if shape == DIAMOND {
        let (filled, hollow): (Vec<_>, Vec<_>) = points.into_iter().partition(|(_, s)| s.filled);
        chart.draw_series(
            filled
                .into_iter()
                .map(|(c, s)| EmptyElement::at(c) + Polygon::new(diamond((0, 0), size), s)),
        )?;
        chart.draw_series(
            hollow
                .into_iter()
                .map(|(c, s)| EmptyElement::at(c) + PathElement::new(diamond((0, 0), size), s)),
        )?;
        return Ok(());
    }
    let it = points.into_iter();
    match shape % 4 {
        0 => chart.draw_series(it.map(|(c, s)| Circle::new(c, size, s)))?,
        1 => chart.draw_series(it.map(|(c, s)| TriangleMarker::new(c, size + 1, s)))?,
        2 => chart.draw_series(it.map(|(c, s)| {
            EmptyElement::at(c) + Rectangle::new([(-size, -size), (size, size)], s)
        }))?,
        _ => chart.draw_series(it.map(|(c, s)| Cross::new(c, size, s)))?,
    };
    Ok(())
}

/// The dash pattern `i` in backend pixels.
pub fn dash(theme: &Theme, i: usize) -> (u32, u32) {
    let (d, g) = DASHES[i % DASHES.len()];
    (theme.px(d).max(1), theme.px(g).max(1))
}

/// The pieces of a polyline (backend pixels) drawn with `pattern`: on and
/// off lengths in pixels, repeated from the line's start and carried on
/// across its corners. Without a pattern, the whole line.
pub fn pattern_pieces(points: &[(f64, f64)], pattern: &[f64]) -> Vec<Vec<(f64, f64)>> {
    let period: f64 = pattern.iter().sum();
    if points.len() < 2 {
        return vec![];
    }
    if !(period > 0.0 && period.is_finite()) {
        return vec![points.to_vec()];
    }
    let mut pieces = vec![];
    // The part of the pattern the pen is in (even: on) and what is left of it.
    let mut part = 0;
    let mut left = pattern[0];
    let mut piece = vec![points[0]];
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        let length = (b.0 - a.0).hypot(b.1 - a.1);
        let mut done = 0.0;
        while length - done > left {
            done += left;
            let t = done / length;
            let q = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
            if part % 2 == 0 {
                piece.push(q);
                pieces.push(std::mem::take(&mut piece));
            } else {
                piece = vec![q];
            }
            part = (part + 1) % pattern.len();
            left = pattern[part];
        }
        left -= length - done;
        if part % 2 == 0 {
            piece.push(b);
        }
    }
    if part % 2 == 0 && piece.len() >= 2 {
        pieces.push(piece);
    }
    pieces
}

/// A [`Stroke`]'s pattern in backend pixels.
pub(crate) fn pattern_px(theme: &Theme, stroke: Stroke) -> Vec<f64> {
    let px = |l: f64| theme.px(l) as f64;
    stroke.pattern().into_iter().map(px).collect()
}

/// A line stroked with any pattern, in a chart's coordinates: plotters'
/// dashed line has one dash and one gap, a saved run's curves a dash and a
/// dot ([`Stroke::DashDot`]).
pub struct PatternLine {
    points: Vec<(f64, f64)>,
    /// On and off lengths in backend pixels.
    pattern: Vec<f64>,
    style: ShapeStyle,
}

impl PatternLine {
    pub fn new(points: Vec<(f64, f64)>, theme: &Theme, stroke: Stroke, style: ShapeStyle) -> Self {
        PatternLine {
            points,
            pattern: pattern_px(theme, stroke),
            style,
        }
    }
}

impl<'a> PointCollection<'a, (f64, f64)> for &'a PatternLine {
    type Point = &'a (f64, f64);
    type IntoIter = &'a [(f64, f64)];
    fn point_iter(self) -> Self::IntoIter {
        &self.points
    }
}

impl<DB: DrawingBackend> Drawable<DB> for PatternLine {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        points: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        let points: Vec<(f64, f64)> = points.map(|(x, y)| (x as f64, y as f64)).collect();
        for piece in pattern_pieces(&points, &self.pattern) {
            let piece = piece
                .into_iter()
                .map(|(x, y)| (x.round() as i32, y.round() as i32));
            backend.draw_path(piece, &self.style)?;
        }
        Ok(())
    }
}

/// Labelled values of a log axis from `lo` to `hi` (`lo` > 0), and the
/// unlabelled grid lines: every power of ten, with 2× and 5× (or every
/// digit) where the range spans fewer than about two decades, so a reader
/// always has at least three labels to read a value off. Where labels would
/// overlap (`extent(label)` pixels along an axis `length` pixels long, with
/// `gap` between), every second, third, … decade is labelled instead and
/// the others keep a grid line.
pub fn log_ticks(
    lo: f64,
    hi: f64,
    length: f64,
    gap: f64,
    extent: impl Fn(&str) -> f64,
) -> (Vec<f64>, Vec<f64>) {
    if !(lo > 0.0 && hi > lo && lo.is_finite() && hi.is_finite()) {
        return (vec![], vec![]);
    }
    let (l0, l1) = (lo.log10(), hi.log10());
    let pos = |v: f64| length * (v.log10() - l0) / (l1 - l0);
    let fits = |vals: &[f64]| {
        vals.windows(2).all(|w| {
            let need = (extent(&tick(w[0])) + extent(&tick(w[1]))) / 2.0 + gap;
            pos(w[1]) - pos(w[0]) >= need
        })
    };
    let with = |mantissas: &[f64]| -> Vec<f64> {
        let (e0, e1) = (l0.floor() as i32 - 1, l1.ceil() as i32 + 1);
        let mut out = vec![];
        for e in e0..=e1 {
            for m in mantissas {
                let v = m * 10f64.powi(e);
                // Rounding of l0/l1: a label at the very end still counts.
                if v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9) {
                    out.push(v);
                }
            }
        }
        out
    };
    let decades = with(&[1.0]);
    let all_digits = with(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]);
    if decades.len() < 3 {
        for set in [
            &[1.0, 2.0, 5.0][..],
            &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
        ] {
            let labels = with(set);
            if labels.len() >= 3 && fits(&labels) {
                let grid = all_digits
                    .iter()
                    .copied()
                    .filter(|v| !labels.contains(v))
                    .collect();
                return (labels, grid);
            }
        }
        let labels = with(&[1.0, 2.0, 5.0]);
        if fits(&labels) {
            return (labels, vec![]);
        }
    }
    // Every decade if they fit, else every second, third, …
    for step in 1..=decades.len().max(1) {
        let labels: Vec<f64> = decades.iter().copied().step_by(step).collect();
        if fits(&labels) {
            let grid: Vec<f64> = if step == 1 && decades.len() <= 6 {
                all_digits
                    .iter()
                    .copied()
                    .filter(|v| !labels.contains(v))
                    .collect()
            } else {
                decades
                    .iter()
                    .copied()
                    .filter(|v| !labels.contains(v))
                    .collect()
            };
            return (labels, grid);
        }
    }
    (decades.into_iter().take(1).collect(), vec![])
}

/// A marker at a pixel position of a plain (pixel-coordinate) area.
pub fn draw_pixel_marker<DB: DrawingBackend>(
    area: &Area<DB>,
    shape: usize,
    c: (i32, i32),
    size: i32,
    style: ShapeStyle,
) -> Result<(), AreaError<DB>> {
    if shape == DIAMOND {
        let outline = diamond(c, size);
        return if style.filled {
            area.draw(&Polygon::new(outline, style))
        } else {
            area.draw(&PathElement::new(outline, style))
        };
    }
    match shape % 4 {
        0 => area.draw(&Circle::new(c, size, style)),
        1 => area.draw(&TriangleMarker::new(c, size + 1, style)),
        2 => area.draw(&Rectangle::new(
            [(c.0 - size, c.1 - size), (c.0 + size, c.1 + size)],
            style,
        )),
        _ => area.draw(&Cross::new(c, size, style)),
    }
}

/// Lines of text one under the other: the first at `at`, each next one
/// `step` pixels lower.
pub fn draw_lines<DB: DrawingBackend>(
    area: &Area<DB>,
    lines: &[String],
    at: (i32, i32),
    step: i32,
    style: &TextStyle,
) -> Result<(), AreaError<DB>> {
    for (i, l) in lines.iter().enumerate() {
        let y = at.1 + i as i32 * step;
        area.draw(&Text::new(l.clone(), (at.0, y), style.clone()))?;
    }
    Ok(())
}

/// A centred message on an otherwise empty area (e.g. "every round
/// failed"); returns an empty frame: there is nothing to hover.
pub fn message<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    title: &str,
    lines: &[String],
) -> Result<crate::Frame, AreaError<DB>> {
    area.fill(&theme.surface)?;
    let (w, h) = area.dim_in_pixel();
    let centre = Pos::new(HPos::Center, VPos::Center);
    let head = title_font(theme).pos(centre);
    let body = font(theme, 12.0).pos(centre);
    let line_h = theme.px(18.0) as i32;
    let top = h as i32 / 2 - (lines.len() as i32 + 1) * line_h / 2;
    area.draw(&Text::new(title.to_string(), (w as i32 / 2, top), head))?;
    draw_lines(area, lines, (w as i32 / 2, top + line_h), line_h, &body)?;
    area.present()?;
    Ok(crate::Frame::default())
}

/// Width of `text` in a sans-serif font of `font_px` pixels, estimated
/// from its length (0.56 em per character, a little more than the average
/// of common sans-serif fonts). Backends measure text differently (or not
/// at all), so wrapping uses this one estimate everywhere.
pub fn text_width(text: &str, font_px: f64) -> f64 {
    text.chars().count() as f64 * font_px * 0.56
}

/// Greedy word wrap of `text` into lines at most `max_w` pixels wide in a
/// font of `font_px` pixels; a single long word stays whole.
pub fn wrap(text: &str, font_px: f64, max_w: u32) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, font_px) > max_w as f64 {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws `text` centred at the top of `area`, wrapped to its width (so
/// titles stay whole on a phone), and returns the area below it.
pub fn titled<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    text: &str,
    css_px: f64,
) -> Result<Area<DB>, AreaError<DB>> {
    titled_in(0, area, theme, text, css_px)
}

/// [`titled`], the title drawn with part `part` of a drawing made of
/// parts (see `Theme::part`); the area under it is the same in every part.
pub fn titled_in<DB: DrawingBackend>(
    part: usize,
    area: &Area<DB>,
    theme: &Theme,
    text: &str,
    css_px: f64,
) -> Result<Area<DB>, AreaError<DB>> {
    let (w, h) = area.dim_in_pixel();
    let style = ("sans-serif", theme.font(css_px))
        .into_font()
        .color(&theme.foreground)
        .pos(Pos::new(HPos::Center, VPos::Top));
    let pad = theme.px(6.0);
    let lines = wrap(text, theme.font(css_px), w.saturating_sub(2 * pad));
    let line_h = theme.px(css_px * 1.3);
    if theme.draws(part) {
        let at = ((w / 2) as i32, pad as i32);
        draw_lines(area, &lines, at, line_h as i32, &style)?;
    }
    let used = (pad + lines.len() as u32 * line_h + pad / 2).min(h / 2);
    Ok(area.split_vertically(used).1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_words_whole() {
        let lines = wrap("one two three four", 10.0, 60);
        assert_eq!(lines, vec!["one two", "three four"]);
        assert_eq!(wrap("unbreakable", 10.0, 10), vec!["unbreakable"]);
    }

    #[test]
    fn ranges_never_degenerate() {
        assert_eq!(linear_range([].into_iter(), 0.1), (-1.0, 1.0));
        let (a, b) = linear_range([2.0, 2.0].into_iter(), 0.1);
        assert!(a < 2.0 && b > 2.0);
        let (a, b) = log_range([0.0, -1.0, f64::NAN].into_iter(), 2.0);
        assert!(a > 0.0 && b > a);
        let (a, b) = log_range([1e-6, 1.0].into_iter(), 2.0);
        assert_eq!((a, b), (5e-7, 2.0));
        // Found by tests/fuzz_views.rs: a straggler finishing at f64::MAX
        // gave an infinite axis width and plotters' tick search never ended.
        for values in [
            vec![0.0, f64::MAX],
            vec![-f64::MAX, f64::MAX],
            vec![f64::MAX],
            vec![1.0, 1e308],
        ] {
            let (a, b) = linear_range(values.iter().copied(), 0.12);
            assert!(a.is_finite() && b.is_finite() && (b - a).is_finite() && b > a);
            let (a, b) = log_range(values.iter().copied(), 3.0);
            assert!(a > 0.0 && b.is_finite() && b > a, "{a} {b}");
        }
        for tiny in [[5e-324, 1e-310], [1e-300, 1e-300]] {
            let (a, b) = log_range(tiny.into_iter(), 3.0);
            assert!(a > 0.0 && a.is_normal() && b > a, "{a} {b}");
        }
        assert_eq!(tick(1e-5), "1e−5");
        assert_eq!(tick(0.25), "0.25");
        assert_eq!(tick(-3.0), "−3");
    }

    #[test]
    fn a_pattern_cuts_a_line_into_its_dashes_across_corners() {
        // Dash 4, gap 2, dot 1, gap 2 along 3 + 9 pixels with a corner.
        let line = [(0.0, 0.0), (3.0, 0.0), (3.0, 9.0)];
        assert_eq!(
            pattern_pieces(&line, &[4.0, 2.0, 1.0, 2.0]),
            [
                vec![(0.0, 0.0), (3.0, 0.0), (3.0, 1.0)],
                vec![(3.0, 3.0), (3.0, 4.0)],
                vec![(3.0, 6.0), (3.0, 9.0)],
            ]
        );
        // A legend's swatch: the dash pattern as the legend always drew it.
        let swatch = [(0.0, 5.0), (26.0, 5.0)];
        let pieces = pattern_pieces(&swatch, &[6.0, 4.0]);
        let starts: Vec<f64> = pieces.iter().map(|p| p[0].0).collect();
        assert_eq!(starts, [0.0, 10.0, 20.0]);
        assert_eq!(pieces[2], [(20.0, 5.0), (26.0, 5.0)]);
        // Solid, or nothing to stroke.
        assert_eq!(pattern_pieces(&swatch, &[]), [swatch.to_vec()]);
        assert_eq!(pattern_pieces(&swatch, &[0.0, 0.0]), [swatch.to_vec()]);
        assert!(pattern_pieces(&swatch[..1], &[4.0, 2.0]).is_empty());
        // Not a number: no endless cutting.
        let bad = [(0.0, 0.0), (f64::NAN, 1.0), (5.0, 5.0)];
        assert!(pattern_pieces(&bad, &[1.0, 1.0]).len() <= 8);
    }
}
