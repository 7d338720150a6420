//! Panel 4's views: plot-ready data, built from the core's results.
use super::failed::AllFailed;
use super::point_stats::PointStatistics;
use crate::claimed_rates::Rate;
use crate::series::scheme_series;
use crate::words::plural;
use coded_core::metrics::{curves as core_curves, fitted_slope, loglog_slope};
use coded_core::{Config, Scheme, StragglerModel, SweepPoint};
use serde::{Deserialize, Serialize};

/// The default values of the p and λ_dec axes (the core's table holds them).
pub use coded_core::axis::{lambda_grid, P_GRID};
/// Which error plot: the setting along its x axis (the core's table of
/// axes; its serde names are what saved studies hold).
pub use coded_core::Axis;

/// One measured point: mean squared error over the trials that decoded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub x: f64,
    /// The probability that a server straggles at this point (the core's
    /// `SweepPoint::p`): the point's own, since under a fixed S it is S/N
    /// and varies along a curve; on the error-vs-p axis it is x.
    pub p: f64,
    pub mean: f64,
    pub std: f64,
    /// The 95 % bootstrap interval of the mean (the core's
    /// [`coded_core::metrics::bootstrap_mean_95`]).
    pub ci_lo: f64,
    pub ci_hi: f64,
    /// The median and the 10 % and 90 % quantiles of the rounds' errors.
    pub median: f64,
    pub q10: f64,
    pub q90: f64,
    pub trials: usize,
    pub failures: usize,
    /// The other statistics, and the resampled means for the slopes'
    /// intervals (the `statistic` module).
    #[serde(default)]
    pub statistics: PointStatistics,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    /// What names it in a link's hidden series ([`Curve::key`]'s words).
    pub key: String,
    /// Legend text, with the fitted slope of the means for error vs N.
    pub label: String,
    pub scheme: Scheme,
    pub p: f64,
    /// Index into the theme's series colours (one per scheme).
    pub color: usize,
    /// Marker shape (one per p value).
    pub shape: usize,
    pub points: Vec<CurvePoint>,
    /// The share of failed rounds at every x of the curve, including the x
    /// where every round failed (which have no point).
    pub failed: Vec<(f64, f64)>,
    /// The fitted log-log slope of the means (error vs N), as `coded sweep`
    /// prints it.
    pub slope: Option<f64>,
    /// A curve of a saved run (a study file opened, see the `saved` module):
    /// drawn dash-dotted, without its band.
    #[serde(default)]
    pub saved: bool,
    /// The same of the medians.
    pub median_slope: Option<f64>,
    /// The 95 % bootstrap interval of `slope` (the `statistic` module).
    #[serde(default)]
    pub slope_interval: Option<(f64, f64)>,
}

/// A dashed line: a claimed rate, or a constant level to compare with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    /// What names it in a link's hidden series.
    pub key: String,
    /// Legend text (a level's adds its value: [`Reference::legend`]).
    pub label: String,
    /// Which dash pattern (one per line, so lines differ without colour).
    pub dash: usize,
    pub color: usize,
    /// The line through the means: a claimed rate scaled through the first
    /// mean of its curve, or a level at the mean.
    pub points: Vec<(f64, f64)>,
    /// The same line through the medians.
    pub median_points: Vec<(f64, f64)>,
    pub slope: Option<f64>,
    /// A constant level (error vs λ_dec), not a claimed rate.
    pub level: bool,
}

/// A vertical line at the current setting (p or λ_dec).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Marker {
    pub x: f64,
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvesView {
    pub kind: Axis,
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_log: bool,
    pub curves: Vec<Curve>,
    pub references: Vec<Reference>,
    pub marker: Option<Marker>,
    /// Errors at or below this are rounding errors of exact answers (see
    /// [`coded_core::problem::rounding_level`]): drawn as "exact" on a floor.
    pub exact_below: f64,
    /// What could not be shown, and why (failed rounds, N < K, ...).
    pub notes: Vec<String>,
}

pub(crate) fn slope_text(s: Option<f64>) -> String {
    s.map(|s| format!("slope {s:.2}").replace('-', "−"))
        .unwrap_or_else(|| "no slope".into())
}

