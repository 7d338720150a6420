//! What an error curve's point carries besides its squared error's
//! numbers: the max and relative errors', and the resampled means its
//! slope's interval is fitted from (see the `statistic` module, which
//! shows a view in any of them).
//!
//! A module of its own so that the views that fill it in and the module
//! that reads it do not depend on one another.

use coded_core::statistic::Measured;
use coded_core::SweepPoint;
use serde::{Deserialize, Serialize};

/// One statistic's numbers at a point, as [`CurvePoint`] has the squared
/// error's, with its resampled means.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatPoint {
    pub mean: f64,
    pub std: f64,
    pub ci_lo: f64,
    pub ci_hi: f64,
    pub median: f64,
    pub q10: f64,
    pub q90: f64,
    pub resampled: Vec<f64>,
}

impl StatPoint {
    fn of(m: &Measured) -> StatPoint {
        StatPoint {
            mean: m.stats.mean,
            std: m.stats.std,
            ci_lo: m.interval.lo,
            ci_hi: m.interval.hi,
            median: m.spread.median,
            q10: m.spread.q10,
            q90: m.spread.q90,
            resampled: m.resampled.clone(),
        }
    }
}

/// What a point carries besides its squared error's numbers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PointStatistics {
    /// The resampled means of the statistic the point's numbers are of:
    /// the squared error's, or the one [`shown`] put in their place.
    pub resampled: Vec<f64>,
    pub max: Option<StatPoint>,
    pub rel: Option<StatPoint>,
}

impl PointStatistics {
    pub fn of(s: &SweepPoint) -> PointStatistics {
        PointStatistics {
            resampled: s.mse_resampled.clone(),
            max: s.max_error.as_ref().map(StatPoint::of),
            rel: s.rel_error.as_ref().map(StatPoint::of),
        }
    }
}
