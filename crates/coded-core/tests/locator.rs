//! The error locators (coded_core::locator): their algebra on data they
//! are exact for, and what they find on the pipeline's own rounds (BACC's
//! coded inputs, f at them, the configuration's adversaries, no
//! stragglers). The measured table is `cargo run --release -p coded-core
//! --example locators` (docs/mathematics.md, "Locating adversaries").

use coded_core::adversaries::{Adversaries, Attack};
use coded_core::config::Config;
use coded_core::functions::FunctionKind;
use coded_core::locator::{
    locate_by_fit, locate_by_median, max_tolerance, LocateError, LocatorDegree,
};
use coded_core::points::{server_points, PointSet};
use coded_core::problem::Problem;
use coded_core::scheme::Scheme;
use nalgebra::DMatrix;

#[test]
fn the_tolerance_is_the_papers_rule() {
    // N = 2K + S + 2e − 1 in the paper's sweeps: K = 10, no stragglers.
    assert_eq!(max_tolerance(40, 10), 10);
    assert_eq!(max_tolerance(39, 10), 10);
    assert_eq!(max_tolerance(21, 10), 1);
    assert_eq!(max_tolerance(20, 10), 0);
    assert_eq!(max_tolerance(0, 10), 0);
}

#[test]
fn too_few_answers_for_the_system_is_said() {
    let points = server_points(20, PointSet::Chebyshev);
    let answers = DMatrix::from_element(20, 1, 1.0);
    assert_eq!(
        locate_by_fit(&points, &answers, 10, 1, LocatorDegree::Scripts),
        Err(LocateError::TooFewAnswers {
            answered: 20,
            needed: 21
        })
    );
    let said = LocateError::TooFewAnswers {
        answered: 20,
        needed: 21,
    }
    .to_string();
    assert_eq!(said, "the error locator needs 21 answers and 20 came back");
    // No tolerance: nobody to find, whatever came back.
    assert_eq!(
        locate_by_fit(&points, &answers, 10, 0, LocatorDegree::Scripts),
        Ok(vec![])
    );
}

/// A polynomial of degree < K at N points, its coordinates scaled apart,
/// with the sign of `liars`' answers flipped.
fn polynomial_answers(n: usize, k: usize, liars: &[usize]) -> (Vec<f64>, DMatrix<f64>) {
    let points = server_points(n, PointSet::Chebyshev);
    let answers = DMatrix::from_fn(n, 3, |r, c| {
        let z = points[r];
        let v = (0..k).fold(0.0, |acc, j| acc * z + 1.0 + ((j + c) % 4) as f64) * (c + 1) as f64;
        if liars.contains(&r) {
            -v
        } else {
            v
        }
    });
    (points, answers)
}

#[test]
fn on_polynomial_answers_berlekamp_welchs_locator_finds_every_liar() {
    let (k, n) = (6, 30);
    let e = max_tolerance(n, k);
    for liars in [vec![3], vec![0, 17], vec![5, 6, 7], vec![1, 9, 14, 22, 29]] {
        let (points, answers) = polynomial_answers(n, k, &liars);
        let mut found =
            locate_by_fit(&points, &answers, k, liars.len(), LocatorDegree::Errors).unwrap();
        found.sort_unstable();
        assert_eq!(found, liars, "e = γ");
        let within = locate_by_fit(&points, &answers, k, e, LocatorDegree::Errors).unwrap();
        assert!(
            liars.iter().all(|l| within.contains(l)),
            "e = {e}: {within:?} for {liars:?}"
        );
    }
}

#[test]
fn the_median_baseline_finds_flipped_answers_on_a_smooth_function() {
    // x·sin x, K = 10, N = 40, three sign-flipping adversaries at random;
    // the tolerance the paper's rule gives (10).
    let config = Config {
        function: FunctionKind::XSinX,
        adversaries: Some(Adversaries {
            attack: Attack::Flip,
            ..Adversaries::count(3)
        }),
        ..Config::default()
    };
    let problem = Problem::new(&config).unwrap();
    let prepared = problem.prepare(Scheme::Bacc, 40);
    let trials = 40;
    let mut all_found = 0;
    for trial in 0..trials {
        let answers = problem.answers(&prepared, trial);
        let liars = problem.adversarial_servers(&prepared, trial);
        let flagged = locate_by_median(&answers, max_tolerance(40, 10));
        all_found += usize::from(liars.iter().all(|l| flagged.contains(l)));
    }
    assert!(
        all_found * 100 >= 95 * trials,
        "all found in {all_found} of {trials} rounds"
    );
}

#[test]
fn a_zero_coordinate_names_nobody_and_the_vote_is_the_others() {
    let (k, n) = (4, 20);
    let (points, mut answers) = polynomial_answers(n, k, &[7]);
    answers.column_mut(1).fill(0.0);
    let found = locate_by_fit(&points, &answers, k, 1, LocatorDegree::Errors).unwrap();
    assert_eq!(found, vec![7]);
}

/// The answers `locate_apart` flags in trials 0..10, and the adversaries.
fn flagged_apart(
    function: FunctionKind,
    n: usize,
    gamma: usize,
    theta: f64,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let config = Config {
        function,
        n,
        adversaries: (gamma > 0).then(|| Adversaries {
            attack: Attack::Flip,
            ..Adversaries::count(gamma)
        }),
        ..Config::default()
    };
    let problem = Problem::new(&config).unwrap();
    let prepared = problem.prepare(Scheme::Bacc, n);
    let e = max_tolerance(n, problem.k());
    (0..10)
        .map(|trial| {
            let answers = problem.answers(&prepared, trial);
            let flagged = coded_core::locator::locate_apart(
                &prepared.coder.betas,
                &answers,
                problem.k(),
                e,
                LocatorDegree::Scripts,
                theta,
            )
            .unwrap();
            (flagged, problem.adversarial_servers(&prepared, trial))
        })
        .collect()
}

#[test]
fn set_apart_the_fit_flags_nobody_where_nobody_lies() {
    // K = 10, N = 160 (e_max = 70): the scripts' rule would drop 70 honest
    // answers in every round.
    for (function, theta) in [(FunctionKind::XSinX, 0.02), (FunctionKind::Lenet5, 0.1)] {
        for (flagged, _) in flagged_apart(function.clone(), 160, 0, theta) {
            assert_eq!(flagged, Vec::<usize>::new(), "{}", function.name());
        }
    }
}

#[test]
fn set_apart_the_fit_finds_lenets_flipped_answers() {
    for (flagged, liars) in flagged_apart(FunctionKind::Lenet5, 160, 3, 0.1) {
        assert_eq!(flagged, liars);
    }
}

#[test]
fn extreme_answers_end_in_a_decision() {
    // Scaled from extreme magnitudes, the fit's systems can keep an
    // unbounded SVD turning (the engine's fuzzing met one): every locator
    // returns, flagging at most e.
    use coded_core::locator::{locate_fit_gap, locate_median_gap, GAP};
    let points = server_points(30, PointSet::Chebyshev);
    let columns: [fn(usize) -> f64; 4] = [
        |r| if r == 7 { 1e300 } else { 1e-300 },
        |r| if r % 2 == 0 { 0.0 } else { 5e-324 },
        |r| (r as f64).powi(40),
        |r| if r < 29 { 0.0 } else { -1e-200 },
    ];
    for column in columns {
        let answers = DMatrix::from_fn(30, 2, |r, _| column(r));
        let e = 4;
        let fit = locate_fit_gap(&points, &answers, 3, e, GAP).unwrap();
        assert!(fit.len() <= e);
        assert!(locate_median_gap(&answers, e, GAP).len() <= e);
    }
}
