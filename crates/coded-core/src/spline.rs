//! Natural cubic smoothing splines (the LeTCC encoder and decoder).
//!
//! Per coordinate, minimises (1/n) Σ (v_i − u(t_i))² + λ ∫ u''²
//! (docs/mathematics.md, "LeTCC: smoothing splines"; the 1/n makes a λ mean
//! the same smoothing at every n, so SciPy's `lam = n·λ`). Solved by
//! Reinsch's algorithm: one pentadiagonal SPD system shared by all
//! coordinates, so a fit is O(n) per coordinate.

use crate::banded::{Penta, PentaLdl};
use crate::portable::exp10;
use nalgebra::DMatrix;

/// Why a smoothing spline could not be fitted.
#[derive(Clone, Debug, PartialEq)]
pub enum SplineError {
    /// No knots at all.
    TooFewPoints(usize),
    /// λ must be finite and ≥ 0.
    BadLambda(f64),
    /// Knots must be finite and strictly increasing.
    BadKnots,
    /// A value is NaN or infinite, or the system overflowed.
    NotFinite,
}

impl std::fmt::Display for SplineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplineError::TooFewPoints(n) => {
                write!(f, "a smoothing spline needs at least 1 point, got {n}")
            }
            SplineError::BadLambda(l) => write!(f, "lambda must be finite and >= 0, got {l}"),
            SplineError::BadKnots => write!(f, "knots must be finite and strictly increasing"),
            SplineError::NotFinite => write!(f, "values are not finite"),
        }
    }
}

impl std::error::Error for SplineError {}

/// A fitted spline: knot values g and second derivatives γ (zero at both
/// ends: natural), one column per coordinate.
#[derive(Clone, Debug)]
pub struct SmoothingSpline {
    knots: Vec<f64>,
    values: DMatrix<f64>,
    second: DMatrix<f64>,
}

/// The knot-only part of the fit: spacings, the system and its factors,
/// shared by all coordinates (and by every coordinate's GCV score).
///
/// The system M = a·R + b·QᵀQ has (a, b) = (1, ρ) for ρ ≤ 1 and (1/ρ, 1)
/// above, so neither ρ = 1e-300 nor 1e300 overflows; g = y − scale·Q M⁻¹ Qᵀy
/// with scale = ρ resp. 1. With uneven knots or large ρ, M's condition number
/// reaches 10¹⁰: the rounded entries of QᵀQ lose the cancellation that makes
/// smooth vectors nearly its null space, and a plain solve keeps only six or
/// seven digits (SciPy's B-spline solve loses as many). One step of iterative
/// refinement whose residual applies M in factored form, a·R x + b·Qᵀ(Q x),
/// never touching QᵀQ's entries, brings the fit back to 1e-11 of the exact
/// minimiser (tests/scipy_reference.rs checks against 30-digit values).
struct Reinsch<'a> {
    t: &'a [f64],
    bands: KnotBands,
    rho: f64,
    /// M = a·R + b·QᵀQ.
    a: f64,
    b: f64,
    scale: f64,
    ldl: PentaLdl,
}

fn check_knots(t: &[f64]) -> Result<(), SplineError> {
    if t.iter().any(|x| !x.is_finite()) || t.windows(2).any(|w| w[1] <= w[0]) {
        return Err(SplineError::BadKnots);
    }
    Ok(())
}

/// The part of Reinsch's system that depends on the knots only: the
/// spacings and the bands of R and QᵀQ, so M = a·R + b·QᵀQ for any λ
/// (GCV scores many λ on the same knots). Requires n ≥ 3.
struct KnotBands {
    h: Vec<f64>,
    /// 1/h_i for the spacings h_i = t_{i+1} − t_i.
    inv_h: Vec<f64>,
    /// R (tridiagonal: off2 stays 0).
    r: Penta,
    qtq: Penta,
}

