//! Which settings a stage's result belongs to: each stage's key (what the
//! stage reads of the configuration and the user's choices), and its short
//! fingerprint.
//!
//! Why in the contract: the worker skips a stage whose key did not change,
//! and the page decides from the same keys whether what a panel shows is
//! the result of the current settings. Two copies of "what a stage depends
//! on" could disagree, and then the page would wait for a result that never
//! comes, or call an old one current.

use coded_core::checksum::fnv1a64;
use coded_core::{Config, Scheme};
use coded_panels::errors::Axis;
use coded_panels::Stage;

use crate::ui::UiState;

/// What the round stage depends on (a hidden detail panel is not computed,
/// so the panels shown are part of it).
pub fn round_key(config: &Config, ui: &UiState) -> String {
    serde_json::json!([config, ui.trial_in(config), ui.panels]).to_string()
}

/// What the results table depends on.
pub fn table_key(config: &Config, ui: &UiState) -> String {
    serde_json::json!([config, ui.trial_in(config), ui.schemes(config)]).to_string()
}

/// What the error curves depend on: not the configured scheme (only the set
/// of schemes), on the error-vs-N tab not the configured p (its list
/// replaces it), on the others their setting's values.
pub fn curves_key(config: &Config, ui: &UiState) -> String {
    let mut c = config.clone();
    c.scheme = Scheme::Bacc;
    let mut ui_part = serde_json::json!([ui.schemes(config), ui.axis]);
    match ui.axis {
        Axis::N => {
            c.stragglers = c.stragglers.with_p(0.0);
            ui_part = serde_json::json!([ui_part, ui.sweep_ns, ui.sweep_ps, ui.references]);
        }
        _ => ui_part = serde_json::json!([ui_part, ui.axis_values()]),
    }
    serde_json::json!([c, ui_part]).to_string()
}

/// The key of `stage` for these settings.
pub fn key(stage: Stage, config: &Config, ui: &UiState) -> String {
    match stage {
        Stage::Round => round_key(config, ui),
        Stage::Table => table_key(config, ui),
        Stage::Curves => curves_key(config, ui),
    }
}

/// A stage key in eight bytes (FNV-1a): what the page keeps next to each
/// result. Why not the key itself: a key holds the whole configuration (a
/// formula's text too), compared on every redraw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub u64);

impl Fingerprint {
    /// The fingerprint of `stage`'s result for these settings.
    pub fn of(stage: Stage, config: &Config, ui: &UiState) -> Fingerprint {
        Fingerprint::of_key(&key(stage, config, ui))
    }

    /// The fingerprint of a key.
    pub fn of_key(key: &str) -> Fingerprint {
        Fingerprint(fnv1a64(key.as_bytes()))
    }
}

/// Each stage's fingerprint for one set of settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprints {
    pub round: Fingerprint,
    pub table: Fingerprint,
    pub curves: Fingerprint,
}

impl Fingerprints {
    pub fn of(config: &Config, ui: &UiState) -> Fingerprints {
        Fingerprints {
            round: Fingerprint::of(Stage::Round, config, ui),
            table: Fingerprint::of(Stage::Table, config, ui),
            curves: Fingerprint::of(Stage::Curves, config, ui),
        }
    }

    /// The fingerprint of `stage`.
    pub fn get(&self, stage: Stage) -> Fingerprint {
        match stage {
            Stage::Round => self.round,
            Stage::Table => self.table,
            Stage::Curves => self.curves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::StragglerModel;
    use coded_panels::{Panel, Panels};

    #[test]
    fn keys_ignore_what_a_stage_does_not_use() {
        let c = Config::default();
        let mut ui = UiState::default();
        let k = curves_key(&c, &ui);
        ui.trial = 5;
        assert_eq!(curves_key(&c, &ui), k, "the trial does not change a sweep");
        // Drawing only: the statistic shown and the slopes' range.
        let drawn = UiState {
            statistic: coded_core::statistic::Statistic::Rel,
            slope_range: coded_panels::errors::SlopeRange::parse("40-160").unwrap(),
            ..ui.clone()
        };
        assert_eq!(
            curves_key(&c, &drawn),
            k,
            "the statistic and the range are drawn"
        );
        let c2 = Config {
            stragglers: StragglerModel::Iid { p: 0.4 },
            ..c.clone()
        };
        assert_eq!(
            curves_key(&c2, &ui),
            k,
            "the p list replaces the configured p"
        );
        ui.axis = Axis::P;
        assert_ne!(curves_key(&c2, &ui), curves_key(&c, &ui));
        // Along a setting: its values are part of the key.
        let k = curves_key(&c, &ui);
        ui.sweep_values = Some(vec![0.1, 0.2]);
        assert_ne!(curves_key(&c, &ui), k);
        ui.sweep_values = None;
        assert_ne!(round_key(&c, &ui), round_key(&c2, &ui));
        assert_ne!(table_key(&c, &ui), table_key(&c2, &ui));
        let ui_p = UiState {
            panels: Panels::only(Panel::Stragglers),
            ..ui.clone()
        };
        assert_ne!(round_key(&c, &ui), round_key(&c, &ui_p));
        assert_eq!(table_key(&c, &ui), table_key(&c, &ui_p));
    }

    #[test]
    fn fingerprints_follow_their_keys() {
        let c = Config::default();
        let ui = UiState::default();
        let f = Fingerprints::of(&c, &ui);
        for stage in [Stage::Round, Stage::Table, Stage::Curves] {
            assert_eq!(f.get(stage), Fingerprint::of_key(&key(stage, &c, &ui)));
        }
        let other = Fingerprints::of(
            &c,
            &UiState {
                trial: 3,
                ..ui.clone()
            },
        );
        assert_ne!(f.round, other.round);
        assert_ne!(f.table, other.table);
        assert_eq!(f.curves, other.curves, "a sweep runs every trial");
        // FNV-1a's published test value: the same on every platform.
        assert_eq!(Fingerprint::of_key("a"), Fingerprint(0xaf63_dc4c_8601_ec8c));
    }
}
