//! ApproxIFER's approximate, rational error locator, as its repository's
//! `Workstation-MNIST-Approximate-error-locator.py` sets it up (our own
//! code from reading it), kept as an experiment beside the polynomial
//! locator the `approxifer` scheme uses (docs/mathematics.md, "Locating
//! adversaries": what it was measured to do).
//!
//! Both the answers' numerator and the locator Λ are barycentric rational
//! functions with fixed nodes: Λ(z) = Σ_{j≤e} b_j (−1)^j / ((z − β_j)
//! g_β(z)) over e + 1 Chebyshev nodes β_j, with g_β(z) = Σ_j (−1)^j / (z −
//! β_j); the numerator over the K data points α and the β's, divided by
//! G(z) (the scripts' blend of the two node sets). The fit asks
//! numerator(z_i) = y_i·Λ(z_i) at every answer, a homogeneous system of
//! K + 2(e + 1) unknowns solved by the right singular vector of its
//! smallest singular value; the answers where |Λ| is smallest are the
//! suspects. Its unknowns grow by 2 per tolerated error from K + 2
//! (the polynomial locator's from 2K − 1), which is the repository's
//! "half the redundancy".

use nalgebra::DMatrix;

use crate::locator::{below_last_gap, pooled_logs, LocateError};

/// The largest tolerance the rational fit has room for: K + 2(e + 1)
/// unknowns need as many answers.
pub fn rational_max_tolerance(answered: usize, k: usize) -> usize {
    answered.saturating_sub(k + 2) / 2
}

/// |Λ| at every answer, one list per output coordinate (none for a
/// coordinate that is zero throughout). An answer at one of the nodes
/// (where the barycentric weights have a pole) is left out of the fit and
/// given an infinite |Λ|: never a suspect.
pub fn rational_magnitudes(
    points: &[f64],
    alphas: &[f64],
    answers: &DMatrix<f64>,
    e: usize,
) -> Result<Vec<Vec<f64>>, LocateError> {
    let k = alphas.len();
    let rows = answers.nrows();
    let needed = k + 2 * (e + 1);
    if rows < needed {
        return Err(LocateError::TooFewAnswers {
            answered: rows,
            needed,
        });
    }
    let betas: Vec<f64> = (0..=e)
        .map(|i| ((2 * i + 1) as f64 * std::f64::consts::PI / (2 * (e + 1)) as f64).cos())
        .collect();
    let sign = |j: usize| if j % 2 == 0 { 1.0 } else { -1.0 };
    let g = |nodes: &[f64], z: f64| -> f64 {
        nodes
            .iter()
            .enumerate()
            .map(|(j, x)| sign(j) / (z - x))
            .sum()
    };
    let blend = |z: f64| -> f64 {
        let a: f64 = alphas
            .iter()
            .enumerate()
            .map(|(j, &x)| g(&betas, x) * sign(j) / (z - x))
            .sum();
        let b: f64 = betas
            .iter()
            .enumerate()
            .map(|(j, &x)| g(alphas, x) * sign(j) / (z - x))
            .sum();
        a + b
    };
    let near_node = |z: f64| alphas.iter().chain(&betas).any(|x| (z - x).abs() < 1e-12);
    let usable: Vec<usize> = (0..rows).filter(|&r| !near_node(points[r])).collect();
    let (gb, gg): (Vec<f64>, Vec<f64>) = points.iter().map(|&z| (g(&betas, z), blend(z))).unzip();
    let locator_row = |r: usize, j: usize| sign(j) / ((points[r] - betas[j]) * gb[r]);
    let mut out = Vec::with_capacity(answers.ncols());
    for c in 0..answers.ncols() {
        let y = answers.column(c);
        let scale = y.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
        if !(scale.is_finite() && scale > 0.0) {
            continue;
        }
        let a = DMatrix::from_fn(usable.len(), needed, |i, col| {
            let r = usable[i];
            let z = points[r];
            if col < k {
                1.0 / ((z - alphas[col]) * gg[r])
            } else if col < k + e + 1 {
                1.0 / ((z - betas[col - k]) * gg[r])
            } else {
                -y[r] / scale * locator_row(r, col - k - e - 1)
            }
        });
        let Some(svd) = a.try_svd(false, true, f64::EPSILON, 10_000) else {
            continue;
        };
        let Some(v_t) = svd.v_t else { continue };
        let smallest = (0..svd.singular_values.len())
            .min_by(|&i, &j| svd.singular_values[i].total_cmp(&svd.singular_values[j]))
            .unwrap_or(0);
        let b: Vec<f64> = (0..=e).map(|j| v_t[(smallest, k + e + 1 + j)]).collect();
        let lambda = (0..rows)
            .map(|r| {
                if near_node(points[r]) {
                    f64::INFINITY
                } else {
                    (0..=e).map(|j| b[j] * locator_row(r, j)).sum::<f64>().abs()
                }
            })
            .collect();
        out.push(lambda);
    }
    Ok(out)
}

/// The rational locator decided as the `approxifer` scheme decides
/// ([`crate::locator::locate_fit_gap`]): |Λ| pooled over the coordinates
/// by its geometric mean, the answers below the last step of more than
/// `gap` among the e + 1 smallest flagged. Ascending row indices.
pub fn locate_rational_gap(
    points: &[f64],
    alphas: &[f64],
    answers: &DMatrix<f64>,
    e: usize,
    gap: f64,
) -> Result<Vec<usize>, LocateError> {
    if e == 0 {
        return Ok(vec![]);
    }
    let magnitudes = rational_magnitudes(points, alphas, answers, e)?;
    let scores = pooled_logs(&magnitudes, answers.nrows(), |q| q);
    Ok(below_last_gap(&scores, e, gap))
}

/// The scripts' rule on the rational locator: always the e smallest |Λ|
/// pooled over the coordinates. Ascending row indices.
pub fn locate_rational_always(
    points: &[f64],
    alphas: &[f64],
    answers: &DMatrix<f64>,
    e: usize,
) -> Result<Vec<usize>, LocateError> {
    let magnitudes = rational_magnitudes(points, alphas, answers, e)?;
    let scores = pooled_logs(&magnitudes, answers.nrows(), |q| q);
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]).then(a.cmp(&b)));
    let mut flagged = order[..e.min(order.len())].to_vec();
    flagged.sort_unstable();
    Ok(flagged)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On answers that are a rational function of the locator's form
    /// (here a polynomial of low degree, which the numerator can take) with
    /// one lie, the lie has the smallest |Λ|.
    #[test]
    fn it_names_a_lie_in_smooth_answers() {
        let alphas: Vec<f64> = (0..4)
            .map(|j| ((2 * j + 1) as f64 * std::f64::consts::PI / 8.0).cos())
            .collect();
        let points: Vec<f64> = (0..30)
            .map(|i| (i as f64 * std::f64::consts::PI / 30.0 + 0.05).cos())
            .collect();
        let mut answers = DMatrix::from_fn(30, 1, |r, _| 1.0 + 0.5 * points[r]);
        answers[(11, 0)] = -3.0;
        let flagged = locate_rational_always(&points, &alphas, &answers, 1).unwrap();
        assert_eq!(flagged, vec![11]);
        assert_eq!(rational_max_tolerance(30, 4), 12);
    }
}
