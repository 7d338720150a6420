//! Rounds and sweeps. Server answers f(x̃_n) do not depend on who straggles,
//! so they are computed once per (scheme, N) and every trial and every p only
//! re-draws the straggler pattern and decodes (MATH.md §2).

use crate::config::{Config, ConfigError};
use crate::functions::Computation;
use crate::points::{data_points, server_points};
use crate::portable::ln;
use crate::rng::Rng;
use crate::scheme::{resolve_lambda, Coder, DecodeError, Decoded, Scheme};
use crate::stragglers::{longest_run, survivors, StragglerDraw, StragglerModel};
use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

/// Stream tags: each kind of randomness has its own stream under the seed.
const TAG_INPUTS: u64 = 1;
const TAG_STRAGGLERS: u64 = 2;

/// The part of an experiment that does not depend on N or the scheme: the
/// function, the data points and the K inputs with their exact outputs.
pub struct Problem {
    pub config: Config,
    pub func: Box<dyn Computation>,
    pub alphas: Vec<f64>,
    /// K × d.
    pub inputs: DMatrix<f64>,
    /// K × m: f at every input, what the master wants.
    pub exact: DMatrix<f64>,
    /// True classes of the inputs (LeNet-5's digits).
    pub labels: Option<Vec<usize>>,
}

/// One scheme at one N: its coder, the coded inputs and every server's answer.
pub struct Prepared {
    pub coder: Coder,
    /// N × d.
    pub coded_inputs: DMatrix<f64>,
    /// N × m: f at every coded input (stragglers' answers included, unused).
    pub outputs: DMatrix<f64>,
}

/// What one straggler pattern gives.
#[derive(Clone, Debug)]
pub struct RoundOutcome {
    pub survivors: Vec<usize>,
    pub decoded: Result<Decoded, DecodeError>,
    /// (1/K) Σ_k ‖û_k − f(x_k)‖² over the recovered outputs; None when failed.
    pub squared_error: Option<f64>,
    /// Fraction of recovered outputs whose argmax agrees with f's (classifiers).
    pub relative_accuracy: Option<f64>,
    /// Fraction of recovered outputs whose argmax is the true label.
    pub accuracy: Option<f64>,
    /// Fraction of outputs not recovered (replication; 1 when failed).
    pub lost_fraction: f64,
}

impl RoundOutcome {
    pub fn failed(&self) -> bool {
        self.decoded.is_err()
    }
}

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

impl Problem {
    pub fn new(config: &Config) -> Result<Problem, ConfigError> {
        config.validate()?;
        let func = config
            .function
            .build()
            .map_err(|e| ConfigError::new("function", e))?;
        let mut rng = Rng::stream(config.seed, &[TAG_INPUTS, config.k as u64]);
        let drawn = func.sample_inputs(config.k, &mut rng);
        let exact = func.eval_batch(&drawn.x);
        Ok(Problem {
            config: config.clone(),
            alphas: data_points(config.k, config.points),
            func,
            inputs: drawn.x,
            exact,
            labels: drawn.labels,
        })
    }

    pub fn k(&self) -> usize {
        self.alphas.len()
    }

    pub fn coder(&self, scheme: Scheme, n: usize) -> Coder {
        let c = &self.config;
        Coder {
            scheme,
            alphas: self.alphas.clone(),
            betas: server_points(n, c.points),
            lambda_enc: c.lambda_enc,
            lambda_dec: resolve_lambda(c.lambda_dec, c.lambda_rule, c.n, n),
            poly_degree: self.func.polynomial_degree(),
        }
    }

    /// Encodes and runs f on all N servers.
    pub fn prepare(&self, scheme: Scheme, n: usize) -> Prepared {
        let coder = self.coder(scheme, n);
        let coded_inputs = coder.encode(&self.inputs);
        let outputs = self.func.eval_batch(&coded_inputs);
        Prepared {
            coder,
            coded_inputs,
            outputs,
        }
    }

    /// Decodes one straggler pattern and scores it.
    pub fn evaluate(&self, prepared: &Prepared, straggled: &[bool]) -> RoundOutcome {
        let surv = survivors(straggled);
        let answers = prepared.outputs.select_rows(surv.iter());
        let decoded = prepared.coder.decode(&surv, &answers);
        let (mut squared_error, mut relative_accuracy, mut accuracy, mut lost_fraction) =
            (None, None, None, 1.0);
        if let Ok(d) = &decoded {
            let k = self.k();
            let recovered: Vec<usize> = (0..k).filter(|&i| d.recovered[i]).collect();
            let count = recovered.len() as f64;
            lost_fraction = 1.0 - count / k as f64;
            let se: f64 = recovered
                .iter()
                .map(|&i| (d.estimates.row(i) - self.exact.row(i)).norm_squared())
                .sum::<f64>()
                / count;
            // A decoder can only produce a non-finite number from non-finite
            // answers; count that as a failure rather than show a NaN.
            if se.is_finite() {
                squared_error = Some(se);
            }
            if self.func.is_classifier() {
                let agree = recovered
                    .iter()
                    .filter(|&&i| {
                        argmax(d.estimates.row(i).iter().copied())
                            == argmax(self.exact.row(i).iter().copied())
                    })
                    .count();
                relative_accuracy = Some(agree as f64 / count);
            }
            if let Some(labels) = &self.labels {
                let right = recovered
                    .iter()
                    .filter(|&&i| argmax(d.estimates.row(i).iter().copied()) == labels[i])
                    .count();
                accuracy = Some(right as f64 / count);
            }
        }
        let decoded = match (decoded, squared_error) {
            (Ok(_), None) => {
                // A failed round, like any other: nothing recovered, no
                // accuracy (Monte-Carlo averages count failures apart).
                (relative_accuracy, accuracy, lost_fraction) = (None, None, 1.0);
                Err(DecodeError::Overflow)
            }
            (d, _) => d,
        };
        RoundOutcome {
            survivors: surv,
            decoded,
            squared_error,
            relative_accuracy,
            accuracy,
            lost_fraction,
        }
    }
}

