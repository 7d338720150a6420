//! Sweeps: error against N (and p, and scheme) by Monte-Carlo over straggler
//! draws, and the points of the curves they give.
//!
//! Separate from `problem` (what one draw gives) because this is about many
//! draws: the plan, the ordering of points, and a Monte-Carlo run the app can
//! advance in slices.

use crate::config::{validate_stragglers, Config, ConfigError};
use crate::failure::{add_up, Failure};
use crate::metrics::BOOTSTRAP_RESAMPLES;
use crate::metrics::{
    bootstrap_means, interval_of_means, CurvePoint, MeanInterval, Quantiles, Stats,
};
use crate::problem::{draw_stragglers, Prepared, Problem, TAG_BOOTSTRAP};
use crate::rng::derive;
use crate::scheme::Scheme;
use crate::statistic::{Measured, Statistic, SLOPE_RESAMPLES};
use crate::stragglers::StragglerModel;
use serde::{Deserialize, Serialize};

/// One point of an error-vs-N curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    pub scheme: Scheme,
    pub n: usize,
    pub p: f64,
    pub trials: usize,
    pub failures: usize,
    pub mse: Option<Stats>,
    /// The 95 % bootstrap interval of the mean squared error
    /// ([`bootstrap_mean_95`], seeded by [`bootstrap_seed`]).
    pub mse_interval: Option<MeanInterval>,
    /// The median and 10–90 % quantiles of the squared errors.
    pub mse_spread: Option<Quantiles>,
    pub rmse: Option<Stats>,
    pub rel_acc: Option<Stats>,
    /// Accuracy against the true labels (classifiers with labels).
    pub acc: Option<Stats>,
    pub lost_mean: f64,
    /// Why the failed rounds failed: how many rounds for each reason, in
    /// the order the reasons first occurred (they add up to `failures`).
    #[serde(default)]
    pub failed_because: Vec<(Failure, usize)>,
    /// The first [`SLOPE_RESAMPLES`] bootstrap means of the squared errors
    /// (the ones [`SweepPoint::mse_interval`] is taken of), for the slopes'
    /// intervals ([`crate::statistic::fit_slope`]).
    #[serde(default)]
    pub mse_resampled: Vec<f64>,
    /// The max error of the rounds that decoded
    /// ([`crate::round_errors::max_and_relative`]).
    #[serde(default)]
    pub max_error: Option<Measured>,
    /// The relative error of the rounds that decoded (those where f is not
    /// 0 at every output).
    #[serde(default)]
    pub rel_error: Option<Measured>,
    /// A locating scheme's mean share of the answering adversaries it
    /// flagged, over the decoded rounds where some answered (None for the
    /// other schemes, and without such rounds).
    #[serde(default)]
    pub detection_rate: Option<f64>,
}

impl SweepPoint {
    /// Its mean, interval, quantiles and resampled means of a statistic.
    pub fn measured(&self, statistic: Statistic) -> Option<Measured> {
        match statistic {
            Statistic::Mse => Some(Measured {
                stats: self.mse?,
                interval: self.mse_interval?,
                spread: self.mse_spread?,
                resampled: self.mse_resampled.clone(),
            }),
            Statistic::Max => self.max_error.clone(),
            Statistic::Rel => self.rel_error.clone(),
        }
    }
}

/// What a sweep varies.
#[derive(Clone, Debug)]
pub struct SweepPlan {
    pub ns: Vec<usize>,
    /// Straggler models to run (one per p value for the iid model).
    pub models: Vec<StragglerModel>,
    pub schemes: Vec<Scheme>,
}

