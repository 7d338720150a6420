//! LDLᵀ factorisation of a symmetric positive-definite pentadiagonal matrix,
//! the one system a smoothing spline needs. O(n) to factor and to solve, and
//! O(n) for the central band of the inverse (needed by GCV's trace).

/// A symmetric pentadiagonal matrix: `diag[i] = A[i][i]`, `off1[i] = A[i][i+1]`,
/// `off2[i] = A[i][i+2]` (the last one or two entries of `off1`/`off2` unused).
#[derive(Clone, Debug)]
pub struct Penta {
    pub diag: Vec<f64>,
    pub off1: Vec<f64>,
    pub off2: Vec<f64>,
}

/// The factors A = L D Lᵀ, L unit lower triangular with two sub-diagonals;
/// D is kept as 1/d, which is all the solves and the inverse band need.
#[derive(Clone, Debug)]
pub struct PentaLdl {
    inv_d: Vec<f64>,
    l1: Vec<f64>,
    l2: Vec<f64>,
}

impl Penta {
    pub fn zeros(n: usize) -> Self {
        Penta {
            diag: vec![0.0; n],
            off1: vec![0.0; n],
            off2: vec![0.0; n],
        }
    }

    pub fn len(&self) -> usize {
        self.diag.len()
    }

    pub fn is_empty(&self) -> bool {
        self.diag.is_empty()
    }

    /// Factorises in place (the bands become the factors: fewer arrays to
    /// stream through the cache at large n); `None` when a pivot is not
    /// positive (not SPD, which for our systems only happens through overflow
    /// or NaN input).
    pub fn factor(self) -> Option<PentaLdl> {
        let n = self.len();
        let Penta {
            diag: mut d,
            off1: mut l1,
            off2: mut l2,
        } = self;
        for i in 0..n {
            // d[i], l1[i], l2[i] still hold A's entries until overwritten here.
            let mut di = d[i];
            if i >= 1 {
                di -= l1[i - 1] * l1[i - 1] * d[i - 1];
            }
            if i >= 2 {
                di -= l2[i - 2] * l2[i - 2] * d[i - 2];
            }
            if !(di > 0.0 && di.is_finite()) {
                return None;
            }
            d[i] = di;
            if i + 1 < n {
                let mut b = l1[i];
                if i >= 1 {
                    b -= l2[i - 1] * d[i - 1] * l1[i - 1];
                }
                l1[i] = b / di;
            }
            if i + 2 < n {
                l2[i] /= di;
            }
        }
        d.iter_mut().for_each(|x| *x = 1.0 / *x);
        Some(PentaLdl { inv_d: d, l1, l2 })
    }
}

impl PentaLdl {
    /// Solves A x = b in place.
    pub fn solve_in_place(&self, b: &mut [f64]) {
        let n = self.inv_d.len();
        for i in 0..n {
            let mut v = b[i];
            if i >= 1 {
                v -= self.l1[i - 1] * b[i - 1];
            }
            if i >= 2 {
                v -= self.l2[i - 2] * b[i - 2];
            }
            b[i] = v;
        }
        b.iter_mut().zip(&self.inv_d).for_each(|(x, r)| *x *= r);
        for i in (0..n).rev() {
            let mut v = b[i];
            if i + 1 < n {
                v -= self.l1[i] * b[i + 1];
            }
            if i + 2 < n {
                v -= self.l2[i] * b[i + 2];
            }
            b[i] = v;
        }
    }

    /// The central band of A⁻¹ as (diag, off1, off2), by the backward
    /// recursion Σ = D⁻¹L⁻¹ + (I − Lᵀ)Σ (Hutchinson and de Hoog, 1985).
    pub fn inverse_band(&self) -> Penta {
        let n = self.inv_d.len();
        let mut s = Penta::zeros(n);
        for i in (0..n).rev() {
            let (a1, a2) = (self.l1[i], self.l2[i]);
            let s11 = if i + 1 < n { s.diag[i + 1] } else { 0.0 };
            let s12 = if i + 2 < n { s.off1[i + 1] } else { 0.0 };
            let s22 = if i + 2 < n { s.diag[i + 2] } else { 0.0 };
            let off2 = if i + 2 < n { -a1 * s12 - a2 * s22 } else { 0.0 };
            let off1 = if i + 1 < n { -a1 * s11 - a2 * s12 } else { 0.0 };
            s.off2[i] = off2;
            s.off1[i] = off1;
            s.diag[i] = self.inv_d[i] - a1 * off1 - a2 * off2;
        }
        s
    }

