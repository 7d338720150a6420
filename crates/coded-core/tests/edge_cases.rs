//! Named edge cases of the pipeline, one test each: every server straggles,
//! one survivor, N = K, K = 1, p = 0, p = 1, S ≥ N, λ_enc/λ_dec at 0, 1e-300
//! and 1e300, and the largest N, K and trials the configuration allows.
//! Each runs rounds and sweeps for every scheme and checks that every number
//! is finite or the round is reported as failed (and counted), never NaN.
//! (Parsing the limits, and rejecting values past them, is in fuzz_config.rs.)
#![cfg(not(target_arch = "wasm32"))]

use coded_core::csv::{sweep_csv, Columns};
use coded_core::limits::{MAX_K, MAX_LAMBDA, MAX_N, MAX_SEED, MAX_TRIALS};
use coded_core::metrics::Stats;
use coded_core::problem::{draw_stragglers, Problem};
use coded_core::{
    run_round, sweep, Config, DecodeError, FunctionKind, LambdaDec, LambdaRule, PointSet,
    RoundReport, Scheme, StragglerModel, Study, SweepPlan, SweepPoint,
};
use nalgebra::DMatrix;

fn config(scheme: Scheme, k: usize, n: usize, stragglers: StragglerModel) -> Config {
    Config {
        scheme,
        k,
        n,
        stragglers,
        trials: 6,
        ..Config::default()
    }
}

/// One round: every number finite, failure flags consistent.
fn round(c: &Config, trial: usize) -> RoundReport {
    c.validate().unwrap();
    let r = run_round(c, trial).unwrap();
    let finite = |v: &Vec<Vec<f64>>| v.iter().flatten().all(|x| x.is_finite());
    assert!(finite(&r.inputs) && finite(&r.coded_inputs), "{c:?}");
    assert!(finite(&r.outputs) && finite(&r.exact), "{c:?}");
    assert!(r.alphas.iter().chain(&r.betas).all(|x| x.is_finite()));
    if let Some(t) = &r.finish_times {
        assert!(t.iter().all(|x| x.is_finite()));
    }
    assert_eq!(r.failed, r.squared_error.is_none(), "{c:?}");
    assert_eq!(r.failed, r.estimates.is_none());
    assert_eq!(r.failed, r.failure.is_some());
    if let Some(e) = r.squared_error {
        assert!(e.is_finite() && e >= 0.0);
    }
    if let Some(est) = &r.estimates {
        assert!(est.iter().flatten().flatten().all(|x| x.is_finite()));
    }
    r
}

/// A sweep over `ns` for every scheme: finite statistics, failures counted.
fn sweep_all(c: &Config, ns: &[usize]) -> Vec<SweepPoint> {
    let plan = SweepPlan::new(c, Some(ns), None, Some(&Scheme::ALL)).unwrap();
    let points = sweep(c, &plan).unwrap();
    for p in &points {
        assert!(p.failures <= p.trials && p.trials == c.trials);
        assert_eq!(p.mse.is_none(), p.failures == p.trials, "{p:?}");
        for s in [p.mse, p.rmse, p.rel_acc, p.acc].into_iter().flatten() {
            assert!(s.mean.is_finite() && s.std.is_finite(), "{p:?}");
        }
        assert!((0.0..=1.0).contains(&p.lost_mean) && (0.0..=1.0).contains(&p.p));
    }
    let csv = sweep_csv(
        &Study::of_config(c.clone()),
        &points,
        &Columns::of_config(c),
    );
    assert!(!csv.contains("NaN") && !csv.contains("inf"), "{csv}");
    points
}

fn all_fail(c: &Config) {
    for scheme in Scheme::ALL {
        let c = Config {
            scheme,
            ..c.clone()
        };
        for t in 0..c.trials {
            let r = round(&c, t);
            assert!(r.failed && r.survivors.is_empty(), "{c:?}");
            assert_eq!(r.lost_fraction, 1.0);
        }
    }
    for p in sweep_all(c, &[c.n]) {
        assert_eq!(p.failures, p.trials, "{p:?}");
        assert!(p.mse.is_none() && p.rmse.is_none() && p.rel_acc.is_none());
        assert_eq!(p.lost_mean, 1.0);
    }
}

/// Every model that takes a number S of stragglers, with S = `s`.
fn with_s(s: usize) -> Vec<StragglerModel> {
    let models = StragglerModel::ALL
        .iter()
        .filter_map(|m| m.with_s(s))
        .collect::<Vec<_>>();
    assert!(models.len() >= 2, "exactly S and a block at least");
    models
}

