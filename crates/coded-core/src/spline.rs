//! Natural cubic smoothing splines (the LeTCC encoder and decoder).
//!
//! Per coordinate, minimises (1/n) Σ (v_i − u(t_i))² + λ ∫ u''²
//! (docs/mathematics.md, "LeTCC: smoothing splines"; the 1/n makes a λ mean
//! the same smoothing at every n, so SciPy's `lam = n·λ`). Solved by
//! Reinsch's algorithm: one pentadiagonal SPD system shared by all
//! coordinates, so a fit is O(n) per coordinate.

use crate::banded::PentaLdl;
use crate::gcv::gcv_lambda;
pub use crate::knots::SplineError;
use crate::knots::{check_knots, weights, KnotBands};
use nalgebra::DMatrix;

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
struct Reinsch {
    bands: KnotBands,
    rho: f64,
    /// M = a·R + b·QᵀQ.
    a: f64,
    b: f64,
    scale: f64,
    ldl: PentaLdl,
}

impl Reinsch {
    /// Requires n ≥ 3 (there is at least one interior knot).
    fn new(t: &[f64], lambda: f64) -> Result<Self, SplineError> {
        Self::with_bands(KnotBands::new(t), lambda)
    }

    /// As [`new`](Self::new), with the knots' bands already computed.
    fn with_bands(bands: KnotBands, lambda: f64) -> Result<Self, SplineError> {
        let rho = bands.n() as f64 * lambda;
        let (a, b, scale) = weights(rho);
        let ldl = bands.factor(a, b).ok_or(SplineError::NotFinite)?;
        Ok(Reinsch {
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
        self.bands.qt(|i| y[i])
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
        self.bands.n() as f64 - self.scale * self.ldl.trace_of_inverse_times(&self.bands.qtq)
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
        Self::fit_checked(t, y, lambda, None)
    }

    /// [`fit`](Self::fit) of checked knots, values and λ, with the knots'
    /// bands when they were computed already.
    fn fit_checked(
        t: &[f64],
        y: &DMatrix<f64>,
        lambda: f64,
        bands: Option<KnotBands>,
    ) -> Result<Self, SplineError> {
        let n = t.len();
        let m = y.ncols();
        let mut values = y.clone();
        let mut second = DMatrix::zeros(n, m);
        if n >= 3 {
            let sys = match bands {
                Some(bands) => Reinsch::with_bands(bands, lambda)?,
                None => Reinsch::new(t, lambda)?,
            };
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
        let (lambda, bands) = gcv_lambda(t, y);
        Ok((Self::fit_checked(t, y, lambda, Some(bands))?, lambda))
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