    /// tr(A⁻¹ B) for a symmetric pentadiagonal B: only A⁻¹'s central band
    /// meets B's entries, so this is the recursion of
    /// [`inverse_band`](Self::inverse_band) summing as it goes, without
    /// storing the band (GCV scores many λ per round; this is its trace).
    pub fn trace_of_inverse_times(&self, b: &Penta) -> f64 {
        let n = self.inv_d.len();
        // The inverse's diag[i+1], diag[i+2] and off1[i+1] (0 beyond the end).
        let (mut d1, mut d2, mut o1) = (0.0, 0.0, 0.0);
        let mut tr = 0.0;
        for i in (0..n).rev() {
            let (a1, a2) = (self.l1[i], self.l2[i]);
            let off2 = if i + 2 < n { -a1 * o1 - a2 * d2 } else { 0.0 };
            let off1 = if i + 1 < n { -a1 * d1 - a2 * o1 } else { 0.0 };
            let diag = self.inv_d[i] - a1 * off1 - a2 * off2;
            tr += diag * b.diag[i];
            if i + 1 < n {
                tr += 2.0 * off1 * b.off1[i];
            }
            if i + 2 < n {
                tr += 2.0 * off2 * b.off2[i];
            }
            (d2, d1, o1) = (d1, diag, off1);
        }
        tr
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::DMatrix;

    fn example(n: usize) -> (Penta, DMatrix<f64>) {
        let mut p = Penta::zeros(n);
        let mut m = DMatrix::zeros(n, n);
        for i in 0..n {
            p.diag[i] = 6.0 + i as f64 * 0.1;
            m[(i, i)] = p.diag[i];
            if i + 1 < n {
                p.off1[i] = -1.5 + 0.05 * i as f64;
                m[(i, i + 1)] = p.off1[i];
                m[(i + 1, i)] = p.off1[i];
            }
            if i + 2 < n {
                p.off2[i] = 0.7;
                m[(i, i + 2)] = 0.7;
                m[(i + 2, i)] = 0.7;
            }
        }
        (p, m)
    }

    #[test]
    fn solve_matches_dense() {
        let (p, m) = example(9);
        let b: Vec<f64> = (0..9).map(|i| (i as f64).sin()).collect();
        let mut x = b.clone();
        p.factor().unwrap().solve_in_place(&mut x);
        let r = &m * nalgebra::DVector::from_vec(x) - nalgebra::DVector::from_vec(b);
        assert!(r.amax() < 1e-13);
    }

    #[test]
    fn inverse_band_matches_dense_inverse() {
        for n in 1..8 {
            let (p, m) = example(n);
            let inv = m.try_inverse().unwrap();
            let band = p.factor().unwrap().inverse_band();
            for i in 0..n {
                assert!((band.diag[i] - inv[(i, i)]).abs() < 1e-13);
                if i + 1 < n {
                    assert!((band.off1[i] - inv[(i, i + 1)]).abs() < 1e-13);
                }
                if i + 2 < n {
                    assert!((band.off2[i] - inv[(i, i + 2)]).abs() < 1e-13);
                }
            }
        }
    }

    #[test]
    fn trace_of_inverse_times_matches_dense() {
        for n in 1..8 {
            let (p, m) = example(n);
            let (mut b, mut bm) = (Penta::zeros(n), DMatrix::zeros(n, n));
            for i in 0..n {
                b.diag[i] = 1.0 + 0.3 * i as f64;
                bm[(i, i)] = b.diag[i];
                if i + 1 < n {
                    b.off1[i] = -0.4 + 0.1 * i as f64;
                    (bm[(i, i + 1)], bm[(i + 1, i)]) = (b.off1[i], b.off1[i]);
                }
                if i + 2 < n {
                    b.off2[i] = 0.2;
                    (bm[(i, i + 2)], bm[(i + 2, i)]) = (0.2, 0.2);
                }
            }
            let dense = (m.try_inverse().unwrap() * bm).trace();
            let tr = p.factor().unwrap().trace_of_inverse_times(&b);
            assert!((tr - dense).abs() < 1e-12, "n={n}: {tr} vs {dense}");
        }
    }

    #[test]
    fn non_spd_is_refused() {
        let mut p = Penta::zeros(2);
        p.diag = vec![1.0, -1.0];
        assert!(p.factor().is_none());
    }
}
