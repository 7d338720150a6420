//! The probabilistic-regime paper's claim, as a test on a sweep: for x·sin x
//! under independent stragglers, the error of BACC and LeTCC goes to zero as N
//! grows although about pN servers straggle, and LeTCC (small λ_dec) falls
//! faster than BACC.

use coded_core::metrics::{curves, fitted_slope};
use coded_core::{sweep, Config, LambdaDec, Scheme, SweepPlan};

fn run(lambda_dec: LambdaDec) -> Vec<coded_core::SweepPoint> {
    let config = Config {
        lambda_dec,
        trials: 100,
        ..Config::default()
    };
    let ns = [20, 40, 80, 160, 320, 640];
    sweep(&config, &SweepPlan::paper(&config, &ns).unwrap()).unwrap()
}

#[test]
fn error_goes_to_zero_and_letcc_falls_faster() {
    for lambda in [LambdaDec::Value(1e-12), LambdaDec::default()] {
        let points = run(lambda);
        let mut slopes = std::collections::HashMap::new();
        for curve in curves(&points) {
            let (scheme, p) = (curve[0].scheme, curve[0].p);
            let mse: Vec<f64> = curve
                .iter()
                .map(|q| q.mse.expect("no round fails at p <= 0.3").mean)
                .collect();
            assert!(curve.iter().all(|q| q.failures == 0));
            // Falls by orders of magnitude from N = 20 to 640, and from N = 40 on
            // every doubling lowers it.
            assert!(mse[5] < mse[0] * 1e-3, "{scheme:?} p={p}: {mse:?}");
            assert!(
                mse[1..].windows(2).all(|w| w[1] < w[0]),
                "{scheme:?} p={p}: {mse:?}"
            );
            slopes.insert((scheme, (p * 10.0) as i32), fitted_slope(&curve).unwrap());
        }
        for p in [1, 3] {
            let (b, l) = (slopes[&(Scheme::Bacc, p)], slopes[&(Scheme::Letcc, p)]);
            assert!(b < -2.0, "BACC slope {b}");
            assert!(
                l < b - 1.0,
                "LeTCC slope {l} should be steeper than BACC's {b} ({lambda})"
            );
        }
        // At the largest N, LeTCC's error is far below BACC's.
        let last = |s: Scheme, p: f64| {
            points
                .iter()
                .find(|q| q.scheme == s && q.p == p && q.n == 640)
                .unwrap()
                .mse
                .unwrap()
                .mean
        };
        for p in [0.1, 0.3] {
            assert!(last(Scheme::Letcc, p) < last(Scheme::Bacc, p) / 10.0);
        }
    }
}

#[test]
fn a_fixed_lambda_floors_the_error() {
    // The smoothing bias of a fixed λ_dec stays as N grows.
    let config = Config {
        scheme: Scheme::Letcc,
        lambda_dec: LambdaDec::Value(1e-9),
        trials: 50,
        ..Config::default()
    };
    let plan = SweepPlan::new(&config, Some(&[320, 640, 1280]), Some(&[0.1]), None).unwrap();
    let points = sweep(&config, &plan).unwrap();
    let mse: Vec<f64> = points.iter().map(|q| q.mse.unwrap().mean).collect();
    assert!(mse[2] > mse[0] * 0.5, "{mse:?}");
    assert!(mse[2] > 1e-6, "{mse:?}");
}
