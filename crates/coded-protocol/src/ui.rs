//! What the user chooses that is not part of a [`Config`]: the schemes
//! compared, the sweep's lists, the round shown, the panels shown, the
//! error plot's tab and look, the pool's size. The page sends it with every
//! request; the worker's stages read what concerns them.

use coded_core::statistic::Statistic;
use coded_core::study::Over;
use coded_core::{Config, Scheme, Study};
use coded_panels::errors::{Axis, Band, SlopeRange};
use coded_panels::Panels;
use serde::{Deserialize, Serialize};

/// Everything the user chooses that is not part of a `Config`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UiState {
    /// Schemes compared in the table and the error curves, besides the
    /// configuration's own scheme.
    pub compare: Vec<Scheme>,
    /// N values of the error-vs-N sweep.
    pub sweep_ns: Vec<usize>,
    /// p values of the error-vs-N sweep (independent stragglers).
    pub sweep_ps: Vec<f64>,
    /// The round shown (0-based trial index, below `trials`).
    pub trial: usize,
    pub panels: Panels,
    /// Which error plot panel 4 shows: error against which setting (the
    /// core's table of axes).
    pub axis: Axis,
    /// The values of that setting, for every setting but N (whose lists
    /// are `sweep_ns` and `sweep_ps`); None: the setting's default values
    /// ([`UiState::axis_values`]).
    #[serde(default)]
    pub sweep_values: Option<Vec<f64>>,
    /// Overlay the papers' claimed rates on error vs N.
    pub references: bool,
    /// What the error curves' line and band show (drawing only).
    pub band: Band,
    /// Which statistic of a round's error the curves show (drawing only:
    /// every point carries all of them).
    #[serde(default)]
    pub statistic: Statistic,
    /// The N the slopes are fitted over (drawing only).
    #[serde(default)]
    pub slope_range: SlopeRange,
    /// The error plot's series not drawn, by their keys (`Curve::key`,
    /// `Reference::key` in `coded-panels`; drawing only). A key stays
    /// hidden across tabs and recomputations, as long as it is in the list.
    pub hidden: Vec<String>,
    /// Web Workers sharing the Monte-Carlo trials; the numbers do not
    /// depend on it. None in a link or a preset means the page's default
    /// (one per core), which the page fills in before each request; a
    /// request without it runs on one worker ([`UiState::pool_size`]).
    pub workers: Option<usize>,
}

/// The most workers a pool has (one per core, up to this many).
pub const MAX_WORKERS: usize = 8;

impl Default for UiState {
    fn default() -> Self {
        UiState {
            compare: vec![Scheme::Bacc, Scheme::Letcc],
            sweep_ns: vec![10, 20, 40, 80, 160, 320],
            sweep_ps: vec![0.1, 0.3],
            trial: 0,
            panels: Panels::default(),
            axis: Axis::N,
            sweep_values: None,
            references: true,
            band: Band::Mean95,
            statistic: Statistic::Mse,
            slope_range: SlopeRange::default(),
            hidden: vec![],
            workers: None,
        }
    }
}

impl UiState {
    /// The same choices, with the error plot along `axis`.
    pub fn along(&self, axis: Axis) -> UiState {
        UiState {
            axis,
            ..self.clone()
        }
    }

    /// The schemes compared: the configuration's own and the chosen ones, in
    /// a fixed order (so colours and rows do not jump around).
    pub fn schemes(&self, config: &Config) -> Vec<Scheme> {
        Scheme::ALL
            .into_iter()
            .filter(|s| *s == config.scheme || self.compare.contains(s))
            .collect()
    }

    /// The workers of the pool: the chosen number (one when unset), from 1
    /// to [`MAX_WORKERS`].
    pub fn pool_size(&self) -> usize {
        self.workers.unwrap_or(1).clamp(1, MAX_WORKERS)
    }

    /// The values of the error plot's setting: those chosen, or the
    /// setting's defaults.
    pub fn axis_values(&self) -> Vec<f64> {
        self.sweep_values
            .clone()
            .unwrap_or_else(self.axis.entry().defaults)
    }

    /// The page's study of `config`: the schemes compared, the N and p
    /// lists of error vs N, and the setting and values of error against
    /// another setting (what the Study export writes, and the first line of
    /// the curves' CSV).
    pub fn study(&self, config: &Config) -> Study {
        // Error against another setting: which one, and its values (`coded
        // sweep --config` of the study reruns that plot).
        let over = (self.axis != Axis::N).then(|| Over {
            setting: self.axis.entry().name.to_string(),
            values: self.axis_values(),
        });
        Study {
            schemes: self.schemes(config),
            n: self.sweep_ns.clone(),
            p: Some(self.sweep_ps.clone()),
            over,
            ..Study::of_config(config.clone())
        }
    }

    /// The trial shown, kept below the number of trials.
    pub fn trial_in(&self, config: &Config) -> usize {
        self.trial.min(config.trials.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ui_state_survives_json() {
        let ui = UiState::default();
        let back: UiState = serde_json::from_str(&serde_json::to_string(&ui).unwrap()).unwrap();
        assert_eq!(back, ui);
    }

    #[test]
    fn trial_is_kept_below_trials_and_schemes_in_fixed_order() {
        let c = Config {
            trials: 3,
            scheme: Scheme::Lcc,
            ..Config::default()
        };
        let ui = UiState {
            trial: 10,
            compare: vec![Scheme::Letcc, Scheme::Bacc],
            ..UiState::default()
        };
        assert_eq!(ui.trial_in(&c), 2);
        assert_eq!(
            ui.schemes(&c),
            vec![Scheme::Bacc, Scheme::Letcc, Scheme::Lcc]
        );
    }
}
