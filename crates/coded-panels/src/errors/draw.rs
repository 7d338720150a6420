//! Draws a [`CurvesView`]: error vs N (log-log), error vs p, error vs λ_dec.
//!
//! A line (the mean, or the median) with a shaded band (the mean's 95 %
//! bootstrap interval, or the 10–90 % quantiles of the rounds), errors at
//! rounding level on an "exact" floor, dashed reference lines (named in the
//! legend only: a label on the plot would cover data), a vertical marker at
//! the current setting, the share of failed rounds in a strip below wherever
//! rounds fail, a saved run's curves dash-dotted (no band), and a legend
//! below (unless the page shows its own). Hidden series are not drawn, and
//! the axes fit what is.

use super::hover::{CHART, FAILED_CHART};
use super::look::Band;
use super::look::{legend_entries, CurvesLook};
use super::view::{Axis, CurvePoint, CurvesView};
use crate::chart::common::*;
use crate::chart::coord::{fitted_log_ticks, AxisCoord};
use crate::chart::legend::*;
use crate::geometry::{ChartGeometry, DataRange};
use crate::theme::Theme;
use crate::{Area, DrawResult, Frame};
use plotters::prelude::*;

/// How far below the lowest drawn error the "exact" floor lies: a decade,
/// so it never reads as a value of the curve.
const FLOOR_DECADES: i32 = 1;

/// Band ends below the line's value by more than this factor are drawn to
/// the axis's bottom (the band reaches 0 or nearly) without stretching the
/// axis over many empty decades.
const BAND_DEPTH: f64 = 1e3;

/// Whether a point is drawn as exact: its error is at rounding level.
pub fn is_exact(view: &CurvesView, p: &CurvePoint, band: Band) -> bool {
    p.centre(band) <= view.exact_below
}

/// The axes of the error chart, and the "exact" floor's height if any point
/// lies on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub x: DataRange,
    pub y: DataRange,
    pub floor: Option<f64>,
}

/// The data ranges the view needs (y always logarithmic), fitted to what is
/// drawn: lines, bands, references and the floor.
pub fn scale(view: &CurvesView, band: Band) -> Scale {
    let xs = view
        .curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.x))
        .chain(
            view.references
                .iter()
                .flat_map(|r| r.line(band).iter().map(|p| p.0)),
        )
        .chain(view.marker.iter().map(|m| m.x));
    let x = match view.kind {
        // A probability: from 0, as the axis always was.
        Axis::P => {
            let (_, hi) = linear_range(xs.chain([0.0, 0.9]), 0.0);
            DataRange::linear(-0.03..hi + 0.03)
        }
        kind if kind.entry().log => {
            let (lo, hi) = log_range(xs, 1.25);
            DataRange::log(lo..hi)
        }
        _ => {
            let (lo, hi) = linear_range(xs, 0.05);
            DataRange::linear(lo..hi)
        }
    };
    let mut ys: Vec<f64> = vec![];
    let mut any_exact = false;
    for c in &view.curves {
        for p in &c.points {
            if is_exact(view, p, band) {
                any_exact = true;
                continue;
            }
            let (centre, (lo, hi)) = (p.centre(band), p.band(band));
            ys.push(centre);
            ys.push(hi);
            if lo > centre / BAND_DEPTH {
                ys.push(lo);
            }
        }
    }
    ys.extend(
        view.references
            .iter()
            .flat_map(|r| r.line(band).iter().map(|p| p.1)),
    );
    let lowest = ys
        .iter()
        .copied()
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold(f64::INFINITY, f64::min);
    let floor = any_exact.then(|| {
        if lowest.is_finite() {
            10f64.powi(lowest.log10().floor() as i32 - FLOOR_DECADES)
        } else {
            1e-3
        }
    });
    let (lo, hi) = log_range(ys.into_iter().chain(floor), 3.0);
    Scale {
        x,
        y: DataRange::log(lo..hi),
        floor,
    }
}

/// Whether any point of the view has failed rounds (the strip is drawn).
fn has_failures(view: &CurvesView) -> bool {
    view.curves
        .iter()
        .any(|c| c.failed.iter().any(|f| f.1 > 0.0))
}

