//! The placeholder demo plot: f(x) = x·sin(a·x) on [-1, 1].
//!
//! It exists so the foundation (canvas sizing, themes, a control driving a
//! redraw, the browser tests) has something real to draw before the coded
//! computing panels arrive.

use plotters::prelude::*;

use super::{Area, DrawResult};
use crate::theme::Theme;

/// Number of samples of the curve; enough for a smooth line at a = 30.
pub const SAMPLES: usize = 801;

/// f(x) = x·sin(a·x).
pub fn f(a: f64, x: f64) -> f64 {
    x * (a * x).sin()
}

/// `n` evenly spaced points (x, f(x)) with x from -1 to 1 inclusive.
pub fn samples(a: f64, n: usize) -> impl Iterator<Item = (f64, f64)> {
    let last = n.saturating_sub(1).max(1) as f64;
    (0..n).map(move |i| {
        let x = -1.0 + 2.0 * i as f64 / last;
        (x, f(a, x))
    })
}

/// Draws the curve with axes, grid, tick labels and a caption.
pub fn draw<DB: DrawingBackend>(area: &Area<DB>, theme: &Theme, a: f64) -> DrawResult<DB> {
    area.fill(&theme.surface)?;
    let label_font = ("sans-serif", theme.font(12.0)).into_font();
    let mut chart = ChartBuilder::on(area)
        .margin(theme.px(12.0))
        .caption(
            format!("f(x) = x · sin({a:.1} · x)"),
            ("sans-serif", theme.font(16.0))
                .into_font()
                .color(&theme.foreground),
        )
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(48.0))
        .build_cartesian_2d(-1.0f64..1.0f64, -1.1f64..1.1f64)?;

    chart
        .configure_mesh()
        .bold_line_style(theme.grid.stroke_width(theme.px(1.0)))
        .light_line_style(theme.grid.mix(0.4).stroke_width(theme.px(1.0)))
        .axis_style(theme.axis.stroke_width(theme.px(1.0)))
        .label_style(label_font.clone().color(&theme.muted))
        .axis_desc_style(label_font.color(&theme.muted))
        .x_desc("x")
        .y_desc("f(x)")
        .x_labels(9)
        .y_labels(7)
        .draw()?;

    chart.draw_series(LineSeries::new(
        samples(a, SAMPLES),
        theme.series[0].stroke_width(theme.px(2.0)),
    ))?;
    area.present()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plots::recording::RecordingBackend;

    #[test]
    fn samples_cover_the_interval() {
        let pts: Vec<_> = samples(3.0, 5).collect();
        assert_eq!(pts.len(), 5);
        assert_eq!(pts[0].0, -1.0);
        assert_eq!(pts[4].0, 1.0);
        assert_eq!(pts[2], (0.0, 0.0));
        // |x sin(ax)| <= |x| <= 1, inside the y range we plot.
        assert!(samples(29.5, SAMPLES).all(|(x, y)| y.abs() <= x.abs() + 1e-12));
    }

    #[test]
    fn draws_with_any_backend() {
        let backend = RecordingBackend::new(640, 400);
        let log = backend.log();
        let area = backend.into_drawing_area();
        draw(&area, &Theme::light().with_scale(2.0), 8.0).unwrap();
        let log = log.borrow();
        assert!(
            log.texts.iter().any(|t| t.contains("sin(8.0")),
            "{:?}",
            log.texts
        );
        assert!(log.texts.iter().any(|t| t == "f(x)"));
        // The curve is one path with (after clipping) most of the samples.
        assert!(log.longest_path > SAMPLES / 2, "{}", log.longest_path);
        assert!(log
            .colors
            .contains(&Theme::light().series[0].to_backend_color().rgb));
    }
}
