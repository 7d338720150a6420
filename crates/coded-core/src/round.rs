//! One round as it is computed: the straggler pattern of one trial, its
//! adversaries, the patterns of the rounds before it, and (when the
//! configuration's scheme is prepared) its decoding.
//!
//! Why one type: `coded round`, the app's round stage and every test that
//! looks at a round start from the same draws; the views the panels make of
//! a round only read this, so they compute nothing of their own.

use std::borrow::Cow;

use nalgebra::DMatrix;

use crate::config::Config;
use crate::points::server_points;
use crate::problem::{draw_adversaries, draw_stragglers, Prepared, Problem, RoundOutcome};
use crate::stragglers::{longest_run, StragglerDraw};

/// One trial of a configuration.
pub struct Round<'a> {
    pub config: &'a Config,
    /// The trial (0-based).
    pub trial: usize,
    /// The server points β_n, ascending.
    pub betas: Vec<f64>,
    /// Who straggled (and, for the deadline model, when each server finished).
    pub draw: StragglerDraw,
    /// The adversarial servers, ascending (empty without adversaries).
    pub adversarial_servers: Vec<usize>,
    /// The longest run of consecutive stragglers in β order.
    pub longest_run: usize,
    /// The first trial of [`Round::recent`].
    pub recent_first: usize,
    /// The straggler patterns of trials `recent_first ..= trial`: at most
    /// [`Round::RECENT`] of them, and never more than the configuration has.
    pub recent: Vec<Vec<bool>>,
    /// The decoding, when the scheme was prepared (see [`Round::compute`]).
    pub decoded: Option<Decoding<'a>>,
}

/// How a round decoded: the problem, the scheme prepared at N, what the
/// servers returned and the outcome.
pub struct Decoding<'a> {
    pub problem: &'a Problem,
    pub prepared: &'a Prepared,
    /// N × m: every server's answer in this trial, its noise and an
    /// adversary's corruption included (the stragglers' answers unused).
    pub answers: Cow<'a, DMatrix<f64>>,
    pub outcome: RoundOutcome,
}

/// Curves of a decoded round sampled at points z in [-1, 1] (first output
/// coordinate), for drawing: only the finite samples, as (z, value).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundCurves {
    /// u_enc(z); empty for replication, which has no curve.
    pub encoder: Vec<(f64, f64)>,
    /// f(u_enc(z)): what the decoder tries to follow.
    pub composed: Vec<(f64, f64)>,
    /// u_dec(z) fitted to the survivors; empty when replication or failed.
    pub decoder: Vec<(f64, f64)>,
}

impl<'a> Round<'a> {
    /// How many rounds up to this one a round carries the patterns of:
    /// enough to see a pattern over trials, and a bounded amount of work
    /// and drawing at N = 8192.
    pub const RECENT: usize = 120;

    /// Trial `trial` of `config`; decoded when `prepared` holds the problem
    /// and the configuration's scheme prepared at its N.
    pub fn compute(
        config: &'a Config,
        trial: usize,
        prepared: Option<(&'a Problem, &'a Prepared)>,
    ) -> Round<'a> {
        let n = config.n;
        let model = &config.stragglers;
        let draw = draw_stragglers(model, config.seed, n, trial);
        let rows = config.trials.min(Round::RECENT);
        let recent_first = (trial + 1).saturating_sub(rows);
        let recent = (recent_first..recent_first + rows)
            .map(|t| {
                if t == trial {
                    draw.straggled.clone()
                } else {
                    draw_stragglers(model, config.seed, n, t).straggled
                }
            })
            .collect();
        let decoded = prepared.map(|(problem, prepared)| {
            let answers = problem.answers(prepared, trial);
            let outcome =
                problem.evaluate_answers(prepared, &draw.straggled, trial, Some(&answers));
            Decoding {
                problem,
                prepared,
                answers,
                outcome,
            }
        });
        Round {
            config,
            trial,
            betas: server_points(n, config.points),
            longest_run: longest_run(&draw.straggled),
            adversarial_servers: draw_adversaries(config, n, trial),
            draw,
            recent_first,
            recent,
            decoded,
        }
    }

    /// The servers that answered, ascending.
    pub fn survivors(&self) -> Vec<usize> {
        self.draw.survivors()
    }

    /// The M the adversaries' box takes when no bound is given (what a
    /// control set to automatic says it uses): None without adversaries, or
    /// when the round was not decoded (M needs the data's exact outputs).
    pub fn automatic_adversary_bound(&self) -> Option<f64> {
        self.config.adversaries.as_ref()?;
        let d = self.decoded.as_ref()?;
        Some(crate::adversaries::automatic_bound(&d.problem.exact))
    }
}

impl Decoding<'_> {
    /// The encoder, f ∘ encoder and decoder curves at `z`.
    pub fn curves(&self, z: &[f64]) -> RoundCurves {
        let coder = &self.prepared.coder;
        let finite = |ys: &DMatrix<f64>| -> Vec<(f64, f64)> {
            z.iter()
                .zip(ys.column(0).iter())
                .filter(|(_, y)| y.is_finite())
                .map(|(x, y)| (*x, *y))
                .collect()
        };
        let (encoder, composed) = match coder.encoder_curve(&self.problem.inputs, z) {
            Some(u) => (finite(&u), finite(&self.problem.func.eval_batch(&u))),
            None => (vec![], vec![]),
        };
        let survivors = &self.outcome.survivors;
        let answered = self.answers.select_rows(survivors.iter());
        let decoder = match coder.decoder_curve(survivors, &answered, z) {
            Some(Ok((d, _))) if self.outcome.decoded.is_ok() => finite(&d),
            _ => vec![],
        };
        RoundCurves {
            encoder,
            composed,
            decoder,
        }
    }
}
