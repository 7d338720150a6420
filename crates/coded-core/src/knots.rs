//! The knot-only part of a natural cubic smoothing spline: the knot check,
//! the spacings and the bands of Reinsch's matrices R and QᵀQ, shared by a
//! fit (crates/coded-core/src/spline.rs) and by GCV's scores of many λ on
//! the same knots (crates/coded-core/src/gcv.rs).

use crate::banded::{Penta, PentaLdl};

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

pub(crate) fn check_knots(t: &[f64]) -> Result<(), SplineError> {
    if t.iter().any(|x| !x.is_finite()) || t.windows(2).any(|w| w[1] <= w[0]) {
        return Err(SplineError::BadKnots);
    }
    Ok(())
}

/// The part of Reinsch's system that depends on the knots only: the
/// spacings and the bands of R and QᵀQ, so M = a·R + b·QᵀQ for any λ
/// (GCV scores many λ on the same knots). Requires n ≥ 3.
pub(crate) struct KnotBands {
    pub h: Vec<f64>,
    /// 1/h_i for the spacings h_i = t_{i+1} − t_i.
    pub inv_h: Vec<f64>,
    /// R (tridiagonal: off2 stays 0).
    pub r: Penta,
    pub qtq: Penta,
}

impl KnotBands {
    pub fn new(t: &[f64]) -> Self {
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

    /// The number of knots.
    pub fn n(&self) -> usize {
        self.h.len() + 1
    }

    /// M = a·R + b·QᵀQ, factored; None if it is not SPD (overflow).
    pub fn factor(&self, a: f64, b: f64) -> Option<PentaLdl> {
        let p = self.r.len();
        let mut m = Penta::zeros(p);
        for i in 0..p {
            m.diag[i] = a * self.r.diag[i] + b * self.qtq.diag[i];
            m.off1[i] = a * self.r.off1[i] + b * self.qtq.off1[i];
            m.off2[i] = b * self.qtq.off2[i];
        }
        m.factor()
    }

    /// Qᵀy: the jumps of the divided differences at the interior knots.
    pub fn qt(&self, y: impl Fn(usize) -> f64) -> Vec<f64> {
        let ih = &self.inv_h;
        (1..self.n() - 1)
            .map(|j| (y(j + 1) - y(j)) * ih[j] - (y(j) - y(j - 1)) * ih[j - 1])
            .collect()
    }
}

/// The weights (a, b) of M = a·R + b·QᵀQ and the scale of g = y − scale·Q s
/// at ρ = nλ: (1, ρ, ρ) for ρ ≤ 1 and (1/ρ, 1, 1) above, so that neither
/// ρ = 1e-300 nor 1e300 overflows.
pub(crate) fn weights(rho: f64) -> (f64, f64, f64) {
    if rho <= 1.0 {
        (1.0, rho, rho)
    } else {
        (1.0 / rho, 1.0, 1.0)
    }
}
