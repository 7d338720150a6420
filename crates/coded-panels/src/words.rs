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

/// An interval's ends to `decimals` decimals, with real minus signs, or
/// with as many more (up to six) as it takes for them to read differently:
/// "0.1 to 0.1" would say nothing of its width.
pub(crate) fn interval_ends(lo: f64, hi: f64, decimals: usize) -> (String, String) {
    let at = |v: f64, d: usize| format!("{v:.d$}").replace('-', "−");
    let mut d = decimals;
    while d < 6 && lo != hi && at(lo, d) == at(hi, d) {
        d += 1;
    }
    (at(lo, d), at(hi, d))
}

/// The scheme as the subject of a sentence.
pub(crate) fn subject(s: Scheme) -> &'static str {
    s.about().subject
}

/// `count` followed by the singular or plural noun.
pub(crate) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_intervals_ends_read_differently_when_they_differ() {
        assert_eq!(
            interval_ends(-2.45, -2.18, 1),
            ("−2.5".into(), "−2.2".into())
        );
        assert_eq!(
            interval_ends(0.101, 0.104, 1),
            ("0.101".into(), "0.104".into())
        );
        assert_eq!(interval_ends(0.12, 0.14, 2), ("0.12".into(), "0.14".into()));
        assert_eq!(interval_ends(0.1, 0.1, 1), ("0.1".into(), "0.1".into()));
        // Six decimals at most.
        assert_eq!(
            interval_ends(1.0, 1.0 + 1e-12, 1),
            ("1.000000".into(), "1.000000".into())
        );
    }
}
