//! The one description of an experiment, shared by the CLI, the URL state and
//! the exported JSON. Parsed field by field so every error names its field.
//!
//! It uses the enums it holds and the numbers in `limits`; none of those uses
//! it back (the λ cap in `scheme` reads `limits`), so there is no cycle.

use crate::functions::FunctionKind;
use crate::limits::{
    k_range, short_number, FloatRange, IntRange, DEADLINE_RANGE, DEFAULT_NOISE, K_RANGE,
    LAMBDA_RANGE, NOISE_RANGE, N_RANGE, P_RANGE, RATE_RANGE, SEED_RANGE, SERVER_RANGE, SHIFT_RANGE,
    S_RANGE, TRIALS_RANGE,
};
use crate::points::PointSet;
use crate::scheme::{AutoLambda, LambdaDec, LambdaRule, Scheme};
use crate::stragglers::StragglerModel;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::LazyLock;

// The limits live in `limits`; these names are kept for existing users.
pub use crate::limits::{MAX_K, MAX_LAMBDA, MAX_N, MAX_SEED, MAX_TIME, MAX_TRIALS};

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
    /// σ: every server's answer gets independent N(0, σ²) noise on every
    /// coordinate (the LeTCC paper's noisy regime); f(x_k) stays exact.
    pub noise: f64,
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
            noise: DEFAULT_NOISE,
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

/// The configuration's fields, in the order of its JSON.
pub const FIELD_NAMES: [&str; 12] = [
    "scheme",
    "function",
    "k",
    "n",
    "points",
    "stragglers",
    "lambda_enc",
    "lambda_dec",
    "lambda_rule",
    "trials",
    "seed",
    "noise",
];

/// `"a", "b"`: wire names as JSON strings.
fn quoted(names: impl IntoIterator<Item = &'static str>) -> String {
    let each: Vec<String> = names.into_iter().map(|n| format!("\"{n}\"")).collect();
    each.join(", ")
}

/// `one of "a", "b"`: a choice among wire names.
fn one_of(names: impl IntoIterator<Item = &'static str>) -> String {
    format!("one of {}", quoted(names))
}

/// The compact form inside the stragglers' JSON sketch: `0..1`, `(0,1e6]`.
fn compact(r: FloatRange) -> String {
    let (min, max) = (short_number(r.min), short_number(r.max));
    if r.min_exclusive {
        format!("({min},{max}]")
    } else {
        format!("{min}..{max}")
    }
}

fn integer_in(r: IntRange) -> String {
    format!("a whole number from {r}")
}

/// The allowed values of a field, as error messages show them (empty for an
/// unknown field). Built from the limits and the enums' names, so that the
/// text cannot disagree with what `validate` checks.
pub fn allowed(field: &str) -> String {
    match field {
        "scheme" => one_of(Scheme::ALL.iter().map(Scheme::name)),
        "function" => FunctionKind::allowed(),
        "k" => format!(
            "a whole number from {} to min(n, {})",
            K_RANGE.min, K_RANGE.max
        ),
        "n" => format!("{}, at least k", integer_in(N_RANGE)),
        "points" => one_of(PointSet::ALL.iter().map(PointSet::name)),
        "stragglers" => {
            let forms: Vec<String> = StragglerModel::ALL
                .iter()
                .map(|m| {
                    let params = match m {
                        StragglerModel::Iid { .. } => format!("\"p\":{}", compact(P_RANGE)),
                        StragglerModel::Fixed { .. } | StragglerModel::Block { .. } => {
                            format!("\"s\":{}..{}", S_RANGE.min, S_RANGE.max)
                        }
                        StragglerModel::Deadline { .. } => format!(
                            "\"shift\":{},\"rate\":{},\"deadline\":{}",
                            compact(SHIFT_RANGE),
                            compact(RATE_RANGE),
                            compact(DEADLINE_RANGE)
                        ),
                        StragglerModel::Manual { .. } => {
                            "\"servers\":[distinct whole numbers from 0 to n − 1]".to_string()
                        }
                    };
                    format!("{{\"model\":\"{}\",{params}}}", m.name())
                })
                .collect();
            forms.join(" | ")
        }
        "lambda_enc" => format!("a number in {LAMBDA_RANGE}"),
        "lambda_dec" => format!(
            "a number in {LAMBDA_RANGE} or {}",
            quoted(AutoLambda::ALL.iter().map(AutoLambda::name))
        ),
        "lambda_rule" => one_of(LambdaRule::ALL.iter().map(LambdaRule::name)),
        "trials" => integer_in(TRIALS_RANGE),
        "seed" => integer_in(SEED_RANGE),
        "noise" => format!("a number in {NOISE_RANGE}"),
        _ => String::new(),
    }
}

