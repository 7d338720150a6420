//! The values under the cursor, in words: what the app's tooltip shows.
//!
//! Each function takes a view, the [`Frame`] its draw call returned and a
//! backend pixel, and describes the nearest data (a point within a few
//! pixels, else the value of the axes there). Pure, so tested natively.

use crate::draw::{curves as dc, digits as dd, encdec as de, stragglers as ds};
use crate::format::sig;
use crate::geometry::{nearest, Frame};
use crate::views::curves::{CurveKind, CurvesView};
use crate::views::digits::DigitsView;
use crate::views::encdec::EncDecView;
use crate::views::stragglers::StragglerView;

/// Pick radius, in backend pixels per unit of `scale` (CSS px).
const RADIUS: f64 = 9.0;

/// Four significant digits without trailing zeros ("20", not "20.00").
fn f4(v: f64) -> String {
    let s = sig(v, 4);
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// The server under a pixel of the straggler panel (its round strip or its
/// raster), numbered from 0 in β order as the manual model counts them:
/// what a click toggles.
pub fn server_at(view: &StragglerView, frame: &Frame, px: f64, py: f64) -> Option<usize> {
    let chart = frame.chart_at(px, py)?;
    if chart.id != ds::ROUND && chart.id != ds::RASTER {
        return None;
    }
    let (x, _) = chart.to_data(px, py);
    Some((x.floor().max(0.0) as usize).min(view.n.checked_sub(1)?))
}

pub fn stragglers(view: &StragglerView, frame: &Frame, px: f64, py: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    let (_, y) = chart.to_data(px, py);
    let server = server_at(view, frame, px, py)?;
    match chart.id {
        ds::ROUND => {
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
            Some(format!(
                "server {} (β = {}): {state}{time}; a click toggles it",
                server,
                f4(view.betas[server])
            ))
        }
        ds::RASTER => {
            let row = (y.floor() as i64 - view.raster_first as i64)
                .clamp(0, view.raster.len() as i64 - 1) as usize;
            let trial = view.raster_first + row;
            let state = if view.raster[row][server] {
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

/// Value of a sampled curve at z (nearest sample).
fn curve_at(curve: &[(f64, f64)], z: f64) -> Option<f64> {
    curve
        .iter()
        .min_by(|a, b| (a.0 - z).abs().total_cmp(&(b.0 - z).abs()))
        .filter(|p| (p.0 - z).abs() < 0.01)
        .map(|p| p.1)
}

pub fn encdec(view: &EncDecView, frame: &Frame, px: f64, py: f64, scale: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    let r = RADIUS * scale;
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
        let state = if view.straggled[n] {
            "straggled"
        } else {
            "returned"
        };
        format!(
            "server {} at β = {}: x̃ = {}, f(x̃) = {} ({state})",
            n + 1,
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
    match chart.id {
        de::ENCODE => {
            if let Some(k) = alphas(&view.inputs) {
                return Some(data(k));
            }
            if let Some(n) = nearest(
                chart,
                view.betas.iter().copied().zip(opt(&view.coded)),
                px,
                py,
                r,
            ) {
                return Some(server(n));
            }
            curve_at(&view.encoder, z).map(|u| format!("z = {}: u_enc(z) = {}", f4(z), f4(u)))
        }
        de::DECODE => {
            if let Some(k) = alphas(&opt(&view.exact)).or_else(|| alphas(&opt(&view.estimates))) {
                return Some(data(k));
            }
            if let Some(n) = nearest(
                chart,
                view.betas.iter().copied().zip(opt(&view.answers)),
                px,
                py,
                r,
            ) {
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
        de::ERROR => {
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

pub fn digits(view: &DigitsView, frame: &Frame, px: f64, py: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    let (x, y) = chart.to_data(px, py);
    let (col, row) = ((x.floor() as usize).min(27), (y.floor() as usize).min(27));
    let pixel = |p: &[f32]| {
        p.get(row * 28 + col)
            .map(|v| f4(*v as f64))
            .unwrap_or_default()
    };
    if (dd::INPUT..dd::SERVER).contains(&chart.id) {
        let card = view.inputs.get((chart.id - dd::INPUT) as usize)?;
        let decoded = card
            .decoded
            .map(|d| d.to_string())
            .unwrap_or_else(|| "none (failed)".into());
        Some(format!(
            "input k = {} (α = {}): true label {}, uncoded model {}, decoded {decoded}; pixel ({row}, {col}) = {}",
            card.k + 1,
            f4(card.alpha),
            card.label.map(|l| l.to_string()).unwrap_or_else(|| "?".into()),
            card.model,
            pixel(&card.pixels)
        ))
    } else {
        let card = view.servers.get((chart.id - dd::SERVER) as usize)?;
        let state = if card.straggled {
            "straggled"
        } else {
            "returned"
        };
        Some(format!(
            "server {} (β = {}), {state}: network says {}; pixel ({row}, {col}) = {}",
            card.index + 1,
            f4(card.beta),
            card.prediction,
            pixel(&card.pixels)
        ))
    }
}

pub fn curves(view: &CurvesView, frame: &Frame, px: f64, py: f64, scale: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    if chart.id != dc::CHART {
        return None;
    }
    let x_name = match view.kind {
        CurveKind::ErrorVsN => "N",
        CurveKind::ErrorVsP => "p",
        CurveKind::ErrorVsLambda => "λ_dec",
    };
    let mut best: Option<(f64, String)> = None;
    for c in &view.curves {
        if let Some(i) = nearest(
            chart,
            c.points.iter().map(|p| (p.x, p.mean)),
            px,
            py,
            RADIUS * scale,
        ) {
            let p = &c.points[i];
            let (qx, qy) = chart.to_pixel(p.x, p.mean);
            let d = (qx - px).hypot(qy - py);
            if best.as_ref().is_none_or(|b| d < b.0) {
                let failed = if p.failures > 0 {
                    format!(", {} of {} rounds failed", p.failures, p.trials)
                } else {
                    String::new()
                };
                best = Some((
                    d,
                    format!(
                        "{}: {x_name} = {}, MSE {} ± {} ({} trials{failed})",
                        c.label,
                        f4(p.x),
                        f4(p.mean),
                        f4(p.std),
                        p.trials
                    ),
                ));
            }
        }
    }
    if let Some((_, text)) = best {
        return Some(text);
    }
    let (x, y) = chart.to_data(px, py);
    Some(format!("{x_name} = {}, MSE = {}", f4(x), f4(y)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;
    use coded_core::{Config, Scheme};

    #[test]
    fn straggler_hover_names_server_and_trial() {
        let c = Config::from_json(r#"{"n": 20, "trials": 10}"#).unwrap();
        let v = StragglerView::build(&c, 2);
        let (_, f) = crate::to_svg(800, 500, |a| ds::draw(a, &Theme::light(), &v)).unwrap();
        let g = f.charts[1];
        let (px, py) = g.to_pixel(4.5, 2.5);
        let text = stragglers(&v, &f, px, py).unwrap();
        let state = if v.raster[2][4] {
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
        assert!(stragglers(&v, &f, px, py)
            .unwrap()
            .starts_with("server 0 (β = -1):"));
        assert_eq!(server_at(&v, &f, px, py), Some(0));
        let (px, py) = g.to_pixel(v.n as f64 - 0.5, 0.5);
        assert_eq!(server_at(&v, &f, px, py), Some(v.n - 1));
        assert!(stragglers(&v, &f, 1.0, 1.0).is_none());
        assert_eq!(server_at(&v, &f, 1.0, 1.0), None);
    }

    #[test]
    fn encdec_and_curves_hover_snap_to_points() {
        let c = Config::from_json(r#"{"k": 5, "n": 12, "trials": 5}"#).unwrap();
        let v = crate::testing::encdec(&c, 0);
        let (_, f) = crate::to_svg(800, 700, |a| de::draw(a, &Theme::light(), &v)).unwrap();
        let g = f.charts[0];
        let (px, py) = g.to_pixel(v.alphas[2], v.inputs[2]);
        let t = encdec(&v, &f, px + 2.0, py, 1.0).unwrap();
        assert!(t.starts_with("input k = 3"), "{t}");
        let g = f.charts[1];
        let (px, py) = g.to_pixel(v.betas[0], v.answers[0].unwrap());
        assert!(encdec(&v, &f, px, py, 1.0)
            .unwrap()
            .starts_with("server 1 at β = -1"));

        let cv = crate::testing::error_vs_n(&c, &[Scheme::Bacc], &[10, 20, 40], &[0.2], false);
        let (_, f) = crate::to_svg(800, 500, |a| {
            dc::draw(a, &Theme::light(), &cv, Default::default())
        })
        .unwrap();
        let p = &cv.curves[0].points[1];
        let (px, py) = f.charts[0].to_pixel(p.x, p.mean);
        let t = curves(&cv, &f, px, py, 1.0).unwrap();
        assert!(t.contains("N = 20, MSE") && t.contains("5 trials"), "{t}");
    }
}