#[test]
fn every_server_straggles() {
    for n in [1, 2, 40] {
        // The deadline before the earliest possible finish.
        let deadline = StragglerModel::Deadline {
            shift: 2.0,
            rate: 1.0,
            deadline: 1.0,
        };
        for model in with_s(n).into_iter().chain([deadline]) {
            all_fail(&config(Scheme::Bacc, 1.min(n), n, model.clone()));
            all_fail(&config(Scheme::Bacc, n.min(10), n, model.clone()));
        }
    }
    let r = round(
        &config(Scheme::Letcc, 10, 40, StragglerModel::Block { s: 40 }),
        0,
    );
    assert_eq!(r.failure.as_deref(), Some("no server answered"));
}

#[test]
fn p_one() {
    for (k, n) in [(1, 1), (3, 7), (10, 40)] {
        all_fail(&config(Scheme::Bacc, k, n, StragglerModel::Iid { p: 1.0 }));
    }
}

#[test]
fn s_at_least_n() {
    for n in [1, 5, 40] {
        for s in [n, n + 1, MAX_N] {
            for model in with_s(s) {
                assert_eq!(model.straggle_probability(n), 1.0);
                all_fail(&config(Scheme::Bacc, n.min(4), n, model.clone()));
            }
        }
    }
}

#[test]
fn one_survivor() {
    let (k, n) = (5, 20);
    for model in with_s(n - 1) {
        for t in 0..6 {
            let c = |scheme| config(scheme, k, n, model.clone());
            // BACC and LeTCC decode one answer to a constant.
            for scheme in [Scheme::Bacc, Scheme::Letcc] {
                let r = round(&c(scheme), t);
                assert_eq!(r.survivors.len(), 1);
                let est = r.estimates.unwrap();
                let first = est[0].as_ref().unwrap()[0];
                let answer = r.outputs[r.survivors[0]][0];
                for e in &est {
                    let e = e.as_ref().unwrap()[0];
                    assert!((e - first).abs() <= 1e-15 && (e - answer).abs() <= 1e-15);
                }
            }
            // LCC needs K answers for x·sin x.
            let r = round(&c(Scheme::Lcc), t);
            assert!(r.failure.unwrap().contains("threshold"));
            // Replication recovers the one output that server computed.
            let r = round(&c(Scheme::Uncoded), t);
            assert!(!r.failed);
            assert_eq!(r.lost_fraction, 1.0 - 1.0 / k as f64);
            assert_eq!(r.estimates.unwrap().iter().flatten().count(), 1);
        }
        sweep_all(&config(Scheme::Bacc, k, n, model.clone()), &[n]);
    }
    // With K = 1 one answer is enough for every scheme.
    let c = config(Scheme::Lcc, 1, 20, StragglerModel::Fixed { s: 19 });
    assert!(!round(&c, 0).failed);
}

#[test]
fn n_equals_k() {
    for n in [1, 2, 7, 64] {
        for function in [FunctionKind::XSinX, FunctionKind::Cubic] {
            let c = Config {
                function: function.clone(),
                ..config(Scheme::Bacc, n, n, StragglerModel::Iid { p: 0.0 })
            };
            for scheme in Scheme::ALL {
                let r = round(
                    &Config {
                        scheme,
                        ..c.clone()
                    },
                    0,
                );
                let below = scheme == Scheme::Lcc && function == FunctionKind::Cubic && n > 1;
                assert_eq!(r.failed, below, "{scheme:?} {function:?} N = K = {n}");
            }
            // Replication at N = K is exact.
            let r = round(
                &Config {
                    scheme: Scheme::Uncoded,
                    ..c.clone()
                },
                0,
            );
            assert_eq!(r.squared_error, Some(0.0));
            sweep_all(&c, &[n, n + 1]);
        }
    }
}

#[test]
fn k_equals_one() {
    for n in [1, 2, 3, 40] {
        for function in [FunctionKind::XSinX, FunctionKind::Cubic, FunctionKind::Abs] {
            for points in [PointSet::Chebyshev, PointSet::Equispaced] {
                let c = Config {
                    function: function.clone(),
                    points,
                    ..config(Scheme::Bacc, 1, n, StragglerModel::Iid { p: 0.3 })
                };
                for scheme in Scheme::ALL {
                    for t in 0..4 {
                        let r = round(
                            &Config {
                                scheme,
                                ..c.clone()
                            },
                            t,
                        );
                        // One input: any answer recovers it (threshold 1).
                        assert_eq!(r.failed, r.survivors.is_empty(), "{scheme:?} N = {n}");
                    }
                }
                sweep_all(&c, &[1, n]);
            }
        }
    }
}

