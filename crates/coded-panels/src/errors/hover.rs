//! Panel 4's values under the cursor, in words (the tooltip).

use super::look::Band;
use super::look::CurvesLook;
use super::view::CurvesView;
use crate::format::{f4, interval_texts, significant};
use crate::geometry::{nearest, Frame, PICK_RADIUS};
use crate::words::plural;

/// Chart ids in the frame: the errors, and the share of failed rounds.
pub const CHART: u32 = 40;
pub const FAILED_CHART: u32 = 41;

/// The point under the cursor, in the statistic the line shows (hidden
/// series are not drawn, so not found), or the axes' values there.
pub fn hover(
    view: &CurvesView,
    look: &CurvesLook,
    frame: &Frame,
    px: f64,
    py: f64,
    scale: f64,
) -> Option<String> {
    let band = look.band;
    let chart = frame.chart_at(px, py)?;
    if chart.id != CHART {
        return None;
    }
    let x_name = view.kind.entry().symbol;
    let mut best: Option<(f64, String)> = None;
    for c in view.curves.iter().filter(|c| !look.hides(&c.key)) {
        if let Some(i) = nearest(
            chart,
            c.points.iter().map(|p| (p.x, p.centre(band))),
            px,
            py,
            PICK_RADIUS * scale,
        ) {
            let p = &c.points[i];
            let (qx, qy) = chart.to_pixel(p.x, p.centre(band));
            let d = (qx - px).hypot(qy - py);
            if best.as_ref().is_none_or(|b| d < b.0) {
                let failed = if p.failures > 0 {
                    format!(
                        ", {} of {} failed",
                        p.failures,
                        plural(p.trials, "round", "rounds")
                    )
                } else {
                    String::new()
                };
                // The line's value and the band's ends, to four digits or
                // as many more as a narrow band needs.
                let [centre, lo, hi] = interval_texts(p.centre(band), p.band(band), 4, significant);
                // The y axis names the statistic (the `statistic` module).
                let squared = view.y_label == "mean squared error";
                let value = match band {
                    Band::Mean95 if squared => format!("MSE {centre} ± {}", f4(p.std)),
                    Band::Mean95 => format!("mean {} {centre} ± {}", view.y_label, f4(p.std)),
                    Band::Quantiles if squared => format!("median squared error {centre}"),
                    Band::Quantiles => format!("median {} {centre}", view.y_label),
                };
                best = Some((
                    d,
                    format!(
                        "{}: {x_name} = {}, {value} (band {lo} to {hi}; {}{failed})",
                        c.legend(band),
                        f4(p.x),
                        plural(p.trials, "trial", "trials")
                    ),
                ));
            }
        }
    }
    if let Some((_, text)) = best {
        return Some(text);
    }
    let (x, y) = chart.to_data(px, py);
    Some(format!("{x_name} = {}, MSE = {}", f4(x), f4(y)))
}

#[cfg(test)]
// They draw to find where the points are.
#[cfg(feature = "draw")]
mod tests {
    use super::*;
    use crate::theme::Theme;
    use coded_core::{Config, Scheme};

    #[test]
    fn curves_hover_snaps_to_points() {
        let c = Config::from_json(r#"{"k": 5, "n": 12, "trials": 5}"#).unwrap();
        let cv = crate::testing::error_vs_n(&c, &[Scheme::Bacc], &[10, 20, 40], &[0.2], false);
        let (_, f) = crate::to_svg(800, 500, |a| {
            super::super::draw::draw(a, &Theme::light(), &cv, &CurvesLook::default())
        })
        .unwrap();
        let p = &cv.curves[0].points[1];
        let (px, py) = f.charts[0].to_pixel(p.x, p.mean);
        let look = CurvesLook::default();
        let t = hover(&cv, &look, &f, px, py, 1.0).unwrap();
        assert!(t.contains("N = 20, MSE") && t.contains("5 trials"), "{t}");
        let (lo, hi) = p.band(Band::Mean95);
        assert!(t.contains(&format!("band {} to {}", f4(lo), f4(hi))), "{t}");
        // A hidden curve is not found: the cursor reads the axes.
        let hidden = CurvesLook {
            hidden: vec![cv.curves[0].key.clone()],
            ..CurvesLook::default()
        };
        let t = hover(&cv, &hidden, &f, px, py, 1.0).unwrap();
        assert!(t.starts_with("N = ") && !t.contains("trials"), "{t}");
    }

    #[test]
    fn a_narrow_band_is_read_with_the_digits_that_tell_its_ends_apart() {
        let c = Config::from_json(r#"{"k": 5, "n": 12, "trials": 5}"#).unwrap();
        let mut cv = crate::testing::error_vs_n(&c, &[Scheme::Bacc], &[10, 20], &[0.2], false);
        // Four digits would read "0.1235 ± … (band 0.1234 to 0.1235": the
        // mean on an end it is not at.
        let p = &mut cv.curves[0].points[1];
        (p.mean, p.ci_lo, p.ci_hi) = (0.123456, 0.12344, 0.12347);
        let p = p.clone();
        let look = CurvesLook::default();
        let (_, f) = crate::to_svg(800, 500, |a| {
            super::super::draw::draw(a, &Theme::light(), &cv, &look)
        })
        .unwrap();
        let (px, py) = f.charts[0].to_pixel(p.x, p.mean);
        let t = hover(&cv, &look, &f, px, py, 1.0).unwrap();
        assert!(
            t.contains("MSE 0.12346 ± ") && t.contains("(band 0.12344 to 0.12347; "),
            "{t}"
        );
    }
}
