//! The statistic of a round's error the curves show (mean squared, max or
//! relative error) and the range of N their slopes are fitted over: the
//! page's choices, applied to a view as it is drawn, never recomputed.
//!
//! Why a view carries every statistic: the choice is the page's, like the
//! line and band; switching must not rerun the sweep. Each point carries
//! the max and relative errors' numbers and every statistic's resampled
//! means ([`coded_core::statistic::Measured::resampled`]), from which
//! [`shown`] fits the slopes and their intervals over any range.

use super::point_stats::PointStatistics;
use super::view::{slope_text, Axis, CurvePoint, CurvesView};
use crate::format::{decimals, interval_texts};
use coded_core::limits::short_number;
use coded_core::metrics::loglog_slope;
use coded_core::statistic::{fit_slope, FitPoint, Statistic};
use serde::{Deserialize, Serialize};

impl CurvePoint {
    /// The point in another statistic: its numbers replace the squared
    /// error's; None where the point has none (every decoded round had
    /// f = 0, for the relative error; a saved run of an older version).
    fn in_statistic(&self, statistic: Statistic) -> Option<CurvePoint> {
        let s = match statistic {
            Statistic::Mse => return Some(self.clone()),
            Statistic::Max => self.statistics.max.as_ref()?,
            Statistic::Rel => self.statistics.rel.as_ref()?,
        };
        let finite = |v: f64| if v.is_finite() { v } else { s.mean };
        (s.mean >= 0.0 && s.mean.is_finite()).then(|| CurvePoint {
            mean: s.mean,
            std: if s.std.is_finite() { s.std } else { 0.0 },
            ci_lo: finite(s.ci_lo),
            ci_hi: finite(s.ci_hi),
            median: finite(s.median),
            q10: finite(s.q10),
            q90: finite(s.q90),
            statistics: PointStatistics {
                resampled: s.resampled.clone(),
                ..PointStatistics::default()
            },
            ..self.clone()
        })
    }
}

/// The range of N the slopes are fitted over (both ends included; None:
/// no bound on that side). A link's `slope=20-320`, `slope=40-` or
/// `slope=-160` (the command line's `20..320` reads too); empty, every
/// point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SlopeRange {
    pub from: Option<f64>,
    pub to: Option<f64>,
}

impl SlopeRange {
    /// Its text, as typed and in a link ("" for every point). A whole
    /// bound is written in digits, as people write N (1000, not 1e3); any
    /// other with an exponent when that is shorter: `{}` would spell 1e-300
    /// in 300 zeros, in the field and in a notice quoting it.
    pub fn text(self) -> String {
        let bound = |v: f64| {
            if v.fract() == 0.0 && v < 1e15 {
                format!("{v}")
            } else {
                short_number(v)
            }
        };
        let end = |v: Option<f64>| v.map(bound).unwrap_or_default();
        match (self.from, self.to) {
            (None, None) => String::new(),
            (a, b) => format!("{}-{}", end(a), end(b)),
        }
    }

    /// Reads "LO-HI", "LO-", "-HI" (or with ".." for the dash) or ""
    /// (positive numbers, LO ≤ HI).
    pub fn parse(text: &str) -> Option<SlopeRange> {
        let text = text.trim();
        if text.is_empty() {
            return Some(SlopeRange::default());
        }
        let (a, b) = text.split_once("..").or_else(|| {
            // The dash between the ends, not one of an exponent (1e-3).
            let at = text
                .char_indices()
                .find(|&(i, c)| c == '-' && !text[..i].ends_with(['e', 'E']))?
                .0;
            Some((&text[..at], &text[at + 1..]))
        })?;
        let end = |t: &str| -> Option<Option<f64>> {
            let t = t.trim();
            if t.is_empty() {
                return Some(None);
            }
            let v: f64 = t.parse().ok()?;
            (v.is_finite() && v > 0.0).then_some(Some(v))
        };
        let (from, to) = (end(a)?, end(b)?);
        if let (Some(a), Some(b)) = (from, to) {
            if a > b {
                return None;
            }
        }
        Some(SlopeRange { from, to })
    }

    /// The bounds for [`fit_slope`]; None for every point.
    pub fn bounds(self) -> Option<(f64, f64)> {
        match (self.from, self.to) {
            (None, None) => None,
            (a, b) => Some((a.unwrap_or(0.0), b.unwrap_or(f64::INFINITY))),
        }
    }