/// A curve's points and its share of failed rounds at each x, from sweep
/// points, noting what cannot be drawn (the points where every round
/// failed go to `all_failed`, which words them by reason). An error of
/// exactly 0 is a point: it is drawn as exact, on the floor.
pub(super) fn points_of<'a>(
    label: &str,
    xs: &[f64],
    sums: impl IntoIterator<Item = &'a SweepPoint>,
    x_name: &str,
    notes: &mut Vec<String>,
    all_failed: &mut AllFailed,
) -> (Vec<CurvePoint>, Vec<(f64, f64)>) {
    let (mut out, mut failed) = (vec![], vec![]);
    for (x, s) in xs.iter().zip(sums) {
        if s.trials > 0 {
            failed.push((*x, s.failures as f64 / s.trials as f64));
        }
        all_failed.see(label, Some((x_name, *x)), s);
        match s.mse {
            None => {}
            Some(m) if !(m.mean >= 0.0 && m.mean.is_finite()) => notes.push(format!(
                "{label}: no finite error at {x_name} = {x} (an answer overflowed)"
            )),
            Some(m) => {
                let finite = |v: f64| if v.is_finite() { v } else { m.mean };
                let q = s.mse_spread;
                let ci = s.mse_interval;
                out.push(CurvePoint {
                    x: *x,
                    p: s.p,
                    mean: m.mean,
                    std: if m.std.is_finite() { m.std } else { 0.0 },
                    ci_lo: finite(ci.map_or(m.mean, |i| i.lo)),
                    ci_hi: finite(ci.map_or(m.mean, |i| i.hi)),
                    median: finite(q.map_or(m.mean, |q| q.median)),
                    q10: finite(q.map_or(m.mean, |q| q.q10)),
                    q90: finite(q.map_or(m.mean, |q| q.q90)),
                    trials: s.trials,
                    failures: s.failures,
                    statistics: PointStatistics::of(s),
                })
            }
        }
    }
    (out, failed)
}

pub(super) fn model_words(m: &StragglerModel) -> String {
    m.about().caption
}

/// A series' key in a link: its scheme, and its p where curves differ by p.
pub(super) fn curve_key(scheme: Scheme, p: Option<f64>) -> String {
    match p {
        Some(p) => format!("{}-{p}", scheme.name()),
        None => scheme.name().to_string(),
    }
}

/// The fitted log-log slope of a curve's medians.
fn median_slope(points: &[CurvePoint]) -> Option<f64> {
    let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.x, p.median)).collect();
    loglog_slope(&xy)
}

/// Whether two claimed lines have one shape: the same N, and values in the
/// same ratios (each is scaled through a measured point, so a constant
/// factor between them, such as p's in log₁/ₚ N, is no difference).
fn same_shape(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(u, v)| {
            u.0 == v.0 && (u.1 * b[0].1 - v.1 * a[0].1).abs() <= 1e-9 * (u.1 * b[0].1).abs()
        })
}

/// A claimed line while it is built: the rate's values at the N of the
/// curves it stands for, their p values, and the line through the first
/// curve's first mean and median.
struct ClaimedLine {
    shape: Vec<(f64, f64)>,
    ps: Vec<f64>,
    points: Vec<(f64, f64)>,
    median_points: Vec<(f64, f64)>,
}