/// Each field with its allowed values ([`allowed`]), for users that look a
/// field up. Built once: the texts live as long as the program, which keeps
/// them `&'static str`.
pub static FIELDS: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    FIELD_NAMES
        .iter()
        .map(|&f| (f, &*allowed(f).leak()))
        .collect()
});

fn field<T: DeserializeOwned>(name: &str, value: &Value) -> Result<T, ConfigError> {
    serde_json::from_value(value.clone())
        .map_err(|e| ConfigError::new(name, format!("{e}; expected {}", allowed(name))))
}

fn in_range(name: &str, v: u64, range: IntRange) -> Result<(), ConfigError> {
    if range.contains(v) {
        Ok(())
    } else {
        Err(ConfigError::new(
            name,
            format!("got {v}; expected {}", allowed(name)),
        ))
    }
}

fn finite_in(name: &str, v: f64, range: FloatRange) -> Result<(), ConfigError> {
    if range.contains(v) {
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
                // Its own reader: a formula's message (with its position)
                // is better than serde's.
                "function" => {
                    c.function = FunctionKind::from_json(v).map_err(|m| ConfigError::new(key, m))?
                }
                "k" => c.k = field(key, v)?,
                "n" => c.n = field(key, v)?,
                "points" => c.points = field(key, v)?,
                "stragglers" => c.stragglers = field(key, v)?,
                "lambda_enc" => c.lambda_enc = field(key, v)?,
                "lambda_dec" => c.lambda_dec = field(key, v)?,
                "lambda_rule" => c.lambda_rule = field(key, v)?,
                "trials" => c.trials = field(key, v)?,
                "seed" => c.seed = field(key, v)?,
                "noise" => c.noise = field(key, v)?,
                other => {
                    return Err(ConfigError::new(
                        other,
                        format!("unknown field; known fields: {}", FIELD_NAMES.join(", ")),
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

    /// Whether the formula, if f is one, reads ([`crate::formula::Formula::check`]),
    /// named by its field. Not part of [`Config::validate`], which is the
    /// same everywhere: the page has no formula reader and leaves this to
    /// the worker. The CLI runs it on every configuration it reads; every
    /// computation does too ([`FunctionKind::build`]).
    #[cfg(feature = "formulas")]
    pub fn check_formula(&self) -> Result<(), ConfigError> {
        match self.function.formula() {
            Some(f) => f
                .check()
                .map_err(|e| ConfigError::new("function", e.message)),
            None => Ok(()),
        }
    }

    /// Checks every range (a formula only for its length: see
    /// [`Config::check_formula`]); the first violation is returned.
    pub fn validate(&self) -> Result<(), ConfigError> {
        in_range("n", self.n as u64, N_RANGE)?;
        in_range("k", self.k as u64, k_range(self.n))?;
        finite_in("lambda_enc", self.lambda_enc, LAMBDA_RANGE)?;
        if let LambdaDec::Value(l) = self.lambda_dec {
            finite_in("lambda_dec", l, LAMBDA_RANGE)?;
        }
        in_range("trials", self.trials as u64, TRIALS_RANGE)?;
        in_range("seed", self.seed, SEED_RANGE)?;
        finite_in("noise", self.noise, NOISE_RANGE)?;
        validate_stragglers(&self.stragglers)?;
        if let StragglerModel::Manual { servers } = &self.stragglers {
            if let Some(&i) = servers.iter().find(|&&i| i >= self.n) {
                return Err(ConfigError::new(
                    "stragglers",
                    format!(
                        "server {i} does not exist: the servers are 0 to {} (N = {})",
                        self.n - 1,
                        self.n
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The same experiment with N servers (sweeps vary N). A hand-made
    /// pattern keeps the servers that exist at that N (those below it).
    pub fn with_n(&self, n: usize) -> Config {
        let stragglers = match &self.stragglers {
            StragglerModel::Manual { servers } => StragglerModel::Manual {
                servers: servers.iter().copied().filter(|&i| i < n).collect(),
            },
            other => other.clone(),
        };
        Config {
            n,
            stragglers,
            ..self.clone()
        }
    }
}

/// The checks that do not depend on N (a sweep's N vary; a manual pattern's
/// indices at or above a sweep's N are simply absent there).
pub fn validate_stragglers(m: &StragglerModel) -> Result<(), ConfigError> {
    let name = "stragglers";
    match *m {
        StragglerModel::Manual { ref servers } => {
            let mut seen = std::collections::BTreeSet::new();
            for &i in servers {
                in_range(name, i as u64, SERVER_RANGE)?;
                if !seen.insert(i) {
                    return Err(ConfigError::new(
                        name,
                        format!("server {i} is listed twice; list each straggling server once"),
                    ));
                }
            }
            Ok(())
        }
        StragglerModel::Iid { p } => finite_in(name, p, P_RANGE),
        StragglerModel::Fixed { s } | StragglerModel::Block { s } => {
            in_range(name, s as u64, S_RANGE)
        }
        StragglerModel::Deadline {
            shift,
            rate,
            deadline,
        } => {
            finite_in(name, shift, SHIFT_RANGE)?;
            finite_in(name, deadline, DEADLINE_RANGE)?;
            if RATE_RANGE.contains(rate) {
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
    fn allowed_values_read_as_before_the_limits_moved() {
        // The table as it was typed out by hand; now derived from `limits`.
        let typed = [
            ("scheme", "one of \"bacc\", \"letcc\", \"lcc\", \"uncoded\""),
            (
                "function",
                "one of \"x_sin_x\", \"cubic\", \"abs\", \"lenet5\", or {\"expr\": \"a formula in x\"} (with \"degree\": 0 to 64 if it is a polynomial)",
            ),
            ("k", "a whole number from 1 to min(n, 1024)"),
            ("n", "a whole number from 1 to 8192, at least k"),
            ("points", "one of \"chebyshev\", \"equispaced\""),
            (
                "stragglers",
                "{\"model\":\"iid\",\"p\":0..1} | {\"model\":\"fixed\",\"s\":0..8192} | {\"model\":\"block\",\"s\":0..8192} | {\"model\":\"deadline\",\"shift\":0..1e6,\"rate\":(0,1e6],\"deadline\":0..1e6} | {\"model\":\"manual\",\"servers\":[distinct whole numbers from 0 to n − 1]}",
            ),
            ("lambda_enc", "a number in [0, 1e300]"),
            ("lambda_dec", "a number in [0, 1e300] or \"gcv\""),
            ("lambda_rule", "one of \"fixed\", \"shrink\""),
            ("trials", "a whole number from 1 to 10000"),
            ("seed", "a whole number from 0 to 9007199254740991"),
            ("noise", "a number in [0, 1e3]"),
        ];
        assert_eq!(*FIELDS, typed);
        assert_eq!(allowed("bogus"), "");
    }

    #[test]
    fn wire_names_are_serdes_and_parse_back() {
        fn check<T: Serialize + PartialEq + std::fmt::Debug>(
            all: &[T],
            name: fn(&T) -> &'static str,
            parse: fn(&str) -> Option<T>,
        ) {
            for x in all {
                let json = serde_json::to_value(x).unwrap();
                let wire = json.get("model").unwrap_or(&json);
                assert_eq!(wire, name(x), "{x:?}");
                assert_eq!(parse(name(x)).as_ref(), Some(x));
            }
            let mut names: Vec<_> = all.iter().map(name).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), all.len(), "a variant listed twice");
        }
        check(&Scheme::ALL, |x| x.name(), Scheme::parse);
        check(&FunctionKind::ALL, |x| x.name(), FunctionKind::parse);
        assert_eq!(
            FunctionKind::parse("formula"),
            None,
            "a formula needs its text"
        );
        check(&PointSet::ALL, |x| x.name(), PointSet::parse);
        check(&LambdaRule::ALL, |x| x.name(), LambdaRule::parse);
        check(&AutoLambda::ALL, |x| x.name(), AutoLambda::parse);
        check(&StragglerModel::ALL, |x| x.name(), StragglerModel::parse);
        assert_eq!(
            StragglerModel::parse("iid"),
            Some(StragglerModel::default())
        );
        assert_eq!(Scheme::parse("BACC"), None);
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            (r#"{"k": 0}"#, "k"),
            (r#"{"k": 50, "n": 40}"#, "k"),
            (r#"{"n": 100000}"#, "n"),
            (r#"{"n": "ten"}"#, "n"),
            (r#"{"scheme": "magic"}"#, "scheme"),
            (r#"{"function": {"expr": "sin(3*x"}}"#, "function"),
            (r#"{"function": {"expr": "y"}}"#, "function"),
            (r#"{"function": "formula"}"#, "function"),
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
            (r#"{"noise": -0.1}"#, "noise"),
            (r#"{"noise": 1e4}"#, "noise"),
            (
                r#"{"stragglers": {"model": "manual", "servers": [3, 3]}}"#,
                "stragglers",
            ),
            (
                r#"{"n": 20, "stragglers": {"model": "manual", "servers": [2, 20]}}"#,
                "stragglers",
            ),
            (
                r#"{"stragglers": {"model": "manual", "servers": [-1]}}"#,
                "stragglers",
            ),
            (r#"{"bogus": 1}"#, "bogus"),
            ("[1]", "(json)"),
            ("{", "(json)"),
        ];
        for (text, f) in cases {
            // As the CLI reads a file: a formula that does not read is
            // refused by the second step.
            let e = Config::from_json(text)
                .and_then(|c| c.check_formula())
                .unwrap_err();
            assert_eq!(e.field, f, "{text}: {e}");
            assert!(e.to_string().contains(f));
        }
    }
}
