//! The app's state: one `Config` signal (always valid), the UI state, the
//! text of every control (which may be invalid), and the latest results.
//!
//! Why drafts: an input must keep what the user typed, even when it is not
//! a valid value, while the plots keep showing the last valid configuration.
//! Every edit rebuilds a candidate `Config` from *all* drafts and validates
//! it with the core, so fixing N also clears an error that K > N caused.

use std::sync::Arc;

use coded_core::{Config, ConfigError, LambdaDec, StragglerModel};
use coded_plots::messages::{Progress, RoundResult, SweepState, UiState};
use coded_plots::views::curves::CurvesView;
use coded_plots::views::table::TableView;
use leptos::prelude::*;

use crate::components::FieldError;

/// The text of each configuration control.
#[derive(Clone, Copy)]
pub struct Drafts {
    pub scheme: RwSignal<String>,
    pub function: RwSignal<String>,
    pub k: RwSignal<String>,
    pub n: RwSignal<String>,
    pub points: RwSignal<String>,
    pub model: RwSignal<String>,
    pub p: RwSignal<String>,
    pub s: RwSignal<String>,
    pub shift: RwSignal<String>,
    pub rate: RwSignal<String>,
    pub deadline: RwSignal<String>,
    pub lambda_enc: RwSignal<String>,
    pub lambda_dec: RwSignal<String>,
    pub lambda_auto: RwSignal<bool>,
    pub lambda_rule: RwSignal<String>,
    pub trials: RwSignal<String>,
    pub seed: RwSignal<String>,
}

/// The JSON name of a unit enum value ("bacc", "x_sin_x", ...).
pub fn json_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn parse_name<T: serde::de::DeserializeOwned>(field: &str, text: &str) -> Result<T, ConfigError> {
    serde_json::from_value(serde_json::Value::String(text.to_string()))
        .map_err(|_| ConfigError::new(field, format!("`{text}` is not one of the choices")))
}

fn parse_int(field: &str, text: &str) -> Result<usize, ConfigError> {
    let t = text.trim();
    t.parse::<usize>().map_err(|_| {
        ConfigError::new(
            field,
            if t.is_empty() {
                "enter a whole number".to_string()
            } else {
                format!("`{t}` is not a whole number ≥ 0")
            },
        )
    })
}

fn parse_num(field: &str, text: &str) -> Result<f64, ConfigError> {
    let t = text.trim();
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(ConfigError::new(
            field,
            if t.is_empty() {
                "enter a number (e.g. 0.2 or 1e-6)".to_string()
            } else {
                format!("`{t}` is not a finite number")
            },
        )),
    }
}

impl Drafts {
    pub fn new(c: &Config) -> Drafts {
        let (mut p, mut s, mut shift, mut rate, mut deadline) = (0.2, 5, 1.0, 1.0, 1.5);
        match c.stragglers {
            StragglerModel::Iid { p: v } => p = v,
            StragglerModel::Fixed { s: v } | StragglerModel::Block { s: v } => s = v,
            StragglerModel::Deadline {
                shift: a,
                rate: b,
                deadline: d,
            } => (shift, rate, deadline) = (a, b, d),
        }
        let (lambda_dec, auto) = match c.lambda_dec {
            LambdaDec::Value(v) => (v.to_string(), false),
            LambdaDec::Auto(_) => ("1e-6".to_string(), true),
        };
        Drafts {
            scheme: RwSignal::new(json_name(&c.scheme)),
            function: RwSignal::new(json_name(&c.function)),
            k: RwSignal::new(c.k.to_string()),
            n: RwSignal::new(c.n.to_string()),
            points: RwSignal::new(json_name(&c.points)),
            model: RwSignal::new(c.stragglers.name().to_string()),
            p: RwSignal::new(p.to_string()),
            s: RwSignal::new(s.to_string()),
            shift: RwSignal::new(shift.to_string()),
            rate: RwSignal::new(rate.to_string()),
            deadline: RwSignal::new(deadline.to_string()),
            lambda_enc: RwSignal::new(c.lambda_enc.to_string()),
            lambda_dec: RwSignal::new(lambda_dec),
            lambda_auto: RwSignal::new(auto),
            lambda_rule: RwSignal::new(json_name(&c.lambda_rule)),
            trials: RwSignal::new(c.trials.to_string()),
            seed: RwSignal::new(c.seed.to_string()),
        }
    }