/// One claimed rate's dashed lines over the curves of its scheme: one line
/// through the first point of the first curve, shared by every curve whose
/// p gives the rate the same shape in N (a claim is O(·), without
/// constants); a line of its own for a p that gives another shape.
fn claimed_lines(
    rate: Rate,
    curves: &[(Curve, Vec<f64>)],
    iid: bool,
    refs: &mut Vec<Reference>,
    notes: &mut Vec<String>,
) {
    let mut lines: Vec<ClaimedLine> = vec![];
    for (c, xs) in curves.iter().filter(|(c, _)| c.scheme == rate.scheme()) {
        let p = c.p;
        let Some(first) = c.points.first() else {
            continue;
        };
        let Some(r0) = rate.value(first.x, p) else {
            notes.push(format!("{}: undefined at p = {p}", rate.label()));
            continue;
        };
        let values: Vec<(f64, f64)> = xs
            .iter()
            .filter_map(|&n| rate.value(n, p).map(|v| (n, v)))
            .collect();
        match lines.iter_mut().find(|l| same_shape(&l.shape, &values)) {
            Some(line) => line.ps.push(p),
            None => {
                let through = |y0: f64| {
                    let c = y0 / r0;
                    values.iter().map(|&(n, v)| (n, c * v)).collect()
                };
                lines.push(ClaimedLine {
                    points: through(first.mean),
                    median_points: through(first.median),
                    shape: values,
                    ps: vec![p],
                });
            }
        }
    }
    let several = lines.len() > 1;
    for (i, line) in lines.into_iter().enumerate() {
        let ClaimedLine {
            ps,
            points,
            median_points,
            ..
        } = line;
        let slope = loglog_slope(&points);
        let label = if iid && several {
            let ps: Vec<String> = ps.iter().map(|p| p.to_string()).collect();
            format!(
                "{}, p = {} ({})",
                rate.label(),
                ps.join(", "),
                slope_text(slope)
            )
        } else {
            format!("{} ({})", rate.label(), slope_text(slope))
        };
        let scheme = rate.scheme().name();
        refs.push(Reference {
            key: if several {
                format!("claim-{scheme}-{i}")
            } else {
                format!("claim-{scheme}")
            },
            label,
            dash: refs.len(),
            color: scheme_series(rate.scheme()),
            points,
            median_points,
            slope,
            level: false,
        });
    }
}

