//! A round's error beside its squared error: the largest error of any
//! coordinate, and the error relative to the size of the outputs.
//!
//! Why these two: the mean squared error averages over the K outputs, so one
//! badly decoded output among many hides in it; the max error shows it. And
//! a squared error of 10⁻⁴ is small for outputs of size 100 and large for
//! outputs of size 0.01; the relative error says which (docs/mathematics.md,
//! "Statistics of a round's error").

use nalgebra::DMatrix;

/// Over the outputs `recovered` (rows of K × m `estimates` and `exact`): the
/// max error, max over k and j of |û_kj − f(x_k)_j|, and the relative error,
/// √(Σ_k ‖û_k − f(x_k)‖² / Σ_k ‖f(x_k)‖²), None where f is 0 at every
/// recovered output (nothing to be relative to).
///
/// Both are in the units of f (not squared): on a log-log plot their slopes
/// are half the squared error's where the outputs' errors shrink alike.
pub fn max_and_relative(
    estimates: &DMatrix<f64>,
    exact: &DMatrix<f64>,
    recovered: &[usize],
) -> (Option<f64>, Option<f64>) {
    let (mut largest, mut error, mut size) = (0.0f64, 0.0, 0.0);
    for &k in recovered {
        for (u, f) in estimates.row(k).iter().zip(exact.row(k).iter()) {
            let e = u - f;
            largest = largest.max(e.abs());
            error += e * e;
            size += f * f;
        }
    }
    let relative = (size > 0.0).then(|| (error / size).sqrt());
    (
        Some(largest).filter(|v| v.is_finite()),
        relative.filter(|v| v.is_finite()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_made_rounds() {
        // Two outputs of two coordinates each; output 1 is not recovered.
        let exact = DMatrix::from_row_slice(3, 2, &[3.0, 4.0, 100.0, 100.0, 0.0, 0.0]);
        let est = DMatrix::from_row_slice(3, 2, &[3.0, 4.5, -7.0, 9.0, 0.0, -2.0]);
        let (max, rel) = max_and_relative(&est, &exact, &[0, 2]);
        // Errors (0, 0.5) and (0, −2): the largest is 2; Σ e² = 4.25 over
        // Σ f² = 25.
        assert_eq!(max, Some(2.0));
        assert_eq!(rel, Some((4.25f64 / 25.0).sqrt()));
        // The output that was not recovered counts for nothing.
        assert_eq!(max_and_relative(&est, &exact, &[0]), (Some(0.5), Some(0.1)));
        // f = 0 at every recovered output: no relative error.
        assert_eq!(max_and_relative(&est, &exact, &[2]), (Some(2.0), None));
        // Exact answers: both 0.
        assert_eq!(
            max_and_relative(&exact, &exact, &[0, 1]),
            (Some(0.0), Some(0.0))
        );
    }
}
