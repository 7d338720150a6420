//! The page and its leading worker: the page's requests ([`ToWorker`]) and
//! the worker's replies ([`FromWorker`]), with the progress they report.

use crate::UiState;
use coded_core::Config;
use coded_panels::errors::{Axis, CurvesView};
use coded_panels::table::TableView;
use coded_panels::RoundResult;
use serde::{Deserialize, Serialize};

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
        #[serde(with = "crate::config_text")]
        config: Config,
        ui: UiState,
    },
    /// Stop the running job (the curves keep the points computed so far).
    Cancel { id: u64 },
    /// What a study file the page was given ("Open study…") needs of the
    /// worker before the page uses any of it: whether its formula reads,
    /// and the view its settings give for its plot without points (the
    /// title, axes and rounding level its saved curves must have). The
    /// running job carries on.
    CheckStudy {
        id: u64,
        #[serde(with = "crate::config_text")]
        config: Config,
        kind: Axis,
    },
}

impl ToWorker {
    /// Request `id`: run `config` with `ui`, from copies (a caller that
    /// posts several requests keeps its settings).
    pub fn run(id: u64, config: &Config, ui: &UiState) -> ToWorker {
        ToWorker::Run {
            id,
            config: config.clone(),
            ui: ui.clone(),
        }
    }
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
    /// The answer to `CheckStudy` `id`: the view without points, or why
    /// the formula does not read.
    StudyChecked {
        id: u64,
        result: Result<CurvesView, String>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_states_have_their_page_names() {
        assert_eq!(
            [SweepState::Running, SweepState::Done, SweepState::Cancelled].map(|x| x.name()),
            ["running", "done", "cancelled"]
        );
    }
}
