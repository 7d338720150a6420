//! Measures the error locators (coded_core::locator) on the pipeline's own
//! rounds: K = 10, no stragglers, the configuration's adversaries; each
//! road's mean squared error and the share of adversaries it flagged, over
//! 40 trials; then the locator's time per round.
//!
//!   cargo run --release -p coded-core --example locators
//!   E=35 cargo run --release -p coded-core --example locators   # a given e
//!
//! Roads: BACC (no locating); the scripts' rule, flagging always the e
//! smallest |Q| (Q of degree K + e − 1) or the e furthest from a running
//! median; the oracle (the adversaries' answers dropped, as if they
//! straggled); the fit flagging only what stands apart by θ (|Q| below θ
//! times its median, in most coordinates); and the two rules the schemes
//! decide by, `approxifer` and `median` (the answers below the last step
//! of more than GAP in the pooled scores). The tolerance is the schemes'
//! automatic one, or E when given (at most what N leaves room for); the
//! repository's rational locator (the last two roads) takes ER, or the
//! same e.
//!
//!   ER=14 cargo run --release -p coded-core --example locators

use std::time::Instant;

use coded_core::adversaries::{Adversaries, Attack};
use coded_core::config::Config;
use coded_core::functions::FunctionKind;
use coded_core::locator::{
    locate_apart, locate_by_fit, locate_by_median, locate_fit_gap, locate_fit_peel,
    locate_median_gap, max_tolerance, LocatorDegree, GAP, TIMED_SIZES,
};
use coded_core::problem::Problem;
use coded_core::rational_locator::{
    locate_rational_always, locate_rational_gap, rational_max_tolerance,
};
use coded_core::robust::Tolerance;
use coded_core::scheme::Scheme;
use nalgebra::DMatrix;

const K: usize = 10;
const TRIALS: usize = 40;

#[derive(Clone, Copy)]
enum Road {
    Bacc,
    /// The scripts' rule: always the e smallest |Q|, voted.
    AlwaysFit,
    /// Always the e furthest from a running median, voted.
    AlwaysMedian,
    Oracle,
    /// The fit, flagging only answers whose |Q| is below θ times the
    /// coordinate's median |Q| in most coordinates (at most e).
    FitApart(f64),
    /// The step rule on one fit.
    FitGap,
    /// The `median` scheme's rule.
    MedianGap,
    /// The repository's approximate, rational locator, always its e
    /// smallest |Λ| (its own tolerance: see `rational_tolerance`).
    RationalAlways,
    /// The rational locator decided as the `approxifer` scheme decides.
    RationalGap,
    /// The `approxifer` scheme's rule: the step rule repeated on what
    /// it leaves.
    FitPeel,
}

const ROADS: [(Road, &str); 10] = [
    (Road::Bacc, "BACC"),
    (Road::AlwaysFit, "fit, always e"),
    (Road::AlwaysMedian, "median, always e"),
    (Road::Oracle, "oracle"),
    (Road::FitApart(0.1), "fit apart 0.1"),
    (Road::FitGap, "fit, once (gap)"),
    (Road::MedianGap, "median (gap)"),
    (Road::RationalAlways, "rational, always e_r"),
    (Road::RationalGap, "rational (gap)"),
    (Road::FitPeel, "ApproxIFER (gap, peeled)"),
];

fn tolerance(n: usize) -> usize {
    match std::env::var("E").ok().and_then(|v| v.parse().ok()) {
        Some(e) => max_tolerance(n, K).min(e),
        None => Tolerance::default().resolve(n, K).unwrap_or(0),
    }
}

