//! The playground's computations as pure functions of (Config, UI state):
//! what the app runs after a change, and what a Web Worker would run.
//!
//! Why three stages: they have different costs and triggers. The round (one
//! straggler draw, decoded) follows the trial and is cheap once the answers
//! are cached; the table runs every trial of the configuration; the error
//! curves run whole sweeps. The app recomputes only the stages whose inputs
//! changed, and draws the cheap ones first. Requests and results are plain
//! serde data.

use crate::session::Session;
use crate::views::curves::{error_vs_lambda, error_vs_n, error_vs_p, CurveKind, CurvesView};
use crate::views::digits::DigitsView;
use crate::views::encdec::EncDecView;
use crate::views::stragglers::StragglerView;
use crate::views::table::TableView;
use coded_core::problem::draw_stragglers;
use coded_core::{Config, ConfigError, FunctionKind, Scheme};
use serde::{Deserialize, Serialize};

/// Which panels are shown (hidden ones are not computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Panels {
    pub stragglers: bool,
    pub encdec: bool,
    pub digits: bool,
    pub errors: bool,
    pub table: bool,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            stragglers: true,
            encdec: true,
            digits: true,
            errors: true,
            table: true,
        }
    }
}

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
    /// Which error plot panel 4 shows.
    pub error_tab: CurveKind,
    /// Overlay the papers' claimed rates on error vs N.
    pub references: bool,
}

impl Default for UiState {
    fn default() -> Self {
        UiState {
            compare: vec![Scheme::Bacc, Scheme::Letcc],
            sweep_ns: vec![10, 20, 40, 80, 160, 320],
            sweep_ps: vec![0.1, 0.3],
            trial: 0,
            panels: Panels::default(),
            error_tab: CurveKind::ErrorVsN,
            references: true,
        }
    }
}

impl UiState {
    /// The schemes compared: the configuration's own and the chosen ones, in
    /// a fixed order (so colours and rows do not jump around).
    pub fn schemes(&self, config: &Config) -> Vec<Scheme> {
        Scheme::ALL
            .into_iter()
            .filter(|s| *s == config.scheme || self.compare.contains(s))
            .collect()
    }

    /// The trial shown, kept below the number of trials.
    pub fn trial_in(&self, config: &Config) -> usize {
        self.trial.min(config.trials.saturating_sub(1))
    }
}

/// Panel 2 or panel 3, depending on the function.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Detail {
    /// Boxed: much larger than the digits view (curves on a dense grid).
    Scalar(Box<EncDecView>),
    Digits(DigitsView),
}

/// The cheap stage: the current round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundResult {
    pub stragglers: StragglerView,
    /// None when both detail panels are hidden.
    pub detail: Option<Detail>,
}

/// The round stage: straggler pattern and the encode/decode or digits view
/// of the configuration's scheme.
pub fn round(
    session: &mut Session,
    config: &Config,
    ui: &UiState,
) -> Result<RoundResult, ConfigError> {
    config.validate()?;
    let trial = ui.trial_in(config);
    let stragglers = StragglerView::build(config, trial);
    let lenet = config.function == FunctionKind::Lenet5;
    let wanted = if lenet {
        ui.panels.digits
    } else {
        ui.panels.encdec
    };
    let detail = if wanted {
        let (problem, prepared) = session.prepared(config, config.scheme, config.n)?;
        let draw = draw_stragglers(&config.stragglers, config.seed, config.n, trial);
        let outcome = problem.evaluate(prepared, &draw.straggled);
        Some(if lenet {
            Detail::Digits(DigitsView::build(
                problem,
                prepared,
                &draw.straggled,
                &outcome,
            ))
        } else {
            Detail::Scalar(Box::new(EncDecView::build(
                problem,
                prepared,
                &draw.straggled,
                &outcome,
            )))
        })
    } else {
        None
    };
    Ok(RoundResult { stragglers, detail })
}

/// The table stage.
pub fn table(
    session: &mut Session,
    config: &Config,
    ui: &UiState,
) -> Result<TableView, ConfigError> {
    TableView::build(session, config, &ui.schemes(config), ui.trial_in(config))
}

/// The curves stage: the error plot of the chosen tab.
pub fn curves(
    session: &mut Session,
    config: &Config,
    ui: &UiState,
) -> Result<CurvesView, ConfigError> {
    config.validate()?;
    let schemes = ui.schemes(config);
    match ui.error_tab {
        CurveKind::ErrorVsN => {
            error_vs_n(config, &schemes, &ui.sweep_ns, &ui.sweep_ps, ui.references)
        }
        CurveKind::ErrorVsP => error_vs_p(config, &schemes),
        CurveKind::ErrorVsLambda => error_vs_lambda(session, config, &schemes),
    }
}

