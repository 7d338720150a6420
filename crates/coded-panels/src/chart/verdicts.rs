//! The marks of a locating decoder's verdicts (see [`crate::detection`]):
//! outlines drawn around a server's own mark, told apart by their shape,
//! never only by their colour: a target (a ring with four ticks) around an
//! adversary caught, a dashed ring around one missed, a square around an
//! honest server flagged. Panels 1 and 2 and their keys draw them with the
//! same code. (A plain ring would read as panel 2's exact values, hollow
//! circles.)

use super::common::{text_width, AreaError};
use crate::detection::Verdict;
use crate::theme::Theme;
use crate::Area;
use plotters::element::EmptyElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Segments of the ring: enough to look round at a dozen pixels.
const RING_STEPS: usize = 24;
/// Dashes of the dashed ring, each as long as the gap after it.
const DASHES: usize = 6;

/// The point of a circle of `radius` pixels at `turn` (0 to 1) around it.
fn on_circle(radius: i32, turn: f64) -> (i32, i32) {
    let a = turn * std::f64::consts::TAU;
    let r = f64::from(radius);
    ((r * a.cos()).round() as i32, (r * a.sin()).round() as i32)
}

/// A verdict's outline, in pixels from the centre of the mark it goes
/// around: the polylines to stroke.
pub fn outline(verdict: Verdict, radius: i32) -> Vec<Vec<(i32, i32)>> {
    match verdict {
        Verdict::Caught => {
            let ring = (0..=RING_STEPS)
                .map(|i| on_circle(radius, i as f64 / RING_STEPS as f64))
                .collect();
            // Ticks outwards at the four points of the compass.
            let tick = (radius / 2).max(2);
            let (r, t) = (radius, radius + tick);
            vec![
                ring,
                vec![(r, 0), (t, 0)],
                vec![(-r, 0), (-t, 0)],
                vec![(0, r), (0, t)],
                vec![(0, -r), (0, -t)],
            ]
        }
        Verdict::Missed => (0..DASHES)
            .map(|d| {
                let start = d as f64 / DASHES as f64;
                let span = 0.5 / DASHES as f64;
                (0..=4)
                    .map(|i| on_circle(radius, start + span * f64::from(i) / 4.0))
                    .collect()
            })
            .collect(),
        Verdict::FalseAlarm => {
            // As wide as the ring looks: a square's corners reach further.
            let h = (f64::from(radius) * 0.85).round() as i32;
            vec![vec![(-h, -h), (h, -h), (h, h), (-h, h), (-h, -h)]]
        }
    }
}

/// The outlines' radius around a server's mark of `size` pixels: clear of
/// the mark, and never so small that a dash of the dashed ring is a dot.
pub fn radius(theme: &Theme, mark_size: i32) -> i32 {
    (mark_size + theme.px(3.0) as i32).max(theme.px(6.0) as i32)
}

/// Their stroke: the theme's ink, thick enough to read on a phone.
pub fn stroke(theme: &Theme) -> ShapeStyle {
    theme.foreground.stroke_width(theme.px(2.0))
}

/// Each (point, verdict) in `chart`, outlined `radius` pixels around.
pub fn draw_verdicts<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    theme: &Theme,
    marks: &[((f64, f64), Verdict)],
    radius: i32,
) -> Result<(), AreaError<DB>>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let style = stroke(theme);
    for verdict in Verdict::ALL {
        for piece in outline(verdict, radius) {
            chart.draw_series(
                (marks.iter())
                    .filter(|(_, v)| *v == verdict)
                    .map(|&(at, _)| EmptyElement::at(at) + PathElement::new(piece.clone(), style)),
            )?;
        }
    }
    Ok(())
}

/// The height of a one-row key ([`draw_key`]), in CSS pixels.
pub const KEY_CSS: f64 = 22.0;

/// The three marks in one row, centred across `area`, each followed by
/// its meaning in words: "adversary caught (flagged)" where the three fit,
/// else "caught" (a phone).
pub fn draw_key<DB: DrawingBackend>(area: &Area<DB>, theme: &Theme) -> Result<(), AreaError<DB>> {
    let (w, h) = area.dim_in_pixel();
    let size = theme.font(11.5);
    let (swatch, gap, spacing) = (theme.px(22.0), theme.px(4.0), theme.px(16.0));
    let width = |label: fn(Verdict) -> &'static str| {
        let items: f64 = (Verdict::ALL.iter())
            .map(|v| f64::from(swatch + gap) + text_width(label(*v), size))
            .sum();
        items + f64::from(2 * spacing)
    };
    let long = width(Verdict::meaning) <= f64::from(w.saturating_sub(theme.px(16.0)));
    let label = if long {
        Verdict::meaning
    } else {
        Verdict::short
    };
    let style = ("sans-serif", size)
        .into_font()
        .color(&theme.foreground)
        .pos(Pos::new(HPos::Left, VPos::Center));
    let y = (h / 2) as i32;
    let mut x = ((f64::from(w) - width(label)) / 2.0).max(0.0);
    for v in Verdict::ALL {
        let centre = (x as i32 + (swatch / 2) as i32, y);
        draw_verdict_at(area, theme, v, centre, theme.px(5.0) as i32)?;
        x += f64::from(swatch + gap);
        area.draw(&Text::new(label(v), (x as i32, y), style.clone()))?;
        x += text_width(label(v), size) + f64::from(spacing);
    }
    Ok(())
}

/// One verdict's outline around pixel `c` of `area` (a legend's swatch).
pub fn draw_verdict_at<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    verdict: Verdict,
    c: (i32, i32),
    radius: i32,
) -> Result<(), AreaError<DB>> {
    for piece in outline(verdict, radius) {
        let piece: Vec<(i32, i32)> = piece.into_iter().map(|(x, y)| (c.0 + x, c.1 + y)).collect();
        area.draw(&PathElement::new(piece, stroke(theme)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_outlines_differ_in_shape() {
        let target = outline(Verdict::Caught, 9);
        let dashed = outline(Verdict::Missed, 9);
        let square = outline(Verdict::FalseAlarm, 9);
        assert_eq!((target.len(), dashed.len(), square.len()), (5, DASHES, 1));
        // The ring is closed and round: every point 9 pixels out; its
        // ticks go from it outwards.
        let ring = &target[0];
        assert_eq!(ring.first(), ring.last());
        for tick in &target[1..] {
            let (a, b) = (tick[0], tick[1]);
            assert_eq!(a.0 * a.0 + a.1 * a.1, 81);
            assert!(b.0.abs() + b.1.abs() > 9);
        }
        for &(x, y) in ring.iter().chain(dashed.iter().flatten()) {
            let r = f64::from(x * x + y * y).sqrt();
            assert!((r - 9.0).abs() < 1.0, "{x}, {y}");
        }
        // The square has corners, further out than its sides.
        assert_eq!(square[0].len(), 5);
        assert!(square[0].iter().all(|&(x, y)| x.abs() == y.abs()));
    }
}
