//! The one description of an experiment, shared by the CLI, the URL state and
//! the exported JSON: its table of fields. Parsed field by field so every
//! error names its field.
//!
//! A field is its entry in the table below, and nothing else: name, type,
//! doc, default, example, allowed values (built from `limits`), reader,
//! check and cache place (see [`CachePlace`]); `table` writes the struct,
//! its `Default`, [`FIELD_NAMES`], [`TABLE`] and the cache keys from it.
//!
//! It uses the enums it holds and the numbers in `limits`; none of those uses
//! it back (the λ cap in `scheme` reads `limits`), so there is no cycle.

mod cache;
mod error;
mod table;
mod words;

pub use cache::CachePlace;
pub use error::ConfigError;

/// One field of the configuration, as its table entry describes it.
pub type Field = table::Field<Config>;

/// The fields of one [`CachePlace`] of a configuration (see [`cache::Key`]).
pub type CacheKey = cache::Key<Config>;

use crate::adversaries::{Adversaries, Attack, Placement};
use crate::functions::FunctionKind;
use crate::lambda::{AutoLambda, LambdaDec, LambdaRule};
use crate::limits::{
    k_range, DEADLINE_RANGE, DEFAULT_NOISE, K_RANGE, LAMBDA_RANGE, NOISE_RANGE, N_RANGE, P_RANGE,
    RATE_RANGE, SEED_RANGE, SERVER_RANGE, SHIFT_RANGE, S_RANGE, TRIALS_RANGE,
};
use crate::limits::{FloatRange, IntRange};
use crate::limits::{ADV_COUNT_RANGE, ADV_EXPONENT_END};
use crate::points::PointSet;
use crate::robust::{AutoTolerance, Tolerance};
use crate::scheme::Scheme;
use crate::stragglers::StragglerModel;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::LazyLock;
use table::config_table;
use words::{integer_in, one_of, quoted};

// The limits live in `limits`; re-exported for code that reads them
// beside the configuration.
pub use crate::limits::{MAX_K, MAX_LAMBDA, MAX_N, MAX_SEED, MAX_TIME, MAX_TRIALS};

