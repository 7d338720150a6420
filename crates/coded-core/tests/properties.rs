//! Properties of the schemes that must hold for every configuration.

use coded_core::barycentric::{berrut_weights, operator_row};
use coded_core::problem::Problem;
use coded_core::rng::Rng;
use coded_core::{
    run_round, sweep, Config, FunctionKind, LambdaDec, PointSet, Scheme, StragglerModel, SweepPlan,
};
use coded_testing::pinned;
use nalgebra::DMatrix;

fn random_matrix(rows: usize, cols: usize, rng: &mut Rng) -> DMatrix<f64> {
    DMatrix::from_fn(rows, cols, |_, _| rng.uniform_in(-2.0, 2.0))
}

#[test]
fn encoding_and_decoding_are_linear() {
    let mut rng = Rng::new(9);
    for scheme in Scheme::ALL {
        for points in [PointSet::Chebyshev, PointSet::Equispaced] {
            let config = Config {
                scheme,
                points,
                k: 7,
                n: 31,
                lambda_enc: 1e-4,
                lambda_dec: LambdaDec::Value(1e-5),
                ..Config::default()
            };
            let coder = Problem::new(&config).unwrap().coder(scheme, 31);
            let (x, y) = (random_matrix(7, 3, &mut rng), random_matrix(7, 3, &mut rng));
            let lhs = coder.encode(&(&x * 2.0 - &y * 0.5));
            let rhs = coder.encode(&x) * 2.0 - coder.encode(&y) * 0.5;
            assert!((lhs - rhs).amax() < 1e-10, "{scheme:?} encode");
            if scheme.locator().is_some() {
                // Not linear: whom it drops depends on the answers.
                continue;
            }
            let survivors: Vec<usize> = (0..31).filter(|i| i % 3 != 2).collect();
            let f = survivors.len();
            let (a, b) = (random_matrix(f, 2, &mut rng), random_matrix(f, 2, &mut rng));
            let dec = |m: &DMatrix<f64>| coder.decode(&survivors, m).unwrap().estimates;
            let lhs = dec(&(&a * 3.0 + &b));
            let rhs = dec(&a) * 3.0 + dec(&b);
            assert!((lhs - rhs).amax() < 1e-9, "{scheme:?} decode");
        }
    }
}

#[test]
fn berrut_decoder_interpolates_survivors_and_has_no_poles() {
    let mut rng = Rng::new(10);
    for trial in 0..50 {
        let n = 3 + (trial % 40);
        let mut t: Vec<f64> = (0..n).map(|_| rng.uniform_in(-1.0, 1.0)).collect();
        t.sort_by(f64::total_cmp);
        t.dedup();
        let v: Vec<f64> = t.iter().map(|_| rng.uniform_in(-5.0, 5.0)).collect();
        let w = berrut_weights(t.len());
        let mut row = vec![0.0; t.len()];
        let vmax = v.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        for i in 0..t.len() {
            operator_row(&t, &w, t[i], &mut row);
            assert_eq!(row.iter().zip(&v).map(|(c, x)| c * x).sum::<f64>(), v[i]);
        }
        // Dense points between nodes, including a hair away from each node.
        let mut zs: Vec<f64> = (0..400).map(|i| -1.2 + 2.4 * i as f64 / 399.0).collect();
        zs.extend(t.iter().flat_map(|x| [x - 1e-13, x + 1e-13, x + 1e-300]));
        for z in zs {
            operator_row(&t, &w, z, &mut row);
            let r: f64 = row.iter().zip(&v).map(|(c, x)| c * x).sum();
            assert!(r.is_finite(), "pole at {z}");
            // Berrut's interpolant is a convex-like blend near the data: it
            // never runs off to infinity (a loose bound, not a theorem's constant).
            assert!(r.abs() <= 1e3 * vmax + 1.0, "{r} at {z}");
        }
    }
}

#[test]
fn lcc_is_exact_at_its_threshold_and_fails_below() {
    let config = Config {
        scheme: Scheme::Lcc,
        function: FunctionKind::Cubic,
        k: 5,
        n: 20,
        stragglers: StragglerModel::Fixed { s: 7 },
        ..Config::default()
    };
    // Threshold 3·(5−1)+1 = 13 = 20 − 7: exact.
    let r = run_round(&config, 0).unwrap();
    assert!(!r.failed);
    assert!(r.squared_error.unwrap() < 1e-18, "{:?}", r.squared_error);
    // One answer fewer: failure, reported as such and not as a number.
    let r = run_round(
        &Config {
            stragglers: StragglerModel::Fixed { s: 8 },
            ..config
        },
        0,
    )
    .unwrap();
    assert!(r.failed && r.squared_error.is_none() && r.estimates.is_none());
    assert!(r.failure.unwrap().contains("threshold"));
}

#[test]
fn rounds_are_deterministic_for_a_seed() {
    for scheme in Scheme::ALL {
        let config = Config {
            scheme,
            ..Config::default()
        };
        let a = serde_json::to_string(&run_round(&config, 3).unwrap()).unwrap();
        let b = serde_json::to_string(&run_round(&config, 3).unwrap()).unwrap();
        assert_eq!(a, b);
        let c =
            serde_json::to_string(&run_round(&Config { seed: 2, ..config }, 3).unwrap()).unwrap();
        assert_ne!(a, c);
    }
    // The draws themselves are pinned: the wasm build must reproduce them.
    pinned::assert_draws_are_pinned();
}

#[test]
fn every_server_straggling_fails_without_nan() {
    for scheme in Scheme::ALL {
        let config = Config {
            scheme,
            stragglers: StragglerModel::Iid { p: 1.0 },
            trials: 5,
            ..Config::default()
        };
        let r = run_round(&config, 0).unwrap();
        assert!(r.failed && r.squared_error.is_none() && r.survivors.is_empty());
        let plan = SweepPlan::new(&config, Some(&[10, 20]), None, None).unwrap();
        for p in sweep(&config, &plan).unwrap() {
            assert_eq!(p.failures, 5);
            assert!(p.mse.is_none() && p.rmse.is_none());
        }
    }
}

#[test]
fn extreme_lambdas_and_tiny_configs_stay_finite() {
    for lambda in [0.0, 1e-300, 1e300] {
        for (k, n) in [(1, 1), (1, 5), (5, 5), (2, 3), (10, 40)] {
            for model in [
                StragglerModel::Iid { p: 0.0 },
                StragglerModel::Fixed { s: n - 1 },
                StragglerModel::Block { s: n / 2 },
            ] {
                for scheme in Scheme::ALL {
                    let config = Config {
                        scheme,
                        k,
                        n,
                        lambda_enc: lambda,
                        lambda_dec: LambdaDec::Value(lambda),
                        stragglers: model.clone(),
                        ..Config::default()
                    };
                    let r = run_round(&config, 0).unwrap();
                    if let Some(e) = r.squared_error {
                        assert!(e.is_finite());
                    }
                    assert!(r.coded_inputs.iter().flatten().all(|v| v.is_finite()));
                    assert_eq!(r.failed, r.squared_error.is_none());
                }
            }
        }
    }
}

#[test]
fn ill_conditioned_rounds_are_pinned() {
    pinned::assert_rounds_are_pinned();
}
