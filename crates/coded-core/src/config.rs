//! The one description of an experiment, shared by the CLI, the URL state and
//! the exported JSON. Parsed field by field so every error names its field.

use crate::functions::FunctionKind;
use crate::points::PointSet;
use crate::scheme::{LambdaDec, LambdaRule, Scheme};
use crate::stragglers::StragglerModel;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Largest N. A LeNet-5 round evaluates the CNN on N coded 784-pixel images
/// (about 0.42 M multiply-adds each) and keeps N×784 doubles: at 8192 that is
/// 51 MB and a few seconds in one browser thread, the most a tab should take.
pub const MAX_N: usize = 8192;
/// Largest K: the encoder matrix is N × K and the inputs K × d.
pub const MAX_K: usize = 1024;
/// Largest number of Monte-Carlo trials per point of a sweep: the cost of a
/// sweep grows linearly in it, and 10⁴ already gives a 1 % standard error.
pub const MAX_TRIALS: usize = 10_000;
/// Largest λ: far beyond the point where the spline is the least-squares
/// line, and small enough that n·λ·(scaling) stays finite.
pub const MAX_LAMBDA: f64 = 1e300;
/// Seeds stop at 2⁵³ − 1 so that they survive a round trip through
/// JavaScript numbers (URL state, exported JSON) exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Bound on the deadline model's times (shift, deadline) and rate.
pub const MAX_TIME: f64 = 1e6;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub scheme: Scheme,
    pub function: FunctionKind,
    pub k: usize,
    pub n: usize,
    pub points: PointSet,
    pub stragglers: StragglerModel,
    pub lambda_enc: f64,
    /// A number, or "gcv" (the default) to choose it per round.
    pub lambda_dec: LambdaDec,
    /// How a numeric λ_dec varies with N in a sweep (our addition).
    pub lambda_rule: LambdaRule,
    pub trials: usize,
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            scheme: Scheme::Bacc,
            function: FunctionKind::XSinX,
            k: 10,
            n: 40,
            points: PointSet::Chebyshev,
            stragglers: StragglerModel::default(),
            lambda_enc: 0.0,
            lambda_dec: LambdaDec::default(),
            lambda_rule: LambdaRule::default(),
            trials: 100,
            seed: 1,
        }
    }
}

/// An invalid configuration: which field, and what is allowed.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    pub field: String,
    pub message: String,
}

impl ConfigError {
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        ConfigError {
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid `{}`: {}", self.field, self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The allowed values of each field, as shown in error messages.
pub const FIELDS: &[(&str, &str)] = &[
    ("scheme", "one of \"bacc\", \"letcc\", \"lcc\", \"uncoded\""),
    ("function", "one of \"x_sin_x\", \"cubic\", \"abs\", \"lenet5\""),
    ("k", "an integer in 1..=min(n, 1024)"),
    ("n", "an integer in 1..=8192, at least k"),
    ("points", "one of \"chebyshev\", \"equispaced\""),
    (
        "stragglers",
        "{\"model\":\"iid\",\"p\":0..1} | {\"model\":\"fixed\",\"s\":0..=8192} | {\"model\":\"block\",\"s\":0..=8192} | {\"model\":\"deadline\",\"shift\":0..1e6,\"rate\":(0,1e6],\"deadline\":0..1e6}",
    ),
    ("lambda_enc", "a number in [0, 1e300]"),
    ("lambda_dec", "a number in [0, 1e300] or \"gcv\""),
    ("lambda_rule", "one of \"fixed\", \"shrink\""),
    ("trials", "an integer in 1..=10000"),
    ("seed", "an integer in 0..=9007199254740991"),
];

fn allowed(field: &str) -> &'static str {
    FIELDS
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, a)| *a)
        .unwrap_or("")
}

fn field<T: DeserializeOwned>(name: &str, value: &Value) -> Result<T, ConfigError> {
    serde_json::from_value(value.clone())
        .map_err(|e| ConfigError::new(name, format!("{e}; expected {}", allowed(name))))
}

fn in_range<T: PartialOrd + std::fmt::Display>(
    name: &str,
    v: T,
    lo: T,
    hi: T,
) -> Result<(), ConfigError> {
    if v >= lo && v <= hi {
        Ok(())
    } else {
        Err(ConfigError::new(
            name,
            format!("got {v}; expected {}", allowed(name)),
        ))
    }
}

fn finite_in(name: &str, v: f64, lo: f64, hi: f64) -> Result<(), ConfigError> {
    if v.is_finite() && v >= lo && v <= hi {
        Ok(())
    } else {
        Err(ConfigError::new(
            name,
            format!("got {v}; expected {}", allowed(name)),
        ))
    }
}