impl KnotBands {
    fn new(t: &[f64]) -> Self {
        let h: Vec<f64> = t.windows(2).map(|w| w[1] - w[0]).collect();
        let inv_h: Vec<f64> = h.iter().map(|x| 1.0 / x).collect();
        let p = t.len() - 2;
        let (mut r, mut qtq) = (Penta::zeros(p), Penta::zeros(p));
        for row in 0..p {
            let j = row + 1; // the interior knot of this row
            let (il, ir) = (inv_h[j - 1], inv_h[j]);
            let mid = il + ir;
            r.diag[row] = (h[j - 1] + h[j]) / 3.0;
            qtq.diag[row] = il * il + mid * mid + ir * ir;
            if row + 1 < p {
                let irr = inv_h[j + 1];
                r.off1[row] = h[j] / 6.0;
                qtq.off1[row] = -(mid * ir + ir * (ir + irr));
            }
            if row + 2 < p {
                qtq.off2[row] = ir * inv_h[j + 1];
            }
        }
        KnotBands { h, inv_h, r, qtq }
    }

    /// M = a·R + b·QᵀQ, factored; None if it is not SPD (overflow).
    fn factor(&self, a: f64, b: f64) -> Option<PentaLdl> {
        let p = self.r.len();
        let mut m = Penta::zeros(p);
        for i in 0..p {
            m.diag[i] = a * self.r.diag[i] + b * self.qtq.diag[i];
            m.off1[i] = a * self.r.off1[i] + b * self.qtq.off1[i];
            m.off2[i] = b * self.qtq.off2[i];
        }
        m.factor()
    }
}

/// The weights (a, b) of M = a·R + b·QᵀQ and the scale of g = y − scale·Q s
/// at ρ = nλ (see [`Reinsch`]).
fn weights(rho: f64) -> (f64, f64, f64) {
    if rho <= 1.0 {
        (1.0, rho, rho)
    } else {
        (1.0 / rho, 1.0, 1.0)
    }
}

impl<'a> Reinsch<'a> {
    /// Requires n ≥ 3 (there is at least one interior knot).
    fn new(t: &'a [f64], lambda: f64) -> Result<Self, SplineError> {
        let bands = KnotBands::new(t);
        let rho = t.len() as f64 * lambda;
        let (a, b, scale) = weights(rho);
        let ldl = bands.factor(a, b).ok_or(SplineError::NotFinite)?;
        Ok(Reinsch {
            t,
            bands,
            rho,
            a,
            b,
            scale,
            ldl,
        })
    }

    /// Qᵀy: the jumps of the divided differences at the interior knots.
    fn qt(&self, y: &[f64]) -> Vec<f64> {
        (1..self.t.len() - 1)
            .map(|j| {
                (y[j + 1] - y[j]) * self.bands.inv_h[j]
                    - (y[j] - y[j - 1]) * self.bands.inv_h[j - 1]
            })
            .collect()
    }

    /// Q x (length n): Q's column r touches rows r, r+1, r+2.
    fn q(&self, x: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; x.len() + 2];
        for (r, &xr) in x.iter().enumerate() {
            let j = r + 1;
            let (il, ir) = (self.bands.inv_h[j - 1], self.bands.inv_h[j]);
            out[j - 1] += xr * il;
            out[j] -= xr * (il + ir);
            out[j + 1] += xr * ir;
        }
        out
    }

    /// rhs − M x, with M applied in factored form (see the type's comment).
    fn residual(&self, rhs: &[f64], x: &[f64]) -> Vec<f64> {
        let p = x.len();
        let qtqx = self.qt(&self.q(x));
        (0..p)
            .map(|r| {
                let j = r + 1;
                let h = &self.bands.h;
                let mut rx = (h[j - 1] + h[j]) / 3.0 * x[r];
                if r >= 1 {
                    rx += h[j - 1] / 6.0 * x[r - 1];
                }
                if r + 1 < p {
                    rx += h[j] / 6.0 * x[r + 1];
                }
                rhs[r] - (self.a * rx + self.b * qtqx[r])
            })
            .collect()
    }

    /// Fits one coordinate: writes knot values g and second derivatives γ.
    /// `refine`: one step of refinement, for fits (GCV's scores skip it).
    fn fit_column(&self, y: &[f64], refine: bool, g: &mut [f64], gamma: &mut [f64]) {
        let n = y.len();
        let rhs = self.qt(y);
        let mut s = rhs.clone();
        self.ldl.solve_in_place(&mut s);
        if refine {
            let mut r = self.residual(&rhs, &s);
            self.ldl.solve_in_place(&mut r);
            s.iter_mut().zip(&r).for_each(|(a, e)| *a += e);
        }
        // g = y − scale · Q s.
        for ((gi, yi), qs) in g.iter_mut().zip(y).zip(self.q(&s)) {
            *gi = yi - self.scale * qs;
        }
        // γ = M⁻¹Qᵀy for ρ ≤ 1; δ/ρ for the rescaled system above.
        let to_gamma = if self.rho <= 1.0 { 1.0 } else { 1.0 / self.rho };
        gamma[0] = 0.0;
        gamma[n - 1] = 0.0;
        for (r, &sr) in s.iter().enumerate() {
            gamma[r + 1] = sr * to_gamma;
        }
    }

    /// tr(A) of the hat matrix A = I − scale · Q M⁻¹ Qᵀ: n − scale·tr(M⁻¹QᵀQ).
    #[cfg(test)]
    fn hat_trace(&self) -> f64 {
        self.t.len() as f64 - self.scale * self.ldl.trace_of_inverse_times(&self.bands.qtq)
    }
}

