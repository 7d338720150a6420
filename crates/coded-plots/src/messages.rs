//! Everything the page and the computation worker exchange: the requests
//! ([`ToWorker`]), the replies ([`FromWorker`]) and the data they carry (the
//! UI choices, the round's views, progress).
//!
//! Why one module: the page and the worker are two wasm binaries that only
//! share these types (as JSON strings); keeping them together makes the
//! protocol one thing to read and to change. Nothing here computes: the
//! worker's engine (`coded-engine`) fills these types, the page draws them.

use crate::views::curves::{CurveKind, CurvesView};
use crate::views::digits::DigitsView;
use crate::views::encdec::EncDecView;
use crate::views::stragglers::StragglerView;
use crate::views::table::TableView;
use coded_core::problem::{Prepared, RoundOutcome};
use coded_core::{Config, FunctionKind, Problem, Scheme};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the page's five panels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Panel {
    Stragglers,
    Encdec,
    Digits,
    Errors,
    Table,
}

impl Panel {
    /// Every panel, in page order.
    pub const ALL: [Panel; 5] = [
        Panel::Stragglers,
        Panel::Encdec,
        Panel::Digits,
        Panel::Errors,
        Panel::Table,
    ];

    /// Its name in URLs (`panels=`, `embed=`) and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Panel::Stragglers => "stragglers",
            Panel::Encdec => "encdec",
            Panel::Digits => "digits",
            Panel::Errors => "errors",
            Panel::Table => "table",
        }
    }

    /// The panel of a [`Panel::name`].
    pub fn parse(name: &str) -> Option<Panel> {
        Panel::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Its title (embed dialog, embedded page, iframe title).
    pub fn title(self) -> &'static str {
        match self {
            Panel::Stragglers => "Straggler pattern",
            Panel::Encdec => "Encode → compute → decode",
            Panel::Digits => "Coded digits (LeNet-5)",
            Panel::Errors => "Error curves",
            Panel::Table => "Results table",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl Serialize for Panel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Panel {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Panel::parse(&name).ok_or_else(|| serde::de::Error::custom(format!("no panel `{name}`")))
    }
}

/// Which panels are shown (hidden ones are not computed). Serialised as the
/// list of shown panels' names, in page order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Panels {
    shown: u8,
}

impl Panels {
    /// No panel shown.
    pub fn none() -> Panels {
        Panels { shown: 0 }
    }

    /// Only `panel` shown.
    pub fn only(panel: Panel) -> Panels {
        Panels { shown: panel.bit() }
    }

    pub fn shows(&self, panel: Panel) -> bool {
        self.shown & panel.bit() != 0
    }

    pub fn set(&mut self, panel: Panel, shown: bool) {
        if shown {
            self.shown |= panel.bit();
        } else {
            self.shown &= !panel.bit();
        }
    }

    /// The shown panels, in page order.
    pub fn iter_shown(&self) -> impl Iterator<Item = Panel> + '_ {
        Panel::ALL.into_iter().filter(|p| self.shows(*p))
    }

    /// Whether any panel of the round (1, 2 or 3) is shown.
    pub fn shows_round(&self) -> bool {
        self.shows(Panel::Stragglers) || self.shows(Panel::Encdec) || self.shows(Panel::Digits)
    }
}

/// Every panel shown.
impl Default for Panels {
    fn default() -> Self {
        Panels {
            shown: Panel::ALL.iter().fold(0, |b, p| b | p.bit()),
        }
    }
}

impl FromIterator<Panel> for Panels {
    fn from_iter<I: IntoIterator<Item = Panel>>(iter: I) -> Self {
        let mut p = Panels::none();
        for panel in iter {
            p.set(panel, true);
        }
        p
    }
}

impl std::fmt::Debug for Panels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter_shown()).finish()
    }
}

impl Serialize for Panels {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter_shown())
    }
}

impl<'de> Deserialize<'de> for Panels {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Panel>::deserialize(d)?.into_iter().collect())
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
    /// What the error curves' line and band show (drawing only).
    pub band: crate::views::curves::Band,
    /// Web Workers sharing the Monte-Carlo trials (None: the page's
    /// default, one per core); the numbers do not depend on it.
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
            error_tab: CurveKind::ErrorVsN,
            references: true,
            band: crate::views::curves::Band::Mean95,
            workers: None,
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

    /// The workers of the pool: the chosen number (one when unset), from 1
    /// to [`MAX_WORKERS`].
    pub fn pool_size(&self) -> usize {
        self.workers.unwrap_or(1).clamp(1, MAX_WORKERS)
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

impl Detail {
    /// The panel that shows a function's detail: the coded digits for
    /// LeNet-5, encode → decode for a scalar function.
    pub fn panel(function: &FunctionKind) -> Panel {
        if *function == FunctionKind::Lenet5 {
            Panel::Digits
        } else {
            Panel::Encdec
        }
    }

    /// The detail view of one decoded round (the view's own builder; this
    /// only picks which view the function has).
    pub fn build(
        problem: &Problem,
        prepared: &Prepared,
        straggled: &[bool],
        trial: usize,
        outcome: &RoundOutcome,
    ) -> Detail {
        match Detail::panel(&problem.config.function) {
            Panel::Digits => Detail::Digits(DigitsView::build(
                problem, prepared, straggled, trial, outcome,
            )),
            _ => Detail::Scalar(Box::new(EncDecView::build(
                problem, prepared, straggled, trial, outcome,
            ))),
        }
    }
}

/// The cheap stage: the current round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundResult {
    pub stragglers: StragglerView,
    /// None when both detail panels are hidden.
    pub detail: Option<Detail>,
}