// The table. Checks run in their `check [order]` (the order the error
// tests pin: the first violation is the one reported): n first, since k
// and a hand-made pattern are checked against it, then k, the numbers in
// the order of the JSON, and the straggler model last.
config_table! {
    scheme: Scheme = Scheme::Bacc, {
        place: Prepared,
        example: Scheme::Letcc,
        allowed: || one_of(Scheme::ALL.iter().map(Scheme::name)),
        read: by_serde,
        check: none
    }

    function: FunctionKind = FunctionKind::XSinX, {
        place: Problem,
        example: FunctionKind::Cubic,
        allowed: FunctionKind::allowed,
        // Its own reader: a formula's message (with its position) is
        // better than serde's. Its check is `check_formula`'s (not part
        // of `validate`: see there).
        read: |name, v| FunctionKind::from_json(v).map_err(|m| ConfigError::new(name, m)),
        check: none
    }

    k: usize = 10, {
        place: Problem,
        example: 4,
        allowed: || format!(
            "a whole number from {} to min(n, {})",
            K_RANGE.min, K_RANGE.max
        ),
        read: by_serde,
        // Owns the cross-field check k ≤ n.
        check [1]: |name, &k, c| in_range(name, k as u64, k_range(c.n))
    }

    n: usize = 40, {
        place: Prepared,
        example: 30,
        allowed: || format!("{}, at least k", integer_in(N_RANGE)),
        read: by_serde,
        check [0]: |name, &n, _| in_range(name, n as u64, N_RANGE)
    }

    points: PointSet = PointSet::Chebyshev, {
        place: Problem,
        example: PointSet::Equispaced,
        allowed: || one_of(PointSet::ALL.iter().map(PointSet::name)),
        read: by_serde,
        check: none
    }

    stragglers: StragglerModel = StragglerModel::default(), {
        place: Decoding,
        example: StragglerModel::Fixed { s: 3 },
        allowed: || {
            let forms: Vec<String> = StragglerModel::ALL
                .iter()
                .map(|m| format!("{{\"model\":\"{}\",{}}}", m.name(), m.about().sketch))
                .collect();
            forms.join(" | ")
        },
        read: by_serde,
        // Owns the cross-field check that a hand-made pattern's servers
        // exist at N.
        check [7]: |_, m, c| {
            validate_stragglers(m)?;
            manual_servers_exist(m, c.n)
        }
    }

    lambda_enc: f64 = 0.0, {
        place: Prepared,
        example: 1e-3,
        allowed: || format!("a number in {LAMBDA_RANGE}"),
        read: by_serde,
        check [2]: |name, &l, _| finite_in(name, l, LAMBDA_RANGE)
    }

    /// A number, or "gcv" (the default) to choose it per round.
    lambda_dec: LambdaDec = LambdaDec::default(), {
        place: Decoding,
        example: LambdaDec::Value(1e-4),
        allowed: || format!(
            "a number in {LAMBDA_RANGE} or {}",
            quoted(AutoLambda::ALL.iter().map(AutoLambda::name))
        ),
        read: by_serde,
        check [3]: |name, &l, _| match l {
            LambdaDec::Value(l) => finite_in(name, l, LAMBDA_RANGE),
            LambdaDec::Auto(_) => Ok(()),
        }
    }

    /// How a numeric λ_dec varies with N in a sweep (our addition).
    lambda_rule: LambdaRule = LambdaRule::default(), {
        place: Decoding,
        example: LambdaRule::Shrink,
        allowed: || one_of(LambdaRule::ALL.iter().map(LambdaRule::name)),
        read: by_serde,
        check: none
    }

    trials: usize = 100, {
        place: Decoding,
        example: 7,
        allowed: || integer_in(TRIALS_RANGE),
        read: by_serde,
        check [4]: |name, &t, _| in_range(name, t as u64, TRIALS_RANGE)
    }

    seed: u64 = 1, {
        place: Problem,
        example: 2,
        allowed: || integer_in(SEED_RANGE),
        read: by_serde,
        check [5]: |name, &s, _| in_range(name, s, SEED_RANGE)
    }

    /// σ: every server's answer gets independent N(0, σ²) noise on every
    /// coordinate (the LeTCC paper's noisy regime); f(x_k) stays exact.
    noise: f64 = DEFAULT_NOISE, {
        // Drawn per trial (`Problem::answers`), over the cached answers.
        place: Decoding,
        example: 0.1,
        allowed: || format!("a number in {NOISE_RANGE}"),
        read: by_serde,
        check [6]: |name, &s, _| finite_in(name, s, NOISE_RANGE)
    }

    /// γ adversarial servers (docs/mathematics.md, "Adversarial servers");
    /// none when absent, and then the field is left out of the JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    adversaries: Option<Adversaries> = None, {
        // Drawn and applied per trial (`Problem::answers`), over the cached
        // answers; its γ also sets the adversarial λ rule's λ_dec.
        place: Decoding,
        example: Some(Adversaries::count(2)),
        allowed: || format!(
            "{{\"count\": {}}} or {{\"exponent\": a from 0 to below {}}}, with optional \"bound\": a number above 0, \"attack\": {} and \"placement\": {}",
            ADV_COUNT_RANGE.compact(),
            ADV_EXPONENT_END,
            quoted(Attack::ALL.iter().map(Attack::name)),
            quoted(Placement::ALL.iter().map(Placement::name)),
        ),
        read: by_serde,
        // Owns the cross-field check γ ≤ N.
        check [8]: |name, a, c| match a.as_ref().and_then(|a| a.problem_at(c.n)) {
            Some(problem) => Err(ConfigError::new(name, problem)),
            None => Ok(()),
        }
    }

    /// e: how many adversaries ApproxIFER and the median baseline try to
    /// find in a round; "auto" (the default, then left out of the JSON)
    /// for the largest its answers leave room for, at most
    /// [`crate::robust::TOLERANCE_CAP`].
    #[serde(default, skip_serializing_if = "Tolerance::is_auto")]
    tolerance: Tolerance = Tolerance::default(), {
        // Read by the decoder of every trial.
        place: Decoding,
        example: Tolerance::Value(2),
        allowed: || format!(
            "{} or a whole number from 0 to n",
            quoted(AutoTolerance::ALL.iter().map(AutoTolerance::name))
        ),
        read: by_serde,
        // Owns the cross-field check e ≤ N.
        check [9]: |name, &t, c| match t {
            Tolerance::Value(e) if e > c.n => Err(ConfigError::new(
                name,
                format!(
                    "{e} adversaries can never be located among n = {} servers: at most n",
                    c.n
                ),
            )),
            _ => Ok(()),
        }
    }
}

