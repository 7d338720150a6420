//! GCV's choice of λ for LeTCC's decoder spline (docs/mathematics.md,
//! "Choosing λ_dec"): the score of a λ, scored four λ at a time, and the
//! search over log₁₀ λ that uses it.
//!
//! The search is a pure function of the round's knots and answers: it scores
//! the same λ in the same order whatever the worker, thread or shard.

use crate::knots::{weights, KnotBands};
use crate::portable::exp10;
use nalgebra::DMatrix;

/// How many λ one pass over the bands scores. The factorisation, the trace
/// and the solves are recursions whose every step waits for the one before
/// (a division, then multiply-adds): four independent recursions side by
/// side fill the pipeline that one leaves idle, and the band entries are
/// read once for all four. Four f64 are one AVX2 vector or two simd128 ones.
pub(crate) const LANES: usize = 4;
type Lanes = [f64; LANES];

/// What GCV's scores of one round share whatever λ: the knot bands and
/// Qᵀy per coordinate, and the scratch for the four factorisations.
pub(crate) struct GcvRound {
    bands: KnotBands,
    qty: Vec<Vec<f64>>,
    /// The factors of the four systems, lane l for the batch's λ_l: 1/d,
    /// and L's two sub-diagonals.
    inv_d: Vec<Lanes>,
    l1: Vec<Lanes>,
    l2: Vec<Lanes>,
    /// M⁻¹Qᵀy per lane, with two zeros before and after (so Q s needs no
    /// special case at the ends).
    s: Vec<Lanes>,
}

impl GcvRound {
    /// Requires n ≥ 3 strictly increasing knots, one row of y per knot.
    pub fn new(t: &[f64], y: &DMatrix<f64>) -> Self {
        let bands = KnotBands::new(t);
        let qty = (0..y.ncols())
            .map(|c| {
                let y = y.column(c);
                bands.qt(|i| y[i])
            })
            .collect();
        let p = t.len() - 2;
        GcvRound {
            bands,
            qty,
            inv_d: vec![[0.0; LANES]; p],
            l1: vec![[0.0; LANES]; p],
            l2: vec![[0.0; LANES]; p],
            s: vec![[0.0; LANES]; p + 4],
        }
    }

    /// GCV's score of one λ (see [`scores`](Self::scores)), None where it
    /// is undefined.
    pub fn score(&mut self, lambda: f64) -> Option<f64> {
        let s = self.scores([lambda; LANES])[0];
        s.is_finite().then_some(s)
    }

    /// GCV's scores Σ_c ‖(I − A)y_c‖² / n / (1 − tr(A)/n)² of four λ, and
    /// the residual part Σ_c ‖(I − A)y_c‖² / n of each (for the bound in
    /// [`bound_above`]); a score is +∞ where it is undefined (λ = 0
    /// interpolates: 0/0) or the system overflows.
    ///
    /// With the hat matrix A = I − scale·Q M⁻¹Qᵀ, (I − A)y = scale·Q s for
    /// s = M⁻¹Qᵀy and 1 − tr(A)/n = scale·tr(M⁻¹QᵀQ)/n, computed as such
    /// (not as one minus a number close to one). The trace is Hutchinson
    /// and de Hoog's backward recursion for the inverse's central band
    /// (as in [`PentaLdl::trace_of_inverse_times`](crate::banded::PentaLdl)).
    pub fn scores(&mut self, lambdas: Lanes) -> Lanes {
        self.scores_and_residuals(lambdas).0
    }

    fn scores_and_residuals(&mut self, lambdas: Lanes) -> (Lanes, Lanes) {
        let n = self.bands.n();
        let (mut a, mut b, mut scale) = ([0.0; LANES], [0.0; LANES], [0.0; LANES]);
        for l in 0..LANES {
            (a[l], b[l], scale[l]) = weights(n as f64 * lambdas[l]);
        }
        // The first coordinate's solve rides along the factorisation and the
        // trace (the same sweeps over the bands, in the same directions):
        // its recursions fill the pipeline while theirs wait for a division.
        let ok = self.factor(&a, &b);
        let tr = self.trace();
        let mut rss = [0.0; LANES];
        if !self.qty.is_empty() {
            self.add_residual(&mut rss);
        }
        for c in 1..self.qty.len() {
            self.solve(c);
            self.add_residual(&mut rss);
        }
        let (mut score, mut resid) = ([f64::INFINITY; LANES], [f64::INFINITY; LANES]);
        for l in 0..LANES {
            let df = scale[l] * tr[l] / n as f64;
            let r = scale[l] * scale[l] * rss[l] / n as f64;
            if ok[l] && r.is_finite() {
                resid[l] = r;
            }
            if ok[l] && df > 1e-12 {
                let s = r / (df * df);
                if s.is_finite() {
                    score[l] = s;
                }
            }
        }
        (score, resid)
    }

