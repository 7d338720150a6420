//! The app's state: the last valid `Config` and UI state (everything drawn
//! belongs to them), the drafts of every control (which may be invalid, see
//! `drafts`), and the latest results.

use std::sync::Arc;

use coded_core::{Config, FunctionKind};
use coded_panels::errors::{Axis, CurvesView};
use coded_panels::table::TableView;
use coded_panels::RoundResult;
use coded_protocol::Progress;
use coded_protocol::{SweepState, UiState};
use leptos::prelude::*;

use crate::drafts::{Drafts, Invalid};
use crate::freshness::{Phase, StageState, Stamp, Stamps};
use crate::settings::LinkState;
use coded_panels::Stage;
use coded_protocol::Fingerprints;

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
    /// A worker of the pool stopped (what the worker says about it); until
    /// the next request.
    pub worker_lost: Option<String>,
}

#[derive(Clone, Copy)]
pub struct AppState {
    /// The last valid configuration: everything drawn belongs to it.
    pub config: RwSignal<Config>,
    pub ui: RwSignal<UiState>,
    pub drafts: Drafts,
    /// The invalid values, each shown next to its control.
    pub invalid: RwSignal<Vec<Invalid>>,
    /// A field holds typing that is not read yet (it is, after a pause).
    pub editing: RwSignal<bool>,
    pub playing: RwSignal<bool>,
    pub round: Output<RoundResult>,
    pub table: Output<TableView>,
    pub curves: Output<CurvesView>,
    /// The error curves of a study file opened (its saved results), drawn
    /// beside the current ones until removed.
    pub saved_curves: RwSignal<Option<Arc<CurvesView>>>,
    /// What "Open study…" asks of the worker about a study file (its
    /// formula, the view of its plot without points): the reading's id,
    /// the file's configuration and its plot's tab; taken by the runner as
    /// it posts them.
    pub study_request: RwSignal<Option<(u64, Config, Axis)>>,
    /// The worker's answer, taken by "Open study…".
    pub study_checked: RwSignal<Option<(u64, Result<CurvesView, String>)>>,
    pub status: RwSignal<Status>,
    /// Incremented by the Cancel button: stops the running sweep.
    pub cancel: RwSignal<u64>,
    /// Incremented by "Compute again" (after Cancel): the same settings
    /// are sent again.
    pub rerun: RwSignal<u64>,
    /// Which settings each result shown was computed for.
    pub stamps: RwSignal<Stamps>,
    /// The last request's phase.
    pub phase: RwSignal<Phase>,
    /// The fingerprints of the current settings.
    pub current: Memo<Fingerprints>,
    /// `ui` but the round shown (`trial` left at 0): what the error panel
    /// reads, so that a step to the next round (at N = 8192 a click the
    /// page must answer quickly) does not redraw its plot, legend and
    /// sentences.
    pub sweep_ui: Memo<UiState>,
    /// The preset the settings came from (its note; `preset=` in the link).
    pub preset: RwSignal<Option<&'static str>>,
}

impl AppState {
    pub fn new() -> AppState {
        let config = RwSignal::new(Config::default());
        let ui = RwSignal::new(UiState::default());
        AppState {
            drafts: Drafts::new(&LinkState::default()),
            config,
            ui,
            invalid: RwSignal::new(vec![]),
            editing: RwSignal::new(false),
            playing: RwSignal::new(false),
            round: RwSignal::new(None),
            table: RwSignal::new(None),
            curves: RwSignal::new(None),
            saved_curves: RwSignal::new(None),
            study_request: RwSignal::new(None),
            study_checked: RwSignal::new(None),
            status: RwSignal::new(Status::default()),
            cancel: RwSignal::new(0),
            rerun: RwSignal::new(0),
            stamps: RwSignal::new(Stamps::default()),
            phase: RwSignal::new(Phase::Idle),
            current: Memo::new(move |_| config.with(|c| ui.with(|u| Fingerprints::of(c, u)))),
            sweep_ui: Memo::new(move |_| {
                ui.with(|u| UiState {
                    trial: 0,
                    ..u.clone()
                })
            }),
            preset: RwSignal::new(None),
        }
    }

