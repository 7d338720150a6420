//! What is measured of rounds and sweeps: a classifier's answer (argmax),
//! mean and standard deviation, and the log-log slope of an error curve.
//!
//! Separate from the rounds and sweeps that produce the numbers so that
//! LeNet-5 (argmax), the sweep (statistics) and the views (slopes) share them
//! without depending on one another.

use crate::portable::ln;
use crate::scheme::Scheme;
use serde::{Deserialize, Serialize};

/// Index of the largest value (the first on ties): a classifier's answer.
pub fn argmax(row: impl Iterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, v) in row.enumerate() {
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

/// Mean and sample standard deviation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub mean: f64,
    pub std: f64,
}

impl Stats {
    /// None for an empty sample: no number rather than a NaN.
    pub fn of(xs: &[f64]) -> Option<Stats> {
        if xs.is_empty() {
            return None;
        }
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let (mean, std) = (mean, var.sqrt());
        if mean.is_finite() && std.is_finite() || !xs.iter().all(|x| x.is_finite()) {
            return Some(Stats { mean, std });
        }
        // Finite samples above ~1e154 overflow the sum of squares (or, near
        // f64::MAX, the sum): the same statistics computed on x / max|x|,
        // so a table never shows an infinite error that none of its rounds had.
        let scale = xs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let mean = xs.iter().map(|x| x / scale).sum::<f64>() / n;
        let var = xs.iter().map(|x| (x / scale - mean).powi(2)).sum::<f64>() / (n - 1.0);
        Some(Stats {
            mean: mean * scale,
            std: (var.sqrt() * scale).min(f64::MAX),
        })
    }
}

/// The median and the 10 % and 90 % quantiles of a sample, for a band that
/// shows where most rounds' errors lie (squared errors are skewed: a few bad
/// rounds pull the mean and its interval far above the typical round).
///
/// Quantiles interpolate linearly between order statistics (Hyndman and Fan's
/// type 7, NumPy's and R's default): q(t) at position t·(n − 1) of the
/// sorted sample.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quantiles {
    pub q10: f64,
    pub median: f64,
    pub q90: f64,
}

impl Quantiles {
    /// None for an empty sample. NaN sorts last (a NaN error is a failed
    /// round elsewhere; here it cannot move the lower quantiles).
    pub fn of(xs: &[f64]) -> Option<Quantiles> {
        if xs.is_empty() {
            return None;
        }
        let mut sorted = xs.to_vec();
        sorted.sort_by(f64::total_cmp);
        let at = |t: f64| {
            let pos = t * (sorted.len() - 1) as f64;
            let (i, frac) = (pos.floor() as usize, pos - pos.floor());
            let next = sorted[(i + 1).min(sorted.len() - 1)];
            if frac == 0.0 {
                sorted[i]
            } else {
                sorted[i] + frac * (next - sorted[i])
            }
        };
        Some(Quantiles {
            q10: at(0.1),
            median: at(0.5),
            q90: at(0.9),
        })
    }
}

/// The 95 % confidence interval of a mean from `count` values with standard
/// deviation `std`: mean ± 1.96·std/√count (the normal approximation; with
/// one value there is no spread to estimate and the interval is the mean).
pub fn confidence_95(mean: f64, std: f64, count: usize) -> (f64, f64) {
    if count < 2 || !std.is_finite() {
        return (mean, mean);
    }
    let half = 1.96 * std / (count as f64).sqrt();
    (mean - half, mean + half)
}

/// What the curve helpers read of a point of an error-vs-N curve. A trait,
/// not `SweepPoint` itself, so that this module does not depend on the sweep
/// that depends on it (for `Stats`); `SweepPoint` implements it.
pub trait CurvePoint {
    fn scheme(&self) -> Scheme;
    fn n(&self) -> usize;
    /// Mean squared error over the trials that decoded.
    fn mse(&self) -> Option<Stats>;
}