#[test]
fn p_zero() {
    for (k, n) in [(1, 1), (4, 10), (10, 40)] {
        for scheme in Scheme::ALL {
            let c = config(scheme, k, n, StragglerModel::Iid { p: 0.0 });
            let r = round(&c, 0);
            assert_eq!(r.survivors.len(), n);
            assert!(!r.failed, "{scheme:?}");
            if scheme == Scheme::Uncoded {
                assert_eq!(r.squared_error, Some(0.0));
            }
        }
        let points = sweep_all(
            &config(Scheme::Bacc, k, n, StragglerModel::Iid { p: 0.0 }),
            &[n],
        );
        assert!(points.iter().all(|p| p.failures == 0 && p.lost_mean == 0.0));
    }
    // LCC with a cubic and enough servers is exact.
    let c = Config {
        function: FunctionKind::Cubic,
        ..config(Scheme::Lcc, 4, 10, StragglerModel::Iid { p: 0.0 })
    };
    assert!(round(&c, 0).squared_error.unwrap() < 1e-20);
}

#[test]
fn extreme_lambdas() {
    let values = [0.0, 1e-300, MAX_LAMBDA];
    for &le in &values {
        for ld in values
            .iter()
            .map(|&v| LambdaDec::Value(v))
            .chain([LambdaDec::default()])
        {
            for rule in [LambdaRule::Fixed, LambdaRule::Shrink] {
                for (k, n) in [(1, 3), (3, 3), (10, 40)] {
                    let c = Config {
                        lambda_enc: le,
                        lambda_dec: ld,
                        lambda_rule: rule,
                        ..config(Scheme::Letcc, k, n, StragglerModel::Iid { p: 0.2 })
                    };
                    for t in 0..3 {
                        let r = round(&c, t);
                        assert_eq!(r.failed, r.survivors.is_empty(), "{c:?}");
                        if let Some(l) = r.lambda_dec_used {
                            assert!(l.is_finite() && (0.0..=MAX_LAMBDA).contains(&l));
                        }
                    }
                    // Shrink scales λ_dec by (n / N)⁴ at other N: still ≤ 1e300.
                    sweep_all(&c, &[k, n, 4 * n]);
                }
            }
        }
    }
}

/// The largest N with a cheap function and a small K: one round per scheme.
#[test]
fn largest_n() {
    for scheme in Scheme::ALL {
        let c = config(scheme, 10, MAX_N, StragglerModel::Iid { p: 0.2 });
        let r = round(&c, 0);
        assert!(!r.failed, "{scheme:?}");
        assert_eq!(r.coded_inputs.len(), MAX_N);
    }
}

/// The largest K (so N = K too): one round per scheme.
#[test]
fn largest_k() {
    for scheme in Scheme::ALL {
        let c = config(scheme, MAX_K, MAX_K, StragglerModel::Iid { p: 0.2 });
        let r = round(&c, 0);
        assert_eq!(r.estimates.map(|e| e.len()).unwrap_or(MAX_K), MAX_K);
    }
}

/// N and K both at their limits: the configuration validates and one round
/// of every scheme runs (an N × K encoder of 8.4 M entries, 67 MB).
#[test]
fn largest_n_and_k() {
    let c = Config {
        seed: MAX_SEED,
        trials: MAX_TRIALS,
        ..config(Scheme::Bacc, MAX_K, MAX_N, StragglerModel::Iid { p: 0.2 })
    };
    c.validate().unwrap();
    let problem = Problem::new(&c).unwrap();
    let draw = draw_stragglers(&c.stragglers, c.seed, c.n, 0);
    for scheme in Scheme::ALL {
        let prepared = problem.prepare(scheme, c.n);
        assert_eq!(prepared.coded_inputs.nrows(), MAX_N);
        assert!(prepared.coded_inputs.iter().all(|v| v.is_finite()));
        let o = problem.evaluate(&prepared, &draw.straggled, 0);
        assert!(!o.failed(), "{scheme:?}: {:?}", o.decoded.err());
        assert!(o.squared_error.unwrap().is_finite());
    }
}