/// The straggler pattern of trial `trial` with N servers. The stream depends
/// on (seed, N, trial) only, so every scheme and, for the iid model, every p
/// sees the same uniforms (common random numbers: curves compare fairly, and
/// error vs p is monotone in the pattern).
pub fn draw_stragglers(model: &StragglerModel, seed: u64, n: usize, trial: usize) -> StragglerDraw {
    let mut rng = Rng::stream(seed, &[TAG_STRAGGLERS, n as u64, trial as u64]);
    model.draw(n, &mut rng)
}

/// One round as the `coded round` JSON contract describes it.
#[derive(Clone, Debug, Serialize)]
pub struct RoundReport {
    pub scheme: Scheme,
    pub function: crate::functions::FunctionKind,
    pub k: usize,
    pub n: usize,
    pub trial: usize,
    pub alphas: Vec<f64>,
    pub betas: Vec<f64>,
    pub inputs: Vec<Vec<f64>>,
    pub coded_inputs: Vec<Vec<f64>>,
    pub outputs: Vec<Vec<f64>>,
    /// Per server in β order: did it straggle.
    pub straggled: Vec<bool>,
    pub finish_times: Option<Vec<f64>>,
    pub survivors: Vec<usize>,
    pub longest_straggler_run: usize,
    /// K × m; a row is null when replication lost that output. Null when failed.
    pub estimates: Option<Vec<Option<Vec<f64>>>>,
    pub exact: Vec<Vec<f64>>,
    pub squared_error: Option<f64>,
    pub relative_accuracy: Option<f64>,
    /// Against the true labels (LeNet-5).
    pub accuracy: Option<f64>,
    pub labels: Option<Vec<usize>>,
    pub lost_fraction: f64,
    pub lambda_dec_used: Option<f64>,
    pub failed: bool,
    pub failure: Option<String>,
}

pub fn rows(m: &DMatrix<f64>) -> Vec<Vec<f64>> {
    (0..m.nrows())
        .map(|r| m.row(r).iter().copied().collect())
        .collect()
}

/// Runs trial `trial` of the configuration's own scheme and N.
pub fn run_round(config: &Config, trial: usize) -> Result<RoundReport, ConfigError> {
    let problem = Problem::new(config)?;
    let prepared = problem.prepare(config.scheme, config.n);
    let draw = draw_stragglers(&config.stragglers, config.seed, config.n, trial);
    let outcome = problem.evaluate(&prepared, &draw.straggled);
    let estimates = outcome.decoded.as_ref().ok().map(|d| {
        (0..problem.k())
            .map(|i| d.recovered[i].then(|| d.estimates.row(i).iter().copied().collect()))
            .collect()
    });
    Ok(RoundReport {
        scheme: config.scheme,
        function: config.function,
        k: config.k,
        n: config.n,
        trial,
        alphas: problem.alphas.clone(),
        betas: prepared.coder.betas.clone(),
        inputs: rows(&problem.inputs),
        coded_inputs: rows(&prepared.coded_inputs),
        outputs: rows(&prepared.outputs),
        longest_straggler_run: longest_run(&draw.straggled),
        straggled: draw.straggled,
        finish_times: draw.finish_times,
        survivors: outcome.survivors.clone(),
        estimates,
        exact: rows(&problem.exact),
        squared_error: outcome.squared_error,
        relative_accuracy: outcome.relative_accuracy,
        accuracy: outcome.accuracy,
        labels: problem.labels.clone(),
        lost_fraction: outcome.lost_fraction,
        lambda_dec_used: outcome.decoded.as_ref().ok().and_then(|d| d.lambda_dec),
        failed: outcome.failed(),
        failure: outcome.decoded.as_ref().err().map(|e| e.to_string()),
    })
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
            None => vec![config.stragglers],
        };
        for m in &models {
            crate::config::validate_stragglers(m)?;
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
            let o = problem.evaluate(prepared, &draw.straggled);
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

/// Least-squares slope of log(mean squared error) against log N, over the
/// points that have a positive error; None with fewer than two.
pub fn fitted_slope(points: &[&SweepPoint]) -> Option<f64> {
    let xy: Vec<(f64, f64)> = points
        .iter()
        .filter_map(|p| {
            p.mse
                .filter(|s| s.mean > 0.0)
                .map(|s| (ln(p.n as f64), ln(s.mean)))
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
pub fn curves(points: &[SweepPoint]) -> Vec<Vec<&SweepPoint>> {
    let mut out: Vec<Vec<&SweepPoint>> = Vec::new();
    for p in points {
        match out.last_mut() {
            Some(c) if c[0].scheme == p.scheme && c.last().is_some_and(|q| q.n < p.n) => c.push(p),
            _ => out.push(vec![p]),
        }
    }
    out
}