/// The rational locator's tolerance e_r: ER when given, else the
/// polynomial one's (both at most what N leaves room for).
fn rational_tolerance(n: usize) -> usize {
    let e = std::env::var("ER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| tolerance(n));
    rational_max_tolerance(n, K).min(e)
}

fn main() {
    println!(
        "| f | N | e | e_r | attack | γ | {} |",
        ROADS.map(|(_, n)| format!("{n}: MSE, found")).join(" | ")
    );
    println!("|---|---|---|---|---|---|{}", "---|".repeat(ROADS.len()));
    for function in [FunctionKind::XSinX, FunctionKind::Lenet5] {
        for n in [40, 160] {
            let e = tolerance(n);
            for attack in [Attack::Flip, Attack::Random] {
                for gamma in [0, 1, 3, e / 2, e, 2 * e] {
                    let cells = ROADS.map(|(road, _)| {
                        let (mse, found) = measure(&function, n, attack, gamma, e, road);
                        if gamma == 0 {
                            format!("{mse:.2e}")
                        } else {
                            format!("{mse:.2e}, {:.0} %", 100.0 * found)
                        }
                    });
                    println!(
                        "| {} | {n} | {e} | {} | {} | {gamma} | {} |",
                        function.name(),
                        rational_tolerance(n),
                        attack.name(),
                        cells.join(" | ")
                    );
                }
            }
        }
    }
    println!();
    for (n, e) in TIMED_SIZES {
        let problem = Problem::new(&config(&FunctionKind::XSinX, n, Attack::Flip, 1)).unwrap();
        let prepared = problem.prepare(Scheme::Bacc, n);
        let answers = problem.answers(&prepared, 0).into_owned();
        let t0 = Instant::now();
        let mut rounds = 0;
        while t0.elapsed().as_secs_f64() < 1.0 {
            locate_fit_gap(&prepared.coder.betas, &answers, K, e, GAP).unwrap();
            rounds += 1;
        }
        let per = t0.elapsed().as_secs_f64() / rounds as f64;
        println!(
            "x sin x, N = {n}, e = {e}: {:.1} rounds per second ({:.3} ms a round, one coordinate)",
            1.0 / per,
            per * 1e3
        );
    }
}

fn config(function: &FunctionKind, n: usize, attack: Attack, gamma: usize) -> Config {
    Config {
        function: function.clone(),
        k: K,
        n,
        adversaries: (gamma > 0).then(|| Adversaries {
            attack,
            ..Adversaries::count(gamma)
        }),
        ..Config::default()
    }
}

/// The road's mean squared error over the trials, and the share of the
/// adversaries it flagged.
fn measure(
    function: &FunctionKind,
    n: usize,
    attack: Attack,
    gamma: usize,
    e: usize,
    road: Road,
) -> (f64, f64) {
    let problem = Problem::new(&config(function, n, attack, gamma)).unwrap();
    let prepared = problem.prepare(Scheme::Bacc, n);
    let points = &prepared.coder.betas;
    let (mut mse, mut found) = (0.0, 0);
    for trial in 0..TRIALS {
        let answers = problem.answers(&prepared, trial).into_owned();
        let liars = problem.adversarial_servers(&prepared, trial);
        let scripts = LocatorDegree::Scripts;
        let flagged = match road {
            Road::Bacc => vec![],
            Road::AlwaysFit => locate_by_fit(points, &answers, K, e, scripts).unwrap(),
            Road::AlwaysMedian => locate_by_median(&answers, e),
            Road::Oracle => liars.clone(),
            Road::FitApart(theta) => locate_apart(points, &answers, K, e, scripts, theta).unwrap(),
            Road::FitGap => locate_fit_gap(points, &answers, K, e, GAP).unwrap(),
            Road::MedianGap => locate_median_gap(&answers, e, GAP),
            Road::FitPeel => locate_fit_peel(points, &answers, K, e, GAP).unwrap(),
            Road::RationalAlways => {
                locate_rational_always(points, &problem.alphas, &answers, rational_tolerance(n))
                    .unwrap()
            }
            Road::RationalGap => locate_rational_gap(
                points,
                &problem.alphas,
                &answers,
                rational_tolerance(n),
                GAP,
            )
            .unwrap(),
        };
        found += liars.iter().filter(|l| flagged.contains(l)).count();
        let kept: Vec<usize> = (0..n).filter(|s| !flagged.contains(s)).collect();
        let decoded = prepared
            .coder
            .decode(&kept, &answers.select_rows(kept.iter()))
            .unwrap();
        mse += squared(&decoded.estimates, &problem.exact);
    }
    (
        mse / TRIALS as f64,
        found as f64 / (gamma * TRIALS).max(1) as f64,
    )
}

fn squared(estimates: &DMatrix<f64>, exact: &DMatrix<f64>) -> f64 {
    (estimates - exact).norm_squared() / exact.nrows() as f64
}
