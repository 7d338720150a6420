//! Compares GCV's λ search with a reference search (below) on every
//! LeTCC round of the default sweep: x·sin x, N = 20 … 1280 doubling,
//! p ∈ {0.1, 0.3}, the configuration's defaults otherwise.
//!
//!     cargo run --release -p coded-core --example gcv_quality [trials] [--rounds]
//!
//! Per point: λ scored and batches per round by the search (a batch scores
//! up to four λ in one pass), λ scored per round by the reference (one λ
//! per pass); the worst relative excess of the search's GCV score over the
//! reference's (both scored by the same function, so this measures the
//! search, not the arithmetic); and LeTCC's mean squared error with each
//! one's λ. Last, the search's cost in spline fits: its time over the time
//! of one fit at a fixed λ (a benchmark: it prints, nothing checks it).
//! `--rounds` lists the rounds where the search's score is higher by more
//! than 1e-9 relative.
//!
//! The reference search (a grid every three decades from 10^-14 to 10^1,
//! then Brent's method within a grid step of the best grid point to 1e-3
//! decades: about 22 scores) lives only here, for this comparison: slower,
//! but simple enough to trust.

use coded_core::gcv::diagnostics::{gcv_score, gcv_search};
use coded_core::gcv::{GCV_MAX_EXP, GCV_MIN_EXP};
use coded_core::problem::draw_stragglers;
use coded_core::spline::SmoothingSpline;
use coded_core::stragglers::survivors;
use coded_core::{Config, Problem, Scheme, StragglerModel};
use nalgebra::DMatrix;
use std::time::Instant;

const GCV_GRID_STEP: f64 = 3.0;
const GCV_TOLERANCE: f64 = 1e-3;
const GCV_BRENT_STEPS: usize = 20;

/// The search at 02a98a9: returns (λ, score, scores computed).
fn old_search(t: &[f64], y: &DMatrix<f64>) -> (f64, Option<f64>, usize) {
    let mut fits = 0;
    let mut score = |e: f64| {
        fits += 1;
        gcv_score(t, y, 10f64.powf(e)).unwrap_or(f64::INFINITY)
    };
    match gcv_minimise(&mut score) {
        Some((e, s)) => (10f64.powf(e), Some(s), fits),
        None => (0.0, None, fits),
    }
}

fn gcv_minimise(score: &mut impl FnMut(f64) -> f64) -> Option<(f64, f64)> {
    let mut best = (f64::NAN, f64::INFINITY); // (exponent, score)
    let steps = ((GCV_MAX_EXP - GCV_MIN_EXP) as f64 / GCV_GRID_STEP).floor() as usize;
    for i in 0..=steps {
        let e = GCV_MIN_EXP as f64 + i as f64 * GCV_GRID_STEP;
        let s = score(e);
        if s < best.1 {
            best = (e, s);
        }
    }
    if !best.1.is_finite() {
        return None;
    }
    let (lo, hi) = (best.0 - GCV_GRID_STEP, best.0 + GCV_GRID_STEP);
    let (e, s) = brent_minimum(score, lo, hi, best, GCV_TOLERANCE, GCV_BRENT_STEPS);
    Some(if s < best.1 { (e, s) } else { best })
}

/// Looks for a minimum of `f` in [lo, hi] from a first point `start` =
/// (x, f(x)) inside, by Brent's method (R. P. Brent, *Algorithms for
/// Minimization without Derivatives*, 1973): returns the best (x, f(x))
/// found within `tol` of a local minimum, after at most `evals` more
/// evaluations.
///
/// It keeps a bracket [a, b] that holds a local minimum, the best point x,
/// the second best w and the one before it, v. Each step tries the vertex
/// of the parabola through v, w and x: where the score is smooth it
/// converges much faster than bisecting. The vertex is taken only if it
/// falls inside the bracket and moves less than half as far as the step
/// before last; otherwise the step is golden-section into the larger side
/// of x, so the bracket still shrinks by a fixed ratio every two steps
/// whatever the parabolas do (also when a score is infinite: such a
/// parabola never passes the test). No point is evaluated within `tol` of
/// x (differences that small are rounding, not shape).
fn brent_minimum(
    f: &mut impl FnMut(f64) -> f64,
    lo: f64,
    hi: f64,
    start: (f64, f64),
    tol: f64,
    evals: usize,
) -> (f64, f64) {
    // The golden-section fraction (3 − √5) / 2 of the larger side.
    const GOLDEN: f64 = 0.381_966_011_250_105_1;
    let (mut a, mut b) = (lo, hi);
    let (mut x, mut fx) = start;
    let (mut w, mut fw, mut v, mut fv) = (x, fx, x, fx);
    // The last step and the one before it.
    let (mut step, mut step_before) = (0.0f64, 0.0f64);
    for _ in 0..evals {
        let mid = 0.5 * (a + b);
        // Done when x is within tol of both ends of the bracket's middle half.
        if (x - mid).abs() <= 2.0 * tol - 0.5 * (b - a) {
            break;
        }
        let mut parabolic = None;
        if step_before.abs() > tol {
            // The vertex of the parabola through (v, w, x) is at x + p/q.
            let r = (x - w) * (fx - fv);
            let q = (x - v) * (fx - fw);
            let mut p = (x - v) * q - (x - w) * r;
            let mut q = 2.0 * (q - r);
            if q > 0.0 {
                p = -p;
            }
            q = q.abs();
            let ok = p.is_finite()
                && q.is_finite()
                && p.abs() < (0.5 * q * step_before).abs()
                && p > q * (a - x)
                && p < q * (b - x);
            if ok {
                let d = p / q;
                let u = x + d;
                // Not within 2 tol of an end: the bracket must keep shrinking.
                parabolic = Some(if u - a < 2.0 * tol || b - u < 2.0 * tol {
                    tol.copysign(mid - x)
                } else {
                    d
                });
            }
        }
        let d = match parabolic {
            Some(d) => {
                step_before = step;
                d
            }
            None => {
                step_before = if x >= mid { a - x } else { b - x };
                GOLDEN * step_before
            }
        };
        step = d;
        let u = x + if d.abs() >= tol { d } else { tol.copysign(d) };
        let fu = f(u);
        if fu <= fx {
            // u is the new best: the bracket shrinks to x's side of u.
            if u >= x {
                a = x;
            } else {
                b = x;
            }
            (v, fv, w, fw, x, fx) = (w, fw, x, fx, u, fu);
        } else {
            // x stays best: u becomes an end of the bracket.
            if u < x {
                a = u;
            } else {
                b = u;
            }
            if fu <= fw || w == x {
                (v, fv, w, fw) = (w, fw, u, fu);
            } else if fu <= fv || v == x || v == w {
                (v, fv) = (u, fu);
            }
        }
    }
    (x, fx)
}