    /// Factors M = a·R + b·QᵀQ per lane (as `Penta::factor`, without
    /// storing M), and runs the forward half of [`solve`](Self::solve)`(0)`
    /// alongside (each step needs only the factors before it); false in a
    /// lane whose pivot is not positive and finite.
    fn factor(&mut self, a: &Lanes, b: &Lanes) -> [bool; LANES] {
        let (r, q) = (&self.bands.r, &self.bands.qtq);
        let first = self.qty.first().map(|qty| &qty[..]);
        let mut ok = [true; LANES];
        // d, l1, l2 at i − 1 and i − 2.
        let (mut d1, mut d2) = ([0.0; LANES], [0.0; LANES]);
        let (mut l1_1, mut l2_1, mut l2_2) = ([0.0; LANES], [0.0; LANES], [0.0; LANES]);
        for i in 0..r.len() {
            let (mut di, mut l1i, mut l2i, mut inv) =
                ([0.0; LANES], [0.0; LANES], [0.0; LANES], [0.0; LANES]);
            for l in 0..LANES {
                let diag = a[l] * r.diag[i] + b[l] * q.diag[i];
                let off1 = a[l] * r.off1[i] + b[l] * q.off1[i];
                let off2 = b[l] * q.off2[i];
                let d = diag - l1_1[l] * l1_1[l] * d1[l] - l2_2[l] * l2_2[l] * d2[l];
                ok[l] &= d > 0.0 && d.is_finite();
                inv[l] = 1.0 / d;
                di[l] = d;
                l1i[l] = (off1 - l2_1[l] * d1[l] * l1_1[l]) * inv[l];
                l2i[l] = off2 * inv[l];
            }
            self.inv_d[i] = inv;
            self.l1[i] = l1i;
            self.l2[i] = l2i;
            (d2, d1) = (d1, di);
            (l2_2, l2_1, l1_1) = (l2_1, l2i, l1i);
            if let Some(qty) = first {
                forward_step(&mut self.s, qty, &self.l1, &self.l2, i);
            }
        }
        ok
    }

    /// tr(M⁻¹QᵀQ) per lane from the factors, and the backward half of
    /// [`solve`](Self::solve)`(0)` alongside (after [`factor`](Self::factor)).
    fn trace(&mut self) -> Lanes {
        let q = &self.bands.qtq;
        let first = !self.qty.is_empty();
        // The inverse's diag[i+1], diag[i+2] and off1[i+1] (0 beyond the end).
        let (mut d1, mut d2, mut o1) = ([0.0; LANES], [0.0; LANES], [0.0; LANES]);
        let mut tr = [0.0; LANES];
        for i in (0..q.len()).rev() {
            let (a1, a2, id) = (&self.l1[i], &self.l2[i], &self.inv_d[i]);
            for l in 0..LANES {
                let off2 = -a1[l] * o1[l] - a2[l] * d2[l];
                let off1 = -a1[l] * d1[l] - a2[l] * o1[l];
                let diag = id[l] - a1[l] * off1 - a2[l] * off2;
                tr[l] += diag * q.diag[i] + 2.0 * (off1 * q.off1[i] + off2 * q.off2[i]);
                (d2[l], d1[l], o1[l]) = (d1[l], diag, off1);
            }
            if first {
                backward_step(&mut self.s, a1, a2, id, i);
            }
        }
        tr
    }

    /// s = M⁻¹Qᵀy_c per lane, into `self.s[2..p + 2]`.
    fn solve(&mut self, c: usize) {
        let qty = &self.qty[c];
        for i in 0..qty.len() {
            forward_step(&mut self.s, qty, &self.l1, &self.l2, i);
        }
        for i in (0..qty.len()).rev() {
            backward_step(&mut self.s, &self.l1[i], &self.l2[i], &self.inv_d[i], i);
        }
    }

