//! Panel 1's values under the cursor, in words (the tooltip), and the
//! server a click toggles.

use super::view::StragglerView;
use crate::detection::Judged;
use crate::format::f4;
use crate::geometry::Frame;

/// Chart ids in the frame.
pub const ROUND: u32 = 10;
pub const RASTER: u32 = 11;

/// The server under a pixel of the straggler panel (its round strip or its
/// raster), numbered from 0 in β order as the manual model counts them:
/// what a click toggles.
pub fn server_at(view: &StragglerView, frame: &Frame, px: f64, py: f64) -> Option<usize> {
    let chart = frame.chart_at(px, py)?;
    if chart.id != ROUND && chart.id != RASTER {
        return None;
    }
    let (x, _) = chart.to_data(px, py);
    Some((x.floor().max(0.0) as usize).min(view.n.checked_sub(1)?))
}

pub fn hover(view: &StragglerView, frame: &Frame, px: f64, py: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    let (_, y) = chart.to_data(px, py);
    let server = server_at(view, frame, px, py)?;
    match chart.id {
        ROUND => {
            let state = if view.straggled[server] {
                "straggled"
            } else {
                "returned"
            };
            let time = view
                .finish_times
                .as_ref()
                .map(|t| format!(", finished at {}", f4(t[server])))
                .unwrap_or_default();
            let adversarial = if view.adversarial_servers.binary_search(&server).is_ok() {
                ", adversarial"
            } else {
                ""
            };
            let verdict = (view.verdict(server).zip(view.detection.as_ref()))
                .map(|(v, d)| format!("; {}", d.verdict_words(v)))
                .unwrap_or_default();
            Some(format!(
                "server {} (β = {}): {state}{adversarial}{time}{verdict}; a click toggles it",
                server,
                f4(view.betas[server])
            ))
        }
        RASTER => {
            let row = (y.floor() as i64 - view.raster_first as i64)
                .clamp(0, view.raster.len() as i64 - 1) as usize;
            let trial = view.raster_first + row;
            let state = if view.raster[row].get(server) {
                "straggled"
            } else {
                "returned"
            };
            Some(format!(
                "trial {}, server {}: {state}; |F| = {}, longest run {}",
                trial + 1,
                server,
                view.raster_returned[row],
                view.raster_longest[row]
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
// They draw to find where the points are.
#[cfg(feature = "draw")]
mod tests {
    use super::*;
    use crate::theme::Theme;
    use coded_core::Config;

    #[test]
    fn straggler_hover_names_server_and_trial() {
        let c = Config::from_json(r#"{"n": 20, "trials": 10}"#).unwrap();
        let v = crate::testing::straggler_view(&c, 2);
        let (_, f) = crate::to_svg(800, 500, |a| {
            super::super::draw::draw(a, &Theme::light(), &v, &Default::default())
        })
        .unwrap();
        let g = f.charts[1];
        let (px, py) = g.to_pixel(4.5, 2.5);
        let text = hover(&v, &f, px, py).unwrap();
        let state = if v.raster[2].get(4) {
            "straggled"
        } else {
            "returned"
        };
        assert!(
            text.starts_with(&format!("trial 3, server 4: {state}")),
            "{text}"
        );
        let g = f.charts[0];
        let (px, py) = g.to_pixel(0.5, 0.5);
        assert!(hover(&v, &f, px, py)
            .unwrap()
            .starts_with("server 0 (β = -1):"));
        assert_eq!(server_at(&v, &f, px, py), Some(0));
        let (px, py) = g.to_pixel(v.n as f64 - 0.5, 0.5);
        assert_eq!(server_at(&v, &f, px, py), Some(v.n - 1));
        assert!(hover(&v, &f, 1.0, 1.0).is_none());
        assert_eq!(server_at(&v, &f, 1.0, 1.0), None);
    }

    #[test]
    fn a_judged_server_says_its_verdict() {
        use crate::testing::{cfg, decoded_straggler_view, MIXED, MIXED_TRIAL};
        let v = decoded_straggler_view(&cfg(MIXED), MIXED_TRIAL);
        let (_, f) = crate::to_svg(800, 500, |a| {
            super::super::draw::draw(a, &Theme::light(), &v, &Default::default())
        })
        .unwrap();
        let at = |server: usize| {
            let (px, py) = f.charts[0].to_pixel(server as f64 + 0.5, 0.68);
            hover(&v, &f, px, py).unwrap()
        };
        // Adversaries 2 and 15 caught, 4 missed; honest 18 flagged.
        for (server, words) in [
            (2, "returned, adversarial; flagged by ApproxIFER: caught;"),
            (15, "returned, adversarial; flagged by ApproxIFER: caught;"),
            (
                4,
                "returned, adversarial; not flagged by ApproxIFER: missed;",
            ),
            (
                18,
                "returned; flagged by ApproxIFER, though honest: a false alarm;",
            ),
        ] {
            let t = at(server);
            assert!(t.starts_with(&format!("server {server} (β = ")), "{t}");
            assert!(t.contains(words), "{words} in {t}");
        }
        let t = at(0);
        assert!(!t.contains("flagged") && !t.contains("adversarial"), "{t}");
    }
}
