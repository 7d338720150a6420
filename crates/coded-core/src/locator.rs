//! Locating adversarial answers before a Berrut decode: ApproxIFER's error
//! locator (Soleymani et al., AAAI 2022, arXiv 2109.09868) and a median
//! baseline of our own (docs/mathematics.md, "Locating adversaries").
//!
//! Both take the answers that came back (one row per answering server, in
//! β order), name the `e` servers they suspect, and leave the decode to the
//! caller (BACC's Berrut decoder on the rest).
//!
//! Where our reading of the paper's scripts had to choose:
//! - The basis. Their script stacks monomial Vandermonde matrices, whose
//!   condition number grows exponentially with the degree K + e on [−1, 1];
//!   we use Chebyshev polynomials T_j, well conditioned there. The locator
//!   Q is normalised by its T_0 coefficient (1), theirs by its constant
//!   term: the same family of rational fits, another normalisation.
//! - The scale. Each coordinate's answers are divided by their largest
//!   magnitude before the fit (P/Q does not change; the least-squares
//!   weights of the rows do not either, all rows scaled alike).
//! - Ties in the vote over coordinates go to the server whose |Q| ranked
//!   lower summed over the coordinates, then to the lower index.

use nalgebra::{DMatrix, DVector};

/// The largest tolerance the scripts' locator fit has room for with
/// `answered` answers and K inputs: e_max = ⌊(|F| − 2K + 1)/2⌋, 0 below
/// 2K − 1.
///
/// Why: P (degree < K + e) and Q (degree K + e − 1, its first coefficient
/// fixed) have 2(K + e) − 1 unknowns, and the least-squares system needs as
/// many answers. The paper's sweeps set N = 2K + S + 2e − 1 for S
/// stragglers, which is this rule with |F| = N − S.
pub fn max_tolerance(answered: usize, k: usize) -> usize {
    (answered + 1).saturating_sub(2 * k) / 2
}

/// Why a locator cannot run on a round's answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocateError {
    /// Fewer answers than the fit's unknowns: 2(K + e) − 1.
    TooFewAnswers { answered: usize, needed: usize },
}

impl std::fmt::Display for LocateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LocateError::TooFewAnswers { answered, needed } => write!(
                f,
                "the error locator needs {needed} answers and {answered} came back"
            ),
        }
    }
}

/// The error locator Q's degree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocatorDegree {
    /// K + e − 1, as ApproxIFER's scripts fit it.
    Scripts,
    /// e, as Berlekamp–Welch's: Q's roots are the e errors' places.
    Errors,
}

impl LocatorDegree {
    fn of(self, k: usize, e: usize) -> usize {
        match self {
            LocatorDegree::Scripts => k + e - 1,
            LocatorDegree::Errors => e,
        }
    }
}

/// ApproxIFER's suspects: the `e` rows of `answers` (|F| × m, at the server
/// points `points`, in β order) where the error locator Q is smallest,
/// voted over the m coordinates. Ascending row indices.
pub fn locate_by_fit(
    points: &[f64],
    answers: &DMatrix<f64>,
    k: usize,
    e: usize,
    degree: LocatorDegree,
) -> Result<Vec<usize>, LocateError> {
    if e == 0 {
        return Ok(vec![]);
    }
    let mut votes = Votes::new(answers.nrows());
    for q in locator_magnitudes(points, answers, k, e, degree)? {
        votes.add(&q, e);
    }
    Ok(votes.top(e))
}

/// |Q| at every answer, one list per output coordinate (none for a
/// coordinate that is zero throughout: every Q fits it), after the fit
/// [`locate_by_fit`] ranks by.
pub fn locator_magnitudes(
    points: &[f64],
    answers: &DMatrix<f64>,
    k: usize,
    e: usize,
    degree: LocatorDegree,
) -> Result<Vec<Vec<f64>>, LocateError> {
    let rows = answers.nrows();
    assert_eq!(points.len(), rows, "one point per answer");
    let q_degree = degree.of(k, e);
    let needed = k + e + q_degree;
    if rows < needed {
        return Err(LocateError::TooFewAnswers {
            answered: rows,
            needed,
        });
    }
    let basis = chebyshev(points, k + e);
    Ok((0..answers.ncols())
        .filter_map(|c| locator_values(&basis, answers.column(c).as_slice(), k + e, q_degree))
        .collect())
}

