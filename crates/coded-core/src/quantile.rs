//! The sample quantile the statistics and the locators share.
//!
//! A module of its own, low in the crate, so that the locators (which the
//! schemes use) and the metrics (which use the schemes) read one
//! definition without a cycle.

/// The quantile `t` (0 to 1) of a non-empty sorted sample, interpolated
/// linearly between order statistics (type 7, R's and NumPy's default).
pub(crate) fn quantile_of_sorted(sorted: &[f64], t: f64) -> f64 {
    let pos = t * (sorted.len() - 1) as f64;
    let (i, frac) = (pos.floor() as usize, pos - pos.floor());
    let next = sorted[(i + 1).min(sorted.len() - 1)];
    if frac == 0.0 {
        sorted[i]
    } else {
        sorted[i] + frac * (next - sorted[i])
    }
}