impl SweepPlan {
    /// The plan of a config: its own N, model and scheme, optionally with a
    /// list of N, a list of p (which selects the iid model) and of schemes.
    pub fn new(
        config: &Config,
        ns: Option<&[usize]>,
        ps: Option<&[f64]>,
        schemes: Option<&[Scheme]>,
    ) -> Result<SweepPlan, ConfigError> {
        let ns = ns.map(|v| v.to_vec()).unwrap_or_else(|| vec![config.n]);
        if ns.is_empty() {
            return Err(ConfigError::new("n", "the list of N is empty"));
        }
        for &n in &ns {
            config.with_n(n).validate()?;
        }
        let models = match ps {
            Some([]) => return Err(ConfigError::new("stragglers", "the list of p is empty")),
            Some(ps) => ps.iter().map(|&p| StragglerModel::Iid { p }).collect(),
            None => vec![config.stragglers.clone()],
        };
        for m in &models {
            validate_stragglers(m)?;
        }
        let schemes = schemes
            .map(|s| s.to_vec())
            .unwrap_or_else(|| vec![config.scheme]);
        if schemes.is_empty() {
            return Err(ConfigError::new("scheme", "the list of schemes is empty"));
        }
        Ok(SweepPlan {
            ns,
            models,
            schemes,
        })
    }

    /// The probabilistic-regime paper's sweep at the N of `ns`: BACC and
    /// LeTCC under independent stragglers with p = 0.1 and 0.3 (its
    /// claim's test and the benchmarks run it).
    pub fn paper(config: &Config, ns: &[usize]) -> Result<SweepPlan, ConfigError> {
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        SweepPlan::new(config, Some(ns), Some(&[0.1, 0.3]), Some(&schemes))
    }
}

/// Error vs N: for each N, each scheme is prepared once and every model and
/// trial reuses its answers. Points come out ordered by (scheme, model, N).
pub fn sweep(config: &Config, plan: &SweepPlan) -> Result<Vec<SweepPoint>, ConfigError> {
    let problem = Problem::new(config)?;
    let (ns, nm, nn) = (plan.schemes.len(), plan.models.len(), plan.ns.len());
    // Filled N by N (one `prepare` per scheme and N), returned by (scheme, model, N).
    let mut slots: Vec<Option<SweepPoint>> = vec![None; ns * nm * nn];
    for (ni, &n) in plan.ns.iter().enumerate() {
        for (si, &scheme) in plan.schemes.iter().enumerate() {
            let prepared = problem.prepare(scheme, n);
            for (mi, model) in plan.models.iter().enumerate() {
                slots[(si * nm + mi) * nn + ni] =
                    Some(problem.monte_carlo(&prepared, model, config.seed, config.trials));
            }
        }
    }
    Ok(slots
        .into_iter()
        .map(|p| p.expect("every (scheme, model, N) is run"))
        .collect())
}

impl Problem {
    /// Monte-Carlo over `trials` straggler draws of `model` for one prepared
    /// scheme: one point of a sweep. The app calls it directly with cached
    /// answers, so changing p, trials or λ_dec does not rerun f.
    pub fn monte_carlo(
        &self,
        prepared: &Prepared,
        model: &StragglerModel,
        seed: u64,
        trials: usize,
    ) -> SweepPoint {
        let mut mc = MonteCarlo::new(trials);
        mc.advance(self, prepared, model, seed, trials);
        mc.finish(prepared, model, seed)
    }
}

/// A Monte-Carlo run over the trials `start..end` of a point, that can be
/// advanced a few trials at a time and joined with the runs of the trials
/// next to it.
///
/// Why slices: at the largest settings (N = 8192, 10⁴ trials) one point takes
/// minutes; the app's worker advances it in slices so that it can report
/// progress and be cancelled between them. Why ranges: the app's worker
/// pool and the CLI's threads each run a range of a point's trials, and the
/// ranges are joined in trial order. Every trial's draw depends only on the
/// seed and its index, and the statistics are taken once, over the joined
/// per-trial values, so the result is bit for bit the one of
/// [`Problem::monte_carlo`] (which is this, in one slice, one range) however
/// the trials were sliced or shared out.
///
/// It travels between workers (serde, in the worker contract's bytes): read
/// back through its [`Trials`], so a run whose range and values do not
/// fit together is refused, never joined.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Trials")]
pub struct MonteCarlo(Trials);

