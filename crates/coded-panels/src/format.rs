//! Number formatting shared by plots, tooltips and the results table.
//!
//! Why one place: the table must show the same numbers as the `coded` CLI to
//! four significant digits, and plots must never print "NaN".

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
    let s = sig(v, 4);
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
}
