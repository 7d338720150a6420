//! The decoder-aware attack (`"attack": "stealth"`): the adversaries push
//! their answers as far as ApproxIFER's error locator lets them without
//! being flagged (docs/mathematics.md, "Adversarial servers").
//!
//! Our approximation of "the largest perturbation a locator with the
//! tolerance in use would not flag": every adversary adds the same δ·M to
//! each coordinate of its honest answer (clipped to the box [−M, M]), and
//! δ is the largest of a halving search on [0, 2] at which the locator,
//! run on all N answers, flags none of the adversaries. The adversaries
//! know f, the encoding and the decoder, but not who will straggle: they
//! test against every answer. At δ = 2 every answer sits on the box's
//! edge (the edge attack); where the locator cannot run at all (too few
//! answers for its tolerance), nothing flags them and they send that.

use nalgebra::DMatrix;

/// How many halvings the search makes: δ to 2/2⁸ ≈ 0.008 of M.
pub const HALVINGS: usize = 8;

/// The largest δ in [0, 2] found by the search at which `flags` (the
/// servers a locator names among the answers it is given) names none of
/// `servers` once each adds δ·`bound` to its `honest` answer.
pub fn stealth_offset(
    honest: &DMatrix<f64>,
    servers: &[usize],
    bound: f64,
    flags: &dyn Fn(&DMatrix<f64>) -> Vec<usize>,
) -> f64 {
    let unnoticed = |delta: f64| {
        let mut answers = honest.clone();
        push(&mut answers, servers, delta, bound);
        let flagged = flags(&answers);
        !servers.iter().any(|s| flagged.contains(s))
    };
    let (mut low, mut high) = (0.0, 2.0);
    if servers.is_empty() || unnoticed(high) {
        return high;
    }
    for _ in 0..HALVINGS {
        let mid = 0.5 * (low + high);
        if unnoticed(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    low
}

/// Each of `servers` adds δ·M to every coordinate of its answer.
fn push(answers: &mut DMatrix<f64>, servers: &[usize], delta: f64, bound: f64) {
    for &s in servers {
        for c in 0..answers.ncols() {
            answers[(s, c)] = pushed(answers[(s, c)], delta, bound);
        }
    }
}

/// One coordinate of an honest answer pushed by δ·M, clipped to [−M, M].
pub fn pushed(honest: f64, delta: f64, bound: f64) -> f64 {
    (honest + delta * bound).clamp(-bound, bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_is_the_largest_the_flags_let_through() {
        let honest = DMatrix::from_fn(6, 1, |r, _| r as f64 * 0.1);
        // A locator that flags any answer moved by more than 0.3.
        let flags = |a: &DMatrix<f64>| -> Vec<usize> {
            (0..6)
                .filter(|&r| (a[(r, 0)] - honest[(r, 0)]).abs() > 0.3)
                .collect()
        };
        let delta = stealth_offset(&honest, &[1, 4], 1.0, &flags);
        assert!(delta <= 0.3 && delta > 0.3 - 2.0 / 256.0, "{delta}");
        // Nobody flagged even at the edge: the edge.
        assert_eq!(stealth_offset(&honest, &[2], 1.0, &|_| vec![]), 2.0);
        // Every lie flagged: the honest answer.
        let all = |_: &DMatrix<f64>| (0..6).collect::<Vec<usize>>();
        assert_eq!(stealth_offset(&honest, &[2], 1.0, &all), 0.0);
    }
}
