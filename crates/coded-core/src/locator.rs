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

/// The (N, e) at which the `locators` example (natively) and the browser
/// benchmark (wasm) time the locator on one round of K = 10 answers:
/// the automatic cap, a tolerance with room, and the largest N leaves.
pub const TIMED_SIZES: [(usize, usize); 6] = [
    (40, 10),
    (160, 10),
    (160, 35),
    (160, 70),
    (640, 10),
    (640, 35),
];

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
        .filter_map(|c| {
            locator_values(
                points,
                &basis,
                answers.column(c).as_slice(),
                k + e,
                q_degree,
            )
        })
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

/// The ratio between consecutive suspicion scores that sets the answers
/// below it apart ([`locate_fit_gap`], [`locate_median_gap`]).
///
/// Why 3: measured with `cargo run --release -p coded-core --example
/// locators` (x·sin x and LeNet-5, K = 10, N = 40 and 160, 40 trials):
/// without adversaries no run of honest answers has such a step, so
/// nobody is flagged and the error is BACC's, bit for bit; with 1 to 3
/// liars at N = 160 (e = 35) it finds 92 to 100 % of them. A step of 5 or
/// 10 finds fewer (LeNet-5 at N = 160, e = 70, 3 liars: 93 % and 72 %).
pub const GAP: f64 = 3.0;

/// ApproxIFER's locator as the playground decides with it: the fit of
/// [`locator_magnitudes`] (Q of degree K + e − 1, the scripts'), |Q|
/// pooled over the output coordinates by its geometric mean, and the
/// answers below the last step of more than `gap` among the e + 1 smallest
/// flagged (none when there is no such step). Ascending row indices.
///
/// Why not the scripts' rule (always the e smallest): where nobody lies, e
/// honest answers dropped leave gaps in β order that cost Berrut's decode
/// 20 to 10 000 times its error (docs/mathematics.md, "Locating
/// adversaries"). Why pooled, not a vote of each coordinate's suspects:
/// a lie moves every logit, each by a different amount; the geometric
/// mean keeps the evidence of all of them, where a vote of coordinates
/// that each see a weak step named fewer liars (LeNet-5, N = 160, 1 liar:
/// 100 % pooled against 2 % voted).
pub fn locate_fit_gap(
    points: &[f64],
    answers: &DMatrix<f64>,
    k: usize,
    e: usize,
    gap: f64,
) -> Result<Vec<usize>, LocateError> {
    if e == 0 {
        return Ok(vec![]);
    }
    let magnitudes = locator_magnitudes(points, answers, k, e, LocatorDegree::Scripts)?;
    let scores = pooled_logs(&magnitudes, answers.nrows(), |q| q);
    Ok(below_last_gap(&scores, e, gap))
}

/// [`locate_fit_gap`] repeated: the answers it flags are dropped, the fit
/// is made again on the rest with the tolerance left, until a fit flags
/// nobody or e answers are flagged. Ascending row indices.
///
/// Why: many liars pull one fit so far that no step sets them apart; once
/// the most obvious ones are gone, the next fit can see the others. Where
/// nobody lies the first fit flags nobody and it costs one fit, as
/// [`locate_fit_gap`].
pub fn locate_fit_peel(
    points: &[f64],
    answers: &DMatrix<f64>,
    k: usize,
    e: usize,
    gap: f64,
) -> Result<Vec<usize>, LocateError> {
    let mut kept: Vec<usize> = (0..answers.nrows()).collect();
    let mut flagged = locate_fit_gap(points, answers, k, e, gap)?;
    let mut last = flagged.clone();
    while !last.is_empty() && flagged.len() < e {
        kept.retain(|r| !last.contains(r));
        let sub_points: Vec<f64> = kept.iter().map(|&r| points[r]).collect();
        let left = e - flagged.len();
        let Ok(found) =
            locate_fit_gap(&sub_points, &answers.select_rows(kept.iter()), k, left, gap)
        else {
            break;
        };
        last = found.iter().map(|&i| kept[i]).collect();
        flagged.extend(&last);
    }
    flagged.sort_unstable();
    Ok(flagged)
}