pub fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &CurvesView,
    look: &CurvesLook,
) -> DrawResult<DB> {
    let band = look.band;
    // The image's legend names what it shows: hidden series are left out.
    let entries: Vec<(String, Swatch)> = legend_entries(view, look)
        .into_iter()
        .filter(|e| !e.hidden)
        .map(|e| {
            let swatch = match e.color {
                None => Swatch::Area { color: theme.muted },
                Some(c) => Swatch::Line {
                    color: theme.series[c % 7],
                    stroke: e.stroke,
                    shape: e.shape,
                },
            };
            (e.label, swatch)
        })
        .collect();
    let all = view;
    let view = &look.visible(all);
    let failures = has_failures(view);
    if view.curves.iter().all(|c| c.points.is_empty()) && !failures {
        let mut lines = vec!["Nothing to plot on a log axis.".to_string()];
        if all.curves.len() > view.curves.len() {
            lines = vec!["Every curve with points is hidden: show one in the legend.".into()];
        }
        lines.extend(view.notes.iter().take(4).cloned());
        return message(area, theme, &view.title, &lines);
    }
    area.fill(&theme.surface)?;
    let rows = if look.legend { entries.len() } else { 0 };
    let (chart_area, legend) = with_legend(area, theme, rows);
    let chart_area = titled(&chart_area, theme, &view.title, 14.0)?;
    let (main_area, strip_area) = if failures {
        let (_, h) = chart_area.dim_in_pixel();
        let strip = (h as f64 * 0.3)
            .max(theme.px(90.0) as f64)
            .min(h as f64 / 2.0) as u32;
        let (a, b) = chart_area.split_vertically(h - strip);
        (a, Some(b))
    } else {
        (chart_area, None)
    };
    let s = scale(view, band);
    let x_desc = if strip_area.is_some() {
        ""
    } else {
        view.x_label.as_str()
    };
    let mut geometries = vec![chart(&main_area, theme, view, band, s, x_desc)?];
    if let Some(strip) = strip_area {
        geometries.push(failed_strip(&strip, theme, view, s.x)?);
    }
    if let Some((la, cols)) = legend {
        draw_legend(&la, theme, &entries, cols)?;
    }
    area.present()?;
    Ok(Frame {
        charts: geometries,
        parts: 1,
    })
}

/// Width of the y label area (CSS pixels): the error chart and the strip
/// below it share it, so their x axes line up.
const LABEL_Y: f64 = 58.0;

/// A chart builder with the margins the error chart and the strip share.
fn builder<'a, 'b, DB: DrawingBackend>(
    area: &'a Area<DB>,
    theme: &Theme,
    top: f64,
    label_x: u32,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    b.margin(theme.px(10.0))
        .margin_top(theme.px(top))
        .margin_right(theme.px(18.0))
        .x_label_area_size(label_x)
        .y_label_area_size(theme.px(LABEL_Y));
    b
}

/// The error chart on `area`, with log ticks fitted to its size.
fn chart<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &CurvesView,
    band: Band,
    s: Scale,
    x_desc: &str,
) -> Result<ChartGeometry, AreaError<DB>> {
    let (w, h) = area.dim_in_pixel();
    let label_x = theme.px(if x_desc.is_empty() { 24.0 } else { 44.0 });
    let label_y = theme.px(LABEL_Y);
    let mut builder = builder(area, theme, 4.0, label_x);
    let width = w.saturating_sub(label_y + theme.px(28.0)) as f64;
    let height = h.saturating_sub(label_x + theme.px(14.0)) as f64;
    let (labels, grid) = log_keys(theme, s.y, height, s.floor);
    let y_coord = AxisCoord::with_ticks(s.y, labels, grid);
    let x_coord = AxisCoord::of(theme, s.x, width, false);
    let labels = AxisLabels {
        x_desc,
        y_desc: &view.y_label,
        floor: s.floor,
    };
    let mut c = builder.build_cartesian_2d(x_coord, y_coord)?;
    body(&mut c, theme, view, band, s, &labels)
}

