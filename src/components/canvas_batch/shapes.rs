//! The shapes of a batched run, as plotters' canvas backend would draw
//! each (the same coordinates, half-pixel shifts included), every closed
//! one turning the same way: filled together under the non-zero rule, two
//! overlapping shapes turning opposite ways would leave their overlap
//! empty.

use plotters_backend::BackendCoord;

/// How a run of shapes is painted: in `color`, filled (no `stroke`) or
/// stroked `stroke` wide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paint {
    pub rgb: (u8, u8, u8),
    pub alpha: f64,
    pub stroke: Option<u32>,
}

impl Paint {
    /// Its colour in CSS: `rgb(…)` when opaque, else `rgba(…)`.
    pub fn css(&self) -> String {
        let (r, g, b) = self.rgb;
        if self.alpha >= 1.0 {
            format!("rgb({r},{g},{b})")
        } else {
            format!("rgba({r},{g},{b},{})", self.alpha)
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// Width and height not negative: clockwise on the screen.
    Rect { x: f64, y: f64, w: f64, h: f64 },
    /// Traced clockwise from its rightmost point.
    Circle { x: f64, y: f64, r: f64 },
    /// An open line.
    Line(Vec<(f64, f64)>),
    /// A line of two points (no list to allocate: error bars and
    /// crosses come by the thousand).
    Segment((f64, f64), (f64, f64)),
    /// Closed, clockwise.
    Polygon(Vec<(f64, f64)>),
}

fn point((x, y): BackendCoord) -> (f64, f64) {
    (f64::from(x), f64::from(y))
}

/// Twice the signed area of a closed polygon: positive when it turns
/// clockwise on the screen (y down), as rectangles and circles do.
pub fn turning(points: &[BackendCoord]) -> i64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            i64::from(a.0) * i64::from(b.1) - i64::from(b.0) * i64::from(a.1)
        })
        .sum()
}

impl Shape {
    /// A segment, shifted half a pixel when it is horizontal or
    /// vertical (as plotters' canvas backend does, so a one-pixel line
    /// covers one row of pixels rather than two half-lit ones).
    pub fn segment(from: BackendCoord, to: BackendCoord) -> Shape {
        let (mut a, mut b) = (point(from), point(to));
        if from.0 == to.0 {
            a.0 -= 0.5;
            b.0 -= 0.5;
        }
        if from.1 == to.1 {
            a.1 -= 0.5;
            b.1 -= 0.5;
        }
        Shape::Segment(a, b)
    }

    /// The rectangle between two corners, in either order.
    pub fn rect(a: BackendCoord, b: BackendCoord) -> Shape {
        let (x, y) = (a.0.min(b.0), a.1.min(b.1));
        Shape::Rect {
            x: f64::from(x),
            y: f64::from(y),
            w: f64::from(a.0.max(b.0) - x),
            h: f64::from(a.1.max(b.1) - y),
        }
    }

    pub fn circle(center: BackendCoord, r: u32) -> Shape {
        let (x, y) = point(center);
        Shape::Circle {
            x,
            y,
            r: f64::from(r),
        }
    }

    /// An open line through `points` (no shift: plotters' canvas
    /// backend shifts single segments only).
    pub fn polyline(points: impl IntoIterator<Item = BackendCoord>) -> Shape {
        Shape::Line(points.into_iter().map(point).collect())
    }

    /// A closed polygon turned clockwise; None below three corners
    /// (nothing to fill).
    pub fn polygon(mut points: Vec<BackendCoord>) -> Option<Shape> {
        if points.len() < 3 {
            return None;
        }
        if turning(&points) < 0 {
            points.reverse();
        }
        Some(Shape::Polygon(points.into_iter().map(point).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_turn_one_way_whichever_corners_are_given() {
        let a = Shape::rect((10, 20), (30, 5));
        assert_eq!(a, Shape::rect((30, 5), (10, 20)));
        assert_eq!(
            a,
            Shape::Rect {
                x: 10.0,
                y: 5.0,
                w: 20.0,
                h: 15.0
            }
        );
        // A rectangle's corners in tracing order turn as polygons are made to.
        assert!(turning(&[(10, 5), (30, 5), (30, 20), (10, 20)]) > 0);
    }

    #[test]
    fn polygons_are_turned_clockwise() {
        let clockwise = vec![(0, 0), (10, 0), (10, 10)];
        let mut anti = clockwise.clone();
        anti.reverse();
        assert!(turning(&clockwise) > 0 && turning(&anti) < 0);
        let a = Shape::polygon(clockwise).unwrap();
        assert_eq!(a, Shape::polygon(anti).unwrap());
        assert_eq!(
            a,
            Shape::Polygon(vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)])
        );
        assert_eq!(Shape::polygon(vec![(0, 0), (1, 1)]), None);
    }

    #[test]
    fn straight_segments_sit_on_pixel_centres_like_plotters_canvas() {
        assert_eq!(
            Shape::segment((3, 4), (3, 9)),
            Shape::Segment((2.5, 4.0), (2.5, 9.0))
        );
        assert_eq!(
            Shape::segment((1, 2), (6, 2)),
            Shape::Segment((1.0, 1.5), (6.0, 1.5))
        );
        assert_eq!(
            Shape::segment((0, 0), (5, 7)),
            Shape::Segment((0.0, 0.0), (5.0, 7.0))
        );
        assert_eq!(
            Shape::polyline([(3, 4), (3, 9)]),
            Shape::Line(vec![(3.0, 4.0), (3.0, 9.0)])
        );
    }

    #[test]
    fn colours_are_css_rgb() {
        let c = |alpha| Paint {
            rgb: (1, 2, 255),
            alpha,
            stroke: None,
        };
        assert_eq!(c(1.0).css(), "rgb(1,2,255)");
        assert_eq!(c(0.25).css(), "rgba(1,2,255,0.25)");
        assert_eq!(
            Shape::circle((1, 2), 3),
            Shape::Circle {
                x: 1.0,
                y: 2.0,
                r: 3.0
            }
        );
    }
}
