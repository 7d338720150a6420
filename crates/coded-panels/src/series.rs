//! Which series a scheme is drawn as: fixed, so a scheme keeps its colour
//! and marker in every panel, legend and export; and how a series' line is
//! stroked, the same on the canvas, in its legend and in the page's.

use coded_core::Scheme;

/// The index of a scheme's series (into a theme's series colours and the
/// markers): its place in `Scheme::ALL`.
pub fn scheme_series(s: Scheme) -> usize {
    Scheme::ALL.iter().position(|x| *x == s).unwrap_or(0)
}

/// Dash patterns (dash, gap in CSS pixels), so dashed lines for different
/// p values differ without colour.
pub const DASHES: [(f64, f64); 4] = [(6.0, 4.0), (2.0, 3.0), (12.0, 4.0), (9.0, 2.5)];

/// A saved run's curves' pattern (dash, gap, dot, gap in CSS pixels): a
/// dash-dot, unlike each of [`DASHES`], so a saved curve never reads as a
/// claimed rate's line, whatever the number of those.
pub const DASH_DOT: [f64; 4] = [6.0, 2.5, 2.0, 2.5];

/// How a series' line is stroked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stroke {
    /// A curve computed now.
    Solid,
    /// Dash pattern `i` of [`DASHES`] (cycled): a claimed rate's line, a
    /// level.
    Dashed(usize),
    /// [`DASH_DOT`]: a curve of a saved run (a study file opened).
    DashDot,
}

impl Stroke {
    /// Its on and off lengths in CSS pixels, repeated from the line's
    /// start; none for a solid line.
    pub fn pattern(self) -> Vec<f64> {
        match self {
            Stroke::Solid => vec![],
            Stroke::Dashed(i) => {
                let (dash, gap) = DASHES[i % DASHES.len()];
                vec![dash, gap]
            }
            Stroke::DashDot => DASH_DOT.to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_curve_is_stroked_unlike_every_dashed_line() {
        let saved = Stroke::DashDot.pattern();
        assert_eq!(saved.len(), 4, "a dash and a dot");
        for i in 0..2 * DASHES.len() {
            let dashed = Stroke::Dashed(i).pattern();
            assert_eq!(dashed.len(), 2);
            assert_ne!(dashed, saved);
        }
        assert_eq!(Stroke::Dashed(5).pattern(), Stroke::Dashed(1).pattern());
        assert!(Stroke::Solid.pattern().is_empty());
    }
}
