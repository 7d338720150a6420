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

/// How many points [`operator_matrix`] computes side by side.
const BLOCK: usize = 4;

/// The operator rows of every point of `at`, into `out`: column-major, one
/// row per point and one column per node (`out[c * at.len() + r]`), each row
/// the bits [`operator_row`] writes.
///
/// Why in blocks: a row's sum is a chain of additions, each waiting for the
/// one before, which leaves the divisions and the pipeline idle. Four points
/// side by side are four independent chains (each summed in node order, so
/// the bits do not change), and their four quotients of a node are adjacent
/// in `out`. A block with a point at a node falls back to one row at a time.
pub fn operator_matrix(nodes: &[f64], w: &[f64], at: &[f64], out: &mut [f64]) {
    let rows = at.len();
    debug_assert_eq!(nodes.len(), w.len());
    debug_assert_eq!(out.len(), rows * nodes.len());
    let mut row = vec![0.0; nodes.len()];
    let mut one_at_a_time = |r: usize, out: &mut [f64]| {
        operator_row(nodes, w, at[r], &mut row);
        for (c, v) in row.iter().enumerate() {
            out[c * rows + r] = *v;
        }
    };
    let blocks = rows / BLOCK;
    for b in 0..blocks {
        let r = b * BLOCK;
        let z: [f64; BLOCK] = std::array::from_fn(|l| at[r + l]);
        let mut total = [0.0; BLOCK];
        let mut hit = false;
        for (c, (&t, &wi)) in nodes.iter().zip(w).enumerate() {
            let cell = &mut out[c * rows + r..c * rows + r + BLOCK];
            for l in 0..BLOCK {
                let d = z[l] - t;
                let q = wi / d;
                hit |= d == 0.0 || !q.is_finite();
                cell[l] = q;
                total[l] += q;
            }
        }
        if hit {
            for l in 0..BLOCK {
                one_at_a_time(r + l, out);
            }
            continue;
        }
        let inv: [f64; BLOCK] = std::array::from_fn(|l| 1.0 / total[l]);
        for c in 0..nodes.len() {
            let cell = &mut out[c * rows + r..c * rows + r + BLOCK];
            for l in 0..BLOCK {
                cell[l] *= inv[l];
            }
        }
    }
    for r in blocks * BLOCK..rows {
        one_at_a_time(r, out);
    }
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
    fn the_operator_matrix_holds_the_bits_of_each_row() {
        let nodes: Vec<f64> = (0..23).map(|i| -1.0 + i as f64 * 0.09).collect();
        let w = berrut_weights(nodes.len());
        // Points between nodes, on nodes (a block falls back), and a
        // remainder after the last block of four.
        for at in [
            vec![-0.95, -0.5, 0.01, 0.33, 0.5, 0.777, 0.9, 0.99, -0.2],
            vec![-0.95, nodes[3], 0.01, 0.33, nodes[22], -1.0, 0.9],
            vec![0.5],
        ] {
            let mut out = vec![f64::NAN; at.len() * nodes.len()];
            operator_matrix(&nodes, &w, &at, &mut out);
            let mut row = vec![0.0; nodes.len()];
            for (r, &z) in at.iter().enumerate() {
                operator_row(&nodes, &w, z, &mut row);
                for (c, v) in row.iter().enumerate() {
                    assert_eq!(out[c * at.len() + r].to_bits(), v.to_bits(), "{z} node {c}");
                }
            }
        }
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
