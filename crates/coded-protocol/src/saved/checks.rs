//! What the checks of a study file's curves and table share: the words for
//! a view that does not read, and the test of its numbers.

use serde_json::Error;

/// What is wrong with a view's form, in words (serde's own message names
/// Rust's types: only the key it names is kept).
pub(super) fn form(e: &Error) -> String {
    let m = e.to_string();
    let key = |prefix: &str| {
        m.strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_string)
    };
    if let Some(k) = key("missing field `") {
        format!("“{k}” is missing")
    } else if let Some(k) = key("unknown field `") {
        format!("“{k}” is not one of its keys")
    } else if coded_core::json::is_serdes_own(&m) {
        "a value is not of the kind the page writes there".into()
    } else {
        m
    }
}

/// Whether every number is finite and not negative.
pub(super) fn non_negative(values: &[f64]) -> bool {
    values.iter().all(|v| v.is_finite() && *v >= 0.0)
}

pub(super) fn finite(v: Option<f64>) -> bool {
    v.is_none_or(f64::is_finite)
}