/// What GCV's scores of one round share whatever λ: the knot bands and
/// Qᵀy per coordinate. Each score is then one factorisation, the trace and
/// one solve per coordinate, with nothing recomputed from the knots.
struct GcvRound {
    bands: KnotBands,
    qty: Vec<Vec<f64>>,
}

impl GcvRound {
    /// Requires n ≥ 3 strictly increasing knots, one row of y per knot.
    fn new(t: &[f64], y: &DMatrix<f64>) -> Self {
        let bands = KnotBands::new(t);
        let inv_h = &bands.inv_h;
        let qty = (0..y.ncols())
            .map(|c| {
                let y = y.column(c);
                (1..t.len() - 1)
                    .map(|j| (y[j + 1] - y[j]) * inv_h[j] - (y[j] - y[j - 1]) * inv_h[j - 1])
                    .collect()
            })
            .collect();
        GcvRound { bands, qty }
    }

    /// GCV's score of λ: Σ_c ‖(I − A)y_c‖² / n / (1 − tr(A)/n)², or None
    /// where it is undefined (λ = 0 interpolates: 0/0). With the hat matrix
    /// A = I − scale·Q M⁻¹Qᵀ, (I − A)y = scale·Q s for s = M⁻¹Qᵀy and
    /// 1 − tr(A)/n = scale·tr(M⁻¹QᵀQ)/n, computed as such (not as one minus
    /// a number close to one).
    fn score(&self, lambda: f64) -> Option<f64> {
        let n = self.bands.h.len() + 1;
        let (a, b, scale) = weights(n as f64 * lambda);
        let ldl = self.bands.factor(a, b)?;
        let df = scale * ldl.trace_of_inverse_times(&self.bands.qtq) / n as f64;
        if df <= 1e-12 {
            return None;
        }
        let ih = &self.bands.inv_h;
        let p = n - 2;
        let mut rss = 0.0;
        let mut s = vec![0.0; p];
        for qty in &self.qty {
            s.copy_from_slice(qty);
            ldl.solve_in_place(&mut s);
            // (Q s)_k: column r of Q touches rows r, r+1, r+2.
            for k in 0..n {
                let mut v = 0.0;
                if k < p {
                    v += ih[k] * s[k];
                }
                if (1..=p).contains(&k) {
                    v -= (ih[k - 1] + ih[k]) * s[k - 1];
                }
                if k >= 2 {
                    v += ih[k - 1] * s[k - 2];
                }
                rss += v * v;
            }
        }
        let score = scale * scale * rss / n as f64 / (df * df);
        score.is_finite().then_some(score)
    }
}

/// GCV's λ for the round's data: [`gcv_minimise`] over e = log10 λ.
/// Returns 0 when no λ has a score (data that a straight line fits
/// exactly).
fn gcv_search(t: &[f64], y: &DMatrix<f64>) -> f64 {
    let round = GcvRound::new(t, y);
    let mut score = |e: f64| round.score(exp10(e)).unwrap_or(f64::INFINITY);
    gcv_minimise(&mut score).map_or(0.0, |(e, _)| exp10(e))
}