/// Our median baseline decided alike: each answer's distance from a
/// running median over β order (a window of 2w + 1 answers with w =
/// min(e, [`MEDIAN_REACH`]), shortened at the ends), pooled over the
/// coordinates by its geometric mean; the answers above the last step of
/// more than `gap` among the e + 1 largest are flagged. Ascending row
/// indices.
pub fn locate_median_gap(answers: &DMatrix<f64>, e: usize, gap: f64) -> Vec<usize> {
    let rows = answers.nrows();
    if e == 0 || rows < 2 {
        return vec![];
    }
    let distances = median_distances(answers, e.min(MEDIAN_REACH));
    // Suspicion grows with the distance: the score is its reciprocal.
    let scores = pooled_logs(&distances, rows, |d| 1.0 / d);
    below_last_gap(&scores, e, gap)
}

/// How many answers on each side the median baseline's running median
/// reads at most.
///
/// Why few: a curved f∘u_enc drifts away from the median of a wide window
/// (2e + 1 answers, the always-e baseline's), so honest answers stand as
/// far from it as lies; the median of 7 follows the curve and still
/// outvotes up to 3 liars among them.
pub const MEDIAN_REACH: usize = 3;

/// The mean over the coordinates of ln(score(v)) for every row, scores
/// kept within the positive doubles (a zero would be −∞).
pub(crate) fn pooled_logs(
    columns: &[Vec<f64>],
    rows: usize,
    score: impl Fn(f64) -> f64,
) -> Vec<f64> {
    let mut sum = vec![0.0; rows];
    for column in columns {
        for (s, v) in sum.iter_mut().zip(column) {
            *s += score(*v).clamp(f64::MIN_POSITIVE, f64::MAX).ln();
        }
    }
    let count = columns.len().max(1) as f64;
    sum.iter().map(|s| s / count).collect()
}

/// The rows whose score lies below the last step of more than `gap` (a
/// ratio; the scores are logarithms) among the e + 1 smallest scores,
/// ascending; none without such a step.
pub(crate) fn below_last_gap(log_scores: &[f64], e: usize, gap: f64) -> Vec<usize> {
    let rows = log_scores.len();
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by(|&a, &b| log_scores[a].total_cmp(&log_scores[b]).then(a.cmp(&b)));
    let step = gap.ln();
    let last = (0..e.min(rows.saturating_sub(1)))
        .rev()
        .find(|&j| log_scores[order[j + 1]] - log_scores[order[j]] > step);
    let mut flagged = last.map_or(vec![], |j| order[..=j].to_vec());
    flagged.sort_unstable();
    flagged
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
    let mut votes = Votes::new(rows);
    for distance in median_distances(answers, e) {
        // A vote names the smallest values: the furthest, negated.
        let closeness: Vec<f64> = distance.iter().map(|d| -d).collect();
        votes.add(&closeness, e);
    }
    votes.top(e)
}

/// Each answer's distance from the running median of its coordinate over
/// β order (a window of 2·reach + 1 answers, shortened at the ends), one
/// list per coordinate.
fn median_distances(answers: &DMatrix<f64>, reach: usize) -> Vec<Vec<f64>> {
    let rows = answers.nrows();
    let half = reach.max(1);
    let mut window = Vec::with_capacity(2 * half + 1);
    answers
        .column_iter()
        .map(|y| {
            (0..rows)
                .map(|i| {
                    let (lo, hi) = (i.saturating_sub(half), (i + half + 1).min(rows));
                    window.clear();
                    window.extend((lo..hi).map(|j| y[j]));
                    (y[i] - median(&mut window)).abs()
                })
                .collect()
        })
        .collect()
}

/// T_0 … T_{degree−1} at every point (rows), by the three-term recurrence
/// T_{c+1} = 2z·T_c − T_{c−1} (stable on [−1, 1], and no trigonometry in
/// a sweep's inner loop).
fn chebyshev(points: &[f64], degree: usize) -> DMatrix<f64> {
    let mut basis = DMatrix::zeros(points.len(), degree);
    for (r, &z) in points.iter().enumerate() {
        let (mut a, mut b) = (1.0, z);
        for c in 0..degree {
            basis[(r, c)] = a;
            (a, b) = (b, 2.0 * z * b - a);
        }
    }
    basis
}

