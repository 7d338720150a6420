//! What is measured of rounds and sweeps: a classifier's answer (argmax),
//! mean and standard deviation, and the log-log slope of an error curve.
//!
//! Separate from the rounds and sweeps that produce the numbers so that
//! LeNet-5 (argmax), the sweep (statistics) and the views (slopes) share them
//! without depending on one another.

use crate::portable::ln;
pub(crate) use crate::quantile::quantile_of_sorted;
use crate::rng::Rng;
use crate::scheme::Scheme;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

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
        Some(Quantiles {
            q10: quantile_of_sorted(&sorted, 0.1),
            median: quantile_of_sorted(&sorted, 0.5),
            q90: quantile_of_sorted(&sorted, 0.9),
        })
    }
}

/// Uniform indices below `n`, many of them: the bootstrap's inner loop.
///
/// Why not [`Rng::below`]: it divides (a 64-bit remainder) for every draw,
/// and draws 64 bits for each. Here each 64-bit draw gives two 32-bit halves,
/// and each half an index by Lemire's multiply-and-reject (unbiased: the
/// halves whose low product falls below (2³² − n) mod n are rejected), with
/// the one remainder computed once. About three times faster, the same
/// natively and in wasm (u64 arithmetic only). Samples larger than 2³²
/// values fall back to `below`.
struct Indices {
    rng: Rng,
    n: u64,
    reject_below: u64,
    spare: Option<u32>,
}

impl Indices {
    fn new(rng: Rng, n: usize) -> Indices {
        let n = n as u64;
        let reject_below = if (1..=u32::MAX as u64).contains(&n) {
            ((1u64 << 32) - n) % n
        } else {
            0
        };
        Indices {
            rng,
            n,
            reject_below,
            spare: None,
        }
    }

    fn next(&mut self) -> usize {
        if self.n > u32::MAX as u64 {
            return self.rng.below(self.n) as usize;
        }
        loop {
            let half = match self.spare.take() {
                Some(h) => h,
                None => {
                    let v = self.rng.next_u64();
                    self.spare = Some((v >> 32) as u32);
                    v as u32
                }
            };
            let m = half as u64 * self.n;
            if (m & 0xFFFF_FFFF) >= self.reject_below {
                return (m >> 32) as usize;
            }
        }
    }
}

/// A 95 % interval of a sample's mean: from `lo` to `hi`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeanInterval {
    pub lo: f64,
    pub hi: f64,
}

/// How many resamples the sweep's bootstrap draws (see [`bootstrap_mean_95`]).
/// An end, a 2.5 % quantile of B means, moves with the seed by about
/// 2.7/√B of the means' spread (a normal approximation), 4 % of the
/// interval's half-width at B = 1000: not visible on a log axis. Its cost is
/// B·T index draws per point: at 10⁴ trials, a little under a second more
/// for the page's default sweep of 24 points on one thread (2000 would cost
/// twice that for an invisible gain).
pub const BOOTSTRAP_RESAMPLES: usize = 1000;

/// The 95 % bootstrap percentile interval of the mean of `xs`: draw
/// `resamples` samples of `xs.len()` values from `xs` with replacement (from
/// the stream `seed`), take each one's mean, and keep the 2.5 % and 97.5 %
/// quantiles of those means (type 7, as NumPy's `percentile` and so
/// `scipy.stats.bootstrap(..., method='percentile')`).
///
/// Why not mean ± 1.96·s/√T: squared errors are heavy-tailed, and that
/// interval then reaches below 0, which a log axis cannot show. Means of
/// resamples of non-negative values are non-negative, and the interval is
/// as lopsided as the errors are. Its lower end is above 0 whenever a value
/// is: where more than 2.5 % of the resamples hold none of the positive
/// values (a few positive errors among zeros), it is the smallest positive
/// mean a resample can have, the smallest positive value over the count.
///
/// A pure function of the values in their order and the seed: the same
/// numbers however the trials were shared out. None for an empty sample.
pub fn bootstrap_mean_95(xs: &[f64], seed: u64, resamples: usize) -> Option<MeanInterval> {
    let means = bootstrap_means(&[xs], seed, resamples)?.pop()?;
    Some(interval_of_means(xs, means))
}

/// The means of `resamples` bootstrap resamples of each column (at least
/// one), in the order drawn: every column has the same length, and the
/// b-th resample of every column takes the same rows (a paired bootstrap
/// of the rounds: one index draw serves every statistic of a round). Each
/// column's means are the bits [`bootstrap_mean_95`] takes of it alone.
/// None for columns of no values or of different lengths.
pub fn bootstrap_means(columns: &[&[f64]], seed: u64, resamples: usize) -> Option<Vec<Vec<f64>>> {
    let n = columns.first()?.len();
    if n == 0 || columns.iter().any(|c| c.len() != n) {
        return None;
    }
    // Sums of values near f64::MAX overflow: the means are taken of the
    // values over their largest magnitude, and scaled back (as `Stats`).
    let scaled: Vec<(Cow<[f64]>, f64)> = columns
        .iter()
        .map(|xs| {
            let largest = xs.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            if largest.is_finite() && largest * n as f64 > f64::MAX / 2.0 {
                (
                    Cow::Owned(xs.iter().map(|x| x / largest).collect()),
                    largest,
                )
            } else {
                (Cow::Borrowed(*xs), 1.0)
            }
        })
        .collect();
    let values: Vec<&[f64]> = scaled.iter().map(|(v, _)| v.as_ref()).collect();
    let sums = match values[..] {
        [_] => resample_sums::<1>(&values, n, seed, resamples),
        [_, _] => resample_sums::<2>(&values, n, seed, resamples),
        [_, _, _] => resample_sums::<3>(&values, n, seed, resamples),
        _ => resample_sums_any(&values, n, seed, resamples),
    };
    let means = sums
        .into_iter()
        .zip(&scaled)
        .map(|(sums, (_, scale))| sums.into_iter().map(|s| s / n as f64 * scale).collect())
        .collect();
    Some(means)
}