    pub fn contains(self, x: f64) -> bool {
        self.bounds().is_none_or(|(lo, hi)| x >= lo && x <= hi)
    }
}

/// "slope −2.31 [−2.45, −2.18]": a slope with its 95 % interval, if any,
/// to two decimals, or more where two would hide the interval's width.
pub fn slope_with_interval(slope: Option<f64>, interval: Option<(f64, f64)>) -> String {
    match (slope, interval) {
        (Some(s), Some(ends)) => {
            let [s, lo, hi] = interval_texts(s, ends, 2, decimals).map(|t| t.replace('-', "−"));
            format!("slope {s} [{lo}, {hi}]")
        }
        _ => slope_text(slope),
    }
}

/// `text` with "mean squared error" (either case) in the statistic's words.
fn reworded(text: &str, statistic: Statistic) -> String {
    let words = statistic.words();
    let mut capital = words.to_string();
    capital[..1].make_ascii_uppercase();
    text.replace("mean squared error", words)
        .replace("Mean squared error", &capital)
}

/// The view as the page shows it: in `statistic`, with each error-vs-N
/// curve's slope (of the means, and of the medians) fitted over `range`,
/// the means' with its 95 % bootstrap interval, in its label.
///
/// The claimed rates and levels are of the mean squared error: in another
/// statistic they are left out, and a note says so.
pub fn shown(view: &CurvesView, statistic: Statistic, range: SlopeRange) -> CurvesView {
    let mut v = view.clone();
    if statistic != Statistic::Mse {
        for c in &mut v.curves {
            c.points = c
                .points
                .iter()
                .filter_map(|p| p.in_statistic(statistic))
                .collect();
        }
        v.title = reworded(&v.title, statistic);
        v.y_label = reworded(&v.y_label, statistic);
        if !v.references.is_empty() {
            v.references.clear();
            v.notes.push(format!(
                "The dashed lines are of the mean squared error: not drawn for the {}.",
                statistic.words()
            ));
        }
    }
    if v.kind != Axis::N {
        return v;
    }
    for c in &mut v.curves {
        let fit: Vec<FitPoint> = c
            .points
            .iter()
            .map(|p| FitPoint {
                x: p.x,
                mean: p.mean,
                resampled: &p.statistics.resampled,
            })
            .collect();
        let slope = fit_slope(&fit, range.bounds());
        c.slope = slope.map(|s| s.slope);
        c.slope_interval = slope.and_then(|s| s.interval);
        let medians: Vec<(f64, f64)> = c
            .points
            .iter()
            .filter(|p| range.contains(p.x))
            .map(|p| (p.x, p.median))
            .collect();
        c.median_slope = loglog_slope(&medians);
        let name = c.name().to_string();
        c.label = format!(
            "{name} ({})",
            slope_with_interval(c.slope, c.slope_interval)
        );
    }
    if range != SlopeRange::default() {
        let end = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
        v.notes.push(match (range.from, range.to) {
            (Some(a), Some(b)) => format!("The slopes are fitted over N = {a} to {b} only."),
            (a, _) if a.is_some() => format!("The slopes are fitted over N ≥ {} only.", end(a)),
            (_, b) => format!("The slopes are fitted over N ≤ {} only.", end(b)),
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::cfg;
    use coded_core::metrics::{curves as core_curves, fitted_slope};
    use coded_core::{sweep, Scheme, SweepPlan};

    #[test]
    fn the_statistic_and_the_range_are_drawing_only() {
        let c = cfg(r#"{"trials": 30}"#);
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        let plan =
            SweepPlan::new(&c, Some(&[20, 40, 80, 160]), Some(&[0.1]), Some(&schemes)).unwrap();
        let pts = sweep(&c, &plan).unwrap();
        let view = super::super::error_vs_n_view(&c, &pts, true, true, vec![]);
        // The squared error over every point: the slopes `coded sweep`
        // prints, bit for bit, each with an interval around it.
        let mse = shown(&view, Statistic::Mse, SlopeRange::default());
        assert_eq!(mse.references, view.references);
        for (curve, core) in mse.curves.iter().zip(core_curves(&pts)) {
            let k = curve.slope.unwrap();
            assert_eq!(Some(k), fitted_slope(&core));
            let (lo, hi) = curve.slope_interval.unwrap();
            assert!(lo < k && k < hi && hi - lo < 2.0, "{lo} {k} {hi}");
            assert!(curve.label.contains(" ["), "{}", curve.label);
            assert!(
                !curve.label.contains('-'),
                "a proper minus: {}",
                curve.label
            );
        }
        // The max error: other values, axis and title, no claimed rates.
        let max = shown(&view, Statistic::Max, SlopeRange::default());
        assert_eq!(max.y_label, "max error");
        assert!(max.title.starts_with("Max error vs N"), "{}", max.title);
        assert!(max.references.is_empty() && !max.notes.is_empty());
        for (a, b) in max.curves.iter().zip(core_curves(&pts)) {
            let m = b[0].max_error.as_ref().unwrap();
            assert_eq!(a.points[0].mean, m.stats.mean);
            assert_eq!(a.points[0].q90, m.spread.q90);
            assert_ne!(a.points[0].mean, mse.curves[0].points[0].mean);
        }
        let rel = shown(&view, Statistic::Rel, SlopeRange::default());
        assert_eq!(rel.y_label, "relative error");
        assert_ne!(rel.curves[0].slope, max.curves[0].slope);
        // A range: the slope of the points in it, the others still drawn.
        let range = SlopeRange::parse("40-160").unwrap();
        let part = shown(&view, Statistic::Mse, range);
        assert_eq!(part.curves[0].points.len(), 4);
        let core = core_curves(&pts);
        assert_eq!(part.curves[0].slope, fitted_slope(&core[0][1..]));
        assert_ne!(part.curves[0].slope_interval, mse.curves[0].slope_interval);
        assert!(part.notes.iter().any(|n| n.contains("N = 40 to 160")));
    }

    #[test]
    fn a_narrow_interval_keeps_its_width_in_the_legend() {
        assert_eq!(
            slope_with_interval(Some(-2.905), Some((-3.012, -2.801))),
            "slope −2.90 [−3.01, −2.80]"
        );
        assert_eq!(
            slope_with_interval(Some(0.1), Some((0.099, 0.101))),
            "slope 0.100 [0.099, 0.101]"
        );
        assert_eq!(
            slope_with_interval(Some(-0.1), Some((-0.1004, -0.0996))),
            "slope −0.1000 [−0.1004, −0.0996]"
        );
        assert_eq!(
            slope_with_interval(Some(0.1), Some((0.1, 0.1))),
            "slope 0.10 [0.10, 0.10]"
        );
        assert_eq!(slope_with_interval(Some(-3.0), None), "slope −3.00");
    }

    #[test]
    fn ranges_read_and_refuse() {
        for (text, from, to) in [
            ("", None, None),
            ("20-320", Some(20.0), Some(320.0)),
            ("20..320", Some(20.0), Some(320.0)),
            (" 40- ", Some(40.0), None),
            ("..160", None, Some(160.0)),
            ("-1.6e2", None, Some(160.0)),
            ("1e1-1e2", Some(10.0), Some(100.0)),
            ("1.5e-300-1e300", Some(1.5e-300), Some(1e300)),
            ("-0.000000000000000000000000000001", None, Some(1e-30)),
        ] {
            let r = SlopeRange::parse(text).unwrap();
            assert_eq!((r.from, r.to), (from, to), "{text}");
            assert_eq!(SlopeRange::parse(&r.text()), Some(r));
        }
        for bad in [
            "20", "20.", "320-20", "a-b", "0-10", "--5-10", "1..2..3", "1-2-3", "20-.",
        ] {
            assert_eq!(SlopeRange::parse(bad), None, "{bad}");
        }
        assert_eq!(
            SlopeRange::parse("1.5e-300-1e300").unwrap().text(),
            "1.5e-300-1e300"
        );
        for (text, written) in [
            ("40-320", "40-320"),
            ("100-1000", "100-1000"),
            ("1e3-2e3", "1000-2000"),
            ("-8192", "-8192"),
            ("0.00001-1e20", "1e-5-1e20"),
        ] {
            assert_eq!(SlopeRange::parse(text).unwrap().text(), written, "{text}");
        }
        assert!(SlopeRange::parse("20-40").unwrap().contains(40.0));
        assert!(!SlopeRange::parse("20-40").unwrap().contains(80.0));
    }
}
