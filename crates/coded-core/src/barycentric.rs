//! Rational and polynomial interpolation in barycentric form.
//!
//! Berrut's interpolant and the Lagrange polynomial (LCC) share one formula,
//! r(z) = Σ w_i v_i / (z − t_i) / Σ w_i / (z − t_i), and differ only in the
//! weights w_i. Both are linear in the values v, so we build operator rows:
//! r(z) = Σ c_i(z) v_i.

use crate::portable::{exp, ln};

/// Berrut's weights (−1)^i over the nodes *as given*, which must be the
/// surviving nodes in ascending order: re-indexing over the survivors is what
/// keeps the interpolant pole-free (docs/mathematics.md, "BACC: Berrut's
/// interpolant").
pub fn berrut_weights(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| if i % 2 == 0 { 1.0 } else { -1.0 })
        .collect()
}

/// Barycentric weights of the interpolating polynomial through `nodes`:
/// w_j = 1 / Π_{i≠j} (t_j − t_i), computed in the log domain and scaled so the
/// largest is 1 (the scale cancels in the formula; the raw products overflow
/// or underflow for a few hundred nodes).
pub fn lagrange_weights(nodes: &[f64]) -> Vec<f64> {
    let n = nodes.len();
    let mut logs = vec![0.0; n];
    let mut signs = vec![1.0; n];
    for j in 0..n {
        for i in 0..n {
            if i != j {
                let d = nodes[j] - nodes[i];
                logs[j] -= ln(d.abs());
                if d < 0.0 {
                    signs[j] = -signs[j];
                }
            }
        }
    }
    let top = logs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    logs.iter()
        .zip(&signs)
        .map(|(l, s)| s * exp(l - top))
        .collect()
}

/// Writes into `row` the coefficients c_i(z) of the barycentric formula with
/// weights `w` at the point `z`. At (or numerically at) a node the row is the
/// unit vector of that node, so interpolation is exact there.
pub fn operator_row(nodes: &[f64], w: &[f64], z: f64, row: &mut [f64]) {
    debug_assert_eq!(nodes.len(), w.len());
    debug_assert_eq!(nodes.len(), row.len());
    let mut total = 0.0;
    for (i, (&t, &wi)) in nodes.iter().zip(w).enumerate() {
        let d = z - t;
        let c = wi / d;
        if d == 0.0 || !c.is_finite() {
            row.iter_mut().for_each(|r| *r = 0.0);
            row[i] = 1.0;
            return;
        }
        row[i] = c;
        total += c;
    }
    let inv = 1.0 / total;
    row.iter_mut().for_each(|r| *r *= inv);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(nodes: &[f64], w: &[f64], v: &[f64], z: f64) -> f64 {
        let mut row = vec![0.0; nodes.len()];
        operator_row(nodes, w, z, &mut row);
        row.iter().zip(v).map(|(c, v)| c * v).sum()
    }

    #[test]
    fn berrut_interpolates_and_reproduces_constants() {
        let t = [-0.9, -0.3, 0.1, 0.8];
        let v = [2.0, -1.0, 0.5, 3.0];
        let w = berrut_weights(4);
        for (ti, vi) in t.iter().zip(v) {
            assert_eq!(eval(&t, &w, &v, *ti), vi);
        }
        let ones = [1.0; 4];
        for z in [-1.0, -0.5, 0.0, 0.95] {
            assert!((eval(&t, &w, &ones, z) - 1.0).abs() < 1e-14);
        }
    }

    #[test]
    fn lagrange_is_exact_for_polynomials() {
        let t = [-1.0, -0.4, 0.2, 0.7];
        let p = |x: f64| 2.0 * x * x * x - x + 0.5;
        let v: Vec<f64> = t.iter().map(|&x| p(x)).collect();
        let w = lagrange_weights(&t);
        for z in [-0.9, 0.0, 0.33, 1.0] {
            assert!((eval(&t, &w, &v, z) - p(z)).abs() < 1e-12);
        }
    }

    #[test]
    fn lagrange_weights_survive_many_nodes() {
        let t: Vec<f64> = (0..600).map(|i| -1.0 + 2.0 * i as f64 / 599.0).collect();
        let w = lagrange_weights(&t);
        assert!(w.iter().all(|x| x.is_finite()));
    }
}