    /// Adds ‖Q s‖² per lane for the s of [`solve`](Self::solve): row k of
    /// Q s is ih_k s_k − (ih_{k−1} + ih_k) s_{k−1} + ih_{k−1} s_{k−2}.
    fn add_residual(&self, rss: &mut Lanes) {
        let ih = &self.bands.inv_h;
        let s = &self.s;
        let n = ih.len() + 1;
        for k in 0..n {
            let (hl, hr) = (
                if k >= 1 { ih[k - 1] } else { 0.0 },
                *ih.get(k).unwrap_or(&0.0),
            );
            let (s0, s1, s2) = (&s[k + 2], &s[k + 1], &s[k]);
            for l in 0..LANES {
                let v = hr * s0[l] - (hl + hr) * s1[l] + hl * s2[l];
                rss[l] += v * v;
            }
        }
    }
}

/// Step i of L z = Qᵀy_c, into `s[i + 2]` (needs L's rows up to i − 1).
#[inline(always)]
fn forward_step(s: &mut [Lanes], qty: &[f64], l1: &[Lanes], l2: &[Lanes], i: usize) {
    let (a1, a2) = (&l1[i.saturating_sub(1)], &l2[i.saturating_sub(2)]);
    let (s1, s2) = (s[i + 1], s[i]);
    let mut v = [0.0; LANES];
    for l in 0..LANES {
        // At i = 0 and 1 the missing terms multiply the zero padding.
        v[l] = qty[i] - a1[l] * s1[l] - a2[l] * s2[l];
    }
    s[i + 2] = v;
}

/// Step i (downwards) of D Lᵀ s = z, in place at `s[i + 2]`.
#[inline(always)]
fn backward_step(s: &mut [Lanes], a1: &Lanes, a2: &Lanes, inv_d: &Lanes, i: usize) {
    let (s1, s2) = (s[i + 3], s[i + 4]);
    let v = &mut s[i + 2];
    for l in 0..LANES {
        v[l] = v[l] * inv_d[l] - a1[l] * s1[l] - a2[l] * s2[l];
    }
}

/// The decades GCV searches: a coarse grid every [`GRID_STEP`] decades from
/// 10^[`GCV_MIN_EXP`] to 10^[`GCV_MAX_EXP`] (the refinement may go up to one
/// grid step beyond either end).
pub const GCV_MIN_EXP: i32 = -14;
pub const GCV_MAX_EXP: i32 = 2;
const GRID_STEP: f64 = 3.0;
/// The refinement stops when the parabola through the best point and its
/// neighbours promises less than this relative improvement of the score.
const GAIN_TOLERANCE: f64 = 1e-9;
/// …or when the next step would be below this many decades (rounding).
const STEP_TOLERANCE: f64 = 1e-4;
/// At most this many batches in all (grid included).
const MAX_BATCHES: usize = 10;
const H_FACTOR: f64 = 1.5;

/// What one search cost: λ scored and batches of [`LANES`] λ computed (a
/// batch costs about one spline fit, whatever it holds).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchCost {
    pub lambdas: usize,
    pub batches: usize,
}

/// The result of a search: the best exponent e (λ = 10^e) and its score,
/// None when no λ has a finite score, and what it cost.
pub(crate) struct Search {
    pub best: Option<(f64, f64)>,
    pub cost: SearchCost,
}

/// GCV's λ for the round's data (n ≥ 3 strictly increasing knots): the
/// best of [`search`]; 0 when no λ has a score (data that a straight line
/// fits exactly). With it the knots' bands, which the fit at that λ needs
/// too.
pub(crate) fn gcv_lambda(t: &[f64], y: &DMatrix<f64>) -> (f64, KnotBands) {
    let mut round = GcvRound::new(t, y);
    let lambda = search(&mut round).best.map_or(0.0, |(e, _)| exp10(e));
    (lambda, round.bands)
}

/// A scored exponent: (e, score).
type Point = (f64, f64);

/// The scored points of one search: (exponent, score, residual part).
struct Scored {
    points: Vec<(f64, f64, f64)>,
    cost: SearchCost,
}

impl Scored {
    /// Scores up to [`LANES`] exponents in one batch (unused lanes repeat
    /// the first one and are not recorded).
    fn batch(&mut self, round: &mut GcvRound, exps: &[f64]) {
        debug_assert!(!exps.is_empty() && exps.len() <= LANES);
        let mut lambdas = [exp10(exps[0]); LANES];
        for (l, &e) in lambdas.iter_mut().zip(exps) {
            *l = exp10(e);
        }
        let (score, resid) = round.scores_and_residuals(lambdas);
        for (i, &e) in exps.iter().enumerate() {
            self.points.push((e, score[i], resid[i]));
        }
        self.cost.lambdas += exps.len();
        self.cost.batches += 1;
    }