/// The y axis's labelled values and grid lines for an axis `length` pixels
/// long; the floor, if any, is labelled "exact" and no decade at or below
/// it is.
fn log_keys(theme: &Theme, a: DataRange, length: f64, floor: Option<f64>) -> (Vec<f64>, Vec<f64>) {
    // Labels start one label's height above the floor, so "exact" keeps
    // its own room.
    let room = theme.font(11.0) * 1.3 + theme.px(8.0) as f64;
    let decades = a.hi.log10() - a.lo.log10();
    // 10^x as e^(x·ln 10): the page has exp already, not pow (2 kB of wasm).
    let lo = floor.map_or(a.lo, |f| {
        f * (room / length.max(1.0) * decades * std::f64::consts::LN_10).exp()
    });
    let span = (lo.log10() - a.lo.log10()) / decades;
    let (mut labels, grid) = fitted_log_ticks(theme, lo, a.hi, length * (1.0 - span), true);
    if let Some(f) = floor {
        labels.insert(0, f);
    }
    (labels, grid)
}

struct AxisLabels<'a> {
    x_desc: &'a str,
    y_desc: &'a str,
    floor: Option<f64>,
}

fn body<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<AxisCoord, AxisCoord>>,
    theme: &Theme,
    view: &CurvesView,
    band: Band,
    s: Scale,
    labels: &AxisLabels,
) -> Result<ChartGeometry, AreaError<DB>> {
    let (x, y) = (s.x, s.y);
    let floor = labels.floor;
    let y_text = |v: &f64| match floor {
        Some(f) if (v / f - 1.0).abs() < 1e-9 => "exact".to_string(),
        _ => tick(*v),
    };
    let x_text = |v: &f64| tick(*v);
    let width = chart.plotting_area().dim_in_pixel().0;
    let mut mesh = themed_mesh(chart, theme);
    mesh.y_desc(labels.y_desc)
        .x_labels(fit_labels(theme, width, X_LABEL_CSS, 8))
        .x_label_formatter(&x_text)
        .y_label_formatter(&y_text);
    if !labels.x_desc.is_empty() {
        mesh.x_desc(labels.x_desc);
    }
    mesh.draw()?;
    let clamp_y = |v: f64| {
        if v > 0.0 {
            v.clamp(y.lo, y.hi)
        } else {
            y.lo
        }
    };
    // Where a point is drawn: exact ones on the floor.
    let at = |p: &CurvePoint| match floor {
        Some(f) if is_exact(view, p, band) => (p.x, f),
        _ => (p.x, p.centre(band)),
    };
    if let Some(f) = floor {
        chart.draw_series(DashedLineSeries::new(
            vec![(x.lo, f), (x.hi, f)],
            theme.px(2.0),
            theme.px(3.0),
            theme.muted.stroke_width(theme.px(1.0)),
        ))?;
    }
    // Bands first, under every line; a band is drawn over runs of points
    // that are not exact (an exact point has no spread to show).
    for c in view.curves.iter().filter(|c| !c.saved) {
        let color = theme.series[c.color % 7];
        let runs = c
            .points
            .split(|p| floor.is_some() && is_exact(view, p, band));
        for run in runs.filter(|r| r.len() >= 2) {
            let mut poly: Vec<(f64, f64)> =
                run.iter().map(|p| (p.x, clamp_y(p.band(band).1))).collect();
            poly.extend(run.iter().rev().map(|p| (p.x, clamp_y(p.band(band).0))));
            chart.draw_series(std::iter::once(Polygon::new(
                poly,
                color.mix(0.12).filled(),
            )))?;
        }
    }
    for r in &view.references {
        let color = theme.series[r.color % 7];
        let (d, g) = dash(theme, r.dash);
        for piece in clip_polyline(r.line(band), x, y) {
            chart.draw_series(DashedLineSeries::new(
                piece,
                d,
                g,
                color.mix(0.85).stroke_width(theme.px(1.5)),
            ))?;
        }
    }
    if let Some(m) = &view.marker {
        if inside((m.x, y.lo), x, y) {
            chart.draw_series(DashedLineSeries::new(
                vec![(m.x, y.lo), (m.x, y.hi)],
                theme.px(3.0),
                theme.px(3.0),
                theme.muted.stroke_width(theme.px(1.0)),
            ))?;
        }
    }
    let size = theme.px(4.0) as i32;
    for c in &view.curves {
        let color = theme.series[c.color % 7];
        let pts: Vec<(f64, f64)> = c.points.iter().map(at).collect();
        for piece in clip_polyline(&pts, x, y) {
            let style = color.stroke_width(theme.px(2.0));
            match c.stroke() {
                Stroke::Solid => chart.draw_series(LineSeries::new(piece, style))?,
                stroke => chart.draw_series(std::iter::once(PatternLine::new(
                    piece, theme, stroke, style,
                )))?,
            };
        }
        // Filled marker: every trial decoded; hollow: some rounds failed.
        let marks = c
            .points
            .iter()
            .map(|p| (at(p), p.failures))
            .filter(|(q, _)| inside(*q, x, y))
            .map(|(q, failures)| {
                let style = if failures == 0 {
                    color.filled()
                } else {
                    color.stroke_width(theme.px(1.5))
                };
                (q, style)
            })
            .collect();
        draw_markers(chart, c.shape, size, marks)?;
    }
    let px = chart.plotting_area().get_pixel_range();
    Ok(ChartGeometry::new(CHART, px, x, y))
}

