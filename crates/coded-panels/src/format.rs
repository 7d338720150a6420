//! Number formatting shared by plots, tooltips and the results table.
//!
//! Why one place: the table must show the same numbers as the `coded` CLI to
//! four significant digits, and plots must never print "NaN".

use std::cmp::Ordering::Less;

/// `v` with `digits` significant digits: plain notation for moderate
/// magnitudes, scientific otherwise; "–" for a missing or non-finite value.
pub fn sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    if v == 0.0 {
        return "0".into();
    }
    let digits = digits.max(1);
    let exp = v.abs().log10().floor() as i32;
    if (-3..5).contains(&exp) {
        let decimals = (digits as i32 - 1 - exp).max(0) as usize;
        let s = format!("{v:.decimals$}");
        // Rounding can carry into a new digit (9.9996 → "10.000"): re-check.
        let rounded: f64 = s.parse().unwrap_or(v);
        if rounded != 0.0 && rounded.abs().log10().floor() as i32 != exp {
            let decimals = (digits as i32 - 2 - exp).max(0) as usize;
            return format!("{v:.decimals$}");
        }
        s
    } else {
        let s = format!("{v:.*e}", digits - 1);
        // "1.234e-5" is how the CLI's readers expect it; keep Rust's form.
        s
    }
}

/// [`sig`] with four digits, for an optional value.
pub fn sig4(v: Option<f64>) -> String {
    v.map(|x| sig(x, 4)).unwrap_or_else(|| "–".into())
}

/// "mean ± std" with four significant digits each.
pub fn mean_std(mean: f64, std: f64) -> String {
    format!("{} ± {}", sig(mean, 4), sig(std, 4))
}

/// The space between a number and its unit or "%": a line never breaks
/// there (a wrapped title left "%" alone on a phone's last line).
pub const NBSP: char = '\u{a0}';

/// A probability or fraction as a percentage with one decimal.
pub fn percent(v: f64) -> String {
    if v.is_finite() {
        format!("{:.1}{NBSP}%", v * 100.0)
    } else {
        "–".into()
    }
}

/// Four significant digits without trailing zeros ("20", not "20.00"): the
/// tooltips' numbers.
pub fn f4(v: f64) -> String {
    significant(v, 4)
}

/// The most digits [`interval_texts`] writes: 17 significant digits tell
/// any two f64 apart, and 17 decimals any two slopes (numbers near 1).
const MOST_DIGITS: usize = 17;

/// A value and the ends of its interval, written by `write(x, digits)` with
/// `least` digits, or with more where fewer would write two numbers that
/// differ the same: the ends of an interval that has a width ("0.1 to 0.1"),
/// or the value and an end it is not at. All three with the same digits;
/// ASCII minus signs.
///
/// Why one function: a slope and its interval are written by the legend,
/// the summary sentences and the CLI, each with its own least digits
/// ([`decimals`] or [`significant`]), and a width that rounds away must
/// show in every one.
pub fn interval_texts(
    value: f64,
    (lo, hi): (f64, f64),
    least: usize,
    write: fn(f64, usize) -> String,
) -> [String; 3] {
    let numbers = [value, lo, hi];
    let at = |digits: usize| numbers.map(|x| write(x, digits));
    // Rounding keeps the order of two numbers, but may make them equal.
    let keeps_apart = |texts: &[String; 3]| {
        let read = texts.clone().map(|t| t.parse::<f64>().unwrap_or(f64::NAN));
        (0..3).all(|i| {
            (0..3).all(|j| numbers[i].partial_cmp(&numbers[j]) != Some(Less) || read[i] < read[j])
        })
    };
    let mut digits = least;
    let mut texts = at(digits);
    while digits < MOST_DIGITS && !keeps_apart(&texts) {
        digits += 1;
        texts = at(digits);
    }
    texts
}

/// `x` with `digits` decimals (a slope: "-2.905").
pub fn decimals(x: f64, digits: usize) -> String {
    format!("{x:.digits$}")
}

/// `x` with `digits` significant digits, without trailing zeros, as
/// [`f4`] writes four.
pub fn significant(x: f64, digits: usize) -> String {
    let s = sig(x, digits);
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// `Some(v)` when finite: views never carry NaN or infinities.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn significant_digits() {
        assert_eq!(sig(0.123456, 4), "0.1235");
        assert_eq!(sig(123.456, 4), "123.5");
        assert_eq!(sig(1.23456e-7, 4), "1.235e-7");
        assert_eq!(sig(-2.5e8, 4), "-2.500e8");
        assert_eq!(sig(9.99996, 4), "10.00");
        assert_eq!(sig(0.0, 4), "0");
        assert_eq!(sig(f64::NAN, 4), "–");
        assert_eq!(sig4(None), "–");
        assert_eq!(mean_std(1.0, 0.25), "1.000 ± 0.2500");
        assert_eq!(percent(0.125), "12.5\u{a0}%");
    }

    #[test]
    fn an_interval_is_written_with_the_digits_its_width_needs() {
        let texts = |v: f64, ends, least, write| interval_texts(v, ends, least, write);
        // Wide enough for the least digits: as they always were.
        assert_eq!(
            texts(-2.905, (-3.012, -2.801), 3, decimals),
            ["-2.905", "-3.012", "-2.801"]
        );
        assert_eq!(
            texts(-2.9, (-3.1, -2.7), 1, decimals),
            ["-2.9", "-3.1", "-2.7"]
        );
        // 0.1 ± 0.001: one decimal would say "0.1 to 0.1".
        assert_eq!(
            texts(0.1, (0.099, 0.101), 1, decimals),
            ["0.100", "0.099", "0.101"]
        );
        assert_eq!(
            texts(0.1, (0.099, 0.101), 2, decimals),
            ["0.100", "0.099", "0.101"]
        );
        // A negative slope, and ends apart but the centre on one of them
        // at fewer digits.
        assert_eq!(
            texts(-2.0, (-2.004, -1.996), 2, decimals),
            ["-2.000", "-2.004", "-1.996"]
        );
        assert_eq!(
            texts(-1.23, (-1.2345, -1.1), 2, decimals),
            ["-1.230", "-1.234", "-1.100"]
        );
        // Equal ends, and a value at an end: nothing to tell apart.
        assert_eq!(texts(0.1, (0.1, 0.1), 1, decimals), ["0.1", "0.1", "0.1"]);
        assert_eq!(
            texts(-3.0, (-3.0, -2.0), 2, decimals),
            ["-3.00", "-3.00", "-2.00"]
        );
        // Significant digits, across an exponent.
        assert_eq!(
            texts(1.23456e-7, (1.23451e-7, 1.23459e-7), 4, significant),
            ["1.23456e-7", "1.23451e-7", "1.23459e-7"]
        );
        assert_eq!(
            texts(0.5, (0.25, 1.0), 4, significant),
            ["0.5", "0.25", "1"]
        );
        // Ends that differ in their last bit: as many digits as an f64 has,
        // and no more.
        let next = f64::from_bits(0.1f64.to_bits() + 1);
        let [_, lo, hi] = texts(0.1, (0.1, next), 1, decimals);
        assert!(lo.len() <= 19 && hi.len() <= 19, "{lo} {hi}");
        // Not a number: written as it is, no endless search.
        assert_eq!(
            texts(f64::NAN, (0.1, 0.2), 4, significant),
            ["–", "0.1", "0.2"]
        );
    }
}