    /// The best point (lowest score, the lower exponent on ties: the
    /// order the points were scored in must not matter).
    fn best(&self) -> Option<(f64, f64)> {
        self.points
            .iter()
            .filter(|p| p.1.is_finite())
            .map(|p| (p.0, p.1))
            .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)))
    }

    /// The nearest scored point below and above e (finite score or not).
    fn neighbours(&self, e: f64) -> (Option<Point>, Option<Point>) {
        let (mut below, mut above): (Option<Point>, Option<Point>) = (None, None);
        for &(x, s, _) in &self.points {
            if x < e && below.is_none_or(|b| x > b.0) {
                below = Some((x, s));
            }
            if x > e && above.is_none_or(|a| x < a.0) {
                above = Some((x, s));
            }
        }
        (below, above)
    }

    /// Whether the parabola through (x, fx) and the two nearest points on
    /// the side `dir` (±1) with finite scores falls on leaving x that way.
    fn falls_inward(&self, x: f64, fx: f64, dir: f64) -> bool {
        let mut side: Vec<(f64, f64)> = self
            .points
            .iter()
            .filter(|p| (p.0 - x) * dir > 0.0 && p.1.is_finite())
            .map(|p| (p.0 - x, p.1 - fx))
            .collect();
        side.sort_by(|a, b| a.0.abs().total_cmp(&b.0.abs()));
        match side[..] {
            [(d1, f1), (d2, f2), ..] => {
                let slope = (f1 / d1 * d2 - f2 / d2 * d1) / (d2 - d1);
                slope * dir < 0.0
            }
            [(_, f1)] => f1 > 0.0,
            [] => false,
        }
    }

    fn has(&self, e: f64) -> bool {
        self.points
            .iter()
            .any(|p| (p.0 - e).abs() < 0.5 * STEP_TOLERANCE)
    }
}

