//! The statistics of a round's error a sweep measures (squared, max and
//! relative error), what a sweep point keeps of each, and the fitted
//! log-log slope of a curve with its bootstrap interval.
//!
//! Separate from `metrics` (the bootstrap and the quantiles it builds on)
//! and from `sweep` (which fills these in): the views and the CLI read
//! them, and they fit slopes over any range of N without rerunning a
//! sweep, from the resampled means each point carries.

use crate::metrics::{
    interval_of_means, least_squares_slope, quantile_of_sorted, MeanInterval, Quantiles, Stats,
};
use crate::portable::ln;
use serde::{Deserialize, Serialize};

/// Which statistic of a round's error a curve shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Statistic {
    /// (1/K) Σ_k ‖û_k − f(x_k)‖²: the papers' error.
    #[default]
    Mse,
    /// max over k and j of |û_kj − f(x_k)_j|.
    Max,
    /// √(Σ_k ‖û_k − f(x_k)‖² / Σ_k ‖f(x_k)‖²).
    Rel,
}

impl Statistic {
    pub const ALL: [Statistic; 3] = [Statistic::Mse, Statistic::Max, Statistic::Rel];

    /// Its name in a link and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Statistic::Mse => "mse",
            Statistic::Max => "max",
            Statistic::Rel => "rel",
        }
    }

    pub fn parse(text: &str) -> Option<Statistic> {
        Statistic::ALL.into_iter().find(|s| s.name() == text.trim())
    }

    /// What a round's value is, in words (an axis label, lower case).
    pub fn words(self) -> &'static str {
        match self {
            Statistic::Mse => "mean squared error",
            Statistic::Max => "max error",
            Statistic::Rel => "relative error",
        }
    }
}

/// How many of a point's bootstrap means it keeps for the slopes' intervals
/// (the first of the [`crate::metrics::BOOTSTRAP_RESAMPLES`] its interval
/// draws, so they cost no draw more). 200 puts the 2.5 % and 97.5 % ends
/// of the slopes between the 5th and 6th of 200 sorted values: an end moves
/// with the seed by about a tenth of the interval's width, and the point's
/// numbers stay a few kilobytes (three statistics × 200 × 8 bytes).
pub const SLOPE_RESAMPLES: usize = 200;

/// What a sweep point keeps of one statistic over its rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    pub stats: Stats,
    /// The 95 % bootstrap interval of the mean.
    pub interval: MeanInterval,
    /// The median and 10–90 % quantiles of the rounds' values.
    pub spread: Quantiles,
    /// The means of the first [`SLOPE_RESAMPLES`] bootstrap resamples, in
    /// the order drawn.
    pub resampled: Vec<f64>,
}

impl Measured {
    /// The measures of `xs` from its bootstrap `means` (in the order drawn);
    /// None for no values.
    pub fn of(xs: &[f64], means: Vec<f64>) -> Option<Measured> {
        let resampled = means[..SLOPE_RESAMPLES.min(means.len())].to_vec();
        Some(Measured {
            stats: Stats::of(xs)?,
            spread: Quantiles::of(xs)?,
            interval: interval_of_means(xs, means),
            resampled,
        })
    }
}

/// A fitted log-log slope and its 95 % bootstrap interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slope {
    pub slope: f64,
    /// None where the points carry no resampled means (a saved run of an
    /// older version) or too few of them are positive.
    pub interval: Option<(f64, f64)>,
}

/// One point of a curve to fit: its x (N), its mean and its resampled
/// means ([`Measured::resampled`]).
#[derive(Clone, Copy, Debug)]
pub struct FitPoint<'a> {
    pub x: f64,
    pub mean: f64,
    pub resampled: &'a [f64],
}

/// The fitted slope of ln(mean) against ln x over the points with x in
/// `range` (inclusive; None: all) and a positive mean, and its 95 %
/// interval: the 2.5 % and 97.5 % quantiles (type 7) of the slopes fitted
/// to the b-th resampled means of those points, b = 1 … B. The points are
/// independent (each its own rounds), so the b-th means of every point are
/// one bootstrap replicate of the whole curve. A replicate with a mean of
/// 0 has no logarithm and is left out; with fewer than half of them left,
/// there is no interval.
pub fn fit_slope(points: &[FitPoint], range: Option<(f64, f64)>) -> Option<Slope> {
    fit_slope_at(points, range, 0.95)
}