/// Each column's sum over each of `resamples` resamples of the rows (the
/// rows drawn by one [`Indices`] stream from `seed`, every column added in
/// the order drawn). The rows sit side by side (`C` values per row), so a
/// draw reads one place; the indices of a resample are drawn first, so the
/// generator's and the sums' dependency chains do not wait on each other.
fn resample_sums<const C: usize>(
    columns: &[&[f64]],
    n: usize,
    seed: u64,
    resamples: usize,
) -> Vec<Vec<f64>> {
    let rows: Vec<[f64; C]> = (0..n)
        .map(|i| std::array::from_fn(|c| columns[c][i]))
        .collect();
    let mut draw = Indices::new(Rng::new(seed), n);
    let mut picked = vec![0usize; n];
    let mut sums = vec![Vec::with_capacity(resamples.max(1)); C];
    for _ in 0..resamples.max(1) {
        picked.iter_mut().for_each(|i| *i = draw.next());
        let mut sum = [0.0; C];
        for &i in &picked {
            let row = &rows[i];
            for c in 0..C {
                sum[c] += row[c];
            }
        }
        for (column, s) in sums.iter_mut().zip(sum) {
            column.push(s);
        }
    }
    sums
}

/// [`resample_sums`] for any number of columns, one place per column.
fn resample_sums_any(columns: &[&[f64]], n: usize, seed: u64, resamples: usize) -> Vec<Vec<f64>> {
    let mut draw = Indices::new(Rng::new(seed), n);
    let mut sums = vec![Vec::with_capacity(resamples.max(1)); columns.len()];
    let mut sum = vec![0.0; columns.len()];
    for _ in 0..resamples.max(1) {
        sum.fill(0.0);
        for _ in 0..n {
            let i = draw.next();
            for (s, values) in sum.iter_mut().zip(columns) {
                *s += values[i];
            }
        }
        for (column, s) in sums.iter_mut().zip(&sum) {
            column.push(*s);
        }
    }
    sums
}

/// The 95 % percentile interval of the bootstrap `means` of the sample `xs`
/// (see [`bootstrap_mean_95`], whose lower end it keeps above 0).
pub fn interval_of_means(xs: &[f64], mut means: Vec<f64>) -> MeanInterval {
    let n = xs.len();
    means.sort_by(f64::total_cmp);
    let (mut lo, hi) = (
        quantile_of_sorted(&means, 0.025),
        quantile_of_sorted(&means, 0.975),
    );
    let smallest_positive = xs
        .iter()
        .copied()
        .filter(|x| *x > 0.0)
        .fold(f64::INFINITY, f64::min);
    if (lo <= 0.0 || lo.is_nan()) && smallest_positive.is_finite() {
        lo = (smallest_positive / n as f64).min(hi);
    }
    MeanInterval { lo, hi }
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
        .filter_map(|p| p.mse().map(|s| (p.n() as f64, s.mean)))
        .collect();
    loglog_slope(&xy)
}

/// Least-squares slope of ln y against ln x over the points with both
/// positive and finite; None with fewer than two such points or one x.
/// The one log-log fit of a curve: the CLI's and the page's slopes are the
/// same bits (the portable `ln`).
pub fn loglog_slope(points: &[(f64, f64)]) -> Option<f64> {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0 && x.is_finite() && y.is_finite())
        .map(|&(x, y)| (ln(x), ln(y)))
        .collect();
    least_squares_slope(&xy)
}

