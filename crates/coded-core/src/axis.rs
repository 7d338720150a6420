//! The settings an error plot can be drawn against: one table, one entry per
//! setting (N, p, λ_dec, λ_enc, σ, K, the deadline τ, the adversaries' count
//! or exponent), each with its name in
//! the configuration, its key in the page's links, its words, whether its
//! axis is logarithmic, its default values, and how a value is put into a
//! configuration.
//!
//! Why a table: the page's tabs, the worker's plan, the views' titles and
//! the CLI's `coded sweep --over` all read these entries, so a new axis is
//! one entry here, not a hand-written tab (and nothing else: the page, the
//! CLI and the docs' list follow).
//!
//! Log or linear by kind: quantities that range over decades (N, the λ's,
//! σ) get a log axis; a probability (p), a count of data points (K, whose
//! useful values are a few to a few tens, below N) and a time (τ) a linear
//! one.

use crate::adversaries::{Adversaries, AdversaryCount};
use crate::config::{Config, ConfigError};
use crate::lambda::LambdaDec;
use crate::limits::{DEFAULT_DEADLINE, DEFAULT_RATE, DEFAULT_SHIFT};
use crate::stragglers::StragglerModel;
use serde::{Deserialize, Serialize};

/// What one axis is (see the module's table).
pub struct AxisEntry {
    /// Its own name: in `coded sweep --over`, in the CSV's first column and
    /// in the study's `over`.
    pub name: &'static str,
    /// The configuration field that holds it (p and τ live in `stragglers`):
    /// the field its refusals name.
    pub field: &'static str,
    /// The page's link key of the setting (its entry in the app's table of
    /// settings; a test there checks that it exists and is this field).
    pub key: &'static str,
    /// Its symbol in titles and messages ("σ").
    pub symbol: &'static str,
    /// The axis's label ("σ (noise on every answer)").
    pub words: &'static str,
    /// A logarithmic axis (else linear).
    pub log: bool,
    /// Its values are whole numbers.
    pub whole: bool,
    /// The values a plot takes when none are given.
    pub defaults: fn() -> Vec<f64>,
    /// The configured value, if the configuration has one (the plot's
    /// marker); None where the setting is not a number (λ_dec by GCV) or
    /// its model is another (p under a fixed S).
    pub configured: fn(&Config) -> Option<f64>,
    /// Puts a value into a configuration (unchecked: [`Axis::apply`]
    /// checks the result).
    pub set: fn(&mut Config, f64),
}