    /// What `stage`'s panels show against the current settings (tracked).
    pub fn stage_state(&self, stage: Stage) -> StageState {
        let need = self.ui.with(|u| u.panels.need(stage));
        let stamp = self.stamps.with(|s| s.get(stage));
        StageState::of(need, stamp, self.current.get().get(stage), self.phase.get())
    }

    /// What a panel of `stage` draws while it has no result: the stage's
    /// note ("Computing…", "Cancelled before anything was computed.").
    pub fn pending_text(&self, stage: Stage) -> String {
        self.stage_state(stage)
            .note(stage)
            .unwrap_or_else(|| "Computing…".into())
    }

    /// The current valid state (without the embed parameters).
    pub fn link_state(&self) -> LinkState {
        LinkState {
            config: self.config.get_untracked(),
            ui: self.ui.get_untracked(),
            preset: self.preset.get_untracked(),
            ..LinkState::default()
        }
    }

    /// The current valid state, tracked (for reactive closures).
    pub fn link_state_tracked(&self) -> LinkState {
        LinkState {
            config: self.config.get(),
            ui: self.ui.get(),
            preset: self.preset.get(),
            ..LinkState::default()
        }
    }

    /// Reads every draft: applies the state they describe when it is valid,
    /// else reports each invalid value next to its control.
    pub fn apply(&self) {
        self.editing.set(false);
        let base = self.link_state();
        match self.drafts.build(&base) {
            Ok(s) => {
                self.invalid.set(vec![]);
                if s.config != base.config {
                    self.config.set(s.config);
                }
                if s.ui != base.ui {
                    self.ui.set(s.ui);
                }
            }
            Err(invalid) => self.invalid.set(invalid),
        }
    }

    /// The worker refused the formula `text` (the page has no formula
    /// reader): `refused_formulas` remembers it. The plots go back to the
    /// last function the worker computed (`computed`), and the formula's
    /// field says why; with nothing to go back to (a link with a malformed
    /// formula), the panels say why too.
    pub fn formula_refused(&self, text: &str, message: &str, computed: Option<FunctionKind>) {
        crate::refused_formulas::remember(text, message);
        let shown = self
            .config
            .with_untracked(|c| c.function.formula().is_some_and(|f| f.text() == text));
        if shown {
            match computed {
                Some(f) => self.config.update(|c| c.function = f),
                None => self.show_in_every_panel(&format!("Nothing computed: {message}.")),
            }
        }
        // Reading the drafts again puts the message by the field.
        self.apply();
    }

    /// `message` in place of every stage's result: nothing was computed.
    pub fn show_in_every_panel(&self, message: &str) {
        self.round.set(Some(Arc::new(Err(message.to_string()))));
        self.table.set(Some(Arc::new(Err(message.to_string()))));
        self.curves.set(Some(Arc::new(Err(message.to_string()))));
        // The message is what these settings give.
        let now = self.current.get_untracked();
        self.stamps.update(|s| {
            for stage in [Stage::Round, Stage::Table, Stage::Curves] {
                s.set(
                    stage,
                    Stamp {
                        fingerprint: now.get(stage),
                        complete: true,
                    },
                );
            }
        });
    }

    /// Chooses the error plot's setting (a tab): its default values, shown
    /// in the "Plotted values" list too, whose draft is read with every
    /// other (a draft left from another setting would be refused there).
    pub fn choose_error_plot(&self, kind: coded_panels::errors::Axis) {
        self.ui.update(|u| {
            u.axis = kind;
            u.sweep_values = None;
        });
        if let Some(st) = crate::settings::by_id("sweep-values") {
            self.drafts.of(st.id).replace((st.text)(&self.link_state()));
        }
    }