/// A [`MonteCarlo`]'s numbers; read from bytes, they become one only once
/// they are checked to fit together. (postcard writes a newtype as its
/// content, so the bytes are these fields'.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Trials {
    start: usize,
    /// The next trial to run.
    next: usize,
    end: usize,
    // Per-trial values, in trial order.
    se: Vec<f64>,
    rel: Vec<f64>,
    acc: Vec<f64>,
    lost: Vec<f64>,
    /// Failed trials by reason (see [`SweepPoint::failed_because`]).
    failed: Vec<(Failure, usize)>,
    /// Max and relative errors, of the trials that decoded (appended last,
    /// so the fields before keep their place in the bytes).
    max_err: Vec<f64>,
    rel_err: Vec<f64>,
    /// A locating scheme's detection rate, of the decoded trials where an
    /// adversary answered (appended last, as above).
    detected: Vec<f64>,
}

impl TryFrom<Trials> for MonteCarlo {
    type Error = String;

    fn try_from(p: Trials) -> Result<MonteCarlo, String> {
        let done = p.next.checked_sub(p.start);
        let failed: usize = p.failed.iter().map(|(_, c)| c).sum();
        let valid = p.start <= p.next
            && p.next <= p.end
            && Some(p.lost.len()) == done
            && Some(failed + p.se.len()) == done
            && p.max_err.len() == p.se.len()
            && p.rel_err.len() <= p.se.len()
            && p.detected.len() <= p.se.len();
        if !valid {
            return Err(format!(
                "trials {}..{} (next {}) with {} values and {} failures do not fit together",
                p.start,
                p.end,
                p.next,
                p.lost.len(),
                failed
            ));
        }
        Ok(MonteCarlo(p))
    }
}

impl MonteCarlo {
    /// All `trials` of a point.
    pub fn new(trials: usize) -> MonteCarlo {
        MonteCarlo::range(0, trials)
    }

    /// The trials `start..end` of a point (empty when `end <= start`).
    pub fn range(start: usize, end: usize) -> MonteCarlo {
        MonteCarlo(Trials {
            start,
            next: start,
            end: end.max(start),
            se: vec![],
            rel: vec![],
            acc: vec![],
            lost: vec![],
            failed: vec![],
            max_err: vec![],
            rel_err: vec![],
            detected: vec![],
        })
    }

    /// Trials run so far, and in all.
    pub fn done(&self) -> usize {
        self.0.next - self.0.start
    }

    pub fn trials(&self) -> usize {
        self.0.end - self.0.start
    }

    /// The trials it covers.
    pub fn span(&self) -> std::ops::Range<usize> {
        self.0.start..self.0.end
    }

    pub fn is_finished(&self) -> bool {
        self.0.next >= self.0.end
    }

    /// Runs up to `count` more trials (fewer at the end).
    pub fn advance(
        &mut self,
        problem: &Problem,
        prepared: &Prepared,
        model: &StragglerModel,
        seed: u64,
        count: usize,
    ) {
        let n = prepared.coder.n();
        let end = self.0.end.min(self.0.next.saturating_add(count));
        for t in self.0.next..end {
            let draw = draw_stragglers(model, seed, n, t);
            let o = problem.evaluate(prepared, &draw.straggled, t);
            self.0.lost.push(o.lost_fraction);
            if let Err(e) = &o.decoded {
                add_up(&mut self.0.failed, Failure::of(e, problem.not_finite), 1);
            }
            if let Some(e) = o.squared_error {
                self.0.se.push(e);
                self.0.max_err.extend(o.max_error);
                self.0.rel_err.extend(o.relative_error);
                self.0.detected.extend(o.detection.and_then(|d| d.rate()));
            }
            if let Some(a) = o.relative_accuracy {
                self.0.rel.push(a);
            }
            if let Some(a) = o.accuracy {
                self.0.acc.push(a);
            }
        }
        self.0.next = end;
    }

