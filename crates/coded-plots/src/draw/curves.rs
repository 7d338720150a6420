//! Draws a [`CurvesView`]: error vs N (log-log), error vs p, error vs λ_dec.
//! Mean with a band of ± one standard deviation over trials (clipped to the
//! axis where it would reach 0), dashed reference lines, a vertical marker
//! at the current setting, and a legend with the fitted slopes below.

use super::common::*;
use crate::geometry::{Axis, ChartGeometry};
use crate::theme::Theme;
use crate::views::curves::{CurveKind, CurvesView};
use crate::{Area, DrawResult, Frame};
use plotters::coord::ranged1d::{Ranged, ValueFormatter};
use plotters::prelude::*;

/// The band's lower edge: mean − std, clipped to a tenth of the mean where
/// it would reach 0 (squared errors are skewed: std often exceeds the mean,
/// and a log axis cannot show 0).
pub fn band_low(mean: f64, std: f64) -> f64 {
    (mean - std).max(mean / 10.0)
}

/// Chart id in the frame.
pub const CHART: u32 = 40;

/// The data ranges the view needs: (x, y), y always logarithmic.
pub fn ranges(view: &CurvesView) -> (Axis, Axis) {
    let xs = view
        .curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.x))
        .chain(
            view.references
                .iter()
                .flat_map(|r| r.points.iter().map(|p| p.0)),
        )
        .chain(view.marker.iter().map(|m| m.x));
    let x = match view.kind {
        CurveKind::ErrorVsN | CurveKind::ErrorVsLambda => {
            let (lo, hi) = log_range(xs, 1.25);
            Axis::log(lo..hi)
        }
        CurveKind::ErrorVsP => {
            let (_, hi) = linear_range(xs.chain([0.0, 0.9]), 0.0);
            Axis::linear(-0.03..hi + 0.03)
        }
    };
    let ys = view
        .curves
        .iter()
        .flat_map(|c| {
            c.points
                .iter()
                .flat_map(|p| [p.mean, p.mean + p.std, band_low(p.mean, p.std)])
        })
        .chain(
            view.references
                .iter()
                .flat_map(|r| r.points.iter().map(|p| p.1)),
        );
    let (lo, hi) = log_range(ys, 3.0);
    (x, Axis::log(lo..hi))
}

pub fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &CurvesView,
) -> DrawResult<DB> {
    if view.curves.iter().all(|c| c.points.is_empty()) {
        let mut lines = vec!["Nothing to plot on a log axis.".to_string()];
        lines.extend(view.notes.iter().take(4).cloned());
        return message(area, theme, &view.title, &lines);
    }
    area.fill(&theme.surface)?;
    let mut entries: Vec<(String, Swatch)> = vec![];
    for c in &view.curves {
        entries.push((
            c.label.clone(),
            Swatch::Line {
                color: theme.series[c.color % 7],
                dashed: false,
                shape: Some(c.shape),
            },
        ));
    }
    for r in &view.references {
        entries.push((
            r.label.clone(),
            Swatch::Line {
                color: theme.series[r.color % 7],
                dashed: true,
                shape: None,
            },
        ));
    }
    let (chart_area, legend) = with_legend(area, theme, entries.len());
    let chart_area = titled(&chart_area, theme, &view.title, 14.0)?;
    let (x, y) = ranges(view);
    let mut chart = ChartBuilder::on(&chart_area);
    chart
        .margin(theme.px(10.0))
        .margin_top(theme.px(4.0))
        .margin_right(theme.px(18.0))
        .x_label_area_size(theme.px(38.0))
        .y_label_area_size(theme.px(58.0));
    let geometry = if view.x_log {
        let mut c = chart.build_cartesian_2d((x.lo..x.hi).log_scale(), (y.lo..y.hi).log_scale())?;
        body(&mut c, theme, view, x, y)?
    } else {
        let mut c = chart.build_cartesian_2d(x.lo..x.hi, (y.lo..y.hi).log_scale())?;
        body(&mut c, theme, view, x, y)?
    };
    if let Some((la, cols)) = legend {
        draw_legend(&la, theme, &entries, cols)?;
    }
    area.present()?;
    Ok(Frame::single(geometry))
}

fn body<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    theme: &Theme,
    view: &CurvesView,
    x: Axis,
    y: Axis,
) -> Result<ChartGeometry, AreaError<DB>>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    style_mesh(chart, theme, &view.x_label, &view.y_label, 8, true)?;
    let clamp_y = |v: f64| v.clamp(y.lo, y.hi);
    // Bands first, under every line.
    for c in &view.curves {
        let color = theme.series[c.color % 7];
        if c.points.len() >= 2 {
            let mut poly: Vec<(f64, f64)> = c
                .points
                .iter()
                .map(|p| (p.x, clamp_y(p.mean + p.std)))
                .collect();
            poly.extend(
                c.points
                    .iter()
                    .rev()
                    .map(|p| (p.x, clamp_y(band_low(p.mean, p.std)))),
            );
            chart.draw_series(std::iter::once(Polygon::new(
                poly,
                color.mix(0.10).filled(),
            )))?;
        }
    }
    for r in &view.references {
        let color = theme.series[r.color % 7].mix(0.8);
        for piece in clip_polyline(&r.points, x, y) {
            chart.draw_series(DashedLineSeries::new(
                piece,
                theme.px(6.0),
                theme.px(4.0),
                color.stroke_width(theme.px(1.5)),
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
        let pts: Vec<(f64, f64)> = c.points.iter().map(|p| (p.x, p.mean)).collect();
        for piece in clip_polyline(&pts, x, y) {
            chart.draw_series(LineSeries::new(piece, color.stroke_width(theme.px(2.0))))?;
        }
        // Filled marker: every trial decoded; hollow: some rounds failed.
        let marks = c
            .points
            .iter()
            .filter(|p| inside((p.x, p.mean), x, y))
            .map(|p| {
                let style = if p.failures == 0 {
                    color.filled()
                } else {
                    color.stroke_width(theme.px(1.5))
                };
                ((p.x, p.mean), style)
            })
            .collect();
        draw_markers(chart, c.shape, size, marks)?;
    }
    let px = chart.plotting_area().get_pixel_range();
    Ok(ChartGeometry::new(CHART, px, x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{error_vs_lambda, error_vs_n, error_vs_p};
    use coded_core::{Config, Scheme};

    fn svg(view: &CurvesView, w: u32, h: u32) -> (String, Frame) {
        crate::to_svg(w, h, |a| draw(a, &Theme::light(), view)).unwrap()
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
        assert!(s.contains("abstract, BACC: O(log³₁/ₚ(N)·N⁻³)"));
        assert!(s.contains("abstract, LeTCC: O(log⁴₁/ₚ(N)·N⁻²)"));
        // Bands are polygons; dashed references are many short segments.
        assert!(s.matches("<polygon").count() >= 4);
        assert!(
            s.contains("#0072B2") || s.contains("#0072b2"),
            "BACC in Okabe–Ito blue"
        );
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
    fn all_failed_shows_a_message() {
        let c =
            Config::from_json(r#"{"trials": 3, "stragglers": {"model": "iid", "p": 1}}"#).unwrap();
        let v = error_vs_n(&c, &[Scheme::Bacc], &[20, 40], &[1.0], true);
        let (s, f) = svg(&v, 600, 400);
        assert!(s.contains("Nothing to plot"));
        assert!(s.contains("failed"));
        assert!(f.charts.is_empty());
    }
}
