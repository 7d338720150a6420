//! Sweeps: error against N (and p, and scheme) by Monte-Carlo over straggler
//! draws, and the points of the curves they give.
//!
//! Separate from `problem` (what one draw gives) because this is about many
//! draws: the plan, the ordering of points, and a Monte-Carlo run the app can
//! advance in slices.

use crate::config::{validate_stragglers, Config, ConfigError};
use crate::metrics::{CurvePoint, Stats};
use crate::problem::{draw_stragglers, Prepared, Problem};
use crate::scheme::Scheme;
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
    pub rmse: Option<Stats>,
    pub rel_acc: Option<Stats>,
    /// Accuracy against the true labels (classifiers with labels).
    pub acc: Option<Stats>,
    pub lost_mean: f64,
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
        mc.finish(prepared, model)
    }
}

/// A Monte-Carlo run that can be advanced a few trials at a time.
///
/// Why: at the largest settings (N = 8192, 10⁴ trials) one point takes
/// minutes; the app's worker advances it in slices so that it can report
/// progress and be cancelled between them. Trials are taken in the same
/// order whatever the slices, so the result is bit for bit the one of
/// [`Problem::monte_carlo`] (which is this, in one slice).
#[derive(Clone, Debug)]
pub struct MonteCarlo {
    trials: usize,
    done: usize,
    se: Vec<f64>,
    rmse: Vec<f64>,
    rel: Vec<f64>,
    acc: Vec<f64>,
    lost: f64,
}

impl MonteCarlo {
    pub fn new(trials: usize) -> MonteCarlo {
        MonteCarlo {
            trials,
            done: 0,
            se: vec![],
            rmse: vec![],
            rel: vec![],
            acc: vec![],
            lost: 0.0,
        }
    }

    /// Trials run so far, and in all.
    pub fn done(&self) -> usize {
        self.done
    }

    pub fn trials(&self) -> usize {
        self.trials
    }

    pub fn is_finished(&self) -> bool {
        self.done >= self.trials
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
        let end = self.trials.min(self.done.saturating_add(count));
        for t in self.done..end {
            let draw = draw_stragglers(model, seed, n, t);
            let o = problem.evaluate(prepared, &draw.straggled, t);
            self.lost += o.lost_fraction;
            if let Some(e) = o.squared_error {
                self.se.push(e);
                self.rmse.push(e.sqrt());
            }
            if let Some(a) = o.relative_accuracy {
                self.rel.push(a);
            }
            if let Some(a) = o.accuracy {
                self.acc.push(a);
            }
        }
        self.done = end;
    }

    /// The point, over the trials run (all of them once finished).
    pub fn finish(&self, prepared: &Prepared, model: &StragglerModel) -> SweepPoint {
        let n = prepared.coder.n();
        SweepPoint {
            scheme: prepared.coder.scheme,
            n,
            p: model.straggle_probability(n),
            trials: self.done,
            failures: self.done - self.se.len(),
            mse: Stats::of(&self.se),
            rmse: Stats::of(&self.rmse),
            rel_acc: Stats::of(&self.rel),
            acc: Stats::of(&self.acc),
            lost_mean: self.lost / self.done.max(1) as f64,
        }
    }
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
    fn sweep_points_survive_a_json_round_trip() {
        let c = Config::from_json(r#"{"k": 6, "n": 20, "trials": 30, "seed": 7}"#).unwrap();
        let plan = SweepPlan::new(&c, Some(&[12, 20]), Some(&[0.1, 0.6]), Some(&Scheme::ALL));
        let points = sweep(&c, &plan.unwrap()).unwrap();
        assert!(points.iter().any(|p| p.failures > 0 && p.mse.is_some()));
        json_round_trip(&points);
        let lenet = Config::from_json(r#"{"function": "lenet5", "k": 4, "n": 9, "trials": 5}"#);
        let lenet = lenet.unwrap();
        let points = sweep(&lenet, &SweepPlan::new(&lenet, None, None, None).unwrap()).unwrap();
        assert!(points[0].acc.is_some() && points[0].rel_acc.is_some());
        json_round_trip(&points);
    }
}