/// Times `f` over every round, best of three passes (seconds).
fn time_all(rounds: &[(Vec<f64>, DMatrix<f64>)], f: &mut dyn FnMut(&[f64], &DMatrix<f64>)) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            for (t, y) in rounds {
                f(t, y);
            }
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
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
        "LeTCC, x·sin x, K = {}, {trials} trials; score excess = new/old − 1 (worst round)",
        problem.k()
    );
    println!(
        "{:>5} {:>4} {:>6} {:>8} {:>8} {:>7} {:>10} {:>14} {:>14} {:>10}",
        "N",
        "p",
        "rounds",
        "λ old",
        "λ new",
        "batches",
        "max excess",
        "mse old",
        "mse new",
        "rel change"
    );
    let (mut all_rounds, mut all_old, mut all_new, mut all_batches) = (0usize, 0usize, 0, 0);
    let (mut worst_excess, mut worst_mse) = (f64::NEG_INFINITY, 0.0f64);
    let mut every_round = Vec::new();
    for p in [0.1, 0.3] {
        let model = StragglerModel::Iid { p };
        for n in [20, 40, 80, 160, 320, 640, 1280] {
            let prepared = problem.prepare(Scheme::Letcc, n);
            let (mut rounds, mut fits_old, mut fits_new, mut batches) = (0, 0, 0, 0);
            let mut max_excess = f64::NEG_INFINITY;
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
                let (l_new, _, cost) = gcv_search(&nodes, &answers);
                rounds += 1;
                fits_old += f_old;
                fits_new += cost.lambdas;
                batches += cost.batches;
                // Both λ scored by the same function.
                if let (Some(a), Some(b)) = (s_old, gcv_score(&nodes, &answers, l_new)) {
                    let a = gcv_score(&nodes, &answers, l_old).unwrap_or(a);
                    let excess = b / a - 1.0;
                    max_excess = max_excess.max(excess);
                    if list_rounds && excess > 1e-6 {
                        println!(
                            "  N={n} p={p} trial={trial}: old log10 λ {:.4} score {a:.6e}, new {:.4} score {b:.6e} (+{excess:.2e})",
                            l_old.log10(),
                            l_new.log10()
                        );
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
                if nodes.len() >= 3 {
                    every_round.push((nodes, answers));
                }
            }
            let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
            let (mo, mn) = (mean(&se_old), mean(&se_new));
            println!(
                "{n:>5} {p:>4} {rounds:>6} {:>8.2} {:>8.2} {:>7.2} {max_excess:>+10.1e} {mo:>14.8e} {mn:>14.8e} {:>+10.1e}",
                fits_old as f64 / rounds as f64,
                fits_new as f64 / rounds as f64,
                batches as f64 / rounds as f64,
                mn / mo - 1.0
            );
            all_rounds += rounds;
            all_old += fits_old;
            all_new += fits_new;
            all_batches += batches;
            worst_excess = worst_excess.max(max_excess);
            worst_mse = worst_mse.max((mn / mo - 1.0).abs());
        }
    }
    println!(
        "all: {all_rounds} rounds; λ scored per round {:.2} before, {:.2} after in {:.2} batches; \
         worst score excess {worst_excess:+.1e}, worst |mse change| {worst_mse:.1e}",
        all_old as f64 / all_rounds as f64,
        all_new as f64 / all_rounds as f64,
        all_batches as f64 / all_rounds as f64,
    );
    let mut lambdas = Vec::new();
    let fit = time_all(&every_round, &mut |t, y| {
        std::hint::black_box(SmoothingSpline::fit(t, y, 1e-9).unwrap());
    });
    let new = time_all(&every_round, &mut |t, y| {
        lambdas.push(std::hint::black_box(gcv_search(t, y)).0);
    });
    println!(
        "cost per round in fits (time ÷ one fit's, {} rounds, best of 3): {:.2}; a fit {:.2} µs \
         (the old search here scores one λ per batch of four: its time is not 02a98a9's)",
        every_round.len(),
        new / fit,
        fit / every_round.len() as f64 * 1e6
    );
}
