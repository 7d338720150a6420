//! Error vs any setting of the core's table of axes (p, λ_enc, σ, K, τ, ...):
//! one curve per scheme over the setting's values, at the configured N. The
//! title, the axis's words and whether it is logarithmic come from the
//! setting's entry, so a new entry of the table needs nothing here.

use super::failed::AllFailed;
use super::view::{curve_key, model_words, points_of, Curve, CurvePoint, CurvesView, Marker};
use crate::series::scheme_series;
use crate::words::plural;
use coded_core::axis::Axis;
use coded_core::axis_sweep::AxisPoint;
use coded_core::{Config, Scheme};

/// ", f(x) = sin(3*x) + x^2" for a formula (the titles that do not name the
/// built-in functions still say which formula their curves are of).
pub(super) fn formula_in_title(config: &Config) -> String {
    match config.function.formula() {
        Some(_) => format!(", {}", config.function.title()),
        None => String::new(),
    }
}

/// One scheme's curve along a setting: no rate is claimed against it, so
/// no slope is fitted.
pub(super) fn unfitted_curve(
    scheme: Scheme,
    label: String,
    p: f64,
    points: Vec<CurvePoint>,
    failed: Vec<(f64, f64)>,
) -> Curve {
    Curve {
        key: curve_key(scheme, None),
        label,
        scheme,
        p,
        color: scheme_series(scheme),
        shape: 0,
        points,
        failed,
        slope: None,
        saved: false,
        median_slope: None,
        slope_interval: None,
    }
}

/// The error-vs-`axis` view of its points, ordered by scheme (each scheme's
/// points consecutive, each with the value it was run at; a sweep still
/// running gives shorter curves). `notes`: what the plan left out (values
/// the setting refuses).
pub fn error_vs_setting_view(
    config: &Config,
    axis: Axis,
    points: &[AxisPoint],
    mut notes: Vec<String>,
) -> CurvesView {
    let e = axis.entry();
    let mut curves = vec![];
    let mut all_failed = AllFailed::default();
    for chunk in points.chunk_by(|a, b| a.point.scheme == b.point.scheme) {
        let scheme = chunk[0].point.scheme;
        let name = scheme.label().to_string();
        let xs: Vec<f64> = chunk.iter().map(|p| p.value).collect();
        let sums = chunk.iter().map(|p| &p.point);
        let (pts, failed) = points_of(&name, &xs, sums, e.symbol, &mut notes, &mut all_failed);
        curves.push(unfitted_curve(scheme, name, 0.0, pts, failed));
    }
    notes.extend(all_failed.notes(&config.function));
    let marker = marker(config, axis, &mut notes);
    CurvesView {
        kind: axis,
        title: title(config, axis),
        x_label: e.words.into(),
        y_label: "mean squared error".into(),
        x_log: e.log,
        curves,
        references: vec![],
        marker,
        exact_below: coded_core::problem::rounding_level(config),
        notes,
    }
}

/// "Mean squared error vs σ (N = 40, K = 10, 100 trials)": the fixed
/// settings, without the one the axis varies.
fn title(config: &Config, axis: Axis) -> String {
    let mut fixed = vec![];
    for (other, value) in [(Axis::N, config.n), (Axis::K, config.k)] {
        if other != axis {
            fixed.push(format!("{} = {value}", other.entry().symbol));
        }
    }
    fixed.push(plural(config.trials, "trial", "trials"));
    format!(
        "Mean squared error vs {} ({}{})",
        axis.entry().symbol,
        fixed.join(", "),
        formula_in_title(config)
    )
}

/// The vertical line at the configured value, or a note why there is none
/// (p and τ choose their straggler model: under another, the p axis marks
/// the model's probability that a server straggles).
fn marker(config: &Config, axis: Axis, notes: &mut Vec<String>) -> Option<Marker> {
    let e = axis.entry();
    let m = &config.stragglers;
    match ((e.configured)(config), axis) {
        (Some(v), _) if e.log && v <= 0.0 => None,
        (Some(v), _) => Some(Marker {
            x: v,
            label: format!("{} = {v}", e.symbol),
        }),
        (None, Axis::P) => {
            notes.push(format!(
                "Independent stragglers along the p axis; the configured model ({}) has p = {:.3}.",
                model_words(m),
                m.straggle_probability(config.n)
            ));
            Some(Marker {
                x: m.straggle_probability(config.n),
                label: "model's p".into(),
            })
        }
        (None, _) => {
            notes.push(format!(
                "Along the {} axis the setting replaces the configured model ({}).",
                e.symbol,
                model_words(m)
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::cfg;
    use coded_core::axis_sweep::sweep_over;

    #[test]
    fn the_entry_gives_title_words_scale_and_marker() {
        let c = cfg(r#"{"trials": 5, "k": 4, "n": 16, "noise": 0.01}"#);
        let values = [0.001, 0.01, 0.1];
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        let pts = sweep_over(&c, Axis::Noise, &values, &schemes).unwrap();
        let v = error_vs_setting_view(&c, Axis::Noise, &pts, vec!["left out".into()]);
        assert_eq!(v.title, "Mean squared error vs σ (N = 16, K = 4, 5 trials)");
        assert_eq!(v.x_label, "σ (noise on every answer)");
        assert!(v.x_log);
        assert_eq!(v.kind, Axis::Noise);
        assert_eq!(v.curves.len(), 2);
        for (curve, scheme) in v.curves.iter().zip(schemes) {
            assert_eq!(curve.scheme, scheme);
            let xs: Vec<f64> = curve.points.iter().map(|p| p.x).collect();
            assert_eq!(xs, values);
        }
        assert_eq!(v.marker.as_ref().unwrap().x, 0.01);
        assert_eq!(v.notes, ["left out"]);
        // K: linear, and not in its own title.
        let k = sweep_over(&c, Axis::K, &[2.0, 4.0], &schemes).unwrap();
        let v = error_vs_setting_view(&c, Axis::K, &k, vec![]);
        assert_eq!(v.title, "Mean squared error vs K (N = 16, 5 trials)");
        assert!(!v.x_log);
        assert_eq!(v.marker.unwrap().label, "K = 4");
        // σ = 0 has no place on a log axis: no marker.
        let exact = cfg(r#"{"trials": 5, "k": 4, "n": 16}"#);
        let v = error_vs_setting_view(&exact, Axis::Noise, &pts, vec![]);
        assert!(v.marker.is_none());
        // τ under another model: a note, no marker.
        let t = sweep_over(&exact, Axis::Deadline, &[1.5, 2.0], &schemes).unwrap();
        let v = error_vs_setting_view(&exact, Axis::Deadline, &t, vec![]);
        assert!(v.marker.is_none());
        assert!(v.notes[0].starts_with("Along the τ axis"), "{:?}", v.notes);
        // A partial run: shorter curves.
        let v = error_vs_setting_view(&c, Axis::Noise, &pts[..4], vec![]);
        assert_eq!(v.curves[1].points.len(), 1);
    }
}
