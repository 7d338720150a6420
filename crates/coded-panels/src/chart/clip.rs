//! Clipping lines and points to a chart's box: plotters does not clip
//! lines to the plotting area, so a line that leaves it would be drawn over
//! the axes and the legend.

use crate::geometry::DataRange;

/// The pieces of a polyline inside the box `x` × `y` (clipped in the axes'
/// own scale, so straight lines on a log axis stay straight).
pub fn clip_polyline(points: &[(f64, f64)], x: DataRange, y: DataRange) -> Vec<Vec<(f64, f64)>> {
    let to_f = |p: (f64, f64)| (x.fraction(p.0), y.fraction(p.1));
    let back = |q: (f64, f64)| (x.at(q.0), y.at(q.1));
    let mut pieces: Vec<Vec<(f64, f64)>> = vec![];
    let mut current: Vec<(f64, f64)> = vec![];
    let usable = |p: &(f64, f64)| {
        p.0.is_finite() && p.1.is_finite() && (!x.log || p.0 > 0.0) && (!y.log || p.1 > 0.0)
    };
    for w in points.windows(2) {
        if !(usable(&w[0]) && usable(&w[1])) {
            if current.len() > 1 {
                pieces.push(std::mem::take(&mut current));
            }
            current.clear();
            continue;
        }
        let (a, b) = (to_f(w[0]), to_f(w[1]));
        match clip_segment(a, b) {
            Some((ca, cb)) => {
                if current.is_empty() || ca != a {
                    if current.len() > 1 {
                        pieces.push(std::mem::take(&mut current));
                    }
                    current = vec![back(ca)];
                }
                current.push(back(cb));
                if cb != b {
                    pieces.push(std::mem::take(&mut current));
                }
            }
            None => {
                if current.len() > 1 {
                    pieces.push(std::mem::take(&mut current));
                }
                current.clear();
            }
        }
    }
    if current.len() > 1 {
        pieces.push(current);
    }
    pieces
}

/// Liang–Barsky clipping of a segment to the unit square.
fn clip_segment(a: (f64, f64), b: (f64, f64)) -> Option<((f64, f64), (f64, f64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [(-dx, a.0), (dx, 1.0 - a.0), (-dy, a.1), (dy, 1.0 - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f64| {
        if t == 0.0 {
            a
        } else if t == 1.0 {
            b
        } else {
            (a.0 + t * dx, a.1 + t * dy)
        }
    };
    Some((at(t0), at(t1)))
}

/// Whether a data point lies inside the axes' box.
pub fn inside(p: (f64, f64), x: DataRange, y: DataRange) -> bool {
    let (fx, fy) = (x.fraction(p.0), y.fraction(p.1));
    p.0.is_finite()
        && p.1.is_finite()
        && (0.0..=1.0).contains(&fx)
        && (0.0..=1.0).contains(&fy)
        && (!x.log || p.0 > 0.0)
        && (!y.log || p.1 > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_keeps_what_is_inside() {
        let x = DataRange::linear(0.0..1.0);
        let y = DataRange::linear(0.0..1.0);
        let pts = [(0.0, 0.5), (0.5, 0.5), (0.6, 5.0), (0.7, 0.5), (1.0, 0.5)];
        let pieces = clip_polyline(&pts, x, y);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0][0], (0.0, 0.5));
        let end = pieces[0].last().unwrap();
        assert!((end.1 - 1.0).abs() < 1e-12);
        assert!(pieces
            .iter()
            .flatten()
            .all(|p| inside(*p, x, y) || (p.1 - 1.0).abs() < 1e-9));
        let nan = [(0.1, f64::NAN), (0.2, 0.2), (0.3, 0.3)];
        assert_eq!(
            clip_polyline(&nan, x, y),
            vec![vec![(0.2, 0.2), (0.3, 0.3)]]
        );
    }
}