/// |Q| at every point after the least-squares fit P(z_i) = y_i·Q(z_i), P of
/// `d` Chebyshev coefficients and Q = T_0 + Σ_{j=1}^{qd} q_j T_j: the
/// system's unknowns are P's d and Q's qd. None where the coordinate is
/// zero throughout (every Q fits; it names nobody).
fn locator_values(
    points: &[f64],
    basis: &DMatrix<f64>,
    y: &[f64],
    d: usize,
    qd: usize,
) -> Option<Vec<f64>> {
    let scale = y.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    if !(scale.is_finite() && scale > 0.0) {
        return None;
    }
    let rows = y.len();
    let fast = (4 * rows >= 5 * (d + qd))
        .then(|| by_moments(points, y, scale, d, qd))
        .flatten();
    let x = match fast {
        Some(x) => x,
        None => exact_fit(basis, y, scale, d, qd)?,
    };
    let q = (0..rows).map(|r| {
        let tail: f64 = (1..=qd).map(|j| x[d + j - 1] * basis[(r, j)]).sum();
        (basis[(r, 0)] + tail).abs()
    });
    Some(q.collect())
}

/// The fit's coefficients by least squares on the system itself
/// ([`least_squares`]).
fn exact_fit(
    basis: &DMatrix<f64>,
    y: &[f64],
    scale: f64,
    d: usize,
    qd: usize,
) -> Option<DVector<f64>> {
    let rows = y.len();
    let a = DMatrix::from_fn(rows, d + qd, |r, c| {
        if c < d {
            basis[(r, c)]
        } else {
            -y[r] / scale * basis[(r, c - d + 1)]
        }
    });
    let b = DVector::from_iterator(rows, y.iter().map(|v| v / scale));
    least_squares(a, &b)
}

