//! Data points α (where the inputs sit on the curve) and server points β
//! (where the curve is sampled for the servers). Always sorted ascending.
//! Apart from the schemes because the two sets are chosen by the
//! configuration (`PointSet`) and used by the views as well as the coders.

use crate::portable::cos;
use crate::wire::wire_enum;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

wire_enum! {
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum PointSet {
        /// α: Chebyshev first kind (strictly inside [-1, 1]); β: second kind
        /// (includes ±1). The papers' choice.
        #[default]
        Chebyshev = "chebyshev" => "Chebyshev (the papers')",
        /// α: midpoints of K equal cells of [-1, 1]; β: N equally spaced
        /// points including ±1. The equispaced analogue of the two Chebyshev
        /// kinds.
        Equispaced = "equispaced" => "Equispaced",
    }
}

/// The K data points α_k, ascending.
pub fn data_points(k: usize, set: PointSet) -> Vec<f64> {
    let kf = k as f64;
    let mut pts: Vec<f64> = (1..=k)
        .map(|i| match set {
            PointSet::Chebyshev => cos((2 * i - 1) as f64 * PI / (2.0 * kf)),
            PointSet::Equispaced => -1.0 + (2 * i - 1) as f64 / kf,
        })
        .collect();
    pts.sort_by(f64::total_cmp);
    pts
}

/// The N server points β_n, ascending. A single server sits at 0.
pub fn server_points(n: usize, set: PointSet) -> Vec<f64> {
    if n == 1 {
        return vec![0.0];
    }
    let step = (n - 1) as f64;
    let mut pts: Vec<f64> = (0..n)
        .map(|i| match set {
            PointSet::Chebyshev => cos(i as f64 * PI / step),
            PointSet::Equispaced => -1.0 + 2.0 * i as f64 / step,
        })
        .collect();
    pts.sort_by(f64::total_cmp);
    // cos(π/2) is 6e-17, not 0: snap the symmetric middle so points are
    // exactly antisymmetric (helps tests and reproducibility across targets).
    for i in 0..n / 2 {
        let m = 0.5 * (pts[n - 1 - i] - pts[i]);
        pts[i] = -m;
        pts[n - 1 - i] = m;
    }
    if n % 2 == 1 {
        pts[n / 2] = 0.0;
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chebyshev_points_match_formulas_and_are_sorted() {
        let a = data_points(4, PointSet::Chebyshev);
        let expected = [
            (7.0 * PI / 8.0).cos(),
            (5.0 * PI / 8.0).cos(),
            (3.0 * PI / 8.0).cos(),
            (PI / 8.0).cos(),
        ];
        for (x, e) in a.iter().zip(expected) {
            assert!((x - e).abs() < 1e-15);
        }
        let b = server_points(5, PointSet::Chebyshev);
        assert_eq!(b[0], -1.0);
        assert_eq!(b[4], 1.0);
        assert_eq!(b[2], 0.0);
        assert!(b.windows(2).all(|w| w[0] < w[1]));
        assert!(a.iter().all(|x| x.abs() < 1.0));
    }

    #[test]
    fn equispaced_points() {
        assert_eq!(data_points(2, PointSet::Equispaced), vec![-0.5, 0.5]);
        assert_eq!(server_points(3, PointSet::Equispaced), vec![-1.0, 0.0, 1.0]);
        assert_eq!(server_points(1, PointSet::Chebyshev), vec![0.0]);
    }
}