/// What each stage depends on, to skip stages whose inputs did not change.
/// (A hidden panel's stage is not run at all.)
pub fn round_key(config: &Config, ui: &UiState) -> String {
    serde_json::json!([config, ui.trial_in(config), ui.panels]).to_string()
}

pub fn table_key(config: &Config, ui: &UiState) -> String {
    serde_json::json!([config, ui.trial_in(config), ui.schemes(config)]).to_string()
}

pub fn curves_key(config: &Config, ui: &UiState) -> String {
    let mut c = config.clone();
    c.scheme = Scheme::Bacc; // only the set of schemes matters
    let mut ui_part = serde_json::json!([ui.schemes(config), ui.error_tab]);
    match ui.error_tab {
        CurveKind::ErrorVsN => {
            if let coded_core::StragglerModel::Iid { .. } = c.stragglers {
                // The p list replaces the configured p.
                c.stragglers = coded_core::StragglerModel::Iid { p: 0.0 };
            }
            ui_part = serde_json::json!([ui_part, ui.sweep_ns, ui.sweep_ps, ui.references]);
        }
        CurveKind::ErrorVsP | CurveKind::ErrorVsLambda => {}
    }
    serde_json::json!([c, ui_part]).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_run_for_every_kind_of_config() {
        let mut s = Session::new();
        let ui = UiState::default();
        for text in [
            "{}",
            r#"{"function": "lenet5", "k": 4, "n": 16, "trials": 3}"#,
            r#"{"function": "abs", "scheme": "lcc", "trials": 3}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let r = round(&mut s, &c, &ui).unwrap();
            match (&r.detail, c.function) {
                (Some(Detail::Digits(_)), FunctionKind::Lenet5) => {}
                (Some(Detail::Scalar(_)), f) if f != FunctionKind::Lenet5 => {}
                other => panic!("wrong detail {other:?}"),
            }
            let t = table(&mut s, &c, &ui).unwrap();
            assert_eq!(t.rows.len(), ui.schemes(&c).len());
        }
    }

    #[test]
    fn results_cross_a_worker_boundary_as_json() {
        // What a Web Worker would post back: every stage's result survives
        // JSON (compared as JSON: serde_json's default float parser may be
        // one ulp off, which a worker would avoid with a binary format).
        fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
            use serde_json::Value::*;
            match (a, b) {
                (Number(x), Number(y)) => {
                    let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                    (x - y).abs() <= 1e-15 * x.abs().max(y.abs())
                }
                (Array(x), Array(y)) => {
                    x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
                }
                (Object(x), Object(y)) => {
                    x.len() == y.len()
                        && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
                }
                _ => a == b,
            }
        }
        fn round_trips<T: Serialize + serde::de::DeserializeOwned>(v: &T) {
            let a = serde_json::to_value(v).unwrap();
            let back: T = serde_json::from_str(&a.to_string()).unwrap();
            assert!(same(&a, &serde_json::to_value(&back).unwrap()));
        }
        let mut s = Session::new();
        let c = Config::from_json(r#"{"trials": 4, "k": 5, "n": 12}"#).unwrap();
        let ui = UiState::default();
        round_trips(&round(&mut s, &c, &ui).unwrap());
        let lenet =
            Config::from_json(r#"{"trials": 2, "k": 3, "n": 8, "function": "lenet5"}"#).unwrap();
        round_trips(&round(&mut s, &lenet, &ui).unwrap());
        round_trips(&table(&mut s, &c, &ui).unwrap());
        let small = UiState {
            sweep_ns: vec![12, 24],
            ..ui.clone()
        };
        round_trips(&curves(&mut s, &c, &small).unwrap());
        round_trips(&ui);
    }

    #[test]
    fn keys_ignore_what_a_stage_does_not_use() {
        let c = Config::default();
        let mut ui = UiState::default();
        let k = curves_key(&c, &ui);
        ui.trial = 5;
        assert_eq!(curves_key(&c, &ui), k, "the trial does not change a sweep");
        let c2 = Config {
            stragglers: coded_core::StragglerModel::Iid { p: 0.4 },
            ..c.clone()
        };
        assert_eq!(
            curves_key(&c2, &ui),
            k,
            "the p list replaces the configured p"
        );
        ui.error_tab = CurveKind::ErrorVsP;
        assert_ne!(curves_key(&c2, &ui), curves_key(&c, &ui));
        assert_ne!(round_key(&c, &ui), round_key(&c2, &ui));
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