/// The entry of a field.
pub fn field(name: &str) -> Option<&'static Field> {
    // A constant's borrow lives for good (it is promoted to a static).
    let table: &'static [Field] = &TABLE;
    table.iter().find(|f| f.name == name)
}

/// The allowed values of a field, as error messages show them (empty for an
/// unknown field). Built from the limits and the enums' names, so that the
/// text cannot disagree with what `validate` checks.
pub fn allowed(name: &str) -> String {
    FIELD_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| ALLOWED[i]())
        .unwrap_or_default()
}

/// Each field with its allowed values ([`allowed`]), for users that look a
/// field up. Built once: the texts live as long as the program, which keeps
/// them `&'static str`.
pub static FIELDS: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    TABLE
        .iter()
        .map(|f| (f.name, &*f.allowed().leak()))
        .collect()
});

/// Where scheme and N enter the cache: a sweep gives them per point.
const SCHEME_PLACE: CachePlace = place_of("scheme");
const N_PLACE: CachePlace = place_of("n");

/// A field's cache place, found at compile time (a name not in the table
/// stops the build).
const fn place_of(name: &str) -> CachePlace {
    let mut i = 0;
    while i < TABLE.len() {
        if table::same_text(TABLE[i].name, name) {
            return TABLE[i].place;
        }
        i += 1;
    }
    panic!("no such field in the configuration's table")
}

impl Config {
    /// Parses JSON text: missing fields take their defaults, unknown fields and
    /// invalid values are errors naming the field.
    pub fn from_json(text: &str) -> Result<Config, ConfigError> {
        let value = crate::json::parse(text).map_err(|m| ConfigError::new("(json)", m))?;
        Self::from_value(&value)
    }

