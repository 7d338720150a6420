//! Panel 4's summary: one sentence computed from the same view the draw function
//! draws, the canvas's text alternative (see the crate's docs on summaries).

use super::look::Band;
use super::look::CurvesLook;
use super::view::{Axis, Curve, CurvesView};
use crate::format::{decimals, interval_texts};
use crate::words::{plural, slope, two_digits};

/// An x value as the axis shows it (whole numbers whole, a linear axis's
/// as given, a log axis's in scientific notation outside 0.001 … 10⁴).
pub fn x_text(kind: Axis, x: f64) -> String {
    let e = kind.entry();
    if e.whole {
        format!("{x:.0}")
    } else if !e.log || (1e-3..1e4).contains(&x.abs()) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

fn x_name(kind: Axis) -> &'static str {
    kind.entry().symbol
}

/// One curve, in the statistic its line shows (the mean or the median):
/// where it starts and ends, its slope, its lowest point when that lies in
/// between, and the failed rounds it leaves out.
fn curve(kind: Axis, c: &Curve, band: Band) -> String {
    // The slope is said below, of the same statistic.
    let name = c.name();
    let at = |x: f64| format!("{} = {}", x_name(kind), x_text(kind, x));
    let y = |p: &super::view::CurvePoint| p.centre(band);
    let mut s = match c.points.as_slice() {
        [] => {
            return format!(
                "{name}: no point to show (every round failed, or the error is exactly 0)"
            )
        }
        [p] => format!("{name}: {} at {}", two_digits(Some(y(p))), at(p.x)),
        [first, .., last] => {
            let (first_y, last_y) = (y(first), y(last));
            let verb = if last_y < first_y {
                "falls"
            } else if last_y > first_y {
                "rises"
            } else {
                "stays"
            };
            let mut s = format!(
                "{name} {verb} from {} at {} to {} at {}",
                two_digits(Some(first_y)),
                at(first.x),
                two_digits(Some(last_y)),
                at(last.x)
            );
            let low = c
                .points
                .iter()
                .min_by(|a, b| y(a).total_cmp(&y(b)))
                .expect("two points or more");
            // Only when it reads differently from both ends at this precision.
            let ends = [first_y, last_y].map(|m| two_digits(Some(m)));
            if y(low) < first_y.min(last_y) && !ends.contains(&two_digits(Some(y(low)))) {
                s.push_str(&format!(
                    ", lowest {} at {}",
                    two_digits(Some(y(low))),
                    at(low.x)
                ));
            }
            s
        }
    };
    if let Some(k) = c.slope_of(band).filter(|k| k.is_finite()) {
        match c.slope_interval_of(band) {
            Some(ends) => {
                let [k, lo, hi] = interval_texts(k, ends, 1, decimals).map(|t| t.replace('-', "−"));
                s.push_str(&format!(" (fitted slope {k}, 95 % interval {lo} to {hi})"));
            }
            None => s.push_str(&format!(" (fitted slope {})", slope(k))),
        }
    }
    let failures: usize = c.points.iter().map(|p| p.failures).sum();
    if failures > 0 {
        s.push_str(&format!(
            ", {} left out",
            plural(failures, "failed round", "failed rounds")
        ));
    }
    s
}