/// GCV's search over the exponent e (λ = 10^e) of a score that is
/// infinite where undefined: a coarse grid every [`GCV_GRID_STEP`] decades
/// from 10^[`GCV_MIN_EXP`] to 10^[`GCV_MAX_EXP`], then [`brent_minimum`]
/// within one grid step of the best grid point. Returns the best (e, score)
/// seen, None when every score is infinite. A pure function of the scores,
/// so a round's λ does not depend on the order rounds are computed in.
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

/// The decades GCV searches, the coarse grid's step, and how finely
/// Brent's method refines (in decades), with its most evaluations.
pub const GCV_MIN_EXP: i32 = -14;
pub const GCV_MAX_EXP: i32 = 2;
const GCV_GRID_STEP: f64 = 3.0;
const GCV_TOLERANCE: f64 = 1e-3;
const GCV_BRENT_STEPS: usize = 20;

/// For measuring the search (the example `gcv_quality`), not for use.
#[doc(hidden)]
pub mod diagnostics {
    use super::*;

    /// GCV's score of λ at knots `t` (at least 3, strictly increasing), or
    /// None where it is undefined or the knots do not qualify.
    pub fn gcv_score(t: &[f64], y: &DMatrix<f64>, lambda: f64) -> Option<f64> {
        if t.len() < 3 || check_knots(t).is_err() || y.nrows() != t.len() {
            return None;
        }
        GcvRound::new(t, y).score(lambda)
    }

    /// What [`SmoothingSpline::fit_gcv`] chooses, as (λ, its score, how
    /// many λ were scored). Score None when no λ has one.
    pub fn gcv_search(t: &[f64], y: &DMatrix<f64>) -> (f64, Option<f64>, usize) {
        if t.len() < 3 || check_knots(t).is_err() || y.nrows() != t.len() {
            return (0.0, None, 0);
        }
        let round = GcvRound::new(t, y);
        let mut fits = 0;
        let mut score = |e: f64| {
            fits += 1;
            round.score(exp10(e)).unwrap_or(f64::INFINITY)
        };
        match gcv_minimise(&mut score) {
            Some((e, s)) => (exp10(e), Some(s), fits),
            None => (0.0, None, fits),
        }
    }
}

impl SmoothingSpline {
    /// Fits the smoothing spline with knots `t` (strictly increasing) to the
    /// rows of `y` (n × m: one column per coordinate).
    ///
    /// n = 1 has no unique minimiser (every line through the point has zero
    /// penalty): we return the constant, as Berrut's interpolant does. n = 2
    /// gives the line through both points and n ≥ 3 the Reinsch solution;
    /// in particular n = 3 or 4 with λ = 0 is the natural interpolating
    /// spline (one or two interior second derivatives), and a large λ tends to
    /// the least-squares line at any n.
    pub fn fit(t: &[f64], y: &DMatrix<f64>, lambda: f64) -> Result<Self, SplineError> {
        let n = t.len();
        assert_eq!(y.nrows(), n, "one row of values per knot");
        if n == 0 {
            return Err(SplineError::TooFewPoints(n));
        }
        if !(lambda.is_finite() && lambda >= 0.0) {
            return Err(SplineError::BadLambda(lambda));
        }
        check_knots(t)?;
        if y.iter().any(|v| !v.is_finite()) {
            return Err(SplineError::NotFinite);
        }
        let m = y.ncols();
        let mut values = y.clone();
        let mut second = DMatrix::zeros(n, m);
        if n >= 3 {
            let sys = Reinsch::new(t, lambda)?;
            for c in 0..m {
                sys.fit_column(
                    y.column(c).as_slice(),
                    true,
                    values.column_mut(c).as_mut_slice(),
                    second.column_mut(c).as_mut_slice(),
                );
            }
        }
        if values.iter().any(|v| !v.is_finite()) {
            return Err(SplineError::NotFinite);
        }
        Ok(SmoothingSpline {
            knots: t.to_vec(),
            values,
            second,
        })
    }