/// The largest number of trials: a full Monte-Carlo point for every scheme.
#[test]
fn largest_trials() {
    let c = Config {
        trials: MAX_TRIALS,
        ..config(Scheme::Bacc, 5, 20, StragglerModel::Iid { p: 0.3 })
    };
    for p in sweep_all(&c, &[20]) {
        assert_eq!(p.trials, MAX_TRIALS);
        assert!(p.mse.is_some());
    }
    let r = round(&c, MAX_TRIALS - 1);
    assert_eq!(r.trial, MAX_TRIALS - 1);
}

#[test]
fn statistics_of_huge_finite_errors_stay_finite() {
    // Squared errors above ~1e154 overflowed the sum of squares: a table
    // showed an infinite standard deviation that no round had.
    for xs in [
        vec![1e200, 3e200],
        vec![f64::MAX, f64::MAX],
        vec![f64::MAX, 0.0, 1.0],
        vec![1e160; 10_000],
    ] {
        let s = Stats::of(&xs).unwrap();
        assert!(s.mean.is_finite() && s.std.is_finite(), "{xs:?}: {s:?}");
        let max = xs.iter().cloned().fold(0.0, f64::max);
        assert!(s.mean <= max * (1.0 + 1e-12) && s.mean >= 0.0);
    }
    let s = Stats::of(&[1e200, 3e200]).unwrap();
    assert!((s.mean / 2e200 - 1.0).abs() < 1e-15);
    assert!((s.std / 2f64.sqrt() / 1e200 - 1.0).abs() < 1e-15);
    // Ordinary samples: the plain formulas, bit for bit.
    let xs = [0.25, 1.5, 3.0e-4];
    let mean = xs.iter().sum::<f64>() / 3.0;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / 2.0;
    assert_eq!(
        Stats::of(&xs),
        Some(Stats {
            mean,
            std: var.sqrt()
        })
    );
    assert_eq!(Stats::of(&[]), None);
}

#[test]
fn a_decode_that_overflows_is_a_whole_failure() {
    // Found by tests/fuzz_pipeline.rs: LCC through 31 clustered survivors
    // (a block of 39 of 70 servers straggled) overflows; the round was
    // reported failed but kept lost_fraction 0 (and would keep accuracies),
    // so Monte-Carlo averages mixed it in.
    let c = Config {
        scheme: Scheme::Lcc,
        k: 12,
        n: 70,
        stragglers: StragglerModel::Block { s: 39 },
        seed: MAX_SEED,
        trials: 1,
        ..Config::default()
    };
    let problem = Problem::new(&c).unwrap();
    let prepared = problem.prepare(Scheme::Lcc, c.n);
    let draw = draw_stragglers(&c.stragglers, c.seed, c.n, 0);
    let o = problem.evaluate(&prepared, &draw.straggled, 0);
    assert_eq!(o.decoded.as_ref().err(), Some(&DecodeError::Overflow));
    assert_eq!(o.survivors.len(), 31);
    assert_eq!(o.lost_fraction, 1.0);
    assert!(o.squared_error.is_none() && o.relative_accuracy.is_none() && o.accuracy.is_none());
    let r = round(&c, 0);
    assert!(r.failed && r.lost_fraction == 1.0);
    let p = problem.monte_carlo(&prepared, &c.stragglers, c.seed, 1);
    assert_eq!((p.failures, p.lost_mean), (1, 1.0));
}

#[test]
fn replication_decode_equals_its_matrix() {
    // decode() skips the K × |F| matrix of zeros: it must give the
    // matrix's numbers.
    let c = config(Scheme::Uncoded, 7, 30, StragglerModel::Iid { p: 0.5 });
    let problem = Problem::new(&c).unwrap();
    let prepared = problem.prepare(Scheme::Uncoded, c.n);
    for t in 0..40 {
        let draw = draw_stragglers(&StragglerModel::Iid { p: 0.7 }, 3, c.n, t);
        let surv = draw.survivors();
        let answers = DMatrix::from_fn(surv.len(), 3, |r, j| (r * 3 + j) as f64 * 0.37 - 1.0);
        let d = prepared.coder.decode(&surv, &answers);
        let m = prepared.coder.decoding_matrix(&surv).unwrap();
        let via = coded_core::portable::matmul(&m, &answers);
        match d {
            Ok(d) => {
                for r in 0..7 {
                    assert_eq!(d.recovered[r], m.row(r).iter().any(|&v| v != 0.0));
                    if d.recovered[r] {
                        assert_eq!(d.estimates.row(r), via.row(r));
                    }
                }
            }
            Err(e) => {
                assert_eq!(e, DecodeError::AllLost);
                assert!(m.iter().all(|&v| v == 0.0));
            }
        }
    }
}
