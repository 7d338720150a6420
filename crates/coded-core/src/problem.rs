//! The part of an experiment every round and sweep shares: the problem (f,
//! the data points, the K inputs and their exact outputs), one scheme
//! prepared at one N, and the decoding and scoring of one straggler pattern.
//!
//! Server answers f(x̃_n) do not depend on who straggles, so they are
//! computed once per (scheme, N) and every trial and every p only re-draws
//! the straggler pattern and decodes (docs/mathematics.md, "Encode, compute,
//! decode"). Separate from `report` and `sweep`, the two ways of running
//! it, which both build on it.

use crate::coder::{Coder, Decoded};
use crate::computation::{Computation, Inputs};
use crate::config::{Config, ConfigError};
use crate::decode_error::DecodeError;
use crate::lambda::resolve_lambda;
use crate::metrics::argmax;
use crate::points::{data_points, server_points};
use crate::rng::Rng;
use crate::robust::{detect, DetectionCounts, Locator};
use crate::round_errors;
use crate::scheme::Scheme;
use crate::stragglers::{survivors, StragglerDraw, StragglerModel};
use nalgebra::DMatrix;
use std::borrow::Cow;

/// Stream tags: each kind of randomness has its own stream under the seed.
const TAG_INPUTS: u64 = 1;
const TAG_STRAGGLERS: u64 = 2;
const TAG_NOISE: u64 = 3;
/// The bootstrap of a sweep point's interval (`sweep`): its own stream, so
/// that it changes no draw of the rounds.
pub(crate) const TAG_BOOTSTRAP: u64 = 4;
/// The adversaries of a trial: which servers (sub-stream 0) and, for the
/// random attack, what they send (sub-stream 1).
const TAG_ADVERSARIES: u64 = 5;

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
    /// The first input at which f is not a finite number (a formula such
    /// as ln(x) at x < 0): every round then fails, with that reason.
    pub not_finite: Option<usize>,
}

/// One scheme at one N: its coder, the coded inputs and every server's answer.
pub struct Prepared {
    pub coder: Coder,
    /// N × d.
    pub coded_inputs: DMatrix<f64>,
    /// N × m: f at every coded input (stragglers' answers included, unused).
    pub outputs: DMatrix<f64>,
    /// The servers whose answer is not a finite number, ascending: a round
    /// in which one of them answers fails with that reason.
    pub not_finite: Vec<usize>,
}

/// What one straggler pattern gives.
#[derive(Clone, Debug)]
pub struct RoundOutcome {
    pub survivors: Vec<usize>,
    pub decoded: Result<Decoded, DecodeError>,
    /// (1/K) Σ_k ‖û_k − f(x_k)‖² over the recovered outputs; None when failed.
    pub squared_error: Option<f64>,
    /// The largest |û_kj − f(x_k)_j| over the recovered outputs and their
    /// coordinates ([`crate::round_errors`]); None when failed.
    pub max_error: Option<f64>,
    /// √(Σ_k ‖û_k − f(x_k)‖² / Σ_k ‖f(x_k)‖²) over the recovered outputs;
    /// None when failed or when f is 0 at every one of them.
    pub relative_error: Option<f64>,
    /// Fraction of recovered outputs whose argmax agrees with f's (classifiers).
    pub relative_accuracy: Option<f64>,
    /// Fraction of recovered outputs whose argmax is the true label.
    pub accuracy: Option<f64>,
    /// Fraction of outputs not recovered (replication; 1 when failed).
    pub lost_fraction: f64,
    /// A locating scheme's flags against the adversaries that answered
    /// (None for the other schemes, and when the round failed).
    pub detection: Option<DetectionCounts>,
}

impl RoundOutcome {
    pub fn failed(&self) -> bool {
        self.decoded.is_err()
    }
}

/// Squared errors at rounding level, relative to the outputs' squared size.
const ROUNDING: f64 = 1e-14;

/// [`Problem::rounding_level`] of a configuration's problem; 0 where it
/// cannot be built (an invalid configuration: nothing is drawn then).
pub fn rounding_level(config: &Config) -> f64 {
    Problem::new(config).map_or(0.0, |p| p.rounding_level())
}

