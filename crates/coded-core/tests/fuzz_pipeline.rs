//! Random valid configurations through the whole core pipeline: `Problem`,
//! `prepare`, `evaluate`, `run_round`, `monte_carlo`, `sweep` and the sweep
//! CSV. Every scheme, function, straggler model (p = 0 and 1, S ≥ N,
//! deadlines with extreme rates and times), point set, λ from 0 to 1e300
//! and GCV, and both λ rules; N, K and trials small so thousands of cases
//! run in seconds.
//!
//! Properties: nothing panics; every number a plot, a table or the CLI's
//! JSON would show is finite, or the round is reported as a failure (and
//! counted); a failure happens only for a reason (no survivor, LCC below its
//! threshold, replication lost everything, a formula not finite at an input
//! or at a surviving server's coded input); the same seed gives the same
//! numbers.
#![cfg(not(target_arch = "wasm32"))]

use coded_core::csv::{sweep_csv, Columns};
use coded_core::metrics::Stats;
use coded_core::problem::{draw_stragglers, Problem};
use coded_core::{
    run_round, sweep, Config, DecodeError, FunctionKind, Scheme, Study, SweepPlan, SweepPoint,
};
use proptest::prelude::*;

use coded_testing::strategies::{cfg, formula_functions, small_config};

/// Scalar functions (x·sin x, cubic, |x|): a few thousand configurations.
const SCALAR_CASES: u32 = 5_000;
/// Largest N of the scalar cases: past where LCC's equispaced Lagrange
/// interpolation overflows, small enough for thousands of cases.
const MAX_SCALAR_N: usize = 80;
/// LeNet-5 (a CNN forward pass per server): fewer, and tiny.
const LENET_CASES: u32 = 60;
/// Formulas, finite everywhere or not (ln(x) at x < 0, 1/x near 0).
const FORMULA_CASES: u32 = 1_000;

fn all_finite<'a>(xs: impl IntoIterator<Item = &'a f64>) -> bool {
    xs.into_iter().all(|v| v.is_finite())
}

fn check_stats(s: &Option<Stats>, what: &str, c: &Config) -> Result<(), TestCaseError> {
    if let Some(s) = s {
        prop_assert!(
            s.mean.is_finite() && s.std.is_finite() && s.std >= 0.0,
            "{what} {s:?} for {c:?}"
        );
    }
    Ok(())
}

fn check_point(p: &SweepPoint, c: &Config) -> Result<(), TestCaseError> {
    prop_assert!(p.failures <= p.trials);
    prop_assert_eq!(p.trials, c.trials);
    prop_assert_eq!(p.mse.is_none(), p.failures == p.trials, "{:?}", p);
    prop_assert_eq!(p.rmse.is_none(), p.mse.is_none());
    prop_assert!(p.p.is_finite() && (0.0..=1.0).contains(&p.p), "p {}", p.p);
    prop_assert!(
        p.lost_mean.is_finite() && (0.0..=1.0).contains(&p.lost_mean),
        "lost {}",
        p.lost_mean
    );
    check_stats(&p.mse, "mse", c)?;
    check_stats(&p.rmse, "rmse", c)?;
    check_stats(&p.rel_acc, "rel_acc", c)?;
    check_stats(&p.acc, "acc", c)?;
    for s in [p.rel_acc, p.acc].into_iter().flatten() {
        prop_assert!((0.0..=1.0).contains(&s.mean));
    }
    Ok(())
}

/// No NaN or infinity in text meant for people (a table, a CSV).
fn no_nan_text(text: &str) -> Result<(), TestCaseError> {
    let bad = text
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .any(|w| w == "NaN" || w == "inf");
    prop_assert!(!bad, "NaN or inf in {text}");
    Ok(())
}

