//! The fitted slopes of a sweep's curves (mean squared error against N on
//! log-log axes), with their 95 % bootstrap intervals: the numbers, and the
//! words `coded sweep` prints on standard error.

use coded_core::metrics::curves;
use coded_core::statistic::{fit_slope, FitPoint, Slope};
use coded_core::{Scheme, SweepPoint};
pub use coded_panels::errors::SlopeRange;
use coded_panels::format::{decimals, interval_texts};

/// One curve's slope.
#[derive(Clone, Debug, PartialEq)]
pub struct CurveSlope {
    pub scheme: Scheme,
    pub p: f64,
    /// None with fewer than two points that have an error.
    pub fitted: Option<Slope>,
}

impl CurveSlope {
    /// The line `coded sweep` prints: "slope bacc p=0.1: -2.905 [-3.012, -2.801]".
    pub fn line(&self) -> String {
        format!(
            "slope {} p={}: {}",
            self.scheme.name(),
            self.p,
            words(self.fitted)
        )
    }
}

/// Every curve's slope over `range`, in the points' curve order.
pub fn of(points: &[SweepPoint], range: SlopeRange) -> Vec<CurveSlope> {
    curves(points)
        .into_iter()
        .map(|curve| CurveSlope {
            scheme: curve[0].scheme,
            p: curve[0].p,
            fitted: fit(&curve, range),
        })
        .collect()
}

fn fit(curve: &[&SweepPoint], range: SlopeRange) -> Option<Slope> {
    let fit: Vec<FitPoint> = curve
        .iter()
        .filter_map(|p| {
            p.mse.map(|m| FitPoint {
                x: p.n as f64,
                mean: m.mean,
                resampled: &p.mse_resampled,
            })
        })
        .collect();
    fit_slope(&fit, range.bounds())
}

/// A fitted slope in words: three decimals, or more where three would hide
/// its interval's width.
pub fn words(fitted: Option<Slope>) -> String {
    match fitted {
        Some(Slope {
            slope,
            interval: Some(ends),
        }) => {
            let [slope, lo, hi] = interval_texts(slope, ends, 3, decimals);
            format!("{slope} [{lo}, {hi}]")
        }
        Some(s) => format!("{:.3}", s.slope),
        None => "none (fewer than two points with an error)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slope_is_printed_with_the_decimals_its_interval_needs() {
        let w = |slope, interval| words(Some(Slope { slope, interval }));
        assert_eq!(w(-2.905, Some((-3.012, -2.801))), "-2.905 [-3.012, -2.801]");
        // Three decimals would print "-0.100 [-0.100, -0.100]".
        assert_eq!(
            w(-0.1, Some((-0.10012, -0.09991))),
            "-0.1000 [-0.1001, -0.0999]"
        );
        assert_eq!(w(-2.0, None), "-2.000");
        assert_eq!(words(None), "none (fewer than two points with an error)");
    }
}
