//! The decoder's λ (LeTCC's smoothing): a number or chosen per round by
//! GCV, and how a number follows N in a sweep (fixed, shrinking with the
//! node spacing, growing with the adversaries), with the names and words of
//! each choice.

use crate::limits::MAX_LAMBDA;
use crate::portable::{exp, ln};
use crate::wire::wire_enum;
use serde::{Deserialize, Serialize};

/// The decoder's λ: a number, or chosen per round by generalized
/// cross-validation. JSON: `1e-6` or `"gcv"`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LambdaDec {
    Value(f64),
    Auto(AutoLambda),
}

wire_enum! {
    /// The ways λ_dec can be chosen per round.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub enum AutoLambda {
        /// Generalized cross-validation.
        Gcv = "gcv",
    }
}

impl Default for LambdaDec {
    /// GCV: measured best for x·sin x and |x| at every N (docs/mathematics.md,
    /// "Choosing λ_dec"); a fixed λ stops the error falling once its bias dominates.
    fn default() -> Self {
        LambdaDec::Auto(AutoLambda::Gcv)
    }
}

impl std::fmt::Display for LambdaDec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LambdaDec::Value(v) => write!(f, "{v}"),
            LambdaDec::Auto(a) => f.write_str(a.name()),
        }
    }
}

wire_enum! {
    /// How a numeric λ_dec varies with N in a sweep.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum LambdaRule {
        /// λ_dec as given, at every N.
        #[default]
        Fixed = "fixed" => "Fixed at every N",
        /// λ_dec as given at the configuration's own N, scaled by (n / N)⁴ at
        /// other N: the smoothing length λ^{1/4} then shrinks like the node
        /// spacing 1/N.
        Shrink = "shrink" => "Shrink with N",
        /// For adversarial servers (our rule, docs/mathematics.md, "The
        /// adversarial λ rule"): λ = c·(γ/N)² with γ the adversaries
        /// at N, c = λ_dec when it is a number and [`ADVERSARIAL_SCALE`]
        /// when it is "gcv" (GCV then only decides when γ = 0).
        Adversarial = "adversarial" => "Grow with the adversaries",
    }
}

/// c of the adversarial rule when λ_dec is "gcv": fitted on x·sin x,
/// K = 10, adversaries nearest the data points at the box's edge
/// (docs/mathematics.md, "The adversarial λ rule").
pub const ADVERSARIAL_SCALE: f64 = 1e-4;

/// The exponent e of the adversarial rule λ = c·(γ/N)^e: the measured best
/// λ of that case grows like (γ/N)² (docs/mathematics.md).
pub const ADVERSARIAL_EXPONENT: f64 = 2.0;

impl LambdaRule {
    /// What it does, in words a UI shows after its label (every rule has
    /// one: a help text lists them all).
    pub fn about(self) -> String {
        use crate::limits::short_number;
        match self {
            LambdaRule::Fixed => {
                "λ_dec as given, at every N (automatic: GCV chooses it in every round)".into()
            }
            LambdaRule::Shrink => {
                "λ_dec as given at the N of the settings, N₀, and times (N₀/N)⁴ at \
                                   another N, so that the smoothing shrinks with the spacing of \
                                   the servers (automatic: GCV chooses it in every round)"
                    .into()
            }
            LambdaRule::Adversarial => format!(
                "λ_dec = c·(γ/N)^{} with γ the adversaries at N, c being λ_dec when it is a \
                 number and {} when it is automatic (GCV then chooses only without adversaries)",
                short_number(ADVERSARIAL_EXPONENT),
                short_number(ADVERSARIAL_SCALE)
            ),
        }
    }
}

/// The decoder's λ at N servers of which `gamma` are adversarial
/// (None: GCV chooses per round).
pub fn resolve_lambda(
    lambda: LambdaDec,
    rule: LambdaRule,
    n_config: usize,
    n: usize,
    gamma: usize,
) -> Option<f64> {
    match (lambda, rule) {
        (LambdaDec::Auto(AutoLambda::Gcv), LambdaRule::Adversarial) if gamma > 0 => {
            Some(adversarial_lambda(ADVERSARIAL_SCALE, gamma, n))
        }
        (LambdaDec::Auto(AutoLambda::Gcv), _) => None,
        (LambdaDec::Value(l), LambdaRule::Fixed) => Some(l),
        (LambdaDec::Value(l), LambdaRule::Shrink) => {
            let ratio = n_config as f64 / n.max(1) as f64;
            let r2 = ratio * ratio;
            Some((l * r2 * r2).min(MAX_LAMBDA))
        }
        (LambdaDec::Value(l), LambdaRule::Adversarial) => Some(adversarial_lambda(l, gamma, n)),
    }
}

/// c·(γ/N)^e, capped at the largest λ.
fn adversarial_lambda(c: f64, gamma: usize, n: usize) -> f64 {
    let fraction = gamma as f64 / n.max(1) as f64;
    if fraction == 0.0 {
        return 0.0;
    }
    (c * exp(ADVERSARIAL_EXPONENT * ln(fraction))).min(MAX_LAMBDA)
}