    /// Fits with λ chosen by generalized cross-validation: minimises
    /// Σ_c ‖(I − A)y_c‖² / n / (1 − tr(A)/n)² over log λ (one λ for all
    /// coordinates, since they share the operator). Returns the spline and the
    /// λ chosen.
    pub fn fit_gcv(t: &[f64], y: &DMatrix<f64>) -> Result<(Self, f64), SplineError> {
        if t.len() < 3 {
            // Nothing to choose: with one or two points every λ gives the same fit.
            return Ok((Self::fit(t, y, 0.0)?, 0.0));
        }
        check_knots(t)?;
        if y.iter().any(|v| !v.is_finite()) {
            return Err(SplineError::NotFinite);
        }
        let lambda = gcv_search(t, y);
        Ok((Self::fit(t, y, lambda)?, lambda))
    }

    pub fn knots(&self) -> &[f64] {
        &self.knots
    }

    /// The fitted values at the knots (n × m).
    pub fn knot_values(&self) -> &DMatrix<f64> {
        &self.values
    }

    /// Evaluates at every z (rows of the result); a straight line beyond the
    /// outermost knots, where the minimiser has u'' = 0.
    pub fn eval(&self, z: &[f64]) -> DMatrix<f64> {
        let m = self.values.ncols();
        let mut out = DMatrix::zeros(z.len(), m);
        for (row, &x) in z.iter().enumerate() {
            for c in 0..m {
                out[(row, c)] = self.eval_one(x, c);
            }
        }
        out
    }