impl Config {
    /// Parses JSON text: missing fields take their defaults, unknown fields and
    /// invalid values are errors naming the field.
    pub fn from_json(text: &str) -> Result<Config, ConfigError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ConfigError::new("(json)", format!("not valid JSON: {e}")))?;
        Self::from_value(&value)
    }

    pub fn from_value(value: &Value) -> Result<Config, ConfigError> {
        let obj = value
            .as_object()
            .ok_or_else(|| ConfigError::new("(json)", "expected a JSON object"))?;
        let mut c = Config::default();
        for (key, v) in obj {
            match key.as_str() {
                "scheme" => c.scheme = field(key, v)?,
                "function" => c.function = field(key, v)?,
                "k" => c.k = field(key, v)?,
                "n" => c.n = field(key, v)?,
                "points" => c.points = field(key, v)?,
                "stragglers" => c.stragglers = field(key, v)?,
                "lambda_enc" => c.lambda_enc = field(key, v)?,
                "lambda_dec" => c.lambda_dec = field(key, v)?,
                "lambda_rule" => c.lambda_rule = field(key, v)?,
                "trials" => c.trials = field(key, v)?,
                "seed" => c.seed = field(key, v)?,
                other => {
                    let known: Vec<&str> = FIELDS.iter().map(|(f, _)| *f).collect();
                    return Err(ConfigError::new(
                        other,
                        format!("unknown field; known fields: {}", known.join(", ")),
                    ));
                }
            }
        }
        c.validate()?;
        Ok(c)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a Config always serialises")
    }

    /// Checks every range; the first violation is returned.
    pub fn validate(&self) -> Result<(), ConfigError> {
        in_range("n", self.n, 1, MAX_N)?;
        in_range("k", self.k, 1, MAX_K.min(self.n))?;
        finite_in("lambda_enc", self.lambda_enc, 0.0, MAX_LAMBDA)?;
        if let LambdaDec::Value(l) = self.lambda_dec {
            finite_in("lambda_dec", l, 0.0, MAX_LAMBDA)?;
        }
        in_range("trials", self.trials, 1, MAX_TRIALS)?;
        in_range("seed", self.seed, 0, MAX_SEED)?;
        validate_stragglers(&self.stragglers)
    }

    /// The same experiment with N servers (sweeps vary N).
    pub fn with_n(&self, n: usize) -> Config {
        Config { n, ..self.clone() }
    }
}

pub fn validate_stragglers(m: &StragglerModel) -> Result<(), ConfigError> {
    let name = "stragglers";
    match *m {
        StragglerModel::Iid { p } => finite_in(name, p, 0.0, 1.0),
        StragglerModel::Fixed { s } | StragglerModel::Block { s } => in_range(name, s, 0, MAX_N),
        StragglerModel::Deadline {
            shift,
            rate,
            deadline,
        } => {
            finite_in(name, shift, 0.0, MAX_TIME)?;
            finite_in(name, deadline, 0.0, MAX_TIME)?;
            if rate.is_finite() && rate > 0.0 && rate <= MAX_TIME {
                Ok(())
            } else {
                Err(ConfigError::new(
                    name,
                    format!("rate {rate}; expected {}", allowed(name)),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_example_parses() {
        let c = Config::from_json(
            r#"{"scheme": "letcc", "function": "x_sin_x", "k": 10, "n": 40, "points": "chebyshev",
                "stragglers": {"model": "deadline", "shift": 1.0, "rate": 1.0, "deadline": 1.5},
                "lambda_enc": 0.0, "lambda_dec": 1e-6, "trials": 100, "seed": 1}"#,
        )
        .unwrap();
        assert_eq!(c.scheme, Scheme::Letcc);
        assert_eq!(c.stragglers.name(), "deadline");
        for s in [
            r#"{"model": "iid", "p": 0.2}"#,
            r#"{"model": "fixed", "s": 5}"#,
            r#"{"model": "block", "s": 5}"#,
        ] {
            Config::from_json(&format!(r#"{{"stragglers": {s}}}"#)).unwrap();
        }
    }

    #[test]
    fn missing_fields_take_defaults_and_roundtrip() {
        let c = Config::from_json("{}").unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(Config::from_json(&c.to_json()).unwrap(), c);
        let m = Config::from_json(r#"{"stragglers": {"model": "iid"}}"#).unwrap();
        assert_eq!(m.stragglers, StragglerModel::Iid { p: 0.2 });
        let l = Config::from_json(r#"{"lambda_dec": 1e-9}"#).unwrap();
        assert_eq!(l.lambda_dec, LambdaDec::Value(1e-9));
        let g = Config::from_json(r#"{"lambda_dec": "gcv"}"#).unwrap();
        assert_eq!(g.lambda_dec, LambdaDec::default());
        assert!(g.to_json().contains("\"gcv\""));
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            (r#"{"k": 0}"#, "k"),
            (r#"{"k": 50, "n": 40}"#, "k"),
            (r#"{"n": 100000}"#, "n"),
            (r#"{"n": "ten"}"#, "n"),
            (r#"{"scheme": "magic"}"#, "scheme"),
            (
                r#"{"stragglers": {"model": "iid", "p": 1.5}}"#,
                "stragglers",
            ),
            (r#"{"stragglers": {"model": "zzz"}}"#, "stragglers"),
            (r#"{"lambda_dec": -1}"#, "lambda_dec"),
            (r#"{"lambda_dec": "auto"}"#, "lambda_dec"),
            (r#"{"lambda_rule": "gcv"}"#, "lambda_rule"),
            (r#"{"trials": 0}"#, "trials"),
            (r#"{"seed": 9007199254740992}"#, "seed"),
            (r#"{"bogus": 1}"#, "bogus"),
            ("[1]", "(json)"),
            ("{", "(json)"),
        ];
        for (text, f) in cases {
            let e = Config::from_json(text).unwrap_err();
            assert_eq!(e.field, f, "{text}: {e}");
            assert!(e.to_string().contains(f));
        }
    }
}
