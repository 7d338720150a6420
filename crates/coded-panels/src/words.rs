//! Small pieces of the sentences that describe plots (the summaries): the
//! same number, slope, scheme and count wording in every panel.

use crate::format::sig;
use coded_core::Scheme;

/// Two significant digits (errors span many decades; more digits are in the
/// results table), or words when there is no finite value.
pub(crate) fn two_digits(v: Option<f64>) -> String {
    match v {
        Some(x) if x.is_finite() => sig(x, 2),
        _ => "no value".into(),
    }
}

/// A slope with a real minus sign, as the plot's legend writes it.
pub(crate) fn slope(s: f64) -> String {
    format!("{s:.1}").replace('-', "−")
}

/// The scheme as the subject of a sentence.
pub(crate) fn subject(s: Scheme) -> &'static str {
    s.about().subject
}

/// `count` followed by the singular or plural noun.
pub(crate) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}