/// [`fit_slope`] with an interval of another level (the tests show the
/// 95 % level is the one that covers).
fn fit_slope_at(points: &[FitPoint], range: Option<(f64, f64)>, level: f64) -> Option<Slope> {
    let chosen: Vec<&FitPoint> = points
        .iter()
        .filter(|p| range.is_none_or(|(lo, hi)| p.x >= lo && p.x <= hi))
        .filter(|p| p.mean > 0.0 && p.mean.is_finite())
        .collect();
    let xs: Vec<f64> = chosen.iter().map(|p| ln(p.x)).collect();
    let xy: Vec<(f64, f64)> = xs
        .iter()
        .zip(&chosen)
        .map(|(x, p)| (*x, ln(p.mean)))
        .collect();
    let slope = least_squares_slope(&xy)?;
    let b = chosen.iter().map(|p| p.resampled.len()).min().unwrap_or(0);
    let mut slopes: Vec<f64> = (0..b)
        .filter_map(|i| {
            let xy: Option<Vec<(f64, f64)>> = xs
                .iter()
                .zip(&chosen)
                .map(|(x, p)| {
                    let m = p.resampled[i];
                    (m > 0.0 && m.is_finite()).then(|| (*x, ln(m)))
                })
                .collect();
            least_squares_slope(&xy?)
        })
        .collect();
    let interval = (b > 0 && slopes.len() * 2 >= b).then(|| {
        slopes.sort_by(f64::total_cmp);
        let tail = (1.0 - level) / 2.0;
        (
            quantile_of_sorted(&slopes, tail),
            quantile_of_sorted(&slopes, 1.0 - tail),
        )
    });
    Some(Slope { slope, interval })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::bootstrap_means;
    use crate::rng::Rng;

    /// A synthetic curve: at each N, `trials` values c·N^s·exp(σz − σ²/2)
    /// (multiplicative log-normal noise of mean 1, so the mean's true slope
    /// is s), with each point's bootstrap means.
    fn synthetic(rng: &mut Rng, s: f64, trials: usize) -> Vec<(f64, f64, Vec<f64>)> {
        let sigma = 1.0;
        [10.0, 20.0, 40.0, 80.0, 160.0, 320.0]
            .iter()
            .map(|&n: &f64| {
                let xs: Vec<f64> = (0..trials)
                    .map(|_| 3.0 * n.powf(s) * (sigma * rng.normal() - sigma * sigma / 2.0).exp())
                    .collect();
                let means = bootstrap_means(&[&xs], rng.next_u64(), SLOPE_RESAMPLES)
                    .unwrap()
                    .pop()
                    .unwrap();
                (n, Stats::of(&xs).unwrap().mean, means)
            })
            .collect()
    }

    fn coverage(level: f64) -> (f64, f64) {
        let (s, reps) = (-2.0, 200);
        let mut rng = Rng::new(11);
        let (mut covered, mut width) = (0, 0.0);
        for _ in 0..reps {
            let curve = synthetic(&mut rng, s, 100);
            let points: Vec<FitPoint> = curve
                .iter()
                .map(|(x, mean, r)| FitPoint {
                    x: *x,
                    mean: *mean,
                    resampled: r,
                })
                .collect();
            let fit = fit_slope_at(&points, None, level).unwrap();
            let (lo, hi) = fit.interval.unwrap();
            assert!(lo <= fit.slope && fit.slope <= hi, "{fit:?}");
            covered += usize::from(lo <= s && s <= hi);
            width += (hi - lo) / reps as f64;
        }
        (covered as f64 / reps as f64, width)
    }

    #[test]
    fn the_slope_interval_covers_the_true_slope_of_a_noisy_power_law() {
        let (covered, width) = coverage(0.95);
        assert!(covered >= 0.9, "covered {covered}");
        // Not absurdly wide: the means of 100 values with a log-normal
        // spread of σ = 1 move by about 13 %, over a factor 32 in N.
        assert!(width < 0.3, "mean width {width}");
        // A percentile taken too narrow (the middle half) fails the test.
        let (narrow, _) = coverage(0.5);
        assert!(narrow < 0.9, "covered {narrow}");
    }

    #[test]
    fn the_range_selects_the_points() {
        let r = [1.0, 1.0];
        // y = N⁻² up to N = 40, then flat.
        let points: Vec<FitPoint> = [
            (10.0, 1e-2),
            (20.0, 2.5e-3),
            (40.0, 6.25e-4),
            (80.0, 6.25e-4),
        ]
        .iter()
        .map(|&(x, mean)| FitPoint {
            x,
            mean,
            resampled: &r,
        })
        .collect();
        let all = fit_slope(&points, None).unwrap().slope;
        let head = fit_slope(&points, Some((10.0, 40.0))).unwrap().slope;
        assert!((head + 2.0).abs() < 1e-12, "{head}");
        assert!(all > -2.0, "{all}");
        let tail = fit_slope(&points, Some((40.0, 80.0))).unwrap().slope;
        assert_eq!(tail, 0.0);
        // One point in range: no slope.
        assert_eq!(fit_slope(&points, Some((15.0, 30.0))), None);
        // Resampled means of 1 at every point: a flat replicate, whose
        // slope is the interval.
        assert_eq!(fit_slope(&points, None).unwrap().interval, Some((0.0, 0.0)));
        // No resampled means: a slope, no interval.
        let bare: Vec<FitPoint> = points
            .iter()
            .map(|p| FitPoint {
                resampled: &[],
                ..*p
            })
            .collect();
        assert_eq!(fit_slope(&bare, None).unwrap().interval, None);
    }

    #[test]
    fn names_parse_back() {
        for s in Statistic::ALL {
            assert_eq!(Statistic::parse(s.name()), Some(s));
        }
        assert_eq!(Statistic::parse("mean"), None);
    }
}