/// Everything for one configuration.
fn check_pipeline(c: &Config) -> Result<(), TestCaseError> {
    prop_assert!(c.validate().is_ok(), "generator made an invalid {c:?}");
    let problem = Problem::new(c).expect("a valid config builds");
    // Only a formula can be other than a finite number (the round then
    // fails, with that reason).
    let formula = c.function.formula().is_some();
    prop_assert!(all_finite(problem.inputs.iter()));
    prop_assert!(formula || all_finite(problem.exact.iter()));
    prop_assert_eq!(
        problem.not_finite.is_none(),
        all_finite(problem.exact.iter())
    );
    for scheme in Scheme::ALL {
        let prepared = problem.prepare(scheme, c.n);
        prop_assert!(
            all_finite(prepared.coded_inputs.iter()),
            "{scheme:?} coded inputs not finite for {c:?}"
        );
        prop_assert!(
            formula || all_finite(prepared.outputs.iter()),
            "{scheme:?} answers not finite"
        );
        prop_assert_eq!(
            prepared.not_finite.is_empty(),
            all_finite(prepared.outputs.iter())
        );
        let threshold = prepared.coder.threshold();
        for t in 0..c.trials {
            let draw = draw_stragglers(&c.stragglers, c.seed, c.n, t);
            prop_assert_eq!(draw.straggled.len(), c.n);
            if let Some(times) = &draw.finish_times {
                prop_assert!(all_finite(times), "finish times {times:?}");
            }
            let o = problem.evaluate(&prepared, &draw.straggled, t);
            let alive = o.survivors.len();
            prop_assert!((0.0..=1.0).contains(&o.lost_fraction));
            match &o.decoded {
                Ok(d) => {
                    let se = o.squared_error;
                    prop_assert!(se.is_some_and(|e| e.is_finite() && e >= 0.0), "{se:?}");
                    for i in 0..c.k {
                        if d.recovered[i] {
                            prop_assert!(all_finite(d.estimates.row(i).iter()));
                        }
                    }
                    if let Some(l) = d.lambda_dec {
                        prop_assert!(l.is_finite() && l >= 0.0, "λ_dec used {l}");
                    }
                    for a in [o.relative_accuracy, o.accuracy].into_iter().flatten() {
                        prop_assert!((0.0..=1.0).contains(&a));
                    }
                }
                Err(e) => {
                    prop_assert!(o.squared_error.is_none() && o.lost_fraction == 1.0);
                    // Only for a reason: never a numerical breakdown here.
                    let expected = match e {
                        DecodeError::NoSurvivors => alive == 0,
                        DecodeError::BelowThreshold { have, need } => {
                            *have == alive && *need == threshold && alive < threshold
                        }
                        DecodeError::AllLost => scheme == Scheme::Uncoded,
                        // LCC's Lagrange polynomial through many clustered
                        // survivors, evaluated away from them, overflows: a
                        // genuine breakdown of the scheme, reported as such.
                        DecodeError::Overflow => scheme == Scheme::Lcc,
                        DecodeError::Spline(_) => false,
                        DecodeError::NotFinite { server: None, .. } => {
                            formula && problem.not_finite.is_some()
                        }
                        DecodeError::NotFinite {
                            server: Some(n), ..
                        } => formula && prepared.not_finite.contains(n) && !draw.straggled[*n],
                    };
                    prop_assert!(o.relative_accuracy.is_none() && o.accuracy.is_none());
                    prop_assert!(
                        expected,
                        "{scheme:?} failed with {e} ({alive} answers) for {c:?}"
                    );
                }
            }
        }
        // A Monte-Carlo point of this scheme, and of the model's alternatives.
        let point = problem.monte_carlo(&prepared, &c.stragglers, c.seed, c.trials);
        check_point(&point, c)?;
    }
    // The configuration's own round, as `coded round` prints it.
    let trial = c.trials - 1;
    let r = run_round(c, trial).expect("valid");
    prop_assert_eq!(r.failed, r.squared_error.is_none());
    prop_assert_eq!(r.failed, r.estimates.is_none());
    prop_assert_eq!(r.failed, r.failure.is_some());
    for v in [&r.inputs, &r.coded_inputs] {
        prop_assert!(all_finite(v.iter().flatten()));
    }
    for v in [&r.outputs, &r.exact] {
        prop_assert!(formula || all_finite(v.iter().flatten()));
    }
    prop_assert!(all_finite(r.alphas.iter().chain(&r.betas)));
    if let Some(t) = &r.finish_times {
        prop_assert!(all_finite(t));
    }
    if let Some(est) = &r.estimates {
        prop_assert!(all_finite(est.iter().flatten().flatten()));
    }
    let json = serde_json::to_string(&r).unwrap();
    prop_assert!(!json.contains("NaN") && !json.contains("inf"));
    // Deterministic for the seed.
    let again = serde_json::to_string(&run_round(c, trial).unwrap()).unwrap();
    prop_assert_eq!(&json, &again);
    // A sweep over a few N (K ≤ N), all schemes, the model or a p list.
    let ns = [c.k, c.n, c.n + 5];
    let ps = [0.0, 0.5, 1.0];
    let with_ps = c.stragglers.is_iid() && c.seed % 2 == 0;
    let plan = SweepPlan::new(c, Some(&ns), with_ps.then_some(&ps[..]), Some(&Scheme::ALL))
        .expect("valid plan");
    let points = sweep(c, &plan).expect("valid sweep");
    for p in &points {
        check_point(p, c)?;
    }
    let csv = sweep_csv(
        &Study::of_config(c.clone()),
        &points,
        &Columns::of_config(c),
    );
    no_nan_text(&csv)?;
    let again = sweep(c, &plan).unwrap();
    prop_assert_eq!(format!("{points:?}"), format!("{again:?}"));
    for curve in coded_core::metrics::curves(&points) {
        if let Some(s) = coded_core::metrics::fitted_slope(&curve) {
            prop_assert!(s.is_finite());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cfg(SCALAR_CASES))]
    #[test]
    fn random_scalar_configs_run_end_to_end_without_nan(
        c in small_config(
            vec![FunctionKind::XSinX, FunctionKind::Cubic, FunctionKind::Abs],
            MAX_SCALAR_N,
            16,
            6,
        )
    ) {
        check_pipeline(&c)?;
    }
}

proptest! {
    #![proptest_config(cfg(LENET_CASES))]
    #[test]
    fn random_lenet_configs_run_end_to_end_without_nan(
        c in small_config(vec![FunctionKind::Lenet5], 6, 3, 2)
    ) {
        check_pipeline(&c)?;
    }
}

proptest! {
    #![proptest_config(cfg(FORMULA_CASES))]
    #[test]
    fn random_formula_configs_run_end_to_end_without_nan(
        c in small_config(formula_functions(), MAX_SCALAR_N, 16, 6)
    ) {
        check_pipeline(&c)?;
    }
}
