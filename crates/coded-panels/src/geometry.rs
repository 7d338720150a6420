//! Where a drawn chart sits on the backend and which data ranges it shows.
//!
//! Why: the app shows the values under the cursor. A draw function returns a
//! [`Frame`] (one [`ChartGeometry`] per chart it drew), and the app maps a
//! cursor position back to data with it, without knowing how the plot was
//! laid out. Pure data, so it can cross a Web Worker boundary too.

use serde::{Deserialize, Serialize};
use std::ops::Range;

/// A chart axis's data range, and whether it is logarithmic (not a
/// setting an error plot runs along: that is the core's `Axis`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DataRange {
    pub lo: f64,
    pub hi: f64,
    pub log: bool,
}

impl DataRange {
    pub fn linear(r: Range<f64>) -> DataRange {
        DataRange {
            lo: r.start,
            hi: r.end,
            log: false,
        }
    }

    pub fn log(r: Range<f64>) -> DataRange {
        DataRange {
            lo: r.start,
            hi: r.end,
            log: true,
        }
    }

    /// The value at fraction `t` of the way from `lo` to `hi`.
    pub fn at(&self, t: f64) -> f64 {
        if self.log {
            (self.lo.ln() + t * (self.hi.ln() - self.lo.ln())).exp()
        } else {
            self.lo + t * (self.hi - self.lo)
        }
    }

    /// The fraction of the way from `lo` to `hi` at which `v` sits.
    pub fn fraction(&self, v: f64) -> f64 {
        if self.log {
            (v.ln() - self.lo.ln()) / (self.hi.ln() - self.lo.ln())
        } else {
            (v - self.lo) / (self.hi - self.lo)
        }
    }
}

/// A chart's plotting rectangle in backend pixels (y grows downwards) and
/// its axes. `id` tells the hover code which of a panel's charts this is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChartGeometry {
    pub id: u32,
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
    pub x: DataRange,
    pub y: DataRange,
}

impl ChartGeometry {
    /// From a plotters pixel range (`plotting_area().get_pixel_range()`).
    pub fn new(id: u32, px: (Range<i32>, Range<i32>), x: DataRange, y: DataRange) -> Self {
        ChartGeometry {
            id,
            x0: px.0.start,
            y0: px.1.start,
            x1: px.0.end,
            y1: px.1.end,
            x,
            y,
        }
    }

    pub fn contains(&self, px: f64, py: f64) -> bool {
        px >= self.x0 as f64 && px <= self.x1 as f64 && py >= self.y0 as f64 && py <= self.y1 as f64
    }

    /// Data coordinates under the backend pixel (px, py).
    pub fn to_data(&self, px: f64, py: f64) -> (f64, f64) {
        let tx = (px - self.x0 as f64) / ((self.x1 - self.x0).max(1) as f64);
        let ty = (self.y1 as f64 - py) / ((self.y1 - self.y0).max(1) as f64);
        (self.x.at(tx), self.y.at(ty))
    }

    /// Backend pixel of the data point (x, y).
    pub fn to_pixel(&self, x: f64, y: f64) -> (f64, f64) {
        let w = (self.x1 - self.x0).max(1) as f64;
        let h = (self.y1 - self.y0).max(1) as f64;
        (
            self.x0 as f64 + self.x.fraction(x) * w,
            self.y1 as f64 - self.y.fraction(y) * h,
        )
    }
}

/// Everything one draw call produced that hover needs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    pub charts: Vec<ChartGeometry>,
    /// How many parts the drawing can be drawn in, one a call (see
    /// `Theme::part`); 0 or 1: in one.
    #[serde(default)]
    pub parts: usize,
}

impl Frame {
    pub fn single(chart: ChartGeometry) -> Frame {
        Frame {
            charts: vec![chart],
            parts: 1,
        }
    }

    /// The chart under the backend pixel (px, py).
    pub fn chart_at(&self, px: f64, py: f64) -> Option<&ChartGeometry> {
        self.charts.iter().find(|c| c.contains(px, py))
    }
}

/// Hover's pick radius, in backend pixels per unit of its `scale` (CSS px).
pub const PICK_RADIUS: f64 = 9.0;

/// The index of the point nearest to (px, py) in pixels, among `points`
/// (data coordinates, non-finite ones skipped), if within `radius` pixels.
pub fn nearest(
    chart: &ChartGeometry,
    points: impl Iterator<Item = (f64, f64)>,
    px: f64,
    py: f64,
    radius: f64,
) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, (x, y)) in points.enumerate() {
        if !(x.is_finite() && y.is_finite())
            || (chart.y.log && y <= 0.0)
            || (chart.x.log && x <= 0.0)
        {
            continue;
        }
        let (qx, qy) = chart.to_pixel(x, y);
        let d = (qx - px).hypot(qy - py);
        if d <= radius && best.is_none_or(|(_, b)| d < b) {
            best = Some((i, d));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_and_log_axes_round_trip() {
        let c = ChartGeometry::new(
            0,
            (100..300, 50..250),
            DataRange::log(10.0..1000.0),
            DataRange::linear(-1.0..1.0),
        );
        let (px, py) = c.to_pixel(100.0, 0.5);
        assert!((px - 200.0).abs() < 1e-9 && (py - 100.0).abs() < 1e-9);
        let (x, y) = c.to_data(px, py);
        assert!((x - 100.0).abs() < 1e-9 && (y - 0.5).abs() < 1e-12);
        assert!(c.contains(150.0, 60.0) && !c.contains(99.0, 60.0));
        let f = Frame::single(c);
        assert!(f.chart_at(200.0, 200.0).is_some() && f.chart_at(0.0, 0.0).is_none());
    }

    #[test]
    fn nearest_skips_non_finite_and_far_points() {
        let c = ChartGeometry::new(
            0,
            (0..100, 0..100),
            DataRange::linear(0.0..1.0),
            DataRange::linear(0.0..1.0),
        );
        let pts = [(f64::NAN, 0.5), (0.5, 0.5), (0.9, 0.9)];
        assert_eq!(nearest(&c, pts.iter().copied(), 50.0, 50.0, 5.0), Some(1));
        assert_eq!(nearest(&c, pts.iter().copied(), 20.0, 20.0, 5.0), None);
    }
}
