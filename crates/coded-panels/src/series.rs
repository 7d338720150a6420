//! Which series a scheme is drawn as: fixed, so a scheme keeps its colour
//! and marker in every panel, legend and export.

use coded_core::Scheme;

/// The index of a scheme's series (into a theme's series colours and the
/// markers): its place in `Scheme::ALL`.
pub fn scheme_series(s: Scheme) -> usize {
    Scheme::ALL.iter().position(|x| *x == s).unwrap_or(0)
}