    pub fn from_value(value: &Value) -> Result<Config, ConfigError> {
        let obj = value
            .as_object()
            .ok_or_else(|| ConfigError::new("(json)", "expected a JSON object"))?;
        let mut c = Config::default();
        for (key, v) in obj {
            match field(key) {
                Some(f) => (f.read)(&mut c, v)?,
                None => {
                    return Err(ConfigError::new(
                        key,
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

    /// Runs every field's check (a formula only for its length: see
    /// [`Config::check_formula`]) in their order; the first violation is
    /// returned.
    pub fn validate(&self) -> Result<(), ConfigError> {
        (0..CHECKS.len()).try_for_each(|order| {
            match CHECKS.iter().flatten().find(|c| c.order as usize == order) {
                Some(check) => (check.run)(self),
                None => Ok(()),
            }
        })
    }

    /// The key of `place` at one point of a sweep, whose scheme and N are
    /// the point's (each in the key only if it belongs to `place`): what a
    /// point's cached values are computed from.
    pub fn point_key(&self, place: CachePlace, scheme: Scheme, n: usize) -> CacheKey {
        let mut key = self.cache_key(place);
        if SCHEME_PLACE == place {
            key.fields.scheme = scheme;
        }
        if N_PLACE == place {
            key.fields.n = n;
        }
        key
    }

    /// Every field at its table entry's example: a test that needs every
    /// field away from its default starts here, so that a field added to
    /// the table is away from its default too.
    pub fn every_example() -> Config {
        let mut config = Config::default();
        TABLE.iter().for_each(|f| f.set_example(&mut config));
        config
    }

    /// The same experiment with N servers (sweeps vary N). A hand-made
    /// pattern keeps the servers that exist at that N (those below it).
    pub fn with_n(&self, n: usize) -> Config {
        let stragglers = match self.stragglers.params().servers {
            Some(servers) => StragglerModel::Manual {
                servers: servers.iter().copied().filter(|&i| i < n).collect(),
            },
            None => self.stragglers.clone(),
        };
        // A tolerance above a sweep's smaller N is one the answers cannot
        // fit there: as at any e above the room, those rounds decode as
        // BACC (`robust::Tolerance::resolve`), so it is kept valid at N.
        let tolerance = match self.tolerance {
            Tolerance::Value(e) if e > n => Tolerance::Value(n),
            t => t,
        };
        Config {
            n,
            stragglers,
            tolerance,
            ..self.clone()
        }
    }
}

/// A hand-made pattern names only servers that exist at N.
fn manual_servers_exist(m: &StragglerModel, n: usize) -> Result<(), ConfigError> {
    if let Some(servers) = m.params().servers {
        if let Some(&i) = servers.iter().find(|&&i| i >= n) {
            return Err(ConfigError::new(
                "stragglers",
                format!(
                    "server {i} does not exist: the servers are 0 to {} (N = {})",
                    n - 1,
                    n
                ),
            ));
        }
    }
    Ok(())
}

// The reader and range checks the entries are written with, worded by
// [`allowed`] so that a message cannot disagree with what is checked.

/// The reader of most fields: serde's, with the allowed values after its
/// message when that is one of ours (a type's own check), and after what
/// was found in words when it is serde's own (which names Rust's types:
/// "invalid type: floating point `-0.0`, expected u64").
fn by_serde<T: DeserializeOwned>(name: &str, value: &Value) -> Result<T, ConfigError> {
    T::deserialize(value).map_err(|e| {
        let e = e.to_string();
        let said = if crate::json::is_serdes_own(&e) {
            format!("got {}", crate::json::describe(value))
        } else {
            e
        };
        ConfigError::new(name, format!("{said}; expected {}", allowed(name)))
    })
}

fn in_range(name: &str, v: u64, range: IntRange) -> Result<(), ConfigError> {
    refuse_unless(name, range.contains(v), format_args!("got {v}"))
}

fn finite_in(name: &str, v: f64, range: FloatRange) -> Result<(), ConfigError> {
    refuse_unless(name, range.contains(v), format_args!("got {v}"))
}

/// An error for `name` unless `ok`: what was given, then what is allowed.
fn refuse_unless(name: &str, ok: bool, given: std::fmt::Arguments) -> Result<(), ConfigError> {
    if ok {
        Ok(())
    } else {
        Err(ConfigError::new(
            name,
            format!("{given}; expected {}", allowed(name)),
        ))
    }
}

/// The checks that do not depend on N (a sweep's N vary; a manual pattern's
/// indices at or above a sweep's N are simply absent there).
pub fn validate_stragglers(m: &StragglerModel) -> Result<(), ConfigError> {
    let name = "stragglers";
    let params = m.params();
    if let Some(servers) = params.servers {
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
    }
    if let Some(p) = params.p {
        finite_in(name, p, P_RANGE)?;
    }
    if let Some(s) = params.s {
        in_range(name, s as u64, S_RANGE)?;
    }
    if let Some((shift, rate, deadline)) = params.deadline {
        finite_in(name, shift, SHIFT_RANGE)?;
        finite_in(name, deadline, DEADLINE_RANGE)?;
        refuse_unless(name, RATE_RANGE.contains(rate), format_args!("rate {rate}"))?;
    }
    Ok(())
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
        // The allowed texts written out by hand: those built from `limits`
        // must read exactly so.
        let typed = [
            (
                "scheme",
                "one of \"bacc\", \"letcc\", \"lcc\", \"uncoded\", \"approxifer\", \"median_drop\"",
            ),
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
            ("lambda_rule", "one of \"fixed\", \"shrink\", \"adversarial\""),
            ("trials", "a whole number from 1 to 10000"),
            ("seed", "a whole number from 0 to 9007199254740991"),
            ("noise", "a number in [0, 1e3]"),
            (
                "adversaries",
                "{\"count\": 0..8192} or {\"exponent\": a from 0 to below 1}, with optional \"bound\": a number above 0, \"attack\": \"random\", \"edge\", \"flip\", \"stealth\" and \"placement\": \"random\", \"block\", \"nearest\"",
            ),
            ("tolerance", "\"auto\" or a whole number from 0 to n"),
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
}
