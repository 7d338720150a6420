//! Draws an [`EncDecView`]: three stacked charts sharing the z axis
//! ([-1, 1], where the α's and β's live): the encoder, the servers' answers
//! with the decoder, and the per-point error at the α's.

use super::hover::{DECODE, ENCODE, ERROR};
use super::view::EncDecView;
use crate::chart::common::*;
use crate::chart::coord::AxisCoord;
use crate::chart::legend::*;
use crate::chart::verdicts;
use crate::detection::{Judged, Verdict};
use crate::format::sig;
use crate::geometry::{ChartGeometry, DataRange};
use crate::series::scheme_series;
use crate::theme::{okabe_ito, Theme};
use crate::{Area, DrawResult, Frame};
use plotters::prelude::*;

const Z: std::ops::Range<f64> = -1.08..1.08;

/// The headline above the charts.
pub fn headline(view: &EncDecView) -> String {
    let scheme = view.scheme.label();
    let name = match &view.formula_title {
        Some(title) => format!("{scheme} on {title}"),
        None => scheme.to_string(),
    };
    match (&view.failure, view.squared_error) {
        (Some(f), _) => format!("{name}: this round failed: {f}"),
        (None, Some(e)) => {
            let lambda = view
                .lambda_dec_used
                .map(|l| format!(" · λ_dec = {}", sig(l, 3)))
                .unwrap_or_default();
            format!(
                "{name}, K = {}, N = {}: squared error {}{lambda}",
                view.k,
                view.n,
                sig(e, 4)
            )
        }
        (None, None) => format!("{name}: no error to show"),
    }
}

pub fn legend_entries(theme: &Theme, view: &EncDecView) -> Vec<(String, Swatch)> {
    let c = theme.series[scheme_series(view.scheme) % 7];
    let fg = theme.foreground;
    let mut e = vec![(
        "data (α_k, x_k)".to_string(),
        Swatch::Marker {
            color: fg,
            shape: 0,
            filled: true,
        },
    )];
    if !view.encoder.is_empty() {
        e.push((
            "encoder u_enc".into(),
            Swatch::Line {
                color: c,
                stroke: Stroke::Solid,
                shape: None,
            },
        ));
    }
    e.push((
        "coded input x̃_n at β_n".into(),
        Swatch::Marker {
            color: c,
            shape: 2,
            filled: false,
        },
    ));
    if !view.composed.is_empty() {
        e.push((
            "f(u_enc(z))".into(),
            Swatch::Line {
                color: theme.muted,
                stroke: Stroke::Dashed(0),
                shape: None,
            },
        ));
    }
    e.push((
        "answer f(x̃_n), returned".into(),
        Swatch::Marker {
            color: theme.good,
            shape: 0,
            filled: true,
        },
    ));
    if !view.adversarial_servers.is_empty() {
        e.push((
            "corrupted answer (adversarial server)".into(),
            Swatch::Marker {
                color: okabe_ito::REDDISH_PURPLE,
                shape: DIAMOND,
                filled: true,
            },
        ));
    }
    if !view.verdicts().is_empty() {
        e.extend(
            Verdict::ALL
                .into_iter()
                .map(|v| (format!("{}: {}", v.mark(), v.meaning()), Swatch::Verdict(v))),
        );
    }
    e.push((
        "straggler (no answer)".into(),
        Swatch::Marker {
            color: theme.alert,
            shape: 3,
            filled: false,
        },
    ));
    if !view.decoder.is_empty() {
        e.push((
            "decoder u_dec".into(),
            Swatch::Line {
                color: c,
                stroke: Stroke::Solid,
                shape: None,
            },
        ));
    }
    e.push((
        "estimate u_dec(α_k)".into(),
        Swatch::Marker {
            color: c,
            shape: 1,
            filled: true,
        },
    ));
    e.push((
        "exact f(x_k)".into(),
        Swatch::Marker {
            color: fg,
            shape: 0,
            filled: false,
        },
    ));
    e
}