/// The share of failed rounds against the same x, 0 to 100 %.
fn failed_strip<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &CurvesView,
    x: DataRange,
) -> Result<ChartGeometry, AreaError<DB>> {
    let (w, _) = area.dim_in_pixel();
    let label_y = theme.px(LABEL_Y);
    let mut builder = builder(area, theme, 2.0, theme.px(44.0));
    let y = DataRange::linear(0.0..1.05);
    let y_text = |v: &f64| format!("{:.0}{}%", v * 100.0, crate::format::NBSP);
    let x_text = |v: &f64| tick(*v);
    let width = w.saturating_sub(label_y + theme.px(28.0)) as f64;
    let mut chart = builder.build_cartesian_2d(
        AxisCoord::of(theme, x, width, false),
        AxisCoord::with_ticks(y, vec![0.0, 0.5, 1.0], vec![]),
    )?;
    let width = chart.plotting_area().dim_in_pixel().0;
    themed_mesh(&mut chart, theme)
        // No light grid: the strip is small, its bold lines suffice.
        .light_line_style(theme.grid.mix(0.0))
        .x_desc(view.x_label.as_str())
        .y_desc("failed rounds")
        .x_labels(fit_labels(theme, width, X_LABEL_CSS, 8))
        .y_labels(3)
        .x_label_formatter(&x_text)
        .y_label_formatter(&y_text)
        .draw()?;
    let size = theme.px(3.5) as i32;
    for c in &view.curves {
        let color = theme.series[c.color % 7];
        let pts: Vec<(f64, f64)> = c.failed.clone();
        for piece in clip_polyline(&pts, x, y) {
            chart.draw_series(LineSeries::new(piece, color.stroke_width(theme.px(1.5))))?;
        }
        let marks = pts
            .into_iter()
            .filter(|q| inside(*q, x, y))
            .map(|q| (q, color.filled()))
            .collect();
        draw_markers(&mut chart, c.shape, size, marks)?;
    }
    let px = chart.plotting_area().get_pixel_range();
    Ok(ChartGeometry::new(FAILED_CHART, px, x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{bacc_letcc_vs_n, error_vs_lambda, error_vs_n, error_vs_p};
    use coded_core::{Config, Scheme};

    fn svg(view: &CurvesView, w: u32, h: u32) -> (String, Frame) {
        svg_with(view, w, h, &CurvesLook::default())
    }

    fn svg_with(view: &CurvesView, w: u32, h: u32, look: &CurvesLook) -> (String, Frame) {
        crate::to_svg(w, h, |a| draw(a, &Theme::light(), view, look)).unwrap()
    }

    #[test]
    fn error_vs_n_draws_curves_bands_references_and_slopes() {
        let c = Config::from_json(r#"{"trials": 10}"#).unwrap();
        let v = error_vs_n(
            &c,
            &[Scheme::Bacc, Scheme::Letcc],
            &[10, 20, 40, 80],
            &[0.1, 0.3],
            true,
        );
        let (s, frame) = svg(&v, 900, 600);
        assert!(!s.contains("NaN"), "a NaN reached the SVG");
        assert!(s.contains("Mean squared error vs N"));
        assert!(
            s.contains("BACC, p = 0.1 (slope −"),
            "legend with the slope"
        );
        // One claimed line per scheme (p changes only their constant),
        // named in the legend and nowhere on the plot.
        assert_eq!(v.references.len(), 2);
        assert!(s.contains("abstract, BACC: O(log³₁/ₚ(N)·N⁻³) (slope"));
        assert!(s.contains("abstract, LeTCC: O(log⁴₁/ₚ(N)·N⁻²) (slope"));
        assert_eq!(s.matches("abstract, ").count(), 2, "{s}");
        assert!(!s.contains("log³N·N⁻³"), "no short name on the line");
        assert!(s.contains("95\u{a0}% bootstrap interval of the mean"));
        // Bands are polygons; dashed references are many short segments.
        assert!(s.matches("<polygon").count() >= 4);
        assert!(
            s.contains("#0072B2") || s.contains("#0072b2"),
            "BACC in Okabe–Ito blue"
        );
        // N from 10 to 80 spans under two decades: 2× and 5× are labelled.
        for label in [">\n10\n<", ">\n20\n<", ">\n50\n<"] {
            assert!(s.contains(label), "x label {label}");
        }
        // The frame maps the first BACC point back to its data.
        let g = frame.charts[0];
        assert!(g.x.log && g.y.log);
        let p = &v.curves[0].points[0];
        let (px, py) = g.to_pixel(p.x, p.mean);
        let (x, y) = g.to_data(px, py);
        assert!((x - p.x).abs() < 1e-9 * p.x && (y - p.mean).abs() < 1e-9 * p.mean);
        assert!(g.contains(px, py));
    }

    #[test]
    fn references_of_different_schemes_have_different_dashes() {
        let c = Config::from_json(r#"{"trials": 5}"#).unwrap();
        let v = bacc_letcc_vs_n(&c, &[0.1, 0.3]);
        let dashes: Vec<usize> = v.references.iter().map(|r| r.dash).collect();
        assert_eq!(dashes, [0, 1]);
        assert_ne!(dash(&Theme::light(), 0), dash(&Theme::light(), 1));
    }

    #[test]
    fn hidden_series_are_not_drawn_and_the_page_draws_no_legend() {
        let c = Config::from_json(r#"{"trials": 8}"#).unwrap();
        let v = bacc_letcc_vs_n(&c, &[0.1]);
        let (all, _) = svg(&v, 800, 600);
        let keys: Vec<&str> = v.curves.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(keys, ["bacc-0.1", "letcc-0.1"]);
        let refs: Vec<&str> = v.references.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(refs, ["claim-bacc", "claim-letcc"]);
        let look = CurvesLook {
            hidden: vec!["letcc-0.1".into(), "claim-bacc".into()],
            ..CurvesLook::default()
        };
        let (some, _) = svg_with(&v, 800, 600, &look);
        // LeTCC's band (Okabe–Ito vermillion) is gone, BACC's (blue) is not.
        let band = |s: &str, colour: &str| s.contains(&format!("fill=\"{colour}\" points="));
        assert!(band(&all, "#D55E00") && band(&all, "#0072B2"));
        assert!(
            !band(&some, "#D55E00") && band(&some, "#0072B2"),
            "LeTCC drawn"
        );
        assert!(!some.contains("LeTCC, p = 0.1") && all.contains("LeTCC, p = 0.1"));
        assert!(!some.contains("abstract, BACC") && some.contains("abstract, LeTCC"));
        // The page's canvas: no legend, the same plot.
        let page = CurvesLook {
            legend: false,
            ..CurvesLook::default()
        };
        let (bare, _) = svg_with(&v, 800, 600, &page);
        assert!(!bare.contains("BACC, p = 0.1") && !bare.contains("bootstrap"));
        assert!(band(&bare, "#D55E00") && band(&bare, "#0072B2"));
        // Every curve hidden: says so.
        let none = CurvesLook {
            hidden: keys.iter().map(|k| k.to_string()).collect(),
            ..CurvesLook::default()
        };
        let (empty, _) = svg_with(&v, 800, 600, &none);
        assert!(empty.contains("hidden: show one in the legend"), "{empty}");
    }

    #[test]
    fn the_band_is_the_interval_of_the_mean_or_the_quantiles() {
        let c = Config::from_json(r#"{"trials": 40}"#).unwrap();
        let v = error_vs_n(&c, &[Scheme::Bacc], &[20, 40, 80], &[0.3], false);
        for p in &v.curves[0].points {
            let (lo, hi) = p.band(Band::Mean95);
            assert_eq!((lo, hi), (p.ci_lo, p.ci_hi));
            assert!(0.0 < lo && lo < p.mean && p.mean < hi, "{p:?}");
            assert_eq!(p.band(Band::Quantiles), (p.q10, p.q90));
            assert!(p.q10 <= p.median && p.median <= p.q90);
            assert_eq!(p.centre(Band::Quantiles), p.median);
        }
        assert!(scale(&v, Band::Quantiles).floor.is_none());
        let (svg, _) = svg_with(&v, 600, 400, &Band::Quantiles.into());
        assert!(svg.contains("line: median; band: 10–90\u{a0}% of the rounds"));
    }

    #[test]
    fn error_vs_p_lambda_and_phone_width() {
        let c = Config::from_json(r#"{"trials": 5, "lambda_dec": 1e-6}"#).unwrap();
        let v = error_vs_p(&c, &[Scheme::Bacc]);
        let (s, f) = svg(&v, 390, 420);
        assert!(s.contains("vs p") && !s.contains("NaN"));
        assert!(!f.charts[0].x.log);
        let v = error_vs_lambda(&c, &[Scheme::Bacc, Scheme::Letcc]);
        let (s, _) = svg(&v, 700, 500);
        assert!(s.contains("λ_dec by GCV") && !s.contains("NaN"));
    }

    #[test]
    fn exact_errors_sit_on_a_floor_and_failures_get_a_strip() {
        // LCC's cliff: exact while enough servers answer, failed beyond.
        let c = Config::from_json(
            r#"{"trials": 30, "function": "cubic", "k": 4, "n": 16, "scheme": "lcc"}"#,
        )
        .unwrap();
        let v = error_vs_p(&c, &[Scheme::Lcc]);
        let lcc = &v.curves[0];
        assert!(lcc.points.iter().any(|p| is_exact(&v, p, Band::Mean95)));
        let s = scale(&v, Band::Mean95);
        let floor = s.floor.expect("a floor for the exact points");
        // The axis fits what is drawn: the floor is near its bottom, far
        // above the rounding errors' 1e-30.
        assert!(s.y.lo > floor / 10.0 && s.y.lo < floor, "{:?}", s.y);
        let (svg, frame) = svg(&v, 700, 560);
        assert!(svg.contains(">\nexact\n<"), "the floor is labelled");
        assert!(svg.contains("failed rounds"));
        assert_eq!(frame.charts.len(), 2);
        assert_eq!(frame.charts[1].id, FAILED_CHART);
        // The share of failed rounds reaches 100 % at p = 0.9.
        assert_eq!(lcc.failed.last(), Some(&(0.9, 1.0)));
        assert_eq!(lcc.failed.first(), Some(&(0.0, 0.0)));
    }

    #[test]
    fn all_failed_shows_the_strip() {
        let c =
            Config::from_json(r#"{"trials": 3, "stragglers": {"model": "iid", "p": 1}}"#).unwrap();
        let v = error_vs_n(&c, &[Scheme::Bacc], &[20, 40], &[1.0], true);
        let (s, f) = svg(&v, 600, 400);
        assert!(s.contains("failed rounds"));
        assert!(!s.contains("NaN"));
        assert_eq!(f.charts.len(), 2);
    }

    #[test]
    fn log_ticks_label_every_decade_or_add_two_and_five() {
        let wide = |_: &str| 10.0;
        let (l, _) = log_ticks(15.0, 1600.0, 600.0, 4.0, wide);
        assert_eq!(l, [20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]);
        let (l, g) = log_ticks(1e-8, 1.0, 400.0, 4.0, wide);
        assert_eq!(l.len(), 9);
        assert!(g.is_empty() || g.iter().all(|v| !l.contains(v)));
        // Too little room for every decade: every second one.
        let (l, g) = log_ticks(1e-12, 1.0, 100.0, 4.0, wide);
        assert_eq!(l.len(), 7, "{l:?}");
        assert_eq!(g.len(), 6);
        assert_eq!(log_ticks(0.0, 1.0, 100.0, 4.0, wide), (vec![], vec![]));
    }
}
