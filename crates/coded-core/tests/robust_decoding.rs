//! The locating schemes (ApproxIFER's and our median baseline) on the
//! pipeline's own rounds: where nobody lies they decode as BACC, where a
//! few lie they find them and decode as if those servers had straggled,
//! and well beyond their tolerance they say so by a falling detection
//! rate (docs/mathematics.md, "Locating adversaries").

use coded_core::adversaries::{Adversaries, Attack};
use coded_core::config::Config;
use coded_core::functions::FunctionKind;
use coded_core::problem::{draw_stragglers, Problem, RoundOutcome};
use coded_core::report::run_round;
use coded_core::robust::Tolerance;
use coded_core::scheme::Scheme;
use coded_core::stragglers::StragglerModel;
use coded_core::{sweep, SweepPlan};

const TRIALS: usize = 40;

fn config(function: FunctionKind, n: usize, gamma: usize, attack: Attack) -> Config {
    Config {
        function,
        k: 10,
        n,
        stragglers: StragglerModel::Fixed { s: 0 },
        adversaries: (gamma > 0).then(|| Adversaries {
            attack,
            ..Adversaries::count(gamma)
        }),
        ..Config::default()
    }
}

/// Every trial's outcome for `scheme`.
fn rounds(config: &Config, scheme: Scheme) -> (Problem, Vec<RoundOutcome>) {
    let problem = Problem::new(config).unwrap();
    let prepared = problem.prepare(scheme, config.n);
    let outcomes = (0..TRIALS)
        .map(|t| {
            let draw = draw_stragglers(&config.stragglers, config.seed, config.n, t);
            problem.evaluate(&prepared, &draw.straggled, t)
        })
        .collect();
    (problem, outcomes)
}

fn mean_squared_error(outcomes: &[RoundOutcome]) -> f64 {
    let errors: Vec<f64> = outcomes.iter().map(|o| o.squared_error.unwrap()).collect();
    errors.iter().sum::<f64>() / errors.len() as f64
}

/// BACC's mean squared error with the adversaries' answers dropped, as if
/// they had straggled.
fn oracle(config: &Config) -> f64 {
    let problem = Problem::new(config).unwrap();
    let prepared = problem.prepare(Scheme::Bacc, config.n);
    let errors: Vec<f64> = (0..TRIALS)
        .map(|t| {
            let mut straggled = vec![false; config.n];
            for s in problem.adversarial_servers(&prepared, t) {
                straggled[s] = true;
            }
            problem
                .evaluate(&prepared, &straggled, t)
                .squared_error
                .unwrap()
        })
        .collect();
    errors.iter().sum::<f64>() / TRIALS as f64
}

#[test]
fn without_adversaries_they_decode_as_bacc_where_they_flag_nobody() {
    for function in [
        FunctionKind::XSinX,
        FunctionKind::Cubic,
        FunctionKind::Lenet5,
    ] {
        for n in [40, 160] {
            let c = config(function.clone(), n, 0, Attack::Flip);
            let (_, bacc) = rounds(&c, Scheme::Bacc);
            for scheme in [Scheme::Approxifer, Scheme::Median] {
                let (_, ours) = rounds(&c, scheme);
                let mut silent = 0;
                for (o, b) in ours.iter().zip(&bacc) {
                    let d = o.decoded.as_ref().unwrap();
                    if d.detection.as_ref().unwrap().flagged.is_empty() {
                        silent += 1;
                        let (a, b) = (&d.estimates, &b.decoded.as_ref().unwrap().estimates);
                        assert!(
                            a.iter()
                                .zip(b.iter())
                                .all(|(x, y)| x.to_bits() == y.to_bits()),
                            "{scheme:?} {} N = {n}: flags nobody, decodes as BACC",
                            function.name()
                        );
                    }
                }
                let (mse, bacc_mse) = (mean_squared_error(&ours), mean_squared_error(&bacc));
                println!(
                    "{} N = {n} {scheme:?}: flags nobody in {silent}/{TRIALS}, MSE {mse:.3e} (BACC {bacc_mse:.3e})",
                    function.name()
                );
                // The issue's bar is ApproxIFER's; the median baseline's
                // false alarms (LeNet-5 at N = 40) are what it measures.
                if scheme == Scheme::Approxifer {
                    assert!(mse <= 2.0 * bacc_mse, "{}", function.name());
                }
            }
        }
    }
}

#[test]
fn approxifer_finds_a_few_liars_and_decodes_as_if_they_straggled() {
    // N = 160 with the tolerance the answers leave room for (e_max = 70),
    // or half of it: up to three liars (docs/mathematics.md has where it
    // stops: more liars, or the automatic e = 10). LeNet-5's three at
    // e = 35: at e = 70 one round of 40 keeps a liar (MSE 1.1).
    let cases = [
        (FunctionKind::XSinX, 1, 70),
        (FunctionKind::XSinX, 3, 70),
        (FunctionKind::Lenet5, 1, 70),
        (FunctionKind::Lenet5, 3, 35),
    ];
    for (function, gamma, e) in cases {
        for attack in [Attack::Flip, Attack::Random] {
            let c = Config {
                tolerance: Tolerance::Value(e),
                ..config(function.clone(), 160, gamma, attack)
            };
            let (problem, outcomes) = rounds(&c, Scheme::Approxifer);
            let prepared = problem.prepare(Scheme::Approxifer, c.n);
            let mut all_found = 0;
            for (t, o) in outcomes.iter().enumerate() {
                let counts = o.detection.unwrap();
                assert_eq!(
                    counts.found + counts.missed,
                    problem.adversarial_servers(&prepared, t).len()
                );
                all_found += usize::from(counts.missed == 0);
            }
            let (mse, as_stragglers) = (mean_squared_error(&outcomes), oracle(&c));
            println!(
                "{} γ = {gamma} {attack:?}: all found in {all_found}/{TRIALS}, MSE {mse:.3e} (as stragglers {as_stragglers:.3e})",
                function.name()
            );
            assert!(all_found * 100 >= 95 * TRIALS, "{}", function.name());
            assert!(mse <= 2.0 * as_stragglers, "{}", function.name());
        }
    }
}