    /// The configuration the drafts describe, validated by the core.
    pub fn build(&self) -> Result<Config, ConfigError> {
        let g = |s: RwSignal<String>| s.get_untracked();
        let stragglers = match g(self.model).as_str() {
            "iid" => StragglerModel::Iid {
                p: parse_num("stragglers", &g(self.p))?,
            },
            "fixed" => StragglerModel::Fixed {
                s: parse_int("stragglers", &g(self.s))?,
            },
            "block" => StragglerModel::Block {
                s: parse_int("stragglers", &g(self.s))?,
            },
            _ => StragglerModel::Deadline {
                shift: parse_num("stragglers", &g(self.shift))?,
                rate: parse_num("stragglers", &g(self.rate))?,
                deadline: parse_num("stragglers", &g(self.deadline))?,
            },
        };
        let c = Config {
            scheme: parse_name("scheme", &g(self.scheme))?,
            function: parse_name("function", &g(self.function))?,
            k: parse_int("k", &g(self.k))?,
            n: parse_int("n", &g(self.n))?,
            points: parse_name("points", &g(self.points))?,
            stragglers,
            lambda_enc: parse_num("lambda_enc", &g(self.lambda_enc))?,
            lambda_dec: if self.lambda_auto.get_untracked() {
                LambdaDec::default()
            } else {
                LambdaDec::Value(parse_num("lambda_dec", &g(self.lambda_dec))?)
            },
            lambda_rule: parse_name("lambda_rule", &g(self.lambda_rule))?,
            trials: parse_int("trials", &g(self.trials))?,
            seed: parse_int("seed", &g(self.seed))? as u64,
        };
        c.validate()?;
        Ok(c)
    }
}

/// A stage's latest result: the value, or why it could not be computed.
pub type Output<T> = RwSignal<Option<Arc<Result<T, String>>>>;

/// What the status line shows (and the end-to-end tests read).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Status {
    pub busy: bool,
    /// Milliseconds the last run of each stage took.
    pub round_ms: Option<f64>,
    pub table_ms: Option<f64>,
    pub curves_ms: Option<f64>,
    /// Completed computations (a test waits for it to grow).
    pub runs: u64,
    /// The error-curves sweep in the Web Worker: progress, and whether it
    /// is running, done or cancelled.
    pub sweep: Option<(Progress, SweepState)>,
    /// The results table while the worker computes it (minutes at the
    /// largest settings); None once it is done or cancelled.
    pub table_progress: Option<Progress>,
}

#[derive(Clone, Copy)]
pub struct AppState {
    /// The last valid configuration: everything drawn belongs to it.
    pub config: RwSignal<Config>,
    pub ui: RwSignal<UiState>,
    pub drafts: Drafts,
    /// The invalid value currently reported, if any.
    pub error: FieldError,
    pub playing: RwSignal<bool>,
    pub round: Output<RoundResult>,
    pub table: Output<TableView>,
    pub curves: Output<CurvesView>,
    pub status: RwSignal<Status>,
    /// Incremented by the Cancel button: stops the running sweep.
    pub cancel: RwSignal<u64>,
}

impl AppState {
    pub fn new() -> AppState {
        let config = Config::default();
        AppState {
            drafts: Drafts::new(&config),
            config: RwSignal::new(config),
            ui: RwSignal::new(UiState::default()),
            error: RwSignal::new(None),
            playing: RwSignal::new(false),
            round: RwSignal::new(None),
            table: RwSignal::new(None),
            curves: RwSignal::new(None),
            status: RwSignal::new(Status::default()),
            cancel: RwSignal::new(0),
        }
    }

    /// Re-validates all drafts: applies them when valid, else reports the
    /// core's error next to the control it names.
    pub fn apply(&self) {
        match self.drafts.build() {
            Ok(c) => {
                self.error.set(None);
                if c != self.config.get_untracked() {
                    self.config.set(c);
                }
            }
            Err(e) => self.error.set(Some((e.field.clone(), e.to_string()))),
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drafts_round_trip_and_report_the_cores_errors() {
        let owner = Owner::new();
        owner.with(|| {
            let s = AppState::new();
            assert_eq!(s.drafts.build().unwrap(), Config::default());
            s.drafts.k.set("50".into());
            s.apply();
            let (field, msg) = s.error.get_untracked().unwrap();
            assert_eq!(field, "k");
            assert!(msg.contains("invalid `k`"), "{msg}");
            assert_eq!(
                s.config.get_untracked().k,
                10,
                "the last valid config stays"
            );
            s.drafts.n.set("60".into());
            s.apply();
            assert!(s.error.get_untracked().is_none());
            assert_eq!(
                (s.config.get_untracked().k, s.config.get_untracked().n),
                (50, 60)
            );
            s.drafts.lambda_auto.set(false);
            s.drafts.lambda_dec.set("abc".into());
            s.apply();
            assert_eq!(s.error.get_untracked().unwrap().0, "lambda_dec");
            s.drafts.lambda_dec.set("1e301".into());
            s.apply();
            assert_eq!(s.error.get_untracked().unwrap().0, "lambda_dec");
            s.drafts.lambda_dec.set("1e300".into());
            s.apply();
            assert_eq!(s.config.get_untracked().lambda_dec, LambdaDec::Value(1e300));
            s.drafts.model.set("deadline".into());
            s.drafts.rate.set("0".into());
            s.apply();
            assert_eq!(s.error.get_untracked().unwrap().0, "stragglers");
        });
    }
}
