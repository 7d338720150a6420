//! Panel 2's values under the cursor, in words (the tooltip).

use super::view::EncDecView;
use crate::detection::Judged;
use crate::format::f4;
use crate::geometry::{nearest, Frame, PICK_RADIUS};

/// Chart ids in the frame.
pub const ENCODE: u32 = 20;
pub const DECODE: u32 = 21;
pub const ERROR: u32 = 22;

/// Value of a sampled curve at z (nearest sample).
fn curve_at(curve: &[(f64, f64)], z: f64) -> Option<f64> {
    curve
        .iter()
        .min_by(|a, b| (a.0 - z).abs().total_cmp(&(b.0 - z).abs()))
        .filter(|p| (p.0 - z).abs() < 0.01)
        .map(|p| p.1)
}

pub fn hover(view: &EncDecView, frame: &Frame, px: f64, py: f64, scale: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    let r = PICK_RADIUS * scale;
    let (z, _) = chart.to_data(px, py);
    let data = |k: usize| {
        let est = view.estimates[k].map(f4).unwrap_or_else(|| "none".into());
        let err = view.errors[k].map(f4).unwrap_or_else(|| "–".into());
        format!(
            "input k = {} at α = {}: x = {}, f(x) = {}, estimate {est}, |error| {err}",
            k + 1,
            f4(view.alphas[k]),
            f4(view.inputs[k]),
            view.exact[k]
                .map(f4)
                .unwrap_or_else(|| "not a number".into())
        )
    };
    let server = |n: usize| {
        let state = match (
            view.straggled[n],
            view.adversarial_servers.binary_search(&n).is_ok(),
        ) {
            (true, false) => "straggled",
            (false, false) => "returned",
            (true, true) => "adversarial, straggled",
            (false, true) => "adversarial: a corrupted answer",
        };
        let verdict = (view.verdict(n).zip(view.detection.as_ref()))
            .map(|(v, d)| format!("; {}", d.verdict_words(v)))
            .unwrap_or_default();
        format!(
            "server {} at β = {}: x̃ = {}, f(x̃) = {} ({state}{verdict})",
            n,
            f4(view.betas[n]),
            view.coded[n].map(f4).unwrap_or_else(|| "–".into()),
            view.answers[n].map(f4).unwrap_or_else(|| "–".into())
        )
    };
    let alphas = |vals: &[f64]| {
        nearest(
            chart,
            view.alphas.iter().copied().zip(vals.iter().copied()),
            px,
            py,
            r,
        )
    };
    let opt = |v: &[Option<f64>]| v.iter().map(|x| x.unwrap_or(f64::NAN)).collect::<Vec<_>>();
    let betas =
        |vals: &[Option<f64>]| nearest(chart, view.betas.iter().copied().zip(opt(vals)), px, py, r);
    match chart.id {
        ENCODE => {
            if let Some(k) = alphas(&view.inputs) {
                return Some(data(k));
            }
            if let Some(n) = betas(&view.coded) {
                return Some(server(n));
            }
            curve_at(&view.encoder, z).map(|u| format!("z = {}: u_enc(z) = {}", f4(z), f4(u)))
        }
        DECODE => {
            if let Some(k) = alphas(&opt(&view.exact)).or_else(|| alphas(&opt(&view.estimates))) {
                return Some(data(k));
            }
            if let Some(n) = betas(&view.answers) {
                return Some(server(n));
            }
            let dec = curve_at(&view.decoder, z).map(|d| format!(", u_dec(z) = {}", f4(d)));
            let comp = curve_at(&view.composed, z).map(|c| format!(", f(u_enc(z)) = {}", f4(c)));
            (dec.is_some() || comp.is_some()).then(|| {
                format!(
                    "z = {}{}{}",
                    f4(z),
                    comp.unwrap_or_default(),
                    dec.unwrap_or_default()
                )
            })
        }
        ERROR => {
            let k = view
                .alphas
                .iter()
                .enumerate()
                .min_by(|a, b| (a.1 - z).abs().total_cmp(&(b.1 - z).abs()))?
                .0;
            let (kx, _) = chart.to_pixel(view.alphas[k], chart.y.lo);
            ((kx - px).abs() <= r).then(|| data(k))
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
    fn encdec_hover_snaps_to_points() {
        let c = Config::from_json(r#"{"k": 5, "n": 12, "trials": 5}"#).unwrap();
        let v = crate::testing::encdec(&c, 0);
        let (_, f) = crate::to_svg(800, 700, |a| {
            super::super::draw::draw(a, &Theme::light(), &v)
        })
        .unwrap();
        let g = f.charts[0];
        let (px, py) = g.to_pixel(v.alphas[2], v.inputs[2]);
        let t = hover(&v, &f, px + 2.0, py, 1.0).unwrap();
        assert!(t.starts_with("input k = 3"), "{t}");
        let g = f.charts[1];
        let (px, py) = g.to_pixel(v.betas[0], v.answers[0].unwrap());
        assert!(hover(&v, &f, px, py, 1.0)
            .unwrap()
            .starts_with("server 0 at β = -1"));
    }

    #[test]
    fn an_adversary_is_named_under_the_cursor() {
        let c = Config::from_json(
            r#"{"k": 5, "n": 12, "stragglers": {"model": "fixed", "s": 0},
                "adversaries": {"count": 1, "bound": 9, "placement": "block"}}"#,
        )
        .unwrap();
        let v = crate::testing::encdec(&c, 0);
        let (_, f) = crate::to_svg(800, 700, |a| {
            super::super::draw::draw(a, &Theme::light(), &v)
        })
        .unwrap();
        let n = v.adversarial_servers[0];
        let (px, py) = f.charts[1].to_pixel(v.betas[n], v.answers[n].unwrap());
        let t = hover(&v, &f, px, py, 1.0).unwrap();
        assert!(
            t.starts_with(&format!("server {n} at β = "))
                && t.ends_with("f(x̃) = 9 (adversarial: a corrupted answer)"),
            "{t}"
        );
    }

    #[test]
    fn a_judged_server_says_its_verdict() {
        use crate::testing::{MIXED, MIXED_TRIAL};
        let c = Config::from_json(MIXED).unwrap();
        let v = crate::testing::encdec(&c, MIXED_TRIAL);
        let (_, f) = crate::to_svg(800, 700, |a| {
            super::super::draw::draw(a, &Theme::light(), &v)
        })
        .unwrap();
        for (n, words) in [
            (
                2,
                "(adversarial: a corrupted answer; flagged by ApproxIFER: caught)",
            ),
            (
                4,
                "(adversarial: a corrupted answer; not flagged by ApproxIFER: missed)",
            ),
            (
                18,
                "(returned; flagged by ApproxIFER, though honest: a false alarm)",
            ),
        ] {
            let (px, py) = f.charts[1].to_pixel(v.betas[n], v.answers[n].unwrap());
            let t = hover(&v, &f, px, py, 1.0).unwrap();
            assert!(
                t.starts_with(&format!("server {n} at β = ")) && t.ends_with(words),
                "{words}: {t}"
            );
        }
    }
}