/// GCV's search over the exponent e = log₁₀ λ, in batches of [`LANES`] λ:
///
/// 1. The grid's lower four points (10⁻¹⁴ … 10⁻⁵). The residual part of a
///    score only grows with λ, and 1 − tr(A)/n is at most (n − 2)/n (a
///    spline keeps lines), so r(λ₀)·n²/(n − 2)² bounds every score above
///    λ₀ from below: when it exceeds the best score so far at 10⁻⁵, the
///    rest of the grid cannot win and is not scored (the usual case:
///    answers with little noise want a small λ).
/// 2. Otherwise the upper grid points.
/// 3. Within one grid step of the best grid point, refinement batches: the
///    first at one-decade spacing, then each around the vertex of the
///    parabola (in e) through the best point and its two neighbours, at
///    ±h/3 and ±h with h twice the distance from the best point to the
///    vertex (the parabola's own error is about that small). It stops
///    when the parabola promises less than [`GAIN_TOLERANCE`] relative
///    improvement.
///
/// Returns the best point scored.
pub(crate) fn search(round: &mut GcvRound) -> Search {
    let n = round.bands.n() as f64;
    let mut sc = Scored {
        points: Vec::with_capacity(4 * LANES),
        cost: SearchCost::default(),
    };
    let grid: Vec<f64> = {
        let steps = ((GCV_MAX_EXP - GCV_MIN_EXP) as f64 / GRID_STEP).floor() as usize;
        (0..=steps)
            .map(|i| GCV_MIN_EXP as f64 + i as f64 * GRID_STEP)
            .collect()
    };
    let (low, high) = grid.split_at(LANES.min(grid.len()));
    sc.batch(round, low);
    let best = sc.best();
    let &(_, _, resid_top) = sc.points.last().expect("one batch scored");
    let bound = resid_top * (n / (n - 2.0)).powi(2);
    let skip = best.is_some_and(|(_, s)| bound > s * (1.0 + 1e-9));
    if !skip && !high.is_empty() {
        for chunk in high.chunks(LANES) {
            sc.batch(round, chunk);
        }
    }
    let Some((x0, _)) = sc.best() else {
        return Search {
            best: None,
            cost: sc.cost,
        };
    };
    let (lo, hi) = (x0 - GRID_STEP, x0 + GRID_STEP);
    let inside = |e: f64| e > lo && e < hi;
    let first: Vec<f64> = [-2.0, -1.0, 1.0, 2.0]
        .iter()
        .map(|d| x0 + d)
        .filter(|&e| inside(e) && !sc.has(e))
        .collect();
    if !first.is_empty() {
        sc.batch(round, &first);
    }
    while sc.cost.batches < MAX_BATCHES {
        let (x, fx) = sc.best().expect("a finite score");
        let (below, above) = sc.neighbours(x);
        let (centre, h, a, b) = match (below, above) {
            (Some((a, fa)), Some((b, fb))) if fa.is_finite() && fb.is_finite() => {
                // The vertex of the parabola through (a, fa), (x, fx), (b, fb).
                // f(e) = fx + g (e − x) + c (e − x)²: vertex x − g/2c, and
                // the score there is lower by g²/4c.
                let (da, db) = (x - a, b - x);
                let (sa, sb) = ((fa - fx) / da, (fb - fx) / db);
                let c = (sa + sb) / (da + db);
                // Not convex (or NaN): the best point is as good as it gets.
                if c.is_nan() || c <= 0.0 {
                    break;
                }
                let g = sb - c * db;
                let v = (x - g / (2.0 * c)).clamp(x - 0.5 * da, x + 0.5 * db);
                let gain = -(g * (v - x) + c * (v - x) * (v - x));
                if gain <= GAIN_TOLERANCE * fx {
                    break;
                }
                (v, H_FACTOR * (v - x).abs(), a, b)
            }
            _ => {
                // No parabola: a side without a finite score. Divide the gap
                // to that side's neighbour (or to the bracket's end, which
                // is scored too: the minimum may sit there) into four.
                let gap_below = below.map_or(x - lo, |(a, _)| x - a);
                let gap_above = above.map_or(hi - x, |(b, _)| b - x);
                let open_below = below.is_none_or(|(_, fa)| !fa.is_finite());
                let mut side = match (below, above) {
                    (None, _) => -gap_below,
                    (Some((_, fa)), _) if !fa.is_finite() => -0.8 * gap_below,
                    (_, None) => gap_above,
                    _ => 0.8 * gap_above,
                };
                if side.abs() < STEP_TOLERANCE {
                    // x is the bracket's end. The minimum lies between it and
                    // its neighbour only if the score falls on leaving x:
                    // the slope at x of the parabola through x and the two
                    // nearest points inward.
                    let dir = if open_below { 1.0 } else { -1.0 };
                    if !sc.falls_inward(x, fx, dir) {
                        break;
                    }
                    side = if open_below {
                        0.8 * gap_above
                    } else {
                        -0.8 * gap_below
                    };
                }
                let exps: Vec<f64> = [1.0, 0.75, 0.5, 0.25]
                    .iter()
                    .map(|f| x + f * side)
                    .filter(|&e| e >= lo && e <= hi && !sc.has(e))
                    .collect();
                if side.abs() < STEP_TOLERANCE || exps.is_empty() {
                    break;
                }
                sc.batch(round, &exps);
                continue;
            }
        };
        if h < STEP_TOLERANCE {
            break;
        }
        let exps: Vec<f64> = [centre - h, centre - h / 3.0, centre + h / 3.0, centre + h]
            .into_iter()
            .filter(|&e| e > a && e < b && !sc.has(e))
            .collect();
        if exps.is_empty() {
            break;
        }
        sc.batch(round, &exps);
    }
    Search {
        best: sc.best(),
        cost: sc.cost,
    }
}

/// For measuring the search (the example `gcv_quality`, the SciPy
/// reference tests), not for use.
#[doc(hidden)]
pub mod diagnostics {
    use super::*;
    use crate::knots::check_knots;

    fn qualifies(t: &[f64], y: &DMatrix<f64>) -> bool {
        t.len() >= 3 && check_knots(t).is_ok() && y.nrows() == t.len()
    }

    /// GCV's score of λ at knots `t` (at least 3, strictly increasing), or
    /// None where it is undefined or the knots do not qualify.
    pub fn gcv_score(t: &[f64], y: &DMatrix<f64>, lambda: f64) -> Option<f64> {
        qualifies(t, y).then(|| GcvRound::new(t, y).score(lambda))?
    }

    /// What the smoothing spline's `fit_gcv`
    /// chooses, as (λ, its score, what the search cost). Score None when no
    /// λ has one.
    pub fn gcv_search(t: &[f64], y: &DMatrix<f64>) -> (f64, Option<f64>, SearchCost) {
        if !qualifies(t, y) {
            return (0.0, None, SearchCost::default());
        }
        let found = search(&mut GcvRound::new(t, y));
        match found.best {
            Some((e, s)) => (exp10(e), Some(s), found.cost),
            None => (0.0, None, found.cost),
        }
    }
}
