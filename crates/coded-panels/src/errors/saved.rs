//! A saved run beside the current one: the curves of a study file (the
//! page's "Open study…") drawn on the same axes as the curves computed now,
//! dash-dotted (unlike the claimed rates' dashed lines) and labelled
//! "saved: …", each with a legend entry of its own.
//!
//! Why a view of its own and not a second plot: the point is to compare one
//! run with another on one pair of axes; merging the views lets the scale,
//! the legend, the hover and the summary treat the saved curves as curves.

use super::view::CurvesView;

/// What a saved curve's label starts with.
pub const SAVED: &str = "saved: ";

/// What a saved curve's key starts with: it is hidden and shown apart from
/// the current curve of the same scheme and p.
pub const SAVED_KEY: &str = "saved-";

/// The words of a tab, for the note when the saved curves are of another.
fn tab_words(v: &CurvesView) -> &str {
    &v.x_label
}

/// `current` with the curves of `saved` added after its own, dash-dotted
/// and labelled "saved: …", when both are of the same plot (error vs N, vs p or
/// vs λ_dec); otherwise `current` with a note saying where they are. The
/// saved curves bring no reference lines, and no failed-rounds strip (its
/// lines would be indistinguishable from the current ones').
pub fn with_saved(current: &CurvesView, saved: &CurvesView) -> CurvesView {
    let mut out = current.clone();
    if saved.kind != current.kind {
        out.notes.push(format!(
            "The study file's saved curves are against {}: choose that plot to compare them.",
            tab_words(saved)
        ));
        return out;
    }
    out.curves.extend(saved.curves.iter().map(|c| {
        let mut c = c.clone();
        c.label = format!("{SAVED}{}", c.label);
        c.key = format!("{SAVED_KEY}{}", c.key);
        c.saved = true;
        c.failed.clear();
        c
    }));
    out.notes.push(
        "Dash-dotted, “saved: …”: the curves of the study file opened, beside the curves computed now."
            .into(),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::look::{legend_entries, CurvesLook};
    use crate::errors::view::Axis;
    use crate::series::Stroke;
    use crate::testing::{cfg, error_vs_n, error_vs_p};
    use coded_core::Scheme;

    #[test]
    fn saved_curves_join_the_current_ones_dash_dotted_and_labelled() {
        let now = error_vs_n(
            &cfg(r#"{"trials": 6}"#),
            &[Scheme::Bacc],
            &[20, 40],
            &[0.1],
            true,
        );
        let then = error_vs_n(
            &cfg(r#"{"trials": 6, "noise": 0.1}"#),
            &[Scheme::Bacc, Scheme::Letcc],
            &[20, 40, 80],
            &[0.1],
            true,
        );
        let both = with_saved(&now, &then);
        assert_eq!(both.curves.len(), now.curves.len() + then.curves.len());
        assert_eq!(both.curves[..now.curves.len()], now.curves[..]);
        for (c, s) in both.curves[now.curves.len()..].iter().zip(&then.curves) {
            assert!(c.saved && !s.saved);
            assert_eq!(c.label, format!("saved: {}", s.label));
            assert_eq!(c.key, format!("saved-{}", s.key));
            assert_eq!(c.points, s.points, "the saved numbers, unchanged");
            assert_eq!((c.scheme, c.color, c.slope), (s.scheme, s.color, s.slope));
            assert!(c.failed.is_empty());
        }
        assert_eq!(both.references, now.references, "the current run's only");
        assert!(both
            .notes
            .last()
            .unwrap()
            .starts_with("Dash-dotted, “saved: …”"));
        // The same axes: the scale covers the saved N = 80 too.
        assert_eq!(both.kind, Axis::N);
        assert!(both
            .curves
            .iter()
            .any(|c| c.points.iter().any(|p| p.x == 80.0)));
    }

    #[test]
    fn each_saved_curve_has_a_legend_entry_unlike_the_dashed_lines() {
        let c = cfg(r#"{"trials": 4}"#);
        let ps = [0.1, 0.3, 0.5];
        let now = error_vs_n(&c, &[Scheme::Bacc, Scheme::Letcc], &[20, 40, 80], &ps, true);
        let both = with_saved(&now, &now);
        let look = CurvesLook::default();
        let entries = legend_entries(&both, &look);
        let saved: Vec<_> = entries
            .iter()
            .filter(|e| e.label.starts_with(SAVED))
            .collect();
        assert_eq!(saved.len(), now.curves.len());
        for (e, c) in saved.iter().zip(&now.curves) {
            assert_eq!(e.label, format!("saved: {}", c.legend(look.band)));
            assert_eq!(e.key.as_deref(), Some(format!("saved-{}", c.key).as_str()));
            assert_eq!(
                (e.stroke, e.color, e.shape),
                (Stroke::DashDot, Some(c.color), Some(c.shape))
            );
        }
        // Every series has a key of its own, and no dashed line is stroked
        // like a saved curve (nor any number of them: the `series` module).
        let keys: Vec<_> = entries.iter().filter_map(|e| e.key.clone()).collect();
        let unique: std::collections::BTreeSet<_> = keys.iter().collect();
        assert_eq!(unique.len(), keys.len(), "{keys:?}");
        let dashed: Vec<_> = entries
            .iter()
            .filter(|e| matches!(e.stroke, Stroke::Dashed(_)))
            .collect();
        assert!(!dashed.is_empty());
        for e in dashed {
            assert_ne!(e.stroke.pattern(), Stroke::DashDot.pattern(), "{}", e.label);
        }
        // Hiding the saved curve leaves the current one.
        let key = saved[0].key.clone().unwrap();
        let hiding = CurvesLook {
            hidden: vec![key],
            ..CurvesLook::default()
        };
        let shown = hiding.visible(&both);
        assert_eq!(shown.curves.len(), both.curves.len() - 1);
        assert!(shown.curves.contains(&now.curves[0]));
    }

    #[test]
    fn saved_curves_of_another_plot_are_only_a_note() {
        let c = cfg(r#"{"trials": 4}"#);
        let now = error_vs_n(&c, &[Scheme::Bacc], &[20, 40], &[0.1], false);
        let then = error_vs_p(&c, &[Scheme::Bacc]);
        let both = with_saved(&now, &then);
        assert_eq!(both.curves, now.curves);
        assert_eq!(
            both.notes.last().unwrap(),
            &format!(
                "The study file's saved curves are against {}: choose that plot to compare them.",
                then.x_label
            )
        );
    }

    #[cfg(feature = "draw")]
    #[test]
    fn saved_curves_are_drawn_dash_dotted_without_a_band() {
        use crate::errors::Band;
        use crate::theme::Theme;
        let c = cfg(r#"{"trials": 6}"#);
        let now = error_vs_n(&c, &[Scheme::Bacc], &[20, 40, 80], &[0.1], false);
        let svg = |v: &CurvesView| {
            crate::to_svg(640, 480, |a| {
                super::super::draw::draw(a, &Theme::light(), v, &Band::Mean95.into())
            })
            .unwrap()
            .0
        };
        let alone = svg(&now);
        let both = svg(&with_saved(&now, &now));
        assert!(both.contains("saved: BACC"), "the legend names it");
        // The same band (polygons), and the dash-dotted line's many pieces.
        assert_eq!(
            both.matches("<polygon").count(),
            alone.matches("<polygon").count()
        );
        assert!(both.matches("<polyline").count() > alone.matches("<polyline").count() + 10);
    }
}
