//! One coordinate type for every axis of every chart, linear or
//! logarithmic, with the labelled values chosen here.
//!
//! Why one type: plotters' chart code (mesh, labels, series) is generic over
//! the axes' coordinate types, and every combination in use is compiled
//! again into the page's wasm (tens of kilobytes each). Why our own labels:
//! plotters' log axis labels a few decades only (error vs N over 20–640 had
//! the one label "100"); [`log_ticks`] labels every decade, or 2× and 5×.

use super::common::{log_ticks, text_width};
use crate::geometry::DataRange;
use crate::theme::Theme;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
pub struct AxisCoord {
    axis: DataRange,
    /// Labelled values; None: round numbers chosen from plotters' hint of
    /// how many labels fit (linear axes).
    labels: Option<Vec<f64>>,
    /// Unlabelled grid lines.
    grid: Vec<f64>,
}

impl AxisCoord {
    /// A linear axis with round-number labels.
    pub fn linear(axis: DataRange) -> AxisCoord {
        AxisCoord {
            axis,
            labels: None,
            grid: vec![],
        }
    }

    /// An axis with these labels and grid lines.
    pub fn with_ticks(axis: DataRange, labels: Vec<f64>, grid: Vec<f64>) -> AxisCoord {
        AxisCoord {
            axis,
            labels: Some(labels),
            grid,
        }
    }

    /// A log axis `length` pixels long whose labels (in the theme's 11 px
    /// tick font) do not overlap; `vertical` for a y axis.
    pub fn log(theme: &Theme, axis: DataRange, length: f64, vertical: bool) -> AxisCoord {
        let (labels, grid) = fitted_log_ticks(theme, axis.lo, axis.hi, length, vertical);
        AxisCoord::with_ticks(axis, labels, grid)
    }

    /// A linear or log axis, as `axis` says.
    pub fn of(theme: &Theme, axis: DataRange, length: f64, vertical: bool) -> AxisCoord {
        if axis.log {
            AxisCoord::log(theme, axis, length, vertical)
        } else {
            AxisCoord::linear(axis)
        }
    }

    pub fn axis(&self) -> DataRange {
        self.axis
    }
}

/// [`log_ticks`] for labels in the tick font, 8 px apart at least.
pub fn fitted_log_ticks(
    theme: &Theme,
    lo: f64,
    hi: f64,
    length: f64,
    vertical: bool,
) -> (Vec<f64>, Vec<f64>) {
    let font = theme.font(11.0);
    let extent = |t: &str| {
        if vertical {
            font * 1.3
        } else {
            text_width(t, font)
        }
    };
    log_ticks(lo, hi, length, theme.px(8.0) as f64, extent)
}

/// Round numbers (1, 2 or 5 × 10ᵏ apart) from `lo` to `hi`, at most `max`.
pub fn round_ticks(lo: f64, hi: f64, max: usize) -> Vec<f64> {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) || max == 0 {
        return vec![];
    }
    let rough = span / max.max(1) as f64;
    let e = rough.log10().floor() as i32;
    let m = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .find(|m| span / (m * 10f64.powi(e)) <= max as f64)
        .unwrap_or(10.0);
    // k·m / 10⁻ᵉ rather than k·step or a running sum: 3 × 0.2 is
    // 0.6000000000000001, 6 / 10 is 0.6.
    let at = |k: i64| {
        if e < 0 {
            k as f64 * m / 10f64.powi(-e)
        } else {
            k as f64 * m * 10f64.powi(e)
        }
    };
    let step = m * 10f64.powi(e);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).take(max.max(1) + 1).map(at).collect()
}

impl Ranged for AxisCoord {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let f = self.axis.fraction(*value);
        // Far outside (or NaN): pinned beyond the edge, never overflowing.
        let f = if f.is_nan() { -1.0 } else { f.clamp(-1e6, 1e6) };
        (limit.0 as f64 + (limit.1 - limit.0) as f64 * f).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        let light = hint.weight().allow_light_points();
        match (&self.labels, light) {
            (Some(_), true) => self.grid.clone(),
            (Some(l), false) => l.clone(),
            (None, true) => vec![],
            (None, false) => round_ticks(self.axis.lo, self.axis.hi, hint.max_num_points()),
        }
    }

    fn range(&self) -> Range<f64> {
        self.axis.lo..self.axis.hi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_ticks_are_round_and_within_range() {
        assert_eq!(round_ticks(0.0, 1.0, 5), [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(round_ticks(-0.03, 0.93, 8), [0.0, 0.2, 0.4, 0.6, 0.8]);
        assert_eq!(
            round_ticks(0.0, 8192.0, 10),
            (0..=8).map(|k| f64::from(k) * 1000.0).collect::<Vec<_>>()
        );
        // A reversed axis (the raster: trials downwards) has the same ticks.
        assert_eq!(
            round_ticks(100.0, 0.0, 5),
            [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert!(round_ticks(1.0, 1.0, 5).is_empty());
        assert!(round_ticks(0.0, f64::INFINITY, 5).is_empty());
    }

    #[test]
    fn maps_like_the_geometry_and_never_overflows() {
        let c = AxisCoord::linear(DataRange::linear(0.0..10.0));
        assert_eq!(c.map(&5.0, (0, 100)), 50);
        assert_eq!(c.map(&5.0, (100, 0)), 50);
        assert_eq!(c.map(&f64::NAN, (0, 100)), -100);
        assert_eq!(c.map(&1e300, (0, 100)), 100_000_000);
        let l = AxisCoord::with_ticks(DataRange::log(1.0..100.0), vec![1.0, 10.0, 100.0], vec![]);
        assert_eq!(l.map(&10.0, (0, 200)), 100);
    }
}