/// The fit's suspects that stand apart: the answers whose |Q| is below
/// `theta` times its coordinate's median |Q| in more than half the
/// coordinates, at most `e` of them (the smallest summed ratios first).
/// Ascending row indices.
///
/// Why not always e, as the paper's scripts flag: where nobody lies, the e
/// honest answers dropped leave gaps in β order that cost Berrut's decode
/// 20 to 10 000 times its error (docs/mathematics.md, "Locating
/// adversaries"); an answer the fit does not set apart is kept.
pub fn locate_apart(
    points: &[f64],
    answers: &DMatrix<f64>,
    k: usize,
    e: usize,
    degree: LocatorDegree,
    theta: f64,
) -> Result<Vec<usize>, LocateError> {
    if e == 0 {
        return Ok(vec![]);
    }
    let magnitudes = locator_magnitudes(points, answers, k, e, degree)?;
    let rows = answers.nrows();
    let (mut below, mut summed) = (vec![0usize; rows], vec![0.0; rows]);
    for q in &magnitudes {
        let mut sorted = q.clone();
        let typical = median(&mut sorted);
        if typical.is_nan() || typical <= 0.0 {
            continue;
        }
        for (i, v) in q.iter().enumerate() {
            let ratio = v / typical;
            summed[i] += ratio;
            below[i] += usize::from(ratio < theta);
        }
    }
    let mut apart: Vec<usize> = (0..rows)
        .filter(|&i| 2 * below[i] > magnitudes.len())
        .collect();
    apart.sort_by(|&a, &b| summed[a].total_cmp(&summed[b]).then(a.cmp(&b)));
    apart.truncate(e);
    apart.sort_unstable();
    Ok(apart)
}

/// Our median baseline: the `e` rows furthest from a running median over
/// β order (a window of 2e + 1 answers, shortened at the ends), each
/// coordinate's distances measured in its median distance, voted over the
/// coordinates. Ascending row indices.
pub fn locate_by_median(answers: &DMatrix<f64>, e: usize) -> Vec<usize> {
    let rows = answers.nrows();
    if e == 0 || rows == 0 {
        return vec![];
    }
    let half = e.max(1);
    let mut votes = Votes::new(rows);
    let mut window = Vec::with_capacity(2 * half + 1);
    for c in 0..answers.ncols() {
        let y = answers.column(c);
        let distance: Vec<f64> = (0..rows)
            .map(|i| {
                let (lo, hi) = (i.saturating_sub(half), (i + half + 1).min(rows));
                window.clear();
                window.extend((lo..hi).map(|j| y[j]));
                (y[i] - median(&mut window)).abs()
            })
            .collect();
        // A vote names the smallest values: the furthest, negated.
        let closeness: Vec<f64> = distance.iter().map(|d| -d).collect();
        votes.add(&closeness, e);
    }
    votes.top(e)
}

/// T_0 … T_{degree−1} at every point (rows).
fn chebyshev(points: &[f64], degree: usize) -> DMatrix<f64> {
    DMatrix::from_fn(points.len(), degree, |r, c| {
        let z = points[r];
        // T_c(z) = cos(c·acos z) on [−1, 1]; the recurrence elsewhere.
        if z.abs() <= 1.0 {
            (c as f64 * z.acos()).cos()
        } else {
            let (mut a, mut b) = (1.0, z);
            for _ in 0..c {
                (a, b) = (b, 2.0 * z * b - a);
            }
            a
        }
    })
}

/// |Q| at every point after the least-squares fit P(z_i) = y_i·Q(z_i), P of
/// `d` Chebyshev coefficients and Q = T_0 + Σ_{j=1}^{qd} q_j T_j: the
/// system's unknowns are P's d and Q's qd. None where the coordinate is
/// zero throughout (every Q fits; it names nobody).
fn locator_values(basis: &DMatrix<f64>, y: &[f64], d: usize, qd: usize) -> Option<Vec<f64>> {
    let scale = y.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    if !(scale.is_finite() && scale > 0.0) {
        return None;
    }
    let rows = y.len();
    let a = DMatrix::from_fn(rows, d + qd, |r, c| {
        if c < d {
            basis[(r, c)]
        } else {
            -y[r] / scale * basis[(r, c - d + 1)]
        }
    });
    let b = DVector::from_iterator(rows, y.iter().map(|v| v / scale));
    let x = a.svd(true, true).solve(&b, 1e-13).ok()?;
    let q = (0..rows).map(|r| {
        let tail: f64 = (1..=qd).map(|j| x[d + j - 1] * basis[(r, j)]).sum();
        (basis[(r, 0)] + tail).abs()
    });
    Some(q.collect())
}

/// The vote over coordinates: each coordinate names its `e` smallest
/// values; the most named win, ties to the lower summed rank.
struct Votes {
    named: Vec<u32>,
    rank_sum: Vec<usize>,
}

impl Votes {
    fn new(rows: usize) -> Votes {
        Votes {
            named: vec![0; rows],
            rank_sum: vec![0; rows],
        }
    }

    fn add(&mut self, values: &[f64], e: usize) {
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]).then(a.cmp(&b)));
        for (rank, &i) in order.iter().enumerate() {
            self.rank_sum[i] += rank;
            if rank < e {
                self.named[i] += 1;
            }
        }
    }

    fn top(&self, e: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.named.len()).collect();
        order.sort_by(|&a, &b| {
            (self.named[b].cmp(&self.named[a]))
                .then(self.rank_sum[a].cmp(&self.rank_sum[b]))
                .then(a.cmp(&b))
        });
        let mut top: Vec<usize> = order.into_iter().take(e).collect();
        top.sort_unstable();
        top
    }
}

/// The median of `v` (reordered): the metrics' own (type 7, the mean of
/// the two middle values for an even count).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    crate::metrics::quantile_of_sorted(v, 0.5)
}