/// Panel 4: every curve of the error plot and the dashed lines, in the
/// statistic the line shows, and which series are hidden.
pub fn summary(all: &CurvesView, look: &CurvesLook) -> String {
    let band = look.band;
    let v = &look.visible(all);
    let parts: Vec<String> = v.curves.iter().map(|c| curve(v.kind, c, band)).collect();
    let mut s = format!("{}: ", v.title);
    if parts.is_empty() {
        s.push_str("no curve to show");
    } else {
        s.push_str(&parts.join("; "));
    }
    match v.kind {
        Axis::N if !v.references.is_empty() => {
            let slopes: Vec<String> = v
                .references
                .iter()
                .filter_map(|r| r.slope.filter(|k| k.is_finite()).map(slope))
                .collect();
            let through = match band {
                Band::Mean95 => "the first points",
                Band::Quantiles => "the first medians",
            };
            s.push_str(&format!(
                "; dashed: {} scaled through {through}",
                plural(v.references.len(), "claimed rate", "claimed rates")
            ));
            if !slopes.is_empty() {
                s.push_str(&format!(" (slopes {})", slopes.join(", ")));
            }
        }
        Axis::LambdaDec if !v.references.is_empty() => {
            let levels: Vec<String> = v.references.iter().map(|r| r.legend(band)).collect();
            let what = match band {
                Band::Mean95 => "levels",
                Band::Quantiles => "median levels",
            };
            s.push_str(&format!("; {what}: {}", levels.join(", ")));
        }
        _ => {}
    }
    if let Some(m) = &v.marker {
        // "p = 0.2" as configured, or a derived value ("model's p") rounded.
        let what = if m.label.contains('=') {
            m.label.clone()
        } else {
            format!("the {} = {}", m.label, two_digits(Some(m.x)))
        };
        s.push_str(&format!("; the vertical line marks {what}"));
    }
    let hidden: Vec<&str> = all
        .curves
        .iter()
        .filter(|c| look.hides(&c.key))
        .map(|c| c.name())
        .chain(
            all.references
                .iter()
                .filter(|r| look.hides(&r.key))
                .map(|r| r.label.split(" (").next().unwrap_or(&r.label)),
        )
        .collect();
    if !hidden.is_empty() {
        s.push_str(&format!("; hidden: {}", hidden.join(", ")));
    }
    s.push('.');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sig;
    use crate::testing::{bacc_letcc_vs_n, error_vs_lambda, error_vs_n, error_vs_p};
    use crate::testing::{cfg, no_nan};
    use coded_core::Scheme;

    #[test]
    fn a_narrow_slope_interval_is_said_with_its_width() {
        let c = cfg(r#"{"trials": 4}"#);
        let mut v = error_vs_n(&c, &[Scheme::Bacc], &[20, 40], &[0.1], false);
        let said = |v: &CurvesView| summary(v, &CurvesLook::default());
        for (k, ends, words) in [
            (
                0.1,
                (0.099, 0.101),
                "(fitted slope 0.100, 95 % interval 0.099 to 0.101)",
            ),
            (
                -2.0,
                (-2.04, -1.97),
                "(fitted slope −2.00, 95 % interval −2.04 to −1.97)",
            ),
            (
                -2.9,
                (-3.1, -2.7),
                "(fitted slope −2.9, 95 % interval −3.1 to −2.7)",
            ),
            (
                0.1,
                (0.1, 0.1),
                "(fitted slope 0.1, 95 % interval 0.1 to 0.1)",
            ),
        ] {
            v.curves[0].slope = Some(k);
            v.curves[0].slope_interval = Some(ends);
            let s = said(&v);
            assert!(s.contains(words), "{words} is not in {s}");
        }
        // The median's slope has no interval.
        let s = summary(&v, &Band::Quantiles.into());
        assert!(!s.contains("95 % interval"), "{s}");
    }
    #[test]
    fn curves_sentence_follows_every_curve() {
        let c = cfg(r#"{"trials": 10}"#);
        let v = bacc_letcc_vs_n(&c, &[0.1]);
        let s = summary(&v, &CurvesLook::default());
        assert!(
            s.starts_with(&format!("{}: BACC, p = 0.1 ", v.title)),
            "{s}"
        );
        for c in &v.curves {
            let (a, b) = (&c.points[0], &c.points[2]);
            let verb = if b.mean < a.mean { "falls" } else { "rises" };
            assert!(
                s.contains(&format!(
                    "{verb} from {} at N = 20 to {} at N = 80 (fitted slope {})",
                    sig(a.mean, 2),
                    sig(b.mean, 2),
                    slope(c.slope.unwrap())
                )),
                "{s}"
            );
        }
        assert!(
            s.contains("; dashed: 2 claimed rates scaled through the first points (slopes −"),
            "{s}"
        );
        no_nan(&s);

        // Every round fails at p = 1: words, not a number.
        let v = error_vs_n(&c, &[Scheme::Bacc], &[20, 40], &[1.0], false);
        assert_eq!(
            summary(&v, &CurvesLook::default()),
            format!(
                "{}: BACC, p = 1: no point to show (every round failed, or the error is exactly 0).",
                v.title
            )
        );

        // Error vs p: rises with p, marker at the configured p; LCC's cliff
        // leaves failed rounds out.
        let c = cfg(
            r#"{"trials": 20, "scheme": "lcc", "function": "cubic", "k": 4, "n": 16, "stragglers": {"model": "iid", "p": 0.3}}"#,
        );
        let v = error_vs_p(&c, &[Scheme::Bacc, Scheme::Lcc]);
        let s = summary(&v, &CurvesLook::default());
        assert!(s.contains("BACC rises from "), "{s}");
        assert!(s.contains("failed rounds left out"), "{s}");
        assert!(s.ends_with("; the vertical line marks p = 0.3."), "{s}");
        no_nan(&s);

        // A derived marker is rounded.
        let c = cfg(
            r#"{"trials": 5, "n": 20, "stragglers": {"model": "deadline", "shift": 1, "rate": 1, "deadline": 1.5}}"#,
        );
        let s = summary(&error_vs_p(&c, &[Scheme::Bacc]), &CurvesLook::default());
        assert!(
            s.ends_with("; the vertical line marks the model's p = 0.61."),
            "{s}"
        );

        // Error vs λ_dec: the levels it compares with.
        let c = cfg(r#"{"trials": 5, "lambda_dec": 1e-6}"#);
        let v = error_vs_lambda(&c, &[Scheme::Bacc, Scheme::Letcc]);
        let s = summary(&v, &CurvesLook::default());
        let name = v.curves[0].label.split(" (").next().unwrap();
        assert!(s.contains(&format!(": {name} ")), "{s}");
        assert!(s.contains(" at λ_dec = 1e-12 to "), "{s}");
        assert!(s.contains("; levels: LeTCC, λ_dec by GCV: "), "{s}");
        let marker = &v.marker.as_ref().unwrap().label;
        assert!(
            s.ends_with(&format!("; the vertical line marks {marker}.")),
            "{s}"
        );
        assert!(
            !s.contains(", lowest 0.079"),
            "no lowest point equal to an end: {s}"
        );
        no_nan(&s);
    }

    /// In "median, 10–90 %" mode every number of the sentence is a median:
    /// the curves' ends and lowest points, their slopes, the levels of
    /// error vs λ_dec; in the default mode every one is a mean.
    #[test]
    fn every_number_follows_the_line_and_band_choice() {
        let c = cfg(r#"{"trials": 30, "lambda_dec": 1e-6}"#);
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        let views = [
            error_vs_n(&c, &schemes, &[20, 40, 80], &[0.2], true),
            error_vs_p(&c, &schemes),
            error_vs_lambda(&c, &schemes),
        ];
        let mut differ = 0;
        for v in &views {
            for band in Band::ALL {
                let s = summary(v, &band.into());
                for curve in &v.curves {
                    let (first, last) = (&curve.points[0], curve.points.last().unwrap());
                    let ends = format!(
                        "from {} at {} = {} to {} at",
                        two_digits(Some(first.centre(band))),
                        x_name(v.kind),
                        x_text(v.kind, first.x),
                        two_digits(Some(last.centre(band)))
                    );
                    assert!(s.contains(&ends), "{band:?}: {ends} in {s}");
                    differ +=
                        usize::from(two_digits(Some(first.mean)) != two_digits(Some(first.median)));
                    if let Some(k) = curve.slope_of(band) {
                        assert!(s.contains(&format!("(fitted slope {})", slope(k))), "{s}");
                    }
                    // The lowest point, where said, is the lowest of that statistic.
                    let low = curve
                        .points
                        .iter()
                        .map(|p| p.centre(band))
                        .fold(f64::INFINITY, f64::min);
                    if s.contains(&format!("{}, lowest", curve.name())) {
                        assert!(
                            s.contains(&format!("lowest {}", two_digits(Some(low)))),
                            "{s}"
                        );
                    }
                }
                for r in v.references.iter().filter(|r| r.level) {
                    let y = r.line(band)[0].1;
                    assert!(
                        s.contains(&format!("{}: {}", r.label, sig(y, 4))),
                        "{band:?}: {s}"
                    );
                }
            }
        }
        assert!(
            differ > 4,
            "means and medians read alike: the test shows nothing"
        );
        let l = &views[2];
        let (mean, median) = (
            l.references[0].points[0].1,
            l.references[0].median_points[0].1,
        );
        assert_ne!(sig(mean, 4), sig(median, 4));
    }
}