    /// The finished runs of consecutive trial ranges, in order, as one run
    /// (the first's start to the last's end). Refuses (with why) runs that
    /// are unfinished, or whose ranges leave a gap or overlap.
    pub fn join(parts: impl IntoIterator<Item = MonteCarlo>) -> Result<MonteCarlo, String> {
        let mut parts = parts.into_iter();
        let unfinished = |p: &MonteCarlo| format!("trials {:?} are not finished", p.span());
        let Some(mut all) = parts.next() else {
            return Err("no trials to join".into());
        };
        if !all.is_finished() {
            return Err(unfinished(&all));
        }
        for p in parts {
            if !p.is_finished() {
                return Err(unfinished(&p));
            }
            if p.0.start != all.0.end {
                return Err(format!(
                    "trials {:?} do not follow trials {:?}",
                    p.span(),
                    all.span()
                ));
            }
            all.0.end = p.0.end;
            all.0.next = p.0.end;
            all.0.se.extend(p.0.se);
            all.0.rel.extend(p.0.rel);
            all.0.acc.extend(p.0.acc);
            all.0.lost.extend(p.0.lost);
            all.0.max_err.extend(p.0.max_err);
            all.0.rel_err.extend(p.0.rel_err);
            all.0.detected.extend(p.0.detected);
            for (reason, times) in p.0.failed {
                add_up(&mut all.0.failed, reason, times);
            }
        }
        Ok(all)
    }

    /// The point, over the trials run (all of them once finished).
    /// `seed` is the configuration's (the bootstrap's stream derives from it).
    pub fn finish(&self, prepared: &Prepared, model: &StragglerModel, seed: u64) -> SweepPoint {
        self.point(seed, prepared.coder.scheme, prepared.coder.n(), model)
    }

    /// [`MonteCarlo::finish`] from what the point is of, for a run whose
    /// trials were run elsewhere (the worker pool's helpers).
    pub fn point(&self, seed: u64, scheme: Scheme, n: usize, model: &StragglerModel) -> SweepPoint {
        let rmse: Vec<f64> = self.0.se.iter().map(|e| e.sqrt()).collect();
        // A fold in trial order from +0.0: the sum is the same bits however
        // the trials were run.
        let lost = self.0.lost.iter().fold(0.0, |sum, l| sum + l);
        let done = self.done();
        let p = model.straggle_probability(n);
        let (mse_means, max_error, rel_error) = self.bootstrap(bootstrap_seed(seed, scheme, n, p));
        SweepPoint {
            scheme,
            n,
            p,
            trials: done,
            failures: done - self.0.se.len(),
            mse: Stats::of(&self.0.se),
            mse_resampled: mse_means
                .as_ref()
                .map(|m| m[..SLOPE_RESAMPLES.min(m.len())].to_vec())
                .unwrap_or_default(),
            mse_interval: mse_means.map(|m| interval_of_means(&self.0.se, m)),
            mse_spread: Quantiles::of(&self.0.se),
            rmse: Stats::of(&rmse),
            rel_acc: Stats::of(&self.0.rel),
            acc: Stats::of(&self.0.acc),
            lost_mean: lost / done.max(1) as f64,
            failed_because: self.0.failed.clone(),
            max_error,
            rel_error,
            // A fold in trial order, as the losses'.
            detection_rate: (!self.0.detected.is_empty()).then(|| {
                self.0.detected.iter().fold(0.0, |sum, r| sum + r) / self.0.detected.len() as f64
            }),
        }
    }

    /// The bootstrap of a point's statistics under `seed`: the squared
    /// errors' means (the draws [`crate::metrics::bootstrap_mean_95`] makes
    /// of them alone, so their interval keeps its bits), and the max and
    /// relative errors' measures, resampled with the same rounds. Where
    /// some rounds have no relative error (f is 0 at their outputs), those
    /// are resampled apart, from a stream of their own.
    fn bootstrap(&self, seed: u64) -> (Option<Vec<f64>>, Option<Measured>, Option<Measured>) {
        let paired = self.0.rel_err.len() == self.0.se.len();
        let mut columns = vec![&self.0.se[..], &self.0.max_err[..]];
        if paired {
            columns.push(&self.0.rel_err);
        }
        let Some(mut means) = bootstrap_means(&columns, seed, BOOTSTRAP_RESAMPLES) else {
            return (None, None, None);
        };
        let rel_means = if paired {
            means.pop()
        } else {
            let apart = derive(seed, &[Statistic::Rel as u64]);
            bootstrap_means(&[&self.0.rel_err], apart, BOOTSTRAP_RESAMPLES)
                .and_then(|mut m| m.pop())
        };
        let max_means = means.pop();
        let rel_error = rel_means.and_then(|m| Measured::of(&self.0.rel_err, m));
        let max_error = max_means.and_then(|m| Measured::of(&self.0.max_err, m));
        (means.pop(), max_error, rel_error)
    }
}

