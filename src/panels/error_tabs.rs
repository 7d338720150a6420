//! The error plot's tabs: one per setting of the core's table of axes
//! (error vs N, p, λ_dec, λ_enc, σ, K, τ), in the table's order, with what
//! the plot along a setting uses. A new entry of the table is a new tab here
//! with nothing to add.

use coded_core::Config;
use coded_panels::errors::Axis;
use coded_protocol::UiState;

use crate::settings::tab_name;

/// One tab: the plot it selects, its element id and its words.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorTab {
    pub kind: Axis,
    pub id: String,
    pub text: String,
}

/// The tabs, in the table of axes' order ("tab-n", "tab-p", "tab-lambda",
/// then "tab-" and each setting's link key).
pub fn tabs() -> Vec<ErrorTab> {
    Axis::ALL
        .into_iter()
        .map(|kind| ErrorTab {
            kind,
            id: format!("tab-{}", tab_name(kind)),
            text: format!("Error vs {}", kind.entry().symbol),
        })
        .collect()
}

/// The tab a key moves to from tab `current` of `count` (the WAI-ARIA tabs
/// pattern: arrows wrap around, Home and End jump to the ends), or None for
/// other keys.
pub fn tab_after_key(key: &str, current: usize, count: usize) -> Option<usize> {
    match key {
        "ArrowRight" => Some((current + 1) % count),
        "ArrowLeft" => Some((current + count - 1) % count),
        "Home" => Some(0),
        "End" => Some(count - 1),
        _ => None,
    }
}

/// The smallest and largest of the plot's values, as the axis labels them.
pub fn value_range(ui: &UiState) -> (String, String) {
    let values = ui.axis_values();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let text = |v: f64| {
        if ui.axis.entry().log {
            // The axis's own label ("1e−12"): no second float format.
            coded_panels::chart::common::tick(v)
        } else {
            coded_panels::errors::summary::x_text(ui.axis, v)
        }
    };
    if values.is_empty() {
        ("none".into(), "none".into())
    } else {
        (text(lo), text(hi))
    }
}

/// What a plot along a setting other than N, p and λ_dec uses.
pub fn uses_values(config: &Config, ui: &UiState) -> String {
    let e = ui.axis.entry();
    let (lo, hi) = value_range(ui);
    let n = if ui.axis == Axis::N {
        String::new()
    } else {
        format!("N = {} (the N setting) and ", config.n)
    };
    format!(
        "This plot uses {n}{} from {lo} to {hi} from “Plotted values”, the other settings as set; “N values” and “p values” are for error vs N.",
        e.symbol
    )
}

/// What the tab of a setting other than N, p and λ_dec shows, after the
/// sentences common to all tabs.
pub fn setting_tab_text(kind: Axis) -> String {
    let e = kind.entry();
    let scale = if e.log { "logarithmic" } else { "linear" };
    format!(
        " Error vs {}: each compared scheme at each value of “Plotted values” (on a {scale} axis), at the configured N and the other settings as set; values the setting does not allow are left out, with a note. The vertical line marks the configured value. No rate is claimed against {}: no dashed line, no fitted slope.",
        e.symbol, e.symbol
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_old_tabs_keep_their_ids_and_words() {
        let t = tabs();
        assert_eq!(t.len(), Axis::ALL.len());
        let old: Vec<(&str, &str)> = t[..3]
            .iter()
            .map(|t| (t.id.as_str(), t.text.as_str()))
            .collect();
        assert_eq!(
            old,
            [
                ("tab-n", "Error vs N"),
                ("tab-p", "Error vs p"),
                ("tab-lambda", "Error vs λ_dec")
            ]
        );
        let ids: Vec<&str> = t[3..].iter().map(|t| t.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "tab-le",
                "tab-sigma",
                "tab-k",
                "tab-tau",
                "tab-adv",
                "tab-adv_exp"
            ]
        );
        assert_eq!(t[4].text, "Error vs σ");
    }

    #[test]
    fn every_axis_names_a_setting_of_the_table_by_its_key() {
        use crate::settings::{by_key, Home};
        for kind in Axis::ALL {
            let e = kind.entry();
            let st = by_key(e.key).unwrap_or_else(|| panic!("no setting has the key {}", e.key));
            // The same setting: the configuration field it edits.
            assert!(
                st.home == Home::Config(e.field),
                "{}: the key {} edits another field",
                e.name,
                e.key
            );
            // And a value of the axis is one the setting reads.
            let mut s = crate::settings::LinkState::default();
            let v = (e.defaults)()[1];
            if kind == Axis::Deadline {
                s.config.stragglers = coded_core::StragglerModel::Deadline {
                    shift: 1.0,
                    rate: 1.0,
                    deadline: 1.5,
                };
            }
            assert!(
                (st.read)(&mut s, &crate::settings::short_number(v)),
                "{}",
                e.name
            );
            assert_eq!((e.configured)(&s.config), Some(v), "{}", e.name);
        }
    }

    #[test]
    fn arrow_keys_wrap_and_home_end_jump() {
        assert_eq!(tab_after_key("ArrowRight", 0, 7), Some(1));
        assert_eq!(tab_after_key("ArrowRight", 6, 7), Some(0));
        assert_eq!(tab_after_key("ArrowLeft", 0, 7), Some(6));
        assert_eq!(tab_after_key("Home", 2, 7), Some(0));
        assert_eq!(tab_after_key("End", 0, 7), Some(6));
        assert_eq!(tab_after_key("Enter", 1, 7), None);
    }

    #[test]
    fn the_uses_line_names_the_values() {
        let ui = UiState {
            axis: Axis::K,
            sweep_values: Some(vec![8.0, 2.0, 5.0]),
            ..UiState::default()
        };
        assert_eq!(
            uses_values(&Config::default(), &ui),
            "This plot uses N = 40 (the N setting) and K from 2 to 8 from “Plotted values”, the other settings as set; “N values” and “p values” are for error vs N."
        );
        assert!(setting_tab_text(Axis::Noise).contains("logarithmic axis"));
        assert!(setting_tab_text(Axis::K).contains("linear axis"));
    }
}