/// How far a sweep (or the table) has got.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Points (table: trials) computed and in all.
    pub done: usize,
    pub total: usize,
    /// Share of the estimated work done (points weighted by N × trials).
    pub fraction: f64,
    /// Milliseconds since the sweep started, and the estimate of those left.
    pub elapsed_ms: f64,
    pub left_ms: Option<f64>,
}

/// Where the error curves' sweep is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SweepState {
    Running,
    Done,
    Cancelled,
}

impl SweepState {
    /// Its name in the page's `data-state` attribute (read by the tests).
    pub fn name(self) -> &'static str {
        match self {
            SweepState::Running => "running",
            SweepState::Done => "done",
            SweepState::Cancelled => "cancelled",
        }
    }
}

/// A request from the page.
// One message per change, serialised at once: the size of `Run` (a Config
// holds a formula's text since f can be one) costs nothing worth a Box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Compute what changed for this configuration; replaces any running job.
    Run {
        id: u64,
        config: Config,
        ui: UiState,
    },
    /// Stop the running job (the curves keep the points computed so far).
    Cancel { id: u64 },
}

/// A message to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker's wasm has loaded: requests sent from now on are handled.
    Ready,
    /// The round stage (`ms`: how long it took in the worker).
    Round {
        id: u64,
        result: Result<RoundResult, String>,
        ms: f64,
    },
    Table {
        id: u64,
        result: Result<TableView, String>,
        ms: f64,
    },
    /// The curves so far (`finished`: all points), with the progress.
    Curves {
        id: u64,
        result: Result<CurvesView, String>,
        progress: Progress,
        finished: bool,
    },
    /// Progress only (the worker posts partial curves only every so often).
    Progress { id: u64, progress: Progress },
    /// How far the results table has got (`done`/`total` count trials over
    /// all its schemes): at the largest settings it takes minutes.
    TableProgress { id: u64, progress: Progress },
    /// Every stage of request `id` is up to date.
    Done { id: u64 },
    /// Request `id` was cancelled.
    Cancelled { id: u64, progress: Option<Progress> },
    /// A worker of the pool stopped while request `id` ran (`message` says
    /// which, why, and what became of its work).
    WorkerLost { id: u64, message: String },
    /// Request `id` was not computed: its formula `text` does not read
    /// (`message` says where and why). The page holds no formula reader
    /// (its size budget), so this is how what a person types is checked.
    FormulaRefused {
        id: u64,
        text: String,
        message: String,
    },
}

impl FromWorker {
    /// The bytes the worker posts to the page. Why postcard and not JSON:
    /// serde_json's decoder of these views weighed about 70 kB of the page's
    /// wasm, and JSON turns a NaN into null; postcard keeps every f64 bit for
    /// bit. (The page's requests stay JSON: they carry a `Config`, whose
    /// tagged enums need a self-describing format.)
    pub fn encode(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("every message serialises")
    }

    /// Reads what [`FromWorker::encode`] wrote.
    pub fn decode(bytes: &[u8]) -> Result<FromWorker, String> {
        postcard::from_bytes(bytes).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panel_names_parse_back_and_titles_differ() {
        for p in Panel::ALL {
            assert_eq!(Panel::parse(p.name()), Some(p));
            assert!(!p.title().is_empty());
        }
        assert_eq!(Panel::parse("Table"), None);
        assert_eq!(Panel::parse(""), None);
        assert_eq!(
            Panel::ALL.map(|x| x.name()),
            ["stragglers", "encdec", "digits", "errors", "table"]
        );
    }

    #[test]
    fn panels_are_a_set() {
        let all = Panels::default();
        assert!(Panel::ALL.iter().all(|p| all.shows(*p)));
        assert_eq!(Panels::none().iter_shown().count(), 0);
        let mut p = Panels::only(Panel::Errors);
        assert_eq!(p.iter_shown().collect::<Vec<_>>(), [Panel::Errors]);
        assert!(!p.shows_round());
        p.set(Panel::Stragglers, true);
        p.set(Panel::Errors, false);
        p.set(Panel::Errors, false);
        assert_eq!(p.iter_shown().collect::<Vec<_>>(), [Panel::Stragglers]);
        assert!(p.shows_round());
        assert_eq!(format!("{p:?}"), "{Stragglers}");
    }

    #[test]
    fn panels_serialise_as_the_shown_names() {
        let p: Panels = [Panel::Table, Panel::Stragglers].into_iter().collect();
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(text, r#"["stragglers","table"]"#);
        assert_eq!(serde_json::from_str::<Panels>(&text).unwrap(), p);
        assert_eq!(
            serde_json::from_str::<Panels>("[]").unwrap(),
            Panels::none()
        );
        assert!(serde_json::from_str::<Panels>(r#"["nope"]"#).is_err());
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

    #[test]
    fn sweep_states_have_their_page_names() {
        assert_eq!(
            [SweepState::Running, SweepState::Done, SweepState::Cancelled].map(|x| x.name()),
            ["running", "done", "cancelled"]
        );
    }
}