    /// Shows a whole state (a link, a preset): every control, and the state.
    pub fn load(&self, s: &LinkState) {
        self.drafts.load(s);
        self.invalid.set(vec![]);
        self.editing.set(false);
        self.config.set(s.config.clone());
        self.ui.set(s.ui.clone());
        self.preset.set(s.preset);
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

    fn type_into(s: &AppState, id: &str, text: &str) {
        s.drafts.of(id).text.set(text.into());
        s.apply();
    }

    fn message(s: &AppState, id: &str) -> Option<String> {
        s.invalid
            .get_untracked()
            .into_iter()
            .find(|(i, _)| *i == id)
            .map(|(_, m)| m)
    }

    #[test]
    fn a_new_error_plot_shows_its_values_and_other_fields_still_apply() {
        let owner = Owner::new();
        owner.with(|| {
            let s = AppState::new();
            for kind in coded_panels::errors::Axis::ALL {
                s.choose_error_plot(kind);
                // Typing elsewhere reads every draft, the values' too.
                type_into(&s, "trials", "7");
                assert!(s.invalid.get_untracked().is_empty(), "{kind:?}");
                assert_eq!(s.config.get_untracked().trials, 7);
                type_into(&s, "trials", "100");
            }
            s.choose_error_plot(coded_panels::errors::Axis::K);
            assert_eq!(
                s.drafts.of("sweep-values").text.get_untracked(),
                "2,4,6,8,10,12,16,20"
            );
            type_into(&s, "sweep-values", "2,3");
            assert_eq!(s.ui.get_untracked().sweep_values, Some(vec![2.0, 3.0]));
            type_into(&s, "sweep-values", "2,x");
            assert!(message(&s, "sweep-values")
                .unwrap()
                .starts_with("The plotted values must be whole numbers"));
        });
    }

    #[test]
    fn drafts_apply_together_and_report_each_invalid_value_in_words() {
        let owner = Owner::new();
        owner.with(|| {
            let s = AppState::new();
            assert_eq!(
                s.drafts.build(&s.link_state()).unwrap(),
                LinkState::default()
            );
            type_into(&s, "k", "50");
            assert_eq!(
                message(&s, "k").as_deref(),
                Some("K must be a whole number from 1 to N (now 40; at most 1024)")
            );
            assert_eq!(
                s.config.get_untracked().k,
                10,
                "the last valid config stays"
            );
            type_into(&s, "n", "60");
            assert!(s.invalid.get_untracked().is_empty());
            let c = s.config.get_untracked();
            assert_eq!((c.k, c.n), (50, 60));
            // Two invalid values at once: a message next to each.
            type_into(&s, "lambda-dec", "abc");
            type_into(&s, "trials", "0");
            assert!(message(&s, "lambda-dec")
                .unwrap()
                .starts_with("λ_dec must be a number"));
            assert!(message(&s, "trials").is_some());
            type_into(&s, "trials", "100");
            type_into(&s, "lambda-dec", "1e300");
            assert!(s.invalid.get_untracked().is_empty());
            assert_eq!(
                s.config.get_untracked().lambda_dec,
                coded_core::LambdaDec::Value(1e300)
            );
            // A parameter of another model: kept as typed, not read.
            type_into(&s, "p", "0.");
            assert_eq!(
                s.config.get_untracked().stragglers,
                coded_core::StragglerModel::Iid { p: 0.0 }
            );
            type_into(&s, "p", "abc");
            assert!(message(&s, "p").is_some());
            type_into(&s, "model", "deadline");
            assert!(s.invalid.get_untracked().is_empty(), "p no longer applies");
            type_into(&s, "rate", "0");
            assert_eq!(
                message(&s, "rate").as_deref(),
                Some("The rate μ must be a number above 0, at most 1e6")
            );
            assert!(message(&s, "shift").is_none() && message(&s, "deadline").is_none());
            type_into(&s, "rate", "2");
            assert!(s.invalid.get_untracked().is_empty());
            // A list with a half-typed entry.
            type_into(&s, "sweep-ns", "10, 20,");
            assert_eq!(s.ui.get_untracked().sweep_ns, vec![10, 20]);
        });
    }

    #[test]
    fn a_formula_is_typed_beside_the_function_list_and_says_where_it_is_wrong() {
        let owner = Owner::new();
        owner.with(|| {
            let s = AppState::new();
            // Not a formula yet: its text is kept but is not part of the state.
            type_into(&s, "formula", "x^2");
            assert_eq!(
                s.config.get_untracked().function,
                coded_core::FunctionKind::XSinX
            );
            assert!(s.invalid.get_untracked().is_empty());
            // Choosing it reads the text in its field.
            type_into(&s, "function", "formula");
            let f = s.config.get_untracked().function;
            assert_eq!(f.formula().unwrap().text(), "x^2");
            // A malformed formula: the page has no reader, so it is sent to
            // the worker, which refuses it with where it goes wrong (the
            // engine's tests check that answer). Then the message is under
            // the field, and the last formula the worker computed is back.
            type_into(&s, "formula", "sin(3*x");
            assert_eq!(
                s.config.get_untracked().function.formula().unwrap().text(),
                "sin(3*x"
            );
            let why = "the formula is not valid at the end (character 8, after “sin(3*x”): \
                       “sin(” is not closed: a “)” is missing";
            s.formula_refused("sin(3*x", why, Some(f.clone()));
            assert_eq!(
                message(&s, "formula").as_deref(),
                Some(
                    "The formula is not valid at the end (character 8, after “sin(3*x”): \
                     “sin(” is not closed: a “)” is missing"
                )
            );
            assert_eq!(s.config.get_untracked().function, f);
            // Typed again later, it is refused at once, and a change
            // elsewhere keeps the message (nothing is committed meanwhile).
            type_into(&s, "formula", "x");
            type_into(&s, "formula", "sin(3*x");
            assert!(message(&s, "formula").unwrap().contains("is not closed"));
            type_into(&s, "k", "5");
            assert!(message(&s, "formula").is_some());
            assert_eq!(s.config.get_untracked().k, Config::default().k);
            type_into(&s, "k", &Config::default().k.to_string());
            // Refused with nothing computed before (a link): the panels say why.
            let t = AppState::new();
            type_into(&t, "function", "formula");
            type_into(&t, "formula", "y + 1");
            t.formula_refused("y + 1", "“y” is not a known name", None);
            assert!(message(&t, "formula").unwrap().contains("not a known name"));
            assert_eq!(
                t.round.get_untracked().as_deref(),
                Some(&Err(
                    "Nothing computed: “y” is not a known name.".to_string()
                ))
            );
            type_into(&s, "formula", "sin(3*x) + x^3");
            assert!(s.invalid.get_untracked().is_empty());
            let c = s.config.get_untracked();
            assert_eq!(c.function.formula().unwrap().text(), "sin(3*x) + x^3");
            // The degree stays with a new text; a built-in and back keeps both.
            type_into(&s, "degree", "3");
            type_into(&s, "formula", "x^3");
            assert_eq!(
                s.config
                    .get_untracked()
                    .function
                    .formula()
                    .unwrap()
                    .degree(),
                Some(3)
            );
            type_into(&s, "degree", "65");
            assert!(message(&s, "degree")
                .unwrap()
                .starts_with("The degree must be"));
            type_into(&s, "degree", "none");
            type_into(&s, "function", "cubic");
            assert_eq!(
                s.config.get_untracked().function,
                coded_core::FunctionKind::Cubic
            );
            type_into(&s, "function", "formula");
            assert_eq!(
                s.config.get_untracked().function.formula().unwrap().text(),
                "x^3"
            );
        });
    }
}