/// The error-vs-N view of sweep points (as `coded sweep` computes them):
/// one curve per (scheme, straggler model), grouped like the CLI's slopes.
/// `iid`: the points' models are independent stragglers (curves named by p).
pub fn error_vs_n_view(
    config: &Config,
    points: &[SweepPoint],
    iid: bool,
    references: bool,
    mut notes: Vec<String>,
) -> CurvesView {
    let mut ps: Vec<f64> = vec![];
    for p in points {
        if !ps.contains(&p.p) {
            ps.push(p.p);
        }
    }
    // Each curve with the N of its points (including those that failed).
    let mut curves: Vec<(Curve, Vec<f64>)> = vec![];
    let mut all_failed = AllFailed::default();
    for chunk in core_curves(points) {
        let scheme = chunk[0].scheme;
        let p = chunk[0].p;
        let shape = ps.iter().position(|q| *q == p).unwrap_or(0);
        let slope = fitted_slope(&chunk);
        let name = if iid {
            format!("{}, p = {p}", scheme.label())
        } else {
            scheme.label().to_string()
        };
        let xs: Vec<f64> = chunk.iter().map(|q| q.n as f64).collect();
        let (pts, failed) = points_of(
            &name,
            &xs,
            chunk.iter().copied(),
            "N",
            &mut notes,
            &mut all_failed,
        );
        let curve = Curve {
            key: curve_key(scheme, iid.then_some(p)),
            label: format!("{name} ({})", slope_text(slope)),
            scheme,
            p,
            color: scheme_series(scheme),
            shape,
            median_slope: median_slope(&pts),
            points: pts,
            failed,
            slope,
            saved: false,
            slope_interval: None,
        };
        curves.push((curve, xs));
    }
    let mut refs = vec![];
    if references {
        for rate in Rate::for_config(config) {
            claimed_lines(rate, &curves, iid, &mut refs, &mut notes);
        }
    }
    notes.extend(all_failed.notes(&config.function));
    CurvesView {
        kind: Axis::N,
        title: format!(
            "Mean squared error vs N ({}, K = {}, {})",
            config.function.title(),
            config.k,
            plural(config.trials, "trial", "trials")
        ),
        x_label: "N (servers)".into(),
        y_label: "mean squared error".into(),
        x_log: true,
        curves: curves.into_iter().map(|(c, _)| c).collect(),
        references: refs,
        marker: None,
        exact_below: coded_core::problem::rounding_level(config),
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::look::Band;
    use crate::testing::{bacc_letcc_vs_n, cfg, error_vs_lambda, error_vs_n, error_vs_p};
    use coded_core::{sweep, SweepPlan};

    #[test]
    fn titles_name_a_formula_by_its_text() {
        let c = cfg(r#"{"trials": 4, "k": 4, "n": 12, "function": {"expr": "sin(3*x) + x^2"}}"#);
        let n = error_vs_n(&c, &[Scheme::Bacc], &[12, 24], &[0.1], false);
        assert_eq!(
            n.title,
            "Mean squared error vs N (f(x) = sin(3*x) + x^2, K = 4, 4 trials)"
        );
        assert!(error_vs_p(&c, &[Scheme::Bacc])
            .title
            .ends_with(", f(x) = sin(3*x) + x^2)"));
        assert!(error_vs_lambda(&c, &[Scheme::Bacc])
            .title
            .ends_with(", f(x) = sin(3*x) + x^2)"));
        // The built-ins keep their titles.
        let b = cfg(r#"{"trials": 4, "k": 4, "n": 12}"#);
        assert!(!error_vs_p(&b, &[Scheme::Bacc]).title.contains("f(x)"));
    }

    #[test]
    fn error_vs_n_is_the_core_sweep_with_its_slopes() {
        let c = cfg(r#"{"trials": 20}"#);
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        let plan =
            SweepPlan::new(&c, Some(&[20, 40, 80]), Some(&[0.1, 0.3]), Some(&schemes)).unwrap();
        let pts = sweep(&c, &plan).unwrap();
        let v = error_vs_n_view(&c, &pts, true, true, vec!["a note".into()]);
        assert_eq!(v.curves.len(), 4);
        assert_eq!(v.notes, ["a note"]);
        for (curve, core) in v.curves.iter().zip(core_curves(&pts)) {
            assert_eq!(curve.scheme, core[0].scheme);
            assert_eq!(curve.slope, fitted_slope(&core));
            for (a, b) in curve.points.iter().zip(&core) {
                assert_eq!(a.x, b.n as f64);
                assert_eq!(a.mean, b.mse.unwrap().mean);
                assert_eq!(a.std, b.mse.unwrap().std);
            }
            assert!(curve.label.contains("slope −"), "{}", curve.label);
        }
        // One reference per scheme (p changes the claims' constants only),
        // anchored at the first point of the scheme's first curve: through
        // its mean, or its median.
        assert_eq!(v.references.len(), 2);
        for (r, curve) in v.references.iter().zip([&v.curves[0], &v.curves[2]]) {
            let first = &curve.points[0];
            let (a, b) = (r.points[0].1, first.mean);
            assert!((a - b).abs() <= 1e-12 * b, "{a} vs {b}");
            let (a, b) = (r.median_points[0].1, first.median);
            assert!((a - b).abs() <= 1e-12 * b, "{a} vs {b}");
            assert_eq!(r.points.len(), 3);
            assert!(!r.label.contains("p = "), "{}", r.label);
            // One shape through either point: the same slope.
            let k = loglog_slope(&r.median_points).unwrap();
            assert!((k - r.slope.unwrap()).abs() < 1e-9, "{k} {:?}", r.slope);
        }
        assert!(v.references[0].label.starts_with("abstract, BACC"));
        assert!(v.references[1].label.starts_with("abstract, LeTCC"));
        // The medians' slopes, for the "median" mode.
        for curve in &v.curves {
            let k = curve.median_slope.unwrap();
            assert!(curve.legend(Band::Quantiles).contains("median's slope −"));
            assert_ne!(Some(k), curve.slope);
        }
        let none = error_vs_n(&c, &schemes, &[20, 40], &[0.1], false);
        assert!(none.references.is_empty());
        // Points of a sweep still running: shorter curves.
        let partial = error_vs_n_view(&c, &pts[..2], true, true, vec![]);
        assert_eq!(partial.curves.len(), 1);
        assert_eq!(partial.curves[0].points.len(), 2);
    }

    #[test]
    fn claimed_lines_are_shared_where_p_changes_only_their_constant() {
        let a = [(10.0, 1.0), (20.0, 0.25), (40.0, 0.0625)];
        let scaled: Vec<(f64, f64)> = a.iter().map(|&(n, v)| (n, 3.7 * v)).collect();
        assert!(same_shape(&a, &scaled));
        let steeper = [(10.0, 1.0), (20.0, 0.125), (40.0, 0.015625)];
        assert!(!same_shape(&a, &steeper));
        assert!(!same_shape(&a, &a[..2]));
        let shifted = [(10.0, 1.0), (30.0, 0.25), (40.0, 0.0625)];
        assert!(!same_shape(&a, &shifted));
        // The probabilistic claims at p = 0.1, 0.3 and 0.5: one line each.
        let c = cfg(r#"{"trials": 6}"#);
        let v = bacc_letcc_vs_n(&c, &[0.1, 0.3, 0.5]);
        assert_eq!(v.curves.len(), 6);
        assert_eq!(v.references.len(), 2);
    }

    #[test]
    fn failures_become_notes_and_exact_zeros_points_on_the_floor() {
        let c = cfg(r#"{"trials": 5}"#);
        let v = error_vs_n(
            &c,
            &[Scheme::Bacc, Scheme::Uncoded],
            &[20, 40],
            &[0.0, 1.0],
            true,
        );
        let all_fail = &v.curves[1];
        assert_eq!(all_fail.p, 1.0);
        assert!(all_fail.points.is_empty());
        // One line for the points where every round failed, with the reason.
        let failed: Vec<&String> = v
            .notes
            .iter()
            .filter(|n| n.starts_with("Every round failed"))
            .collect();
        assert_eq!(
            failed,
            [
                "Every round failed (BACC, p = 1 at N = 20, 40): no server answered.",
                "Every round failed (uncoded, p = 1 at N = 20, 40): every output lost all of its copies."
            ],
            "{:?}",
            v.notes
        );
        // Replication with no stragglers is exact: error 0, a point drawn
        // on the "exact" floor; the failed rounds are counted at every N.
        let exact = &v.curves[2];
        assert_eq!((exact.scheme, exact.p), (Scheme::Uncoded, 0.0));
        assert!(exact.points.iter().all(|p| p.mean == 0.0));
        assert!(exact.points.iter().all(|p| p.mean <= v.exact_below));
        assert_eq!(all_fail.failed, [(20.0, 1.0), (40.0, 1.0)]);
        assert!(v.notes.iter().any(|n| n.contains("undefined at p = 0")));
    }

    #[test]
    fn fixed_model_uses_the_deterministic_claim() {
        let c = cfg(r#"{"trials": 5, "stragglers": {"model": "fixed", "s": 3}}"#);
        let v = error_vs_n(&c, &[Scheme::Bacc, Scheme::Letcc], &[20, 40], &[0.1], true);
        assert_eq!(v.curves.len(), 2);
        assert_eq!(v.references.len(), 1);
        assert!(v.references[0].label.contains("S³"));
        assert!((v.references[0].slope.unwrap() + 3.0).abs() < 1e-9);
        // Each point has its own p: S/N, which falls along the curve.
        let ps: Vec<f64> = v.curves[0].points.iter().map(|p| p.p).collect();
        assert_eq!(ps, [3.0 / 20.0, 3.0 / 40.0]);
    }

    #[test]
    fn error_vs_p_and_lambda() {
        let c = cfg(r#"{"trials": 10, "lambda_dec": 1e-6}"#);
        let v = error_vs_p(&c, &[Scheme::Bacc, Scheme::Letcc]);
        assert_eq!(v.curves.len(), 2);
        assert_eq!(v.curves[0].points.len(), P_GRID.len());
        assert_eq!(v.marker.as_ref().unwrap().x, 0.2);
        // Along the p axis, every point's p is its x.
        for c in &v.curves {
            assert!(c.points.iter().all(|p| p.p == p.x), "{:?}", c.points);
        }
        // Errors grow with p (common random numbers make it monotone-ish).
        let b = &v.curves[0].points;
        assert!(b[9].mean > b[0].mean);
        let l = error_vs_lambda(&c, &[Scheme::Bacc, Scheme::Letcc]);
        assert_eq!(l.curves[0].points.len(), lambda_grid().len());
        assert_eq!(l.references.len(), 2);
        assert_eq!(l.marker.as_ref().unwrap().x, 1e-6);
        // The λ = 1e-6 point equals the core's sweep at that λ.
        let core = sweep(
            &c,
            &SweepPlan::new(&c, None, None, Some(&[Scheme::Letcc])).unwrap(),
        )
        .unwrap();
        let at = l.curves[0].points.iter().find(|p| p.x == 1e-6).unwrap();
        assert_eq!(at.mean, core[0].mse.unwrap().mean);
        // Without BACC compared: no BACC level.
        let letcc = error_vs_lambda(&c, &[Scheme::Letcc]);
        assert_eq!(letcc.references.len(), 1);
    }
}
