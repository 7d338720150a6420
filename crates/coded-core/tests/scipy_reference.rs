//! Our Berrut interpolant, smoothing spline and bootstrap interval against
//! SciPy's, from the fixtures written by tools/fixtures/generate.py (no
//! Python needed here).

use coded_core::barycentric::{berrut_weights, operator_row};
use coded_core::gcv::diagnostics::gcv_score;
use coded_core::metrics::bootstrap_mean_95;
use coded_core::spline::SmoothingSpline;
use nalgebra::DMatrix;
use serde_json::Value;

fn cases(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap();
    v["cases"].as_array().unwrap().clone()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

/// The GCV fixtures of one kind ("noisy", "clean"): each case with its
/// nodes and its values at them (one column).
fn gcv_cases(kind: &str) -> Vec<(Value, Vec<f64>, DMatrix<f64>)> {
    cases("gcv.json")
        .into_iter()
        .filter(|c| c["kind"] == kind)
        .map(|c| {
            let t = floats(&c["nodes"]);
            let y = DMatrix::from_column_slice(t.len(), 1, &floats(&c["values"]));
            (c, t, y)
        })
        .collect()
}

/// `rel` relative to the size of the reference value (at least 1).
fn assert_close_to(name: &str, got: f64, want: f64, rel: f64) {
    let tol = rel * want.abs().max(1.0);
    assert!(
        (got - want).abs() <= tol,
        "{name}: got {got}, SciPy {want}, diff {:e}",
        got - want
    );
}

#[test]
fn berrut_matches_scipy_floater_hormann_d0() {
    let all = cases("berrut.json");
    assert!(all.len() >= 20);
    let mut checked = 0;
    for c in &all {
        let name = c["name"].as_str().unwrap();
        let (t, v, at, want) = (
            floats(&c["nodes"]),
            floats(&c["values"]),
            floats(&c["at"]),
            floats(&c["expected"]),
        );
        let w = berrut_weights(t.len());
        let mut row = vec![0.0; t.len()];
        for (z, e) in at.iter().zip(&want) {
            operator_row(&t, &w, *z, &mut row);
            let got: f64 = row.iter().zip(&v).map(|(a, b)| a * b).sum();
            assert_close_to(name, got, *e, 1e-9);
            checked += 1;
        }
    }
    assert!(checked > 500);
}

/// Against SciPy to 1e-9 wherever SciPy is itself within 1e-10 of the exact
/// minimiser, and within 1e-9 plus SciPy's own error elsewhere (large λ,
/// where SciPy loses digits: see the fixture generator); against the
/// 30-digit exact minimiser to 1e-10 everywhere.
#[test]
fn smoothing_spline_matches_scipy_make_smoothing_spline() {
    let all = cases("spline.json");
    assert!(all.len() >= 80);
    let (mut strict, mut checked) = (0, 0);
    for c in &all {
        let name = c["name"].as_str().unwrap();
        let (t, v, at) = (floats(&c["nodes"]), floats(&c["values"]), floats(&c["at"]));
        let (scipy, exact) = (floats(&c["expected"]), floats(&c["exact"]));
        let scipy_error = c["scipy_error"].as_f64().unwrap();
        let lambda = c["lambda"].as_f64().unwrap();
        let s =
            SmoothingSpline::fit(&t, &DMatrix::from_column_slice(t.len(), 1, &v), lambda).unwrap();
        let got = s.eval(&at);
        let scipy_tol = if scipy_error <= 1e-10 {
            1e-9
        } else {
            1e-9 + 2.0 * scipy_error
        };
        strict += usize::from(scipy_error <= 1e-10);
        for i in 0..at.len() {
            assert_close_to(name, got[(i, 0)], scipy[i], scipy_tol);
            assert_close_to(&format!("{name} (exact)"), got[(i, 0)], exact[i], 1e-10);
            checked += 1;
        }
    }
    assert!(strict >= 80, "only {strict} cases at the strict tolerance");
    assert!(checked > 5000);
}

/// Our 95 % bootstrap percentile interval of the mean against
/// `scipy.stats.bootstrap(..., method='percentile')` on heavy-tailed
/// samples. The two draw their resamples from different streams, so the
/// ends differ by Monte-Carlo error only: SciPy's stored ends are the mean
/// of `repeats` runs, each end with a standard deviation `sd` per run at
/// `resamples` resamples; ours, at as many resamples, has about the same.
/// The difference then has a standard deviation of sd·√(1 + 1/repeats), and
/// we allow five of them (the test is seeded: it passes or fails the same
/// way every time). The tolerance stays below 4 % of the interval's width,
/// so an interval of another kind (the normal one, another quantile) fails.
#[test]
fn bootstrap_interval_matches_scipy_percentile_bootstrap() {
    let all = cases("bootstrap.json");
    assert!(all.len() >= 8);
    for (i, c) in all.iter().enumerate() {
        let name = c["name"].as_str().unwrap();
        let xs = floats(&c["values"]);
        let resamples = c["resamples"].as_u64().unwrap() as usize;
        let repeats = c["repeats"].as_f64().unwrap();
        let got = bootstrap_mean_95(&xs, 1000 + i as u64, resamples).unwrap();
        let width = c["hi"].as_f64().unwrap() - c["lo"].as_f64().unwrap();
        for (end, ours) in [("lo", got.lo), ("hi", got.hi)] {
            let want = c[end].as_f64().unwrap();
            let sd = c[&format!("{end}_sd")].as_f64().unwrap();
            let tol = 5.0 * sd * (1.0 + 1.0 / repeats).sqrt();
            assert!(
                tol < 0.04 * width,
                "{name} {end}: tolerance {tol} of width {width}"
            );
            assert!(
                (ours - want).abs() <= tol,
                "{name} {end}: ours {ours}, SciPy {want} (tolerance {tol})"
            );
        }
        assert!(got.lo > 0.0 && got.lo < got.hi, "{name}: {got:?}");
    }
}

/// GCV against SciPy's `make_smoothing_spline(x, y, lam=None)` on noisy
/// data: the λ we find, in SciPy's convention lam = n·λ, agrees within
/// GCV_LAM_REL, and the fitted values at the nodes within 1 % of the noise's
/// σ. The score is flat near its minimum (a 1 % change of λ moves it by
/// about 1e-6 relative), so both searches stop a little apart: measured
/// 1.1 % at worst (n = 25), under 0.5 % from n = 50.
///
/// One case (25 random nodes, σ = 0.1) has two minima: SciPy's bounded
/// search finds a local one near lam = 1e-3, ours the global one near
/// 1e-6 whose score is half as large. There SciPy is not the reference;
/// the test checks that our score is the lower one.
#[test]
fn gcv_matches_scipy_on_noisy_data() {
    const GCV_LAM_REL: f64 = 0.02;
    let mut other_minimum = 0;
    let mut worst_lam = 0.0f64;
    let mut worst_fit = 0.0f64;
    for (case, t, y) in gcv_cases("noisy") {
        let name = case["name"].as_str().unwrap();
        let sigma = case["sigma"].as_f64().unwrap();
        let n = t.len();
        let (spline, lambda) = SmoothingSpline::fit_gcv(&t, &y).unwrap();
        let lam = case["lam"].as_f64().unwrap();
        let ours = gcv_score(&t, &y, lambda).unwrap();
        let theirs = gcv_score(&t, &y, lam / n as f64).unwrap();
        if ours < 0.99 * theirs {
            other_minimum += 1;
            continue;
        }
        let rel = (n as f64 * lambda / lam - 1.0).abs();
        worst_lam = worst_lam.max(rel);
        assert!(
            rel <= GCV_LAM_REL,
            "{name}: our lam {} vs SciPy {lam} ({rel:.2e})",
            n as f64 * lambda
        );
        let fit = spline.eval(&t);
        for (i, want) in floats(&case["fitted"]).into_iter().enumerate() {
            let d = (fit[(i, 0)] - want).abs() / sigma;
            worst_fit = worst_fit.max(d);
            assert!(d <= 0.01, "{name} at node {i}: {} vs {want}", fit[(i, 0)]);
        }
    }
    assert_eq!(other_minimum, 1, "the one case with two minima");
    println!("worst lam: {worst_lam:.2e} relative; worst fitted value: {worst_fit:.2e} σ");
}

/// On noise-free x·sin x SciPy's GCV over-smooths (or raises): ours never
/// fails, and its largest error is lower than SciPy's.
#[test]
fn gcv_beats_scipy_on_noise_free_data() {
    for (case, t, y) in gcv_cases("clean") {
        let name = case["name"].as_str().unwrap();
        let (spline, _) =
            SmoothingSpline::fit_gcv(&t, &y).unwrap_or_else(|e| panic!("{name}: {e}"));
        let z = floats(&case["at"]);
        let got = spline.eval(&z);
        let err = floats(&case["exact"])
            .iter()
            .enumerate()
            .map(|(i, e)| (got[(i, 0)] - e).abs())
            .fold(0.0, f64::max);
        assert!(err.is_finite(), "{name}");
        if let Some(theirs) = case["scipy_error"].as_f64() {
            assert!(err < theirs, "{name}: ours {err:e}, SciPy {theirs:e}");
            println!("{name}: ours {err:.2e}, SciPy {theirs:.2e}");
        }
    }
}