/// Writes the enum [`Axis`] and its table from one list of entries: a
/// variant exists only through its entry.
macro_rules! axes {
    ($( $(#[$doc:meta])* $variant:ident = $wire:literal $entry:tt )*) => {
        /// A setting an error plot can run along. Its serde names
        /// ("ErrorVsN", ...) are what saved studies hold: a study file
        /// reads the same whichever version of the page saved it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum Axis {
            $( $(#[$doc])* #[serde(rename = $wire)] $variant, )*
        }

        impl Axis {
            /// Every axis, in the order the page offers them.
            pub const ALL: [Axis; [$($wire),*].len()] = [$(Axis::$variant),*];

            /// Its entry.
            pub fn entry(self) -> &'static AxisEntry {
                match self {
                    $( Axis::$variant => &AxisEntry $entry, )*
                }
            }
        }
    };
}

/// The values of the N list a page starts with.
pub const DEFAULT_NS: [usize; 6] = [10, 20, 40, 80, 160, 320];

/// p values of the error-vs-p plot when none are given.
pub const P_GRID: [f64; 10] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/// λ_dec values of the error-vs-λ_dec plot when none are given: from
/// interpolation to heavy smoothing.
pub fn lambda_grid() -> Vec<f64> {
    (-12..=1).map(|e| 10f64.powi(e)).collect()
}

/// The configured adversaries (attack, placement, bound) with another size,
/// or the defaults' with it.
fn adversaries_of(c: &Config, size: AdversaryCount) -> Adversaries {
    let base = c
        .adversaries
        .clone()
        .unwrap_or_else(|| Adversaries::count(0));
    Adversaries { size, ..base }
}

/// The deadline model's parameters, the configured ones or the defaults.
fn deadline_of(c: &Config) -> (f64, f64, f64) {
    c.stragglers
        .params()
        .deadline
        .unwrap_or((DEFAULT_SHIFT, DEFAULT_RATE, DEFAULT_DEADLINE))
}

axes! {
    N = "ErrorVsN" {
        name: "n",
        field: "n",
        key: "n",
        symbol: "N",
        words: "N (servers)",
        log: true,
        whole: true,
        defaults: || DEFAULT_NS.iter().map(|&n| n as f64).collect(),
        configured: |c| Some(c.n as f64),
        set: |c, v| *c = c.with_n(v as usize),
    }
    /// Selects independent stragglers with this p.
    P = "ErrorVsP" {
        name: "p",
        field: "stragglers",
        key: "p",
        symbol: "p",
        words: "p (probability that a server straggles)",
        log: false,
        whole: false,
        defaults: || P_GRID.to_vec(),
        configured: |c| c.stragglers.params().p,
        set: |c, p| c.stragglers = StragglerModel::Iid { p },
    }
    LambdaDec = "ErrorVsLambda" {
        name: "lambda_dec",
        field: "lambda_dec",
        key: "ld",
        symbol: "λ_dec",
        words: "λ_dec",
        log: true,
        whole: false,
        defaults: lambda_grid,
        configured: |c| match c.lambda_dec {
            LambdaDec::Value(l) => Some(l),
            LambdaDec::Auto(_) => None,
        },
        set: |c, l| c.lambda_dec = LambdaDec::Value(l),
    }
    LambdaEnc = "ErrorVsLambdaEnc" {
        name: "lambda_enc",
        field: "lambda_enc",
        key: "le",
        symbol: "λ_enc",
        words: "λ_enc (the encoder's smoothing)",
        log: true,
        whole: false,
        defaults: || vec![1e-10, 1e-8, 1e-6, 1e-4, 1e-2, 1.0],
        configured: |c| Some(c.lambda_enc),
        set: |c, l| c.lambda_enc = l,
    }
    Noise = "ErrorVsNoise" {
        name: "noise",
        field: "noise",
        key: "sigma",
        symbol: "σ",
        words: "σ (noise on every answer)",
        log: true,
        whole: false,
        defaults: || vec![1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0],
        configured: |c| Some(c.noise),
        set: |c, s| c.noise = s,
    }
    K = "ErrorVsK" {
        name: "k",
        field: "k",
        key: "k",
        symbol: "K",
        words: "K (data points)",
        log: false,
        whole: true,
        defaults: || vec![2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 16.0, 20.0],
        configured: |c| Some(c.k as f64),
        set: |c, k| c.k = k as usize,
    }
    /// Selects the deadline model (with the configured shift and rate, or
    /// the defaults).
    Deadline = "ErrorVsDeadline" {
        name: "deadline",
        field: "stragglers",
        key: "tau",
        symbol: "τ",
        words: "τ (the deadline)",
        log: false,
        whole: false,
        defaults: || vec![1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0],
        configured: |c| c.stragglers.params().deadline.map(|d| d.2),
        set: |c, deadline| {
            let (shift, rate, _) = deadline_of(c);
            c.stragglers = StragglerModel::Deadline { shift, rate, deadline };
        },
    }
    /// The number of adversarial servers γ, the same at every point
    /// (with the configured attack, placement and bound, or the defaults).
    AdversaryCount = "ErrorVsAdversaries" {
        name: "adversaries",
        field: "adversaries",
        key: "adv",
        symbol: "γ",
        words: "γ (adversarial servers)",
        log: false,
        whole: true,
        defaults: || vec![0.0, 1.0, 2.0, 4.0, 8.0, 16.0],
        configured: |c| match c.adversaries.as_ref().map(|a| a.size) {
            Some(AdversaryCount::Count(g)) => Some(g as f64),
            Some(AdversaryCount::Exponent(_)) | None => None,
        },
        set: |c, g| c.adversaries = Some(adversaries_of(c, AdversaryCount::Count(g as usize))),
    }
    /// The adversaries' exponent a: γ = ⌈N^a⌉ (the adversarial paper's
    /// setting; its bound falls like N^((6/5)(a−1)), so the error should
    /// rise with a and stop falling as a → 1).
    AdversaryExponent = "ErrorVsAdversaryExponent" {
        name: "adversary_exponent",
        field: "adversaries",
        key: "adv_exp",
        symbol: "a",
        words: "a (γ = ⌈N^a⌉ adversarial servers)",
        log: false,
        whole: false,
        defaults: || vec![0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
        configured: |c| match c.adversaries.as_ref().map(|a| a.size) {
            Some(AdversaryCount::Exponent(a)) => Some(a),
            Some(AdversaryCount::Count(_)) | None => None,
        },
        set: |c, a| c.adversaries = Some(adversaries_of(c, AdversaryCount::Exponent(a))),
    }
}

// Not derived: the macro writes the variants from the table, and the
// default (the page's first plot) is chosen here.
#[allow(clippy::derivable_impls)]
impl Default for Axis {
    fn default() -> Self {
        Axis::N
    }
}

impl Axis {
    /// The axis named by its own name or its link key (`noise` or `sigma`).
    pub fn parse(text: &str) -> Option<Axis> {
        let t = text.trim();
        Axis::ALL
            .into_iter()
            .find(|a| a.entry().name == t || a.entry().key == t)
    }

    /// The names `parse` takes, for messages.
    pub fn names() -> String {
        let names: Vec<String> = Axis::ALL
            .iter()
            .map(|a| {
                let e = a.entry();
                if e.name == e.key {
                    e.name.to_string()
                } else {
                    format!("{} ({})", e.name, e.key)
                }
            })
            .collect();
        names.join(", ")
    }

    /// The configuration with this setting at `value`, checked: a value the
    /// setting or the rest of the configuration refuses (K above N, a
    /// negative σ, a K of 2.5) is an error that names the setting and the
    /// value, in words.
    pub fn apply(self, config: &Config, value: f64) -> Result<Config, ConfigError> {
        let e = self.entry();
        let refused = |why: String| {
            ConfigError::new(
                e.field,
                format!("{} = {value} cannot be used: {why}", e.symbol),
            )
        };
        if !value.is_finite() {
            return Err(refused("it is not a finite number".into()));
        }
        if value < 0.0 {
            return Err(refused(format!("{} cannot be negative", e.symbol)));
        }
        if e.whole && (value.fract() != 0.0 || value > u32::MAX as f64) {
            return Err(refused(format!("{} takes whole numbers", e.symbol)));
        }
        let mut c = config.clone();
        (e.set)(&mut c, value);
        c.validate().map_err(|err| refused(err.message))?;
        Ok(c)
    }

    /// The configurations of a list of values: the accepted ones with their
    /// value, in the list's order (repeated values once), and the refusals.
    pub fn apply_all(
        self,
        config: &Config,
        values: &[f64],
    ) -> (Vec<(f64, Config)>, Vec<ConfigError>) {
        let (mut ok, mut refused) = (vec![], vec![]);
        for &v in values {
            if ok.iter().any(|(w, _): &(f64, Config)| *w == v) {
                continue;
            }
            match self.apply(config, v) {
                Ok(c) => ok.push((v, c)),
                Err(e) => refused.push(e),
            }
        }
        (ok, refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_keys_find_their_axis_and_are_distinct() {
        for a in Axis::ALL {
            let e = a.entry();
            assert_eq!(Axis::parse(e.name), Some(a));
            assert_eq!(Axis::parse(e.key), Some(a));
            assert!(crate::config::FIELD_NAMES.contains(&e.field), "{}", e.name);
            // Every default value is accepted by the default configuration
            // at a large enough N.
            let c = Config {
                n: 400,
                ..Config::default()
            };
            let (ok, refused) = a.apply_all(&c, &(e.defaults)());
            assert!(refused.is_empty(), "{}: {refused:?}", e.name);
            assert_eq!(ok.len(), (e.defaults)().len());
        }
        assert_eq!(Axis::parse("sigma"), Some(Axis::Noise));
        assert_eq!(Axis::parse("noise"), Some(Axis::Noise));
        assert_eq!(Axis::parse("bogus"), None);
        let mut all: Vec<&str> = Axis::ALL
            .iter()
            .flat_map(|a| [a.entry().name, a.entry().key])
            .collect();
        all.sort();
        all.dedup();
        // name == key for n, p, k: 9 names, 6 more keys.
        assert_eq!(all.len(), 15);
        assert_eq!(Axis::default(), Axis::N);
    }

    #[test]
    fn values_go_into_their_field() {
        let c = Config::default();
        assert_eq!(Axis::Noise.apply(&c, 0.1).unwrap().noise, 0.1);
        assert_eq!(Axis::K.apply(&c, 4.0).unwrap().k, 4);
        assert_eq!(Axis::N.apply(&c, 80.0).unwrap().n, 80);
        assert_eq!(Axis::LambdaEnc.apply(&c, 1e-3).unwrap().lambda_enc, 1e-3);
        assert_eq!(
            Axis::LambdaDec.apply(&c, 1e-6).unwrap().lambda_dec,
            LambdaDec::Value(1e-6)
        );
        assert_eq!(
            Axis::P.apply(&c, 0.4).unwrap().stragglers,
            StragglerModel::Iid { p: 0.4 }
        );
        let d = Config::from_json(
            r#"{"stragglers": {"model": "deadline", "shift": 0.5, "rate": 2, "deadline": 1}}"#,
        )
        .unwrap();
        assert_eq!(
            Axis::Deadline.apply(&d, 2.0).unwrap().stragglers,
            StragglerModel::Deadline {
                shift: 0.5,
                rate: 2.0,
                deadline: 2.0
            }
        );
        assert_eq!((Axis::Deadline.entry().configured)(&d), Some(1.0));
        assert_eq!((Axis::Deadline.entry().configured)(&c), None);
        // From another model: the deadline model's defaults.
        assert_eq!(
            Axis::Deadline
                .apply(&c, 2.0)
                .unwrap()
                .stragglers
                .params()
                .deadline,
            Some((DEFAULT_SHIFT, DEFAULT_RATE, 2.0))
        );
    }

    #[test]
    fn refused_values_name_the_setting_and_the_value() {
        let c = Config::default();
        for (axis, v, words) in [
            (
                Axis::K,
                50.0,
                "K = 50 cannot be used: got 50; expected a whole number from 1 to min(n, 1024)",
            ),
            (
                Axis::K,
                2.5,
                "K = 2.5 cannot be used: K takes whole numbers",
            ),
            (
                Axis::Noise,
                -1.0,
                "σ = -1 cannot be used: σ cannot be negative",
            ),
            (
                Axis::Noise,
                1e4,
                "σ = 10000 cannot be used: got 10000; expected a number in [0, 1e3]",
            ),
            (Axis::K, -2.0, "K = -2 cannot be used: K cannot be negative"),
            (Axis::P, 1.5, "p = 1.5 cannot be used"),
            (Axis::N, 5.0, "N = 5 cannot be used"),
            (
                Axis::LambdaDec,
                f64::NAN,
                "λ_dec = NaN cannot be used: it is not a finite number",
            ),
        ] {
            let e = axis.apply(&c, v).unwrap_err();
            assert_eq!(e.field, axis.entry().field);
            assert!(e.message.starts_with(words), "{}", e.message);
        }
        let (ok, refused) = Axis::K.apply_all(&c, &[2.0, 50.0, 2.0, 5.0]);
        let ks: Vec<f64> = ok.iter().map(|(v, _)| *v).collect();
        assert_eq!(ks, [2.0, 5.0]);
        assert_eq!(refused.len(), 1);
    }
}