/// The seed of a point's bootstrap: from the configuration's seed and what
/// the point is of, in a stream of its own (so the rounds' draws do not
/// move, and a point's interval does not depend on which other points were
/// run, nor on how its trials were shared out).
pub fn bootstrap_seed(seed: u64, scheme: Scheme, n: usize, p: f64) -> u64 {
    let scheme_index = Scheme::ALL.iter().position(|s| *s == scheme).unwrap_or(0);
    derive(
        seed,
        &[TAG_BOOTSTRAP, scheme_index as u64, n as u64, p.to_bits()],
    )
}

impl CurvePoint for SweepPoint {
    fn scheme(&self) -> Scheme {
        self.scheme
    }
    fn n(&self) -> usize {
        self.n
    }
    fn mse(&self) -> Option<Stats> {
        self.mse
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json_round_trip(points: &[SweepPoint]) {
        for p in points {
            let text = serde_json::to_string(p).unwrap();
            let back: SweepPoint = serde_json::from_str(&text).unwrap();
            assert_eq!(&back, p, "{text}");
            // Bit for bit, not only ==: the text of the copy is the same.
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
        }
    }

    #[test]
    fn joined_ranges_equal_one_run_bit_for_bit() {
        for text in [
            r#"{"k": 6, "n": 20, "trials": 37, "seed": 3, "scheme": "letcc"}"#,
            r#"{"k": 6, "n": 20, "trials": 37, "seed": 3, "noise": 0.01}"#,
            r#"{"function": "lenet5", "k": 4, "n": 9, "trials": 7}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let problem = Problem::new(&c).unwrap();
            let prepared = problem.prepare(c.scheme, c.n);
            let model = StragglerModel::Iid { p: 0.3 };
            let whole = problem.monte_carlo(&prepared, &model, c.seed, c.trials);
            // The other statistics and the resampled means are compared too.
            assert!(whole.max_error.is_some() && whole.rel_error.is_some());
            assert_eq!(whole.mse_resampled.len(), SLOPE_RESAMPLES);
            let t = c.trials;
            for cuts in [
                vec![0, t],
                vec![0, 1, 2, t],
                vec![0, t / 3, t / 3, t - 1, t],
            ] {
                let parts = cuts.windows(2).map(|w| {
                    let mut mc = MonteCarlo::range(w[0], w[1]);
                    // Through bytes, as between workers.
                    mc.advance(&problem, &prepared, &model, c.seed, usize::MAX);
                    let bytes = postcard::to_allocvec(&mc).unwrap();
                    let back: MonteCarlo = postcard::from_bytes(&bytes).unwrap();
                    assert_eq!(postcard::to_allocvec(&back).unwrap(), bytes);
                    back
                });
                let joined = MonteCarlo::join(parts)
                    .unwrap()
                    .finish(&prepared, &model, c.seed);
                assert_eq!(
                    serde_json::to_string(&joined).unwrap(),
                    serde_json::to_string(&whole).unwrap(),
                    "{text} {cuts:?}"
                );
            }
        }
    }

    #[test]
    fn join_refuses_gaps_overlaps_and_unfinished_runs() {
        let c = Config::from_json(r#"{"k": 4, "n": 10, "trials": 9}"#).unwrap();
        let problem = Problem::new(&c).unwrap();
        let prepared = problem.prepare(c.scheme, c.n);
        let model = StragglerModel::Iid { p: 0.2 };
        let run = |a, b| {
            let mut mc = MonteCarlo::range(a, b);
            mc.advance(&problem, &prepared, &model, c.seed, usize::MAX);
            mc
        };
        assert!(MonteCarlo::join([run(0, 3), run(4, 9)])
            .unwrap_err()
            .contains("do not follow"));
        assert!(MonteCarlo::join([run(0, 5), run(4, 9)]).is_err());
        assert!(MonteCarlo::join([run(0, 3), MonteCarlo::range(3, 9)])
            .unwrap_err()
            .contains("not finished"));
        assert!(MonteCarlo::join([]).is_err());
        // A range that does not fit its values is refused when read.
        let parts = |start, next, end, lost: usize| {
            let mc = MonteCarlo(Trials {
                start,
                next,
                end,
                lost: vec![0.0; lost],
                se: vec![0.0; lost],
                max_err: vec![0.0; lost],
                ..MonteCarlo::range(0, 0).0
            });
            postcard::from_bytes::<MonteCarlo>(&postcard::to_allocvec(&mc).unwrap())
        };
        assert!(parts(0, 1, 1, 1).is_ok());
        // A trial that neither decoded nor failed for a reason is refused;
        // one that failed for a reason is read.
        let failing = |failed| {
            MonteCarlo(Trials {
                se: vec![],
                max_err: vec![],
                rel_err: vec![],
                failed,
                ..run(0, 1).0
            })
        };
        let read = |mc: &MonteCarlo| {
            postcard::from_bytes::<MonteCarlo>(&postcard::to_allocvec(mc).unwrap())
        };
        assert!(read(&failing(vec![])).is_err());
        assert!(read(&failing(vec![(Failure::NoAnswer, 1)])).is_ok());
        assert!(read(&failing(vec![(Failure::NoAnswer, 2)])).is_err());
        for (start, next, end, lost) in [(0, 1, 1, 0), (0, 0, 1, 1), (1, 0, 1, 0), (0, 2, 1, 2)] {
            assert!(
                parts(start, next, end, lost).is_err(),
                "{start} {next} {end} {lost}"
            );
        }
        assert!(postcard::from_bytes::<MonteCarlo>(&[1, 2]).is_err());
        let inf = MonteCarlo(Trials {
            se: vec![f64::INFINITY, f64::NAN],
            max_err: vec![0.0; 2],
            rel_err: vec![],
            ..run(0, 2).0
        });
        let back: MonteCarlo = postcard::from_bytes(&postcard::to_allocvec(&inf).unwrap()).unwrap();
        assert!(back.0.se[0].is_infinite() && back.0.se[1].is_nan());
        assert_eq!(
            MonteCarlo::join([run(0, 3), run(3, 9)]).unwrap().trials(),
            9
        );
    }

    #[test]
    fn sweep_points_survive_a_json_round_trip() {
        let c = Config::from_json(r#"{"k": 6, "n": 20, "trials": 30, "seed": 7}"#).unwrap();
        let plan = SweepPlan::new(&c, Some(&[12, 20]), Some(&[0.1, 0.6]), Some(&Scheme::ALL));
        let points = sweep(&c, &plan.unwrap()).unwrap();
        assert!(points.iter().any(|p| p.failures > 0 && p.mse.is_some()));
        for p in &points {
            let counted: usize = p.failed_because.iter().map(|(_, c)| c).sum();
            assert_eq!(counted, p.failures, "{p:?}");
        }
        json_round_trip(&points);
        // f not finite at an input: every round fails, for that one reason.
        let ln = Config::from_json(r#"{"function": {"expr": "ln(x)"}, "trials": 4}"#).unwrap();
        let plan = SweepPlan::new(&ln, Some(&[10, 20]), None, Some(&Scheme::ALL)).unwrap();
        let points = sweep(&ln, &plan).unwrap();
        let input = Problem::new(&ln).unwrap().not_finite.unwrap();
        for p in &points {
            assert_eq!(p.failures, 4);
            assert!(
                matches!(p.failed_because[..], [(Failure::InputNotFinite { input: i, .. }, 4)] if i == input),
                "{p:?}"
            );
        }
        json_round_trip(&points);
        let lenet = Config::from_json(r#"{"function": "lenet5", "k": 4, "n": 9, "trials": 5}"#);
        let lenet = lenet.unwrap();
        let points = sweep(&lenet, &SweepPlan::new(&lenet, None, None, None).unwrap()).unwrap();
        assert!(points[0].acc.is_some() && points[0].rel_acc.is_some());
        json_round_trip(&points);
    }
}
