//! Reading and writing the text of values as people type them.

use coded_core::limits::{FloatRange, IntRange};

use super::choices::Choice;

/// The shortest exact text of a number ("1e-12" rather than
/// "0.000000000001"); it parses back to the same bits. The core's, which
/// its JSON sketches and the slope's range use too.
pub use coded_core::limits::short_number;

/// A whole number as people write it: digits, or an exponent form of an
/// integer ("1e3"). Surrounding spaces are ignored. Fractions ("2.5"),
/// signs other than none and anything else are not whole numbers.
pub fn whole(text: &str) -> Option<u64> {
    let t = text.trim();
    if let Ok(v) = t.parse::<u64>() {
        return Some(v);
    }
    // Below 10¹⁵ an f64 keeps every digit a person types before the point,
    // so "1e3" is 1000 and "999999999999999.5" is not taken as whole.
    let v: f64 = t.parse().ok()?;
    (t.bytes()
        .all(|b| b.is_ascii_digit() || b"eE+.".contains(&b))
        && v.fract() == 0.0
        && (0.0..1e15).contains(&v))
    .then_some(v as u64)
}

/// A finite number ("0.35", "-1", "1e-6"); surrounding spaces are ignored.
pub fn number(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A whole number in one of the core's ranges.
pub(crate) fn whole_in(text: &str, r: IntRange) -> Option<u64> {
    whole(text).filter(|v| r.contains(*v))
}

/// A number in one of the core's ranges.
pub(crate) fn number_in(text: &str, r: FloatRange) -> Option<f64> {
    number(text).filter(|v| r.contains(*v))
}

/// Comma-separated entries; empty entries (a trailing comma) are skipped.
pub(crate) fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|e| !e.is_empty())
}

pub(crate) fn join<T>(v: &[T], f: impl Fn(&T) -> String) -> String {
    v.iter().map(f).collect::<Vec<_>>().join(",")
}

/// A list of at most `max` entries, each read by `one`.
pub(crate) fn list<T>(text: &str, max: usize, one: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    let v: Vec<T> = entries(text).map(one).collect::<Option<_>>()?;
    (!v.is_empty() && v.len() <= max).then_some(v)
}

pub(crate) fn choice_of(choices: fn() -> Vec<Choice>, text: &str) -> Option<&'static str> {
    choices()
        .into_iter()
        .find(|c| c.value == text.trim())
        .map(|c| c.value)
}

pub(crate) fn one_of(choices: fn() -> Vec<Choice>) -> String {
    let values: Vec<&str> = choices().iter().map(|c| c.value).collect();
    format!("one of {}", quoted(&values))
}

/// Link values as a link writes them, each in quotes: “bacc”, “letcc”
/// (a reader sees values to type, not names of the program's).
pub(crate) fn quoted(values: &[&str]) -> String {
    let each: Vec<String> = values.iter().map(|v| format!("“{v}”")).collect();
    each.join(", ")
}

/// A unit enum from its wire name (serde's, as in the JSON config).
pub(crate) fn wire<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(text.trim().to_string())).ok()
}

/// A switch as a link writes it: "1" on, "0" off.
pub fn switch(text: &str) -> Option<bool> {
    match text.trim() {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

/// The wire name of a unit enum ("bacc", "x_sin_x", …).
pub fn wire_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A range of the core in words.
pub(crate) fn whole_words(r: IntRange) -> String {
    format!("a whole number from {} to {}", r.min, r.max)
}

/// A range of the core in words.
pub(crate) fn number_words(r: FloatRange) -> String {
    if r.min_exclusive {
        format!(
            "a number above {}, at most {}",
            short_number(r.min),
            short_number(r.max)
        )
    } else {
        format!(
            "a number from {} to {}",
            short_number(r.min),
            short_number(r.max)
        )
    }
}
