//! The pieces the table's entries are written with: the allowed values in
//! words, the generic reader, and the range checks, all worded by
//! [`allowed`] so that a message cannot disagree with what is checked.

use super::{allowed, ConfigError};
use crate::limits::{FloatRange, IntRange};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// `"a", "b"`: wire names as JSON strings.
pub(super) fn quoted(names: impl IntoIterator<Item = &'static str>) -> String {
    let each: Vec<String> = names.into_iter().map(|n| format!("\"{n}\"")).collect();
    each.join(", ")
}

/// `one of "a", "b"`: a choice among wire names.
pub(super) fn one_of(names: impl IntoIterator<Item = &'static str>) -> String {
    format!("one of {}", quoted(names))
}

pub(super) fn integer_in(r: IntRange) -> String {
    format!("a whole number from {r}")
}

/// The reader of most fields: serde's, with the allowed values after its
/// message.
pub(super) fn by_serde<T: DeserializeOwned>(name: &str, value: &Value) -> Result<T, ConfigError> {
    serde_json::from_value(value.clone())
        .map_err(|e| ConfigError::new(name, format!("{e}; expected {}", allowed(name))))
}

pub(super) fn in_range(name: &str, v: u64, range: IntRange) -> Result<(), ConfigError> {
    refuse_unless(name, range.contains(v), format_args!("got {v}"))
}

pub(super) fn finite_in(name: &str, v: f64, range: FloatRange) -> Result<(), ConfigError> {
    refuse_unless(name, range.contains(v), format_args!("got {v}"))
}

/// An error for `name` unless `ok`: what was given, then what is allowed.
pub(super) fn refuse_unless(
    name: &str,
    ok: bool,
    given: std::fmt::Arguments,
) -> Result<(), ConfigError> {
    if ok {
        Ok(())
    } else {
        Err(ConfigError::new(
            name,
            format!("{given}; expected {}", allowed(name)),
        ))
    }
}