/// Least-squares slope of log(mean squared error) against log N, over the
/// points that have a positive error; None with fewer than two.
pub fn fitted_slope<P: CurvePoint>(points: &[&P]) -> Option<f64> {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .filter_map(|p| {
            p.mse()
                .filter(|s| s.mean > 0.0)
                .map(|s| (ln(p.n() as f64), ln(s.mean)))
        })
        .collect();
    if xy.len() < 2 {
        return None;
    }
    let n = xy.len() as f64;
    let (mx, my) = (
        xy.iter().map(|p| p.0).sum::<f64>() / n,
        xy.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = xy.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

/// The curves of a sweep: its points grouped by (scheme, straggle model).
/// A sweep lists each curve's points with N ascending, so a new curve starts
/// where the scheme changes or N does not grow.
pub fn curves<P: CurvePoint>(points: &[P]) -> Vec<Vec<&P>> {
    let mut out: Vec<Vec<&P>> = Vec::new();
    for p in points {
        match out.last_mut() {
            Some(c) if c[0].scheme() == p.scheme() && c.last().is_some_and(|q| q.n() < p.n()) => {
                c.push(p)
            }
            _ => out.push(vec![p]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Point(Scheme, usize, f64);

    impl CurvePoint for Point {
        fn scheme(&self) -> Scheme {
            self.0
        }
        fn n(&self) -> usize {
            self.1
        }
        fn mse(&self) -> Option<Stats> {
            Stats::of(&[self.2])
        }
    }

    #[test]
    fn argmax_takes_the_first_of_ties() {
        assert_eq!(argmax([1.0, 3.0, 3.0, 2.0].into_iter()), 1);
        assert_eq!(argmax(std::iter::empty()), 0);
    }

    #[test]
    fn stats_of_small_samples() {
        assert_eq!(Stats::of(&[]), None);
        assert_eq!(
            Stats::of(&[2.0]),
            Some(Stats {
                mean: 2.0,
                std: 0.0
            })
        );
        let s = Stats::of(&[1.0, 3.0]).unwrap();
        assert_eq!((s.mean, s.std), (2.0, 2f64.sqrt()));
    }

    #[test]
    fn quantiles_interpolate_as_numpy_does() {
        assert_eq!(Quantiles::of(&[]), None);
        let one = Quantiles::of(&[3.0]).unwrap();
        assert_eq!((one.q10, one.median, one.q90), (3.0, 3.0, 3.0));
        // numpy.quantile([4, 1, 3, 2, 5], [0.1, 0.5, 0.9]) = [1.4, 3.0, 4.6]
        let q = Quantiles::of(&[4.0, 1.0, 3.0, 2.0, 5.0]).unwrap();
        assert!((q.q10 - 1.4).abs() < 1e-12 && q.median == 3.0 && (q.q90 - 4.6).abs() < 1e-12);
        // numpy.quantile(range(10), [0.1, 0.5, 0.9]) = [0.9, 4.5, 8.1]
        let ten: Vec<f64> = (0..10).map(f64::from).collect();
        let q = Quantiles::of(&ten).unwrap();
        assert!((q.q10 - 0.9).abs() < 1e-12 && q.median == 4.5 && (q.q90 - 8.1).abs() < 1e-12);
    }

    #[test]
    fn the_interval_of_a_mean_shrinks_with_the_root_of_the_count() {
        assert_eq!(confidence_95(2.0, 1.0, 1), (2.0, 2.0));
        let (lo, hi) = confidence_95(2.0, 1.0, 4);
        assert!((lo - 1.02).abs() < 1e-12 && (hi - 2.98).abs() < 1e-12);
        let (lo, hi) = confidence_95(2.0, 1.0, 400);
        assert!((hi - lo - 2.0 * 0.098).abs() < 1e-12);
    }

    #[test]
    fn curves_split_where_the_scheme_changes_or_n_restarts() {
        let pts = [
            Point(Scheme::Bacc, 10, 1e-2),
            Point(Scheme::Bacc, 100, 1e-4),
            Point(Scheme::Bacc, 10, 1e-1),
            Point(Scheme::Lcc, 100, 1e-3),
        ];
        let c = curves(&pts);
        assert_eq!(c.iter().map(Vec::len).collect::<Vec<_>>(), [2, 1, 1]);
        let slope = fitted_slope(&c[0]).unwrap();
        assert!((slope + 2.0).abs() < 1e-12, "{slope}");
        assert_eq!(fitted_slope(&c[1]), None);
    }
}