/// The fit's coefficients from the normal equations of the system with a
/// ridge, (AᵀA + μI) x = Aᵀb with μ = [RIDGE] × AᵀA's largest diagonal
/// entry, assembled from weighted Chebyshev moments s_w(k) = Σ_r w_r
/// T_k(z_r) for the weights 1, y and y², since T_i·T_j = (T_{i+j} +
/// T_{|i−j|})/2: every entry of AᵀA and Aᵀb is half a sum of two moments.
/// None when the Cholesky factorisation fails or gives a number that is
/// not finite (the caller then solves the system itself).
///
/// Why: building AᵀA costs |F|·6(K + e) operations this way against
/// |F|·8(K + e)² for a QR of A, and a tall system (|F| ≥ 1.25 × unknowns)
/// is what every large N gives: the page's default sweep with ApproxIFER
/// spends most of its time there. Why the ridge: where nobody lies, many
/// (P, Q) fit the honest answers almost equally well (A's condition
/// number reaches 10¹⁰ for x·sin x), and the normal equations alone would
/// pick among them by rounding; the ridge picks the smallest, as the
/// truncated SVD does for the nearly square systems, and keeps AᵀA + μI's
/// condition below about 1/RIDGE.
fn by_moments(points: &[f64], y: &[f64], scale: f64, d: usize, qd: usize) -> Option<DVector<f64>> {
    // The largest index a pair reaches: 2(d − 1) in P's block, 2qd in Q's.
    let count = 2 * d.max(qd + 1) - 1;
    let (mut s0, mut s1, mut s2) = (vec![0.0; count], vec![0.0; count], vec![0.0; count]);
    for (&z, &v) in points.iter().zip(y) {
        let w = v / scale;
        let (mut a, mut b) = (1.0, z);
        for k in 0..count {
            s0[k] += a;
            s1[k] += w * a;
            s2[k] += w * w * a;
            (a, b) = (b, 2.0 * z * b - a);
        }
    }
    let pair = |s: &[f64], i: usize, j: usize| 0.5 * (s[i + j] + s[i.abs_diff(j)]);
    let n = d + qd;
    let mut g = DMatrix::from_fn(n, n, |r, c| match (r < d, c < d) {
        (true, true) => pair(&s0, r, c),
        (true, false) => -pair(&s1, r, c - d + 1),
        (false, true) => -pair(&s1, c, r - d + 1),
        (false, false) => pair(&s2, r - d + 1, c - d + 1),
    });
    let mu = RIDGE * g.diagonal().max();
    for i in 0..n {
        g[(i, i)] += mu;
    }
    let rhs = DVector::from_fn(n, |r, _| if r < d { s1[r] } else { -s2[r - d + 1] });
    let x = g.cholesky()?.solve(&rhs);
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// The ridge of [`by_moments`], relative to AᵀA's largest diagonal entry:
/// it damps the directions of A with singular values below about 10⁻⁵ of
/// its largest.
const RIDGE: f64 = 1e-10;

/// The least-squares solution of a x = b: by Householder QR when a has
/// at least twice as many rows as columns (and R no diagonal entry below
/// 10⁻⁸ of its largest), else the SVD's minimum-norm solution, which
/// leaves out the directions below 10⁻¹³ as the scripts' pseudo-inverse
/// does.
///
/// Why both: the QR is several times faster at the sizes of a capped
/// sweep (N = 160, e = 10: 0.12 ms a coordinate), but where the system is
/// nearly square (e near e_max) the SVD's truncation decides what Q is,
/// and the exact solution a QR gives makes Q small over whole runs of
/// honest answers (x·sin x, N = 160, e = 70: 17 flagged where the SVD's
/// flags none). The normal equations were faster still and named honest
/// answers at e = 35 (they square the condition number).
fn least_squares(a: DMatrix<f64>, b: &DVector<f64>) -> Option<DVector<f64>> {
    if a.nrows() >= 2 * a.ncols() {
        let (q, r) = a.clone().qr().unpack();
        let diagonal = r.diagonal();
        let top = diagonal.amax();
        if diagonal.iter().all(|d| d.abs() > 1e-8 * top) {
            if let Some(x) = r.solve_upper_triangular(&q.tr_mul(b)) {
                if x.iter().all(|v| v.is_finite()) {
                    return Some(x);
                }
            }
        }
    }
    // A bounded number of sweeps: nalgebra's `svd` iterates without a
    // limit, and answers scaled from extreme values can keep it turning.
    let svd = a.try_svd(true, true, f64::EPSILON, SVD_ITERATIONS)?;
    svd.solve(b, 1e-13).ok()
}

/// At most this many QR sweeps in the SVD's iteration (it converges in a
/// few per singular value; failing to, the round decodes as BACC).
const SVD_ITERATIONS: usize = 10_000;

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
    crate::quantile::quantile_of_sorted(v, 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moments' normal equations give the locator of the same ridge
    /// solved by QR, with and without a lie in the answers.
    #[test]
    fn the_moments_fit_is_the_systems() {
        let (k, e) = (10, 6);
        let (d, qd) = (k + e, k + e - 1);
        let points: Vec<f64> = (0..140)
            .map(|i| (std::f64::consts::PI * (i as f64 + 0.5) / 140.0).cos())
            .collect();
        let basis = chebyshev(&points, d);
        for liar in [None, Some(37)] {
            let y: Vec<f64> = points
                .iter()
                .enumerate()
                .map(|(r, z)| {
                    // A kink: no polynomial of degree < d fits it to
                    // rounding, so the system has full rank (the answers of
                    // a Berrut encoding are not polynomials either).
                    let honest = (3.0 * z) * (3.0 * z).sin() + (z - 0.3).abs();
                    if Some(r) == liar {
                        -honest
                    } else {
                        honest
                    }
                })
                .collect();
            let scale = y.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
            let fast = by_moments(&points, &y, scale, d, qd).expect("a solution");
            // The same ridge solved the stable way: QR of [A; √μ I].
            let rows = points.len();
            let a = DMatrix::from_fn(rows, d + qd, |r, c| {
                if c < d {
                    basis[(r, c)]
                } else {
                    -y[r] / scale * basis[(r, c - d + 1)]
                }
            });
            let mu = RIDGE * (a.tr_mul(&a)).diagonal().max();
            let n = d + qd;
            let stacked = DMatrix::from_fn(rows + n, n, |r, c| {
                if r < rows {
                    a[(r, c)]
                } else if r - rows == c {
                    mu.sqrt()
                } else {
                    0.0
                }
            });
            let rhs = DVector::from_fn(rows + n, |r, _| if r < rows { y[r] / scale } else { 0.0 });
            let (q, r) = stacked.qr().unpack();
            let exact = r.solve_upper_triangular(&q.tr_mul(&rhs)).unwrap();
            let q = |x: &DVector<f64>| -> Vec<f64> {
                (0..points.len())
                    .map(|r| {
                        (basis[(r, 0)]
                            + (1..=qd).map(|j| x[d + j - 1] * basis[(r, j)]).sum::<f64>())
                        .abs()
                    })
                    .collect()
            };
            let (qf, qe) = (q(&fast), q(&exact));
            let top = qe.iter().fold(0.0_f64, |m, v| m.max(*v));
            for (a, b) in qf.iter().zip(&qe) {
                // Rounding: about 1e-16 times the condition number, 1e10.
                assert!((a - b).abs() <= 1e-4 * top, "{liar:?}: {a} vs {b}");
            }
        }
    }
}
