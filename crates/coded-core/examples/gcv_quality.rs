//! Compares GCV's λ search with the one it replaced (issue 15) on every
//! LeTCC round of the default sweep: x·sin x, N = 20 … 1280 doubling,
//! p ∈ {0.1, 0.3}, the configuration's defaults otherwise.
//!
//!     cargo run --release -p coded-core --example gcv_quality [trials] [--rounds]
//!
//! Per point: how many λ each search scores per round (each score is one
//! spline fit), in how many rounds the new search's GCV score is higher
//! than the old one's by more than 1e-12 relative (and the worst such
//! excess), and LeTCC's mean squared error with each search's λ. A round's
//! GCV score is what both searches minimise, so it is the fair measure of
//! the search; the mean error is what a user sees. `--rounds` also lists
//! the rounds where the new score is higher.
//!
//! The old search (a grid of every decade from 10^-14 to 10^2, then 12
//! golden-section steps within a decade of the best grid point: 31 scores)
//! lives only here, for this comparison.

use coded_core::problem::draw_stragglers;
use coded_core::spline::diagnostics::{gcv_score, gcv_search};
use coded_core::spline::{GCV_MAX_EXP, GCV_MIN_EXP};
use coded_core::stragglers::survivors;
use coded_core::{Config, Problem, Scheme, StragglerModel};
use nalgebra::DMatrix;

/// The search on main before issue 15 (crates/coded-core/src/spline.rs at
/// 18d61a7): returns (λ, score, scores computed).
fn old_search(t: &[f64], y: &DMatrix<f64>) -> (f64, Option<f64>, usize) {
    let mut fits = 0;
    let mut score = |e: f64| {
        fits += 1;
        gcv_score(t, y, 10f64.powf(e))
    };
    let mut best: Option<(f64, f64)> = None; // (score, exponent)
    let mut consider = |e: f64, best: &mut Option<(f64, f64)>| -> Option<f64> {
        let s = score(e)?;
        if best.is_none_or(|(b, _)| s < b) {
            *best = Some((s, e));
        }
        Some(s)
    };
    for e in GCV_MIN_EXP..=GCV_MAX_EXP {
        consider(e as f64, &mut best);
    }
    if let Some((_, centre)) = best {
        let (mut lo, mut hi) = (centre - 1.0, centre + 1.0);
        let phi = (5f64.sqrt() - 1.0) / 2.0;
        let (mut x1, mut x2) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
        let big = f64::INFINITY;
        let (mut f1, mut f2) = (
            consider(x1, &mut best).unwrap_or(big),
            consider(x2, &mut best).unwrap_or(big),
        );
        for _ in 0..12 {
            if f1 <= f2 {
                hi = x2;
                (x2, f2) = (x1, f1);
                x1 = hi - phi * (hi - lo);
                f1 = consider(x1, &mut best).unwrap_or(big);
            } else {
                lo = x1;
                (x1, f1) = (x2, f2);
                x2 = lo + phi * (hi - lo);
                f2 = consider(x2, &mut best).unwrap_or(big);
            }
        }
    }
    match best {
        Some((s, e)) => (10f64.powf(e), Some(s), fits),
        None => (0.0, None, fits),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list_rounds = args.iter().any(|a| a == "--rounds");
    let trials: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(200);
    let config = Config {
        trials,
        ..Config::default()
    };
    let problem = Problem::new(&config).unwrap();
    let k = problem.k() as f64;
    println!(
        "LeTCC, x·sin x, K = {}, {trials} trials; score excess = new/old − 1 where > 1e-12",
        problem.k()
    );
    println!(
        "{:>5} {:>4} {:>7} {:>9} {:>9} {:>6} {:>10} {:>14} {:>14} {:>10}",
        "N",
        "p",
        "rounds",
        "fits old",
        "fits new",
        "worse",
        "max excess",
        "mse old",
        "mse new",
        "rel change"
    );
    let (mut all_rounds, mut all_worse, mut all_old, mut all_new) = (0usize, 0usize, 0, 0);
    for p in [0.1, 0.3] {
        let model = StragglerModel::Iid { p };
        for n in [20, 40, 80, 160, 320, 640, 1280] {
            let prepared = problem.prepare(Scheme::Letcc, n);
            let (mut rounds, mut worse, mut fits_old, mut fits_new) = (0, 0, 0, 0);
            let mut max_excess = 0.0f64;
            let (mut se_old, mut se_new) = (Vec::new(), Vec::new());
            for trial in 0..trials {
                let draw = draw_stragglers(&model, config.seed, n, trial);
                let surv = survivors(&draw.straggled);
                if surv.is_empty() {
                    continue; // a failed round for both searches
                }
                let answers = problem.answers(&prepared, trial).select_rows(surv.iter());
                let nodes: Vec<f64> = surv.iter().map(|&i| prepared.coder.betas[i]).collect();
                let (l_old, s_old, f_old) = old_search(&nodes, &answers);
                let (l_new, s_new, f_new) = gcv_search(&nodes, &answers);
                rounds += 1;
                fits_old += f_old;
                fits_new += f_new;
                if let (Some(a), Some(b)) = (s_old, s_new) {
                    let excess = b / a - 1.0;
                    if excess > 1e-12 {
                        worse += 1;
                        max_excess = max_excess.max(excess);
                        if list_rounds {
                            println!(
                                "  N={n} p={p} trial={trial}: old log10 λ {:.4} score {a:.6e}, new {:.4} score {b:.6e} (+{excess:.2e})",
                                l_old.log10(),
                                l_new.log10()
                            );
                        }
                    }
                }
                // With fewer than 3 answers both fit with λ = 0 (fit_gcv).
                let pick = |l: f64| if nodes.len() < 3 { 0.0 } else { l };
                for (l, out) in [(pick(l_old), &mut se_old), (pick(l_new), &mut se_new)] {
                    let mut coder = prepared.coder.clone();
                    coder.lambda_dec = Some(l);
                    let d = coder.decode(&surv, &answers).unwrap();
                    let se = (0..problem.k())
                        .map(|i| (d.estimates.row(i) - problem.exact.row(i)).norm_squared())
                        .sum::<f64>()
                        / k;
                    if se.is_finite() {
                        out.push(se);
                    }
                }
            }
            let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
            let (mo, mn) = (mean(&se_old), mean(&se_new));
            println!(
                "{n:>5} {p:>4} {rounds:>7} {:>9.2} {:>9.2} {worse:>6} {max_excess:>10.2e} {mo:>14.8e} {mn:>14.8e} {:>+10.2e}",
                fits_old as f64 / rounds as f64,
                fits_new as f64 / rounds as f64,
                mn / mo - 1.0
            );
            all_rounds += rounds;
            all_worse += worse;
            all_old += fits_old;
            all_new += fits_new;
        }
    }
    println!(
        "all: {all_rounds} rounds, {:.2} fits per round before, {:.2} after; new score higher (> 1e-12 relative) in {all_worse}",
        all_old as f64 / all_rounds as f64,
        all_new as f64 / all_rounds as f64
    );
}