#[test]
fn well_beyond_the_tolerance_the_detection_rate_falls() {
    let rate = |gamma: usize| {
        let c = Config {
            trials: TRIALS,
            tolerance: Tolerance::Value(35),
            ..config(FunctionKind::XSinX, 160, gamma, Attack::Flip)
        };
        let plan = SweepPlan::new(&c, Some(&[160]), None, Some(&[Scheme::Approxifer])).unwrap();
        sweep(&c, &plan).unwrap()[0].detection_rate.unwrap()
    };
    let (few, many) = (rate(1), rate(70));
    println!("detection rate: 1 liar {few}, 70 liars {many}");
    assert!(few >= 0.9 && many < 0.1, "{few} {many}");
}

#[test]
fn a_tolerance_the_answers_cannot_give_falls_back_to_bacc_and_says_why() {
    let c = Config {
        scheme: Scheme::Approxifer,
        tolerance: Tolerance::Value(15),
        ..config(FunctionKind::XSinX, 40, 2, Attack::Flip)
    };
    let round = run_round(&c, 0).unwrap();
    let detection = round.detection.expect("a locating scheme reports");
    assert!(detection.flagged.is_empty());
    assert_eq!(
        detection.fallback.as_deref(),
        Some(
            "the error locator needs 49 answers and 40 came back, so nobody was flagged: \
             decoded from every answer, as BACC"
        )
    );
    let bacc = run_round(
        &Config {
            scheme: Scheme::Bacc,
            ..c.clone()
        },
        0,
    )
    .unwrap();
    assert_eq!(round.estimates, bacc.estimates);
    assert!(bacc.detection.is_none());
    // Above N it can never fit: a configuration error naming the setting.
    let error = Config::from_json(r#"{"n": 40, "tolerance": 41}"#).unwrap_err();
    assert_eq!(error.field, "tolerance");
    assert!(error.message.contains("at most n"), "{}", error.message);
}

#[test]
fn the_round_reports_its_detection_counts() {
    let c = Config {
        scheme: Scheme::Approxifer,
        tolerance: Tolerance::Value(70),
        stragglers: StragglerModel::Iid { p: 0.1 },
        ..config(FunctionKind::XSinX, 160, 3, Attack::Flip)
    };
    let round = run_round(&c, 2).unwrap();
    let d = round.detection.clone().unwrap();
    let answered: Vec<usize> = round
        .adversarial_servers
        .iter()
        .copied()
        .filter(|&s| !round.straggled[s])
        .collect();
    assert_eq!(d.found + d.missed, answered.len());
    assert_eq!(d.found + d.false_alarms, d.flagged.len());
    assert!(d.flagged.windows(2).all(|w| w[0] < w[1]));
    let json = serde_json::to_value(&round).unwrap();
    for key in ["found", "missed", "false_alarms", "flagged", "tolerance"] {
        assert!(json["detection"].get(key).is_some(), "{key}");
    }
}

#[test]
fn the_sweep_csv_appends_the_detection_rate() {
    let c = Config {
        trials: 5,
        ..config(FunctionKind::XSinX, 40, 2, Attack::Flip)
    };
    let schemes = [Scheme::Bacc, Scheme::Approxifer, Scheme::Median];
    let study = coded_core::Study {
        schemes: schemes.to_vec(),
        n: vec![40],
        ..coded_core::Study::of_config(c.clone())
    };
    let plan = study.plan().unwrap().plan;
    let csv = coded_core::csv::sweep_csv(
        &study,
        &sweep(&c, &plan).unwrap(),
        &coded_core::csv::Columns::of_config(&c),
    );
    let mut lines = csv.lines().skip(1);
    assert!(lines
        .next()
        .unwrap()
        .ends_with(",rel_error_std,detection_mean"));
    for (row, scheme) in lines.zip(schemes) {
        let last = row.rsplit(',').next().unwrap();
        match scheme {
            Scheme::Bacc => assert_eq!(last, "", "{row}"),
            _ => assert!((0.0..=1.0).contains(&last.parse::<f64>().unwrap()), "{row}"),
        }
    }
}

#[test]
fn a_sweep_below_the_tolerance_decodes_as_bacc_there() {
    // e = 70 is the configuration's (N = 160); at N = 40 the answers
    // cannot fit it, and the sweep's point there is BACC's.
    let c = Config {
        trials: 5,
        tolerance: Tolerance::Value(70),
        ..config(FunctionKind::XSinX, 160, 1, Attack::Flip)
    };
    let plan = SweepPlan::new(
        &c,
        Some(&[40, 160]),
        None,
        Some(&[Scheme::Bacc, Scheme::Approxifer]),
    )
    .expect("a tolerance above a smaller N of the sweep is valid");
    let points = sweep(&c, &plan).unwrap();
    let at = |scheme, n| {
        points
            .iter()
            .find(|p| p.scheme == scheme && p.n == n)
            .unwrap()
    };
    assert_eq!(at(Scheme::Approxifer, 40).mse, at(Scheme::Bacc, 40).mse);
    assert_eq!(at(Scheme::Approxifer, 40).detection_rate, Some(0.0));
    assert_eq!(at(Scheme::Approxifer, 160).detection_rate, Some(1.0));
}