/// Least-squares slope of y against x; None with fewer than two points or
/// one x.
pub fn least_squares_slope(xy: &[(f64, f64)]) -> Option<f64> {
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
    fn the_bootstrap_interval_is_seeded_positive_and_holds_the_mean() {
        assert_eq!(bootstrap_mean_95(&[], 1, 100), None);
        let one = bootstrap_mean_95(&[3.0], 1, 100).unwrap();
        assert_eq!((one.lo, one.hi), (3.0, 3.0));
        // Heavy-tailed: a few large values among small ones.
        let xs: Vec<f64> = (0..200)
            .map(|i| {
                if i % 100 == 7 {
                    1e4
                } else {
                    1e-3 * (1 + i % 9) as f64
                }
            })
            .collect();
        let a = bootstrap_mean_95(&xs, 5, BOOTSTRAP_RESAMPLES).unwrap();
        assert_eq!(a, bootstrap_mean_95(&xs, 5, BOOTSTRAP_RESAMPLES).unwrap());
        assert_ne!(a, bootstrap_mean_95(&xs, 6, BOOTSTRAP_RESAMPLES).unwrap());
        let mean = Stats::of(&xs).unwrap().mean;
        assert!(0.0 < a.lo && a.lo < mean && mean < a.hi, "{a:?} {mean}");
        // Where the normal interval runs below 0, this one does not.
        let s = Stats::of(&xs).unwrap();
        assert!(confidence_95(s.mean, s.std, xs.len()).0 < 0.0);
        // One positive error among zeros: most resamples have mean 0, yet
        // the lower end is the smallest positive mean a resample can have.
        let mut zeros = vec![0.0; 99];
        zeros.push(2.0);
        let z = bootstrap_mean_95(&zeros, 1, BOOTSTRAP_RESAMPLES).unwrap();
        assert_eq!(z.lo, 2.0 / 100.0);
        assert!(z.hi > z.lo);
        let all_zero = bootstrap_mean_95(&[0.0; 10], 1, 50).unwrap();
        assert_eq!((all_zero.lo, all_zero.hi), (0.0, 0.0));
        // Values near f64::MAX: no overflow to infinity.
        let big = bootstrap_mean_95(&[f64::MAX, f64::MAX / 2.0, 1.0], 2, 200).unwrap();
        assert!(
            big.hi.is_finite() && big.hi <= f64::MAX && big.lo > 0.0,
            "{big:?}"
        );
    }

    #[test]
    fn bootstrap_indices_are_uniform_and_in_range() {
        for n in [1usize, 2, 3, 7, 1000] {
            let mut draw = Indices::new(Rng::new(9), n);
            let mut counts = vec![0usize; n];
            let total = 2000 * n.min(50);
            for _ in 0..total {
                counts[draw.next()] += 1;
            }
            let expected = total as f64 / n as f64;
            // Each count within 6 standard deviations of its expectation.
            let sd = (expected * (1.0 - 1.0 / n as f64)).sqrt();
            assert!(
                counts
                    .iter()
                    .all(|&c| (c as f64 - expected).abs() <= 6.0 * sd + 1e-9),
                "{n}: {counts:?}"
            );
        }
        // The rejection zone of n = 3: (2³² − 3) mod 3 = 1.
        assert_eq!(Indices::new(Rng::new(1), 3).reject_below, 1);
    }

    /// The bootstrap as written first: one index draw at a time, every
    /// column summed in the order drawn.
    fn bootstrap_one_draw_at_a_time(
        columns: &[&[f64]],
        seed: u64,
        resamples: usize,
    ) -> Vec<Vec<f64>> {
        let n = columns[0].len();
        let mut draw = Indices::new(Rng::new(seed), n);
        let mut means = vec![Vec::new(); columns.len()];
        for _ in 0..resamples {
            let mut sums = vec![0.0; columns.len()];
            for _ in 0..n {
                let i = draw.next();
                for (sum, values) in sums.iter_mut().zip(columns) {
                    *sum += values[i];
                }
            }
            for (m, sum) in means.iter_mut().zip(&sums) {
                m.push(sum / n as f64);
            }
        }
        means
    }

    #[test]
    fn the_bootstrap_takes_the_bits_of_one_draw_at_a_time() {
        let mut rng = Rng::new(5);
        for n in [1usize, 2, 17, 200] {
            let columns: Vec<Vec<f64>> = (0..5)
                .map(|c| (0..n).map(|_| rng.uniform().powi(c + 1) * 1e3).collect())
                .collect();
            for count in 1..=5 {
                let cols: Vec<&[f64]> = columns[..count].iter().map(|c| &c[..]).collect();
                let got = bootstrap_means(&cols, 11, 40).unwrap();
                let want = bootstrap_one_draw_at_a_time(&cols, 11, 40);
                let bits = |m: &Vec<Vec<f64>>| -> Vec<Vec<u64>> {
                    m.iter()
                        .map(|c| c.iter().map(|x| x.to_bits()).collect())
                        .collect()
                };
                assert_eq!(bits(&got), bits(&want), "n {n}, {count} columns");
            }
        }
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

    #[test]
    fn loglog_slope_of_a_power_law_over_its_positive_points() {
        let pts: Vec<(f64, f64)> = [10.0, 20.0, 40.0]
            .iter()
            .map(|&n: &f64| (n, 5.0 * n.powi(-3)))
            .collect();
        assert!((loglog_slope(&pts).unwrap() + 3.0).abs() < 1e-12);
        assert!(loglog_slope(&pts[..1]).is_none());
        // Points without a logarithm are left out, not a NaN slope.
        let mut with_bad = pts.clone();
        with_bad.extend([(80.0, 0.0), (160.0, f64::INFINITY), (0.0, 1.0)]);
        assert_eq!(loglog_slope(&with_bad), loglog_slope(&pts));
        assert!(loglog_slope(&[(10.0, 1.0), (10.0, 2.0)]).is_none());
    }
}