impl Problem {
    pub fn new(config: &Config) -> Result<Problem, ConfigError> {
        config.validate()?;
        let func = config
            .function
            .build()
            .map_err(|e| ConfigError::new("function", e))?;
        let drawn = Problem::draw_inputs(config, func.as_ref());
        Problem::of(config, func, drawn)
    }

    /// The problem with your own f (the Python package's callable) in place
    /// of the configuration's function, on `inputs` when given (their first
    /// K rows, with their labels), else on the inputs the configuration's
    /// function draws (the same seed, the same inputs as the built-in's).
    pub fn with_function(
        config: &Config,
        func: Box<dyn Computation>,
        inputs: Option<&Inputs>,
    ) -> Result<Problem, ConfigError> {
        config.validate()?;
        let drawn = match inputs {
            Some(given) => {
                let rows = given.x.nrows();
                if rows < config.k {
                    let words = format!("K = {} needs K inputs; {rows} were given", config.k);
                    return Err(ConfigError::new("k", words));
                }
                Inputs {
                    x: given.x.rows(0, config.k).into_owned(),
                    labels: given.labels.as_ref().map(|l| l[..config.k].to_vec()),
                }
            }
            None => {
                let own = config
                    .function
                    .build()
                    .map_err(|e| ConfigError::new("function", e))?;
                Problem::draw_inputs(config, own.as_ref())
            }
        };
        Problem::of(config, func, drawn)
    }

    /// The K inputs `func` draws under the configuration's seed.
    fn draw_inputs(config: &Config, func: &dyn Computation) -> Inputs {
        let mut rng = Rng::stream(config.seed, &[TAG_INPUTS, config.k as u64]);
        func.sample_inputs(config.k, &mut rng)
    }

    fn of(
        config: &Config,
        func: Box<dyn Computation>,
        drawn: Inputs,
    ) -> Result<Problem, ConfigError> {
        let exact = func.eval_batch(&drawn.x);
        let not_finite = first_not_finite_row(&exact);
        Ok(Problem {
            config: config.clone(),
            alphas: data_points(config.k, config.points),
            func,
            inputs: drawn.x,
            exact,
            labels: drawn.labels,
            not_finite,
        })
    }

    pub fn k(&self) -> usize {
        self.alphas.len()
    }

    /// The squared error below which a decoded answer is exact up to
    /// rounding: 1e-14 of the outputs' mean squared size, 1/K Σₖ ‖f(xₖ)‖².
    ///
    /// Why so high: doubles carry about 16 digits, and a decoder that is
    /// exact in exact arithmetic loses some to the conditioning of its
    /// system. LCC's Lagrange basis with a few answers more than its
    /// threshold (the cubic, K = 4, N = 16, p = 0.5) gives mean squared
    /// errors up to 1e-19 of the size, with a median of 1e-27: rounding,
    /// not approximation. An approximate scheme's errors stay far above
    /// (the default sweep's smallest, LeTCC at N = 1280, is 5e-12 of it).
    pub fn rounding_level(&self) -> f64 {
        let size = self.exact.iter().map(|v| v * v).sum::<f64>() / self.k().max(1) as f64;
        if size.is_finite() && size > 0.0 {
            ROUNDING * size
        } else {
            0.0
        }
    }

    pub fn coder(&self, scheme: Scheme, n: usize) -> Coder {
        let c = &self.config;
        Coder {
            scheme,
            alphas: self.alphas.clone(),
            betas: server_points(n, c.points),
            lambda_enc: c.lambda_enc,
            lambda_dec: resolve_lambda(
                c.lambda_dec,
                c.lambda_rule,
                c.n,
                n,
                self.adversary_count_at(n),
            ),
            poly_degree: self.func.polynomial_degree(),
            tolerance: c.tolerance,
        }
    }