pub fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &EncDecView,
) -> DrawResult<DB> {
    // In three parts, a chart each (see `Theme::part`): at N = 8192 each
    // is thousands of marks.
    if theme.draws(0) {
        area.fill(&theme.surface)?;
    }
    let entries = legend_entries(theme, view);
    let (main, legend) = with_legend(area, theme, entries.len());
    let rest = titled_in(0, &main, theme, &headline(view), 14.0)?;
    let (_, rest_h) = rest.dim_in_pixel();
    // Each chart's ticks and margins first (they grow with the text, on a
    // slide), then the data areas share what is left: two fifths each for
    // the curves, one fifth for the error strip, which a share of the
    // whole height would leave with no data area once the text is large.
    let (curve_frame, error_frame) = (theme.px(24.0), theme.px(44.0));
    let data = rest_h.saturating_sub(2 * curve_frame + error_frame) as f64;
    let curve_h = curve_frame + (data * 0.4) as u32;
    let (enc_area, lower) = rest.split_vertically(curve_h);
    let (dec_area, err_area) = lower.split_vertically(curve_h);
    let color = theme.series[scheme_series(view.scheme) % 7];
    let x = DataRange::linear(Z);
    let small = theme.px(3.0) as i32;
    let dense = view.n > 120;
    let r_server = if dense { theme.px(1.5) as i32 } else { small };

    // 1. Encode.
    let y = {
        let (lo, hi) = linear_range(
            view.inputs
                .iter()
                .copied()
                .chain(view.coded.iter().flatten().copied()),
            0.12,
        );
        DataRange::linear(lo..hi)
    };
    let mut chart = chart_on(&enc_area, theme, x, y)?;
    if theme.draws(0) {
        style_mesh(&mut chart, theme, "", "x (input)", 9)?;
        for piece in clip_polyline(&view.encoder, x, y) {
            chart.draw_series(LineSeries::new(piece, color.stroke_width(theme.px(2.0))))?;
        }
        let coded = marks(
            &view.betas,
            view.coded.iter().copied(),
            x,
            y,
            color.stroke_width(theme.px(1.0)),
        );
        draw_markers(&mut chart, 2, r_server, coded)?;
        let data = marks(
            &view.alphas,
            view.inputs.iter().copied().map(Some),
            x,
            y,
            theme.foreground.filled(),
        );
        draw_markers(&mut chart, 0, theme.px(4.0) as i32, data)?;
    }
    let enc_g = ChartGeometry::new(ENCODE, chart.plotting_area().get_pixel_range(), x, y);

    // 2. Compute and decode.
    let y = {
        let vals = view
            .exact
            .iter()
            .flatten()
            .copied()
            .chain(view.answers.iter().flatten().copied())
            .chain(view.estimates.iter().flatten().copied());
        let (lo, hi) = linear_range(vals, 0.12);
        DataRange::linear(lo..hi)
    };
    let mut chart = chart_on(&dec_area, theme, x, y)?;
    if theme.draws(1) {
        style_mesh(&mut chart, theme, "", "y = f(x)", 9)?;
        for piece in clip_polyline(&view.composed, x, y) {
            chart.draw_series(DashedLineSeries::new(
                piece,
                theme.px(5.0),
                theme.px(4.0),
                theme.muted.stroke_width(theme.px(1.2)),
            ))?;
        }
        for piece in clip_polyline(&view.decoder, x, y) {
            chart.draw_series(LineSeries::new(piece, color.stroke_width(theme.px(2.0))))?;
        }
        let (mut back, mut lost, mut corrupted) = (vec![], vec![], vec![]);
        let mut adversaries = view.adversarial_servers.iter().peekable();
        for (i, ((b, v), s)) in view
            .betas
            .iter()
            .zip(&view.answers)
            .zip(&view.straggled)
            .enumerate()
        {
            let adversarial = adversaries.next_if_eq(&&i).is_some();
            let Some(v) = v else { continue };
            let p = (*b, *v);
            if !inside(p, x, y) {
                continue;
            }
            if *s {
                lost.push((p, theme.alert.stroke_width(theme.px(1.5))));
            } else if !adversarial {
                back.push((p, theme.good.filled()));
            }
            // A straggling adversary's answer is lost: its diamond is hollow.
            if adversarial {
                let purple = okabe_ito::REDDISH_PURPLE;
                let style = if *s {
                    purple.stroke_width(theme.px(1.5))
                } else {
                    purple.filled()
                };
                corrupted.push((p, style));
            }
        }
        draw_markers(&mut chart, 0, r_server, back)?;
        draw_markers(&mut chart, 3, r_server + 1, lost)?;
        draw_markers(&mut chart, DIAMOND, r_server + 1, corrupted)?;
        // Whom a locating decoder flagged: outlines around the answers.
        let judged: Vec<((f64, f64), Verdict)> = (view.verdicts().into_iter())
            .filter_map(|(i, v)| Some(((view.betas[i], view.answers[i]?), v)))
            .filter(|(p, _)| inside(*p, x, y))
            .collect();
        verdicts::draw_verdicts(
            &mut chart,
            theme,
            &judged,
            verdicts::radius(theme, r_server + 1),
        )?;
        let exact = marks(
            &view.alphas,
            view.exact.iter().copied(),
            x,
            y,
            theme.foreground.stroke_width(theme.px(1.5)),
        );
        draw_markers(&mut chart, 0, theme.px(5.0) as i32, exact)?;
        let est = marks(
            &view.alphas,
            view.estimates.iter().copied(),
            x,
            y,
            color.filled(),
        );
        draw_markers(&mut chart, 1, theme.px(4.0) as i32, est)?;
    }
    let dec_g = ChartGeometry::new(DECODE, chart.plotting_area().get_pixel_range(), x, y);

    // 3. Per-point error, log scale.
    let (lo, hi) = log_range(view.errors.iter().flatten().copied(), 3.0);
    let y = DataRange::log(lo..hi);
    let height = err_area.dim_in_pixel().1.saturating_sub(theme.px(44.0)) as f64;
    let mut chart = ChartBuilder::on(&err_area)
        .margin_left(theme.px(8.0))
        .margin_right(theme.px(16.0))
        .margin_bottom(theme.px(4.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(58.0))
        .build_cartesian_2d(AxisCoord::linear(x), AxisCoord::log(theme, y, height, true))?;
    if theme.draws(2) {
        style_mesh(
            &mut chart,
            theme,
            "z (α: data points, β: servers)",
            "|error|",
            9,
        )?;
        for (a, e) in view.alphas.iter().zip(&view.errors) {
            if let Some(e) = e.filter(|e| *e > 0.0) {
                let top = e.clamp(y.lo, y.hi);
                chart.draw_series(LineSeries::new(
                    vec![(*a, y.lo), (*a, top)],
                    color.stroke_width(theme.px(2.0)),
                ))?;
            }
        }
        let positive = view.errors.iter().map(|e| e.filter(|e| *e > 0.0));
        let errs = marks(&view.alphas, positive, x, y, color.filled());
        draw_markers(&mut chart, 1, theme.px(4.0) as i32, errs)?;
    }
    let err_g = ChartGeometry::new(ERROR, chart.plotting_area().get_pixel_range(), x, y);

    if let Some((la, cols)) = legend.filter(|_| theme.draws(2)) {
        draw_legend(&la, theme, &entries, cols)?;
    }
    // Once, with the last part (an SVG document is closed by it).
    if theme.draws(2) {
        area.present()?;
    }
    Ok(Frame {
        charts: vec![enc_g, dec_g, err_g],
        parts: 3,
    })
}

/// The marks of the values present (each at its position in `at`) that
/// are inside the chart's ranges, all in `style`.
fn marks(
    at: &[f64],
    values: impl IntoIterator<Item = Option<f64>>,
    x: DataRange,
    y: DataRange,
    style: ShapeStyle,
) -> Vec<((f64, f64), ShapeStyle)> {
    at.iter()
        .zip(values)
        .filter_map(|(a, v)| v.map(|v| (*a, v)))
        .filter(|p| inside(*p, x, y))
        .map(|p| (p, style))
        .collect()
}

fn chart_on<'a, DB: DrawingBackend>(
    area: &'a Area<DB>,
    theme: &Theme,
    x: DataRange,
    y: DataRange,
) -> Result<ChartContext<'a, DB, Cartesian2d<AxisCoord, AxisCoord>>, AreaError<DB>> {
    ChartBuilder::on(area)
        .margin_left(theme.px(8.0))
        .margin_right(theme.px(16.0))
        .margin_top(theme.px(6.0))
        .x_label_area_size(theme.px(18.0))
        .y_label_area_size(theme.px(58.0))
        .build_cartesian_2d(AxisCoord::linear(x), AxisCoord::linear(y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Config;

    fn view(text: &str) -> EncDecView {
        crate::testing::encdec(&Config::from_json(text).unwrap(), 0)
    }

    #[test]
    fn drawn_in_its_three_parts_it_is_the_drawing_at_once() {
        for text in [
            r#"{"n": 40}"#,
            r#"{"n": 300, "k": 30, "adversaries": {"count": 5}}"#,
        ] {
            let v = view(text);
            for theme in [Theme::light(), Theme::dark().with_scale(2.0)] {
                let [parts, whole] =
                    crate::testing::in_parts_and_at_once(&theme, |a, t| draw(a, t, &v));
                assert_eq!(whole.1.parts, 3);
                assert_eq!(parts, whole, "{text}");
            }
        }
    }

    #[test]
    fn draws_all_three_stages() {
        let v = view(r#"{"scheme": "letcc", "k": 8, "n": 30}"#);
        let (s, f) = crate::to_svg(900, 760, |a| draw(a, &Theme::light(), &v)).unwrap();
        assert!(s.contains(&headline(&v)));
        assert!(headline(&v).contains("LeTCC, K = 8, N = 30: squared error"));
        for label in [
            "encoder u_enc",
            "decoder u_dec",
            "straggler (no answer)",
            "exact f(x_k)",
            "|error|",
        ] {
            assert!(s.contains(label), "{label}");
        }
        assert!(!s.contains("NaN"));
        assert_eq!(
            f.charts.iter().map(|c| c.id).collect::<Vec<_>>(),
            vec![ENCODE, DECODE, ERROR]
        );
        assert!(f.charts[2].y.log);
    }

    #[test]
    fn corrupted_answers_are_diamonds_in_the_legend_and_the_chart() {
        let v = view(
            r#"{"k": 6, "n": 30, "adversaries": {"count": 4, "bound": 2, "placement": "block"}}"#,
        );
        assert_eq!(v.adversarial_servers.len(), 4);
        let entries = legend_entries(&Theme::light(), &v);
        let (_, swatch) = entries
            .iter()
            .find(|(l, _)| l == "corrupted answer (adversarial server)")
            .expect("a legend entry for the corrupted answers");
        assert!(matches!(swatch, Swatch::Marker { shape: DIAMOND, .. }));
        let (s, _) = crate::to_svg(900, 760, |a| draw(a, &Theme::light(), &v)).unwrap();
        assert!(s.contains("corrupted answer (adversarial server)"));
        // The diamonds: one per adversary in the chart, one in the legend.
        let purple = "#CC79A7";
        assert!(
            s.matches(purple).count() >= 5,
            "{}",
            s.matches(purple).count()
        );
        let plain = view(r#"{"k": 6, "n": 30}"#);
        let (s, _) = crate::to_svg(900, 760, |a| draw(a, &Theme::light(), &plain)).unwrap();
        assert!(!s.contains("adversarial") && !s.contains(purple));
    }

    #[test]
    fn a_formula_is_named_by_its_text_and_its_gaps_are_left_out() {
        let v = view(r#"{"function": {"expr": "sin(3*x) + x^2"}, "k": 8, "n": 30}"#);
        assert!(
            headline(&v).starts_with("BACC on f(x) = sin(3*x) + x^2, K = 8, N = 30: squared error"),
            "{}",
            headline(&v)
        );
        let (s, _) = crate::to_svg(900, 760, |a| draw(a, &Theme::light(), &v)).unwrap();
        assert!(s.contains("f(x) = sin(3*x) + x^2"));
        // ln(x) is not a number at the negative inputs: the round failed,
        // its reason is the headline, and nothing drawn is NaN.
        let v = view(r#"{"function": {"expr": "ln(x)"}, "k": 8, "n": 30}"#);
        assert!(v.exact.iter().any(Option::is_none));
        assert!(v.exact.iter().flatten().all(|y| y.is_finite()));
        assert!(
            headline(&v).contains("this round failed: f is not a finite number at the input x = "),
            "{}",
            headline(&v)
        );
        let (s, _) = crate::to_svg(900, 760, |a| draw(a, &Theme::light(), &v)).unwrap();
        assert!(!s.contains("NaN") && !s.contains("inf"));
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(serde_json::from_str::<EncDecView>(&json).unwrap(), v);
    }

    #[test]
    fn failures_and_extreme_lambdas_draw_without_nan() {
        for text in [
            r#"{"stragglers": {"model": "iid", "p": 1}}"#,
            r#"{"scheme": "lcc", "function": "cubic", "k": 10, "n": 20}"#,
            r#"{"scheme": "letcc", "lambda_dec": 1e300, "lambda_enc": 1e300}"#,
            r#"{"scheme": "letcc", "lambda_dec": 0, "lambda_enc": 0}"#,
            r#"{"scheme": "uncoded", "stragglers": {"model": "iid", "p": 0}}"#,
            r#"{"scheme": "lcc", "k": 60, "n": 80, "points": "equispaced"}"#,
        ] {
            let v = view(text);
            let (s, _) = crate::to_svg(390, 600, |a| draw(a, &Theme::dark(), &v)).unwrap();
            assert!(!s.contains("NaN") && !s.contains("inf"), "{text}");
        }
        let v = view(r#"{"stragglers": {"model": "iid", "p": 1}}"#);
        assert!(headline(&v).contains("this round failed: no server answered"));
    }

    #[test]
    fn the_decoders_verdicts_are_marked_and_keyed() {
        use crate::detection::Verdict;
        use crate::testing::{strokes_of, verdict_strokes, MIXED, MIXED_TRIAL};
        let v = crate::testing::encdec(&Config::from_json(MIXED).unwrap(), MIXED_TRIAL);
        let entries = legend_entries(&Theme::light(), &v);
        for verdict in Verdict::ALL {
            assert!(entries.iter().any(|(_, s)| *s == Swatch::Verdict(verdict)));
        }
        for (theme, size) in [
            (Theme::light(), (900, 760)),
            (Theme::dark(), (390, 650)),
            (Theme::light().with_scale(2.0), (780, 1300)),
        ] {
            let (s, _) = crate::to_svg(size.0, size.1, |a| draw(a, &theme, &v)).unwrap();
            // 2 caught, 1 missed, 1 false alarm, and the legend's three.
            assert_eq!(
                verdict_strokes(&s, &theme),
                strokes_of(2, 1, 1) + strokes_of(1, 1, 1),
                "{size:?}"
            );
            for v in Verdict::ALL {
                assert!(s.contains(&format!("{}: {}", v.mark(), v.meaning())));
            }
            assert!(!s.contains("NaN"));
        }
        let plain = view(&MIXED.replace("approxifer", "letcc"));
        assert!(plain.detection.is_none());
        let (s, _) = crate::to_svg(900, 760, |a| draw(a, &Theme::light(), &plain)).unwrap();
        assert_eq!(verdict_strokes(&s, &Theme::light()), 0);
        assert!(!s.contains("flagged"));
    }
}
