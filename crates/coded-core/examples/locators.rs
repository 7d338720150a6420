//! Measures the error locators (coded_core::locator) on the pipeline's own
//! rounds: K = 10, no stragglers, the configuration's adversaries; each
//! road's mean squared error and the share of adversaries it flagged, over
//! 40 trials; then the locator's time per round.
//!
//!   cargo run --release -p coded-core --example locators
//!
//! Roads: BACC (no locating), the scripts' fit (Q of degree K + e − 1),
//! Berlekamp–Welch's fit (Q of degree e), our median, the oracle (the
//! adversaries' answers dropped, as if they straggled), and the fits
//! flagging only the answers they set apart (|Q| below θ times its median).
//! The tolerance is e = e_max, the paper's rule; all but the last flag e.

use std::time::Instant;

use coded_core::adversaries::{Adversaries, Attack};
use coded_core::config::Config;
use coded_core::functions::FunctionKind;
use coded_core::locator::{
    locate_apart, locate_by_fit, locate_by_median, max_tolerance, LocatorDegree,
};
use coded_core::problem::Problem;
use coded_core::scheme::Scheme;
use nalgebra::DMatrix;

const K: usize = 10;
const TRIALS: usize = 40;

#[derive(Clone, Copy)]
enum Road {
    Bacc,
    Fit(LocatorDegree),
    Median,
    Oracle,
    /// The fit, flagging only answers whose |Q| is below θ times the
    /// coordinate's median |Q| in most coordinates (at most e).
    FitApart(LocatorDegree, f64),
}

const ROADS: [(Road, &str); 8] = [
    (Road::Bacc, "BACC"),
    (Road::Fit(LocatorDegree::Scripts), "fit (scripts)"),
    (Road::Fit(LocatorDegree::Errors), "fit (B-W)"),
    (Road::Median, "median"),
    (Road::Oracle, "oracle"),
    (Road::FitApart(LocatorDegree::Scripts, 0.1), "fit apart 0.1"),
    (
        Road::FitApart(LocatorDegree::Scripts, 0.02),
        "fit apart 0.02",
    ),
    (Road::FitApart(LocatorDegree::Errors, 0.1), "B-W apart 0.1"),
];

fn main() {
    println!(
        "| f | N | e_max | attack | γ | {} |",
        ROADS.map(|(_, n)| format!("{n}: MSE, found")).join(" | ")
    );
    println!("|---|---|---|---|---|{}", "---|".repeat(ROADS.len()));
    for function in [FunctionKind::XSinX, FunctionKind::Lenet5] {
        for n in [40, 160] {
            let e = max_tolerance(n, K);
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
                        "| {} | {n} | {e} | {} | {gamma} | {} |",
                        function.name(),
                        attack.name(),
                        cells.join(" | ")
                    );
                }
            }
        }
    }
    println!();
    for n in [40, 160, 640] {
        let e = max_tolerance(n, K);
        let problem = Problem::new(&config(&FunctionKind::XSinX, n, Attack::Flip, 1)).unwrap();
        let prepared = problem.prepare(Scheme::Bacc, n);
        let answers = problem.answers(&prepared, 0).into_owned();
        for (degree, name) in [
            (LocatorDegree::Scripts, "scripts"),
            (LocatorDegree::Errors, "B-W"),
        ] {
            let t0 = Instant::now();
            let mut rounds = 0;
            while t0.elapsed().as_secs_f64() < 1.0 {
                locate_by_fit(&prepared.coder.betas, &answers, K, e, degree).unwrap();
                rounds += 1;
            }
            let per = t0.elapsed().as_secs_f64() / rounds as f64;
            println!("x sin x, N = {n}, e = {e}, fit ({name}): {:.1} rounds per second ({:.2} ms a round, one coordinate)", 1.0 / per, per * 1e3);
        }
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
    let (mut mse, mut found) = (0.0, 0);
    for trial in 0..TRIALS {
        let answers = problem.answers(&prepared, trial).into_owned();
        let liars = problem.adversarial_servers(&prepared, trial);
        let flagged = match road {
            Road::Bacc => vec![],
            Road::Fit(degree) => {
                locate_by_fit(&prepared.coder.betas, &answers, K, e, degree).unwrap()
            }
            Road::Median => locate_by_median(&answers, e),
            Road::Oracle => liars.clone(),
            Road::FitApart(degree, theta) => {
                locate_apart(&prepared.coder.betas, &answers, K, e, degree, theta).unwrap()
            }
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