    /// Encodes and runs f on all N servers.
    pub fn prepare(&self, scheme: Scheme, n: usize) -> Prepared {
        let coder = self.coder(scheme, n);
        let coded_inputs = coder.encode(&self.inputs);
        let outputs = self.func.eval_batch(&coded_inputs);
        let not_finite = (0..outputs.nrows())
            .filter(|&r| !row_is_finite(&outputs, r))
            .collect();
        Prepared {
            coder,
            coded_inputs,
            outputs,
            not_finite,
        }
    }

    /// What the N servers return in trial `trial`: f at the coded inputs,
    /// plus independent N(0, σ²) noise on every coordinate when the
    /// configuration has noise σ > 0. The noise comes from its own stream
    /// under (seed, N, trial), drawn for every server in β order whether it
    /// straggles or not, so every scheme and every p of a sweep see the same
    /// noise; at σ = 0 nothing is drawn and the answers are f's own bits.
    ///
    /// Then the adversarial servers of the trial ([`Problem::adversaries`])
    /// replace theirs by the attack's (after the noise: an adversary sends
    /// what it likes, noise or not). A straggling adversary's answer is
    /// dropped with the other stragglers'.
    pub fn answers<'a>(&self, prepared: &'a Prepared, trial: usize) -> Cow<'a, DMatrix<f64>> {
        let sigma = self.config.noise;
        let out = &prepared.outputs;
        let n = out.nrows();
        let adversarial_servers = self.adversarial_servers(prepared, trial);
        if sigma == 0.0 && adversarial_servers.is_empty() {
            return Cow::Borrowed(out);
        }
        let mut answers = out.clone();
        if sigma != 0.0 {
            let mut rng = Rng::stream(self.config.seed, &[TAG_NOISE, n as u64, trial as u64]);
            // Row by row (server by server), whatever nalgebra's storage order.
            for r in 0..n {
                for c in 0..out.ncols() {
                    answers[(r, c)] += sigma * rng.normal();
                }
            }
        }
        if let Some(adv) = &self.config.adversaries {
            let mut rng = self.adversary_stream(n, trial, 1);
            // What a decoder-aware adversary fears: ApproxIFER's locator
            // with the configured tolerance on every server's answer.
            let everyone: Vec<usize> = (0..n).collect();
            let coder = &prepared.coder;
            let flags = |a: &DMatrix<f64>| {
                detect(
                    Locator::Fit,
                    coder.tolerance,
                    &everyone,
                    &coder.betas,
                    a,
                    self.k(),
                )
                .flagged
            };
            adv.corrupt(
                &mut answers,
                &adversarial_servers,
                self.adversary_bound(),
                &mut rng,
                &flags,
            );
        }
        Cow::Owned(answers)
    }

    /// γ, the number of adversarial servers at N (0 without adversaries).
    pub fn adversary_count_at(&self, n: usize) -> usize {
        self.config
            .adversaries
            .as_ref()
            .map_or(0, |a| a.count_at(n))
    }

    /// M, the box the adversaries' answers stay in (1 without adversaries).
    pub fn adversary_bound(&self) -> f64 {
        self.config
            .adversaries
            .as_ref()
            .map_or(1.0, |a| a.bound_for(&self.exact))
    }

    /// The adversarial servers of trial `trial`, ascending: drawn from their
    /// own stream under (seed, N, trial), so every scheme and every p see
    /// the same ones, and no other draw moves.
    pub fn adversarial_servers(&self, prepared: &Prepared, trial: usize) -> Vec<usize> {
        place_adversaries(&self.config, &self.alphas, &prepared.coder.betas, trial)
    }

    fn adversary_stream(&self, n: usize, trial: usize, part: u64) -> Rng {
        adversary_stream(self.config.seed, n, trial, part)
    }

    /// Decodes one straggler pattern of trial `trial` (whose noise, if any,
    /// the answers carry) and scores it.
    pub fn evaluate(&self, prepared: &Prepared, straggled: &[bool], trial: usize) -> RoundOutcome {
        self.evaluate_answers(prepared, straggled, trial, None)
    }

    /// [`Problem::evaluate`] with the trial's answers when the caller holds
    /// them already (a round shown in full), so that they are not formed
    /// again: for the stealth attack that is its whole search. None: formed
    /// here, only when the round can be decoded. (Not a closure: a generic
    /// would compile this body twice into the page's WebAssembly.)
    pub fn evaluate_answers(
        &self,
        prepared: &Prepared,
        straggled: &[bool],
        trial: usize,
        answers: Option<&DMatrix<f64>>,
    ) -> RoundOutcome {
        let surv = survivors(straggled);
        let scalar = |m: &DMatrix<f64>, r: usize| (m.ncols() == 1).then(|| m[(r, 0)]);
        let unusable = self
            .not_finite
            .map(|k| DecodeError::NotFinite {
                server: None,
                x: scalar(&self.inputs, k),
            })
            .or_else(|| {
                let n = *prepared.not_finite.iter().find(|n| !straggled[**n])?;
                Some(DecodeError::NotFinite {
                    server: Some(n),
                    x: scalar(&prepared.coded_inputs, n),
                })
            });
        if let Some(e) = unusable {
            return RoundOutcome {
                survivors: surv,
                decoded: Err(e),
                squared_error: None,
                max_error: None,
                relative_error: None,
                relative_accuracy: None,
                accuracy: None,
                lost_fraction: 1.0,
                detection: None,
            };
        }
        let answers = match answers {
            Some(held) => held.select_rows(surv.iter()),
            None => self.answers(prepared, trial).select_rows(surv.iter()),
        };
        let decoded = prepared.coder.decode(&surv, &answers);
        let detection = decoded.as_ref().ok().and_then(|d| {
            let liars: Vec<usize> = self
                .adversarial_servers(prepared, trial)
                .into_iter()
                .filter(|&s| !straggled[s])
                .collect();
            Some(d.detection.as_ref()?.counts(&liars))
        });
        let (mut squared_error, mut relative_accuracy, mut accuracy, mut lost_fraction) =
            (None, None, None, 1.0);
        let (mut max_error, mut relative_error) = (None, None);
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
                (max_error, relative_error) =
                    round_errors::max_and_relative(&d.estimates, &self.exact, &recovered);
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
        let detection = detection.filter(|_| decoded.is_ok());
        RoundOutcome {
            survivors: surv,
            decoded,
            squared_error,
            max_error,
            relative_error,
            relative_accuracy,
            accuracy,
            lost_fraction,
            detection,
        }
    }
}

