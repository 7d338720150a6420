//! The rates the papers claim (docs/mathematics.md, "What the papers
//! claim"), to overlay on measured curves.
//!
//! Why anchored: the claims are O(·) upper bounds without constants, so a
//! reference curve only shows a *shape*. It is scaled to pass through the
//! first measured point of the curve it is compared with; readers compare
//! slopes, not heights.

use coded_core::adversaries::AdversaryCount;
use coded_core::stragglers::Regime;
use coded_core::{Config, Scheme, StragglerModel};
use serde::{Deserialize, Serialize};

/// Which claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rate {
    /// Probabilistic regime, abstract: BACC O(log³_{1/p}(N) · N⁻³).
    AbstractBacc,
    /// Probabilistic regime, abstract: LeTCC O(log⁴_{1/p}(N) · N⁻²).
    AbstractLetcc,
    /// LeTCC paper, S stragglers, noise-free: O(S³ N⁻³) (S fixed: ∝ N⁻³).
    LetccDeterministic,
    /// LeTCC paper, at most S stragglers, noisy answers: O(S^{8/5} N^{-3/5})
    /// (S fixed: ∝ N^{-3/5}).
    LetccNoisy,
    /// The same bound under independent stragglers, with S = log_{1/p} N,
    /// the longest run of stragglers (the probabilistic-regime paper's
    /// substitution; with S ≈ pN, the expected count, it would not fall).
    LetccNoisyRun,
    /// The adversarial-settings paper, γ = N^a adversaries: the worst case
    /// of the average error is O(N^{(6/5)(a−1)}), a bound (`milli_a` is
    /// 1000·a, rounded, so that the rate stays a plain value).
    Adversarial { milli_a: u32 },
}

impl Rate {
    /// The claim's label, written as the source states it.
    pub fn label(self) -> String {
        match self {
            Rate::AbstractBacc => "abstract, BACC: O(log³₁/ₚ(N)·N⁻³)".into(),
            Rate::AbstractLetcc => "abstract, LeTCC: O(log⁴₁/ₚ(N)·N⁻²)".into(),
            Rate::LetccDeterministic => "LeTCC paper: O(S³·N⁻³)".into(),
            Rate::LetccNoisy => "LeTCC paper, noisy: O(S^8/5·N^−3/5)".into(),
            Rate::LetccNoisyRun => "LeTCC paper, noisy: O(S^8/5·N^−3/5), S = log₁/ₚ N".into(),
            Rate::Adversarial { milli_a } => format!(
                "adversarial paper, bound: O(N^(6/5)(a−1)), a = {}",
                f64::from(milli_a) / 1000.0
            ),
        }
    }

    /// The scheme the claim is about.
    pub fn scheme(self) -> Scheme {
        match self {
            Rate::AbstractBacc => Scheme::Bacc,
            Rate::AbstractLetcc
            | Rate::LetccDeterministic
            | Rate::LetccNoisy
            | Rate::LetccNoisyRun
            | Rate::Adversarial { .. } => Scheme::Letcc,
        }
    }

    /// The rate at N without its constant, or None where it is undefined
    /// (p = 0 or p ≥ 1 make log_{1/p} meaningless; N ≤ 1 makes it 0).
    pub fn value(self, n: f64, p: f64) -> Option<f64> {
        let log_base = |n: f64| {
            if p > 0.0 && p < 1.0 && n > 1.0 {
                Some(n.ln() / (1.0 / p).ln())
            } else {
                None
            }
        };
        let v = match self {
            Rate::AbstractBacc => log_base(n)?.powi(3) * n.powi(-3),
            Rate::AbstractLetcc => log_base(n)?.powi(4) * n.powi(-2),
            Rate::LetccDeterministic => n.powi(-3),
            Rate::LetccNoisy => n.powf(-0.6),
            Rate::LetccNoisyRun => log_base(n)?.powf(1.6) * n.powf(-0.6),
            Rate::Adversarial { milli_a } => n.powf(1.2 * (f64::from(milli_a) / 1000.0 - 1.0)),
        };
        (v.is_finite() && v > 0.0).then_some(v)
    }

    /// The claims that apply to a straggler model (by its regime, the
    /// core's [`StragglerModel::about`]), with noise-free answers (`noisy`
    /// false) or noisy ones (σ > 0: only the LeTCC paper's noisy bound is
    /// about that regime).
    pub fn for_model(model: &StragglerModel, noisy: bool) -> &'static [Rate] {
        match (model.about().regime, noisy) {
            (Regime::Probabilistic, false) => &[Rate::AbstractBacc, Rate::AbstractLetcc],
            (Regime::Counted, false) => &[Rate::LetccDeterministic],
            (Regime::Probabilistic, true) => &[Rate::LetccNoisyRun],
            (Regime::Counted, true) => &[Rate::LetccNoisy],
        }
    }
}

impl Rate {
    /// The claims that apply to a configuration: its straggler model's
    /// ([`Rate::for_model`]), and the adversarial bound when its
    /// adversaries are given by an exponent (with a count γ the paper's
    /// rate has no a).
    pub fn for_config(config: &Config) -> Vec<Rate> {
        let mut rates = Rate::for_model(&config.stragglers, config.noise > 0.0).to_vec();
        if let Some(AdversaryCount::Exponent(a)) = config.adversaries.as_ref().map(|a| a.size) {
            rates.push(Rate::Adversarial {
                milli_a: (a * 1000.0).round() as u32,
            });
        }
        rates
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_have_the_stated_shape() {
        let p = 0.2;
        let b = |n: f64| Rate::AbstractBacc.value(n, p).unwrap();
        // log³ N / N³: doubling N at large N divides by a bit less than 8.
        let r = b(2000.0) / b(4000.0);
        assert!(r > 6.0 && r < 8.0, "{r}");
        let l = |n: f64| Rate::AbstractLetcc.value(n, p).unwrap();
        let r = l(2000.0) / l(4000.0);
        assert!(r > 2.5 && r < 4.0, "{r}");
        assert!(Rate::AbstractBacc.value(100.0, 0.0).is_none());
        assert!(Rate::AbstractBacc.value(100.0, 1.0).is_none());
        assert_eq!(Rate::LetccDeterministic.value(10.0, 0.0), Some(1e-3));
        let adv = Rate::Adversarial { milli_a: 500 };
        let r = adv.value(100.0, 0.0).unwrap() / adv.value(1000.0, 0.0).unwrap();
        assert!((r - 10f64.powf(0.6)).abs() < 1e-9, "{r}");
        assert!(adv.label().contains("bound") && adv.label().contains("a = 0.5"));
    }

    #[test]
    fn the_adversarial_bound_joins_only_an_exponent() {
        let c = |text: &str| Config::from_json(text).unwrap();
        let plain = c("{}");
        assert_eq!(
            Rate::for_config(&plain),
            Rate::for_model(&plain.stragglers, false)
        );
        let exp = c(r#"{"adversaries": {"exponent": 0.3}}"#);
        assert!(Rate::for_config(&exp).contains(&Rate::Adversarial { milli_a: 300 }));
        let count = c(r#"{"adversaries": {"count": 3}}"#);
        assert_eq!(
            Rate::for_config(&count).len(),
            Rate::for_config(&plain).len()
        );
    }
}