    fn eval_one(&self, x: f64, c: usize) -> f64 {
        let t = &self.knots;
        let n = t.len();
        if n == 1 {
            return self.values[(0, c)];
        }
        let g = |i: usize| self.values[(i, c)];
        let s = |i: usize| self.second[(i, c)];
        if x <= t[0] {
            let h = t[1] - t[0];
            let slope = (g(1) - g(0)) / h - h * (2.0 * s(0) + s(1)) / 6.0;
            return g(0) + slope * (x - t[0]);
        }
        if x >= t[n - 1] {
            let h = t[n - 1] - t[n - 2];
            let slope = (g(n - 1) - g(n - 2)) / h + h * (s(n - 2) + 2.0 * s(n - 1)) / 6.0;
            return g(n - 1) + slope * (x - t[n - 1]);
        }
        // Interval i with t[i] <= x < t[i+1].
        let i = t.partition_point(|&k| k <= x) - 1;
        let h = t[i + 1] - t[i];
        let (a, b) = (x - t[i], t[i + 1] - x);
        (a * g(i + 1) + b * g(i)) / h
            - a * b / 6.0 * ((1.0 + a / h) * s(i + 1) + (1.0 + b / h) * s(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(v: &[f64]) -> DMatrix<f64> {
        DMatrix::from_column_slice(v.len(), 1, v)
    }

    fn knots(n: usize) -> Vec<f64> {
        (0..n)
            .map(|i| -1.0 + 2.0 * (i as f64 / (n - 1) as f64).powf(1.3))
            .collect()
    }

    #[test]
    fn lambda_zero_interpolates() {
        for n in [2, 3, 4, 7, 30] {
            let t = knots(n);
            let y: Vec<f64> = t.iter().map(|x| (3.0 * x).sin() + x * x).collect();
            let s = SmoothingSpline::fit(&t, &col(&y), 0.0).unwrap();
            let back = s.eval(&t);
            for i in 0..n {
                assert!((back[(i, 0)] - y[i]).abs() < 1e-12, "n={n} i={i}");
            }
        }
    }

    #[test]
    fn reproduces_straight_lines_at_any_lambda() {
        let t = knots(12);
        let y: Vec<f64> = t.iter().map(|x| 2.5 * x - 0.75).collect();
        for lambda in [0.0, 1e-300, 1e-6, 1.0, 1e6, 1e300] {
            let s = SmoothingSpline::fit(&t, &col(&y), lambda).unwrap();
            for z in [-1.5, -1.0, -0.2, 0.4, 1.0, 1.7] {
                let v = s.eval(&[z])[(0, 0)];
                assert!(
                    (v - (2.5 * z - 0.75)).abs() < 1e-9,
                    "lambda={lambda} z={z} v={v}"
                );
            }
        }
    }

    #[test]
    fn huge_lambda_is_least_squares_line() {
        let t = knots(9);
        let y: Vec<f64> = t.iter().map(|x| x * x * x + 0.3 * x * x).collect();
        let s = SmoothingSpline::fit(&t, &col(&y), 1e300).unwrap();
        let n = t.len() as f64;
        let (mt, my) = (t.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
        let sxy: f64 = t.iter().zip(&y).map(|(a, b)| (a - mt) * (b - my)).sum();
        let sxx: f64 = t.iter().map(|a| (a - mt) * (a - mt)).sum();
        let (b1, b0) = (sxy / sxx, my - sxy / sxx * mt);
        for z in [-1.0, 0.0, 0.5, 2.0] {
            assert!((s.eval(&[z])[(0, 0)] - (b0 + b1 * z)).abs() < 1e-9);
        }
    }

    #[test]
    fn linear_beyond_the_knots() {
        let t = knots(6);
        let y: Vec<f64> = t.iter().map(|x| x.exp()).collect();
        let s = SmoothingSpline::fit(&t, &col(&y), 1e-3).unwrap();
        let v = |z: f64| s.eval(&[z])[(0, 0)];
        let (a, b, c) = (v(1.2), v(1.5), v(1.8));
        assert!(((c - b) - (b - a)).abs() < 1e-12);
        let (a, b, c) = (v(-1.1), v(-1.4), v(-1.7));
        assert!(((c - b) - (b - a)).abs() < 1e-12);
        // Continuous at the end knots.
        assert!((v(1.0 + 1e-9) - v(1.0 - 1e-9)).abs() < 1e-7);
    }

    #[test]
    fn errors_are_reported() {
        assert_eq!(
            SmoothingSpline::fit(&[], &DMatrix::zeros(0, 1), 0.0).unwrap_err(),
            SplineError::TooFewPoints(0)
        );
        let one = SmoothingSpline::fit(&[0.3], &col(&[1.5]), 0.0).unwrap();
        assert_eq!(one.eval(&[-1.0, 2.0]).as_slice(), &[1.5, 1.5]);
        assert!(SmoothingSpline::fit(&[0.0, 1.0], &col(&[1.0, 2.0]), f64::NAN).is_err());
        assert!(SmoothingSpline::fit(&[0.0, 0.0, 1.0], &col(&[1.0, 2.0, 3.0]), 0.0).is_err());
        assert!(SmoothingSpline::fit(&[0.0, 0.5, 1.0], &col(&[1.0, f64::NAN, 3.0]), 0.0).is_err());
    }

    #[test]
    fn gcv_trace_matches_dense_hat_matrix() {
        let t = knots(8);
        let lambda = 1e-3;
        let sys = Reinsch::new(&t, lambda).unwrap();
        // Dense trace: fit each unit vector and read its own knot value.
        let mut tr = 0.0;
        for i in 0..t.len() {
            let mut e = vec![0.0; t.len()];
            e[i] = 1.0;
            let s = SmoothingSpline::fit(&t, &col(&e), lambda).unwrap();
            tr += s.knot_values()[(i, 0)];
        }
        assert!((sys.hat_trace() - tr).abs() < 1e-10);
    }

    #[test]
    fn gcv_picks_smoothing_for_noisy_data() {
        let n = 200;
        let t: Vec<f64> = (0..n)
            .map(|i| -1.0 + 2.0 * i as f64 / (n - 1) as f64)
            .collect();
        let mut rng = crate::rng::Rng::new(11);
        let clean: Vec<f64> = t.iter().map(|x| (2.0 * x).sin()).collect();
        let noisy: Vec<f64> = clean.iter().map(|v| v + 0.1 * rng.normal()).collect();
        let (s, lambda) = SmoothingSpline::fit_gcv(&t, &col(&noisy)).unwrap();
        assert!(lambda > 1e-8, "lambda {lambda}");
        let fit = s.eval(&t);
        let err: f64 = (0..n)
            .map(|i| (fit[(i, 0)] - clean[i]).powi(2))
            .sum::<f64>()
            / n as f64;
        assert!(err < 0.1 * 0.1 / 2.0, "GCV fit should remove noise: {err}");
    }
}