fn row_is_finite(m: &DMatrix<f64>, r: usize) -> bool {
    m.row(r).iter().all(|v| v.is_finite())
}

/// The first row with a value that is not a finite number.
fn first_not_finite_row(m: &DMatrix<f64>) -> Option<usize> {
    (0..m.nrows()).find(|&r| !row_is_finite(m, r))
}

/// The straggler pattern of trial `trial` with N servers. The stream depends
/// on (seed, N, trial) only, so every scheme and, for the iid model, every p
/// sees the same uniforms (common random numbers: curves compare fairly, and
/// error vs p is monotone in the pattern).
pub fn draw_stragglers(model: &StragglerModel, seed: u64, n: usize, trial: usize) -> StragglerDraw {
    let mut rng = Rng::stream(seed, &[TAG_STRAGGLERS, n as u64, trial as u64]);
    model.draw(n, &mut rng)
}

/// The adversarial servers of trial `trial` with N servers, ascending (none
/// without adversaries): what [`Problem::adversaries`] gives, without
/// building the problem (the straggler panel's view).
pub fn draw_adversaries(config: &Config, n: usize, trial: usize) -> Vec<usize> {
    let alphas = data_points(config.k, config.points);
    place_adversaries(config, &alphas, &server_points(n, config.points), trial)
}

fn place_adversaries(config: &Config, alphas: &[f64], betas: &[f64], trial: usize) -> Vec<usize> {
    match &config.adversaries {
        Some(adv) => {
            let mut rng = adversary_stream(config.seed, betas.len(), trial, 0);
            adv.place(alphas, betas, &mut rng)
        }
        None => Vec::new(),
    }
}

fn adversary_stream(seed: u64, n: usize, trial: usize, part: u64) -> Rng {
    Rng::stream(seed, &[TAG_ADVERSARIES, n as u64, trial as u64, part])
}
