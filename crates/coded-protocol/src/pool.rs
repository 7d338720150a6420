//! The leading worker and the pool's helpers: which run a helper is to
//! know ([`ToHelper::Define`]), which range of a point's trials it is to run
//! ([`ToHelper::Work`]), and what it sends back ([`FromHelper`]).
//!
//! Why a helper is sent the configuration and the user's choices, not the
//! points: it builds the run's points itself with the leading worker's code
//! (`TableRun::new`, `CurvesRun::new` in `coded-engine`), so the two cannot
//! disagree on what point `i` is, and the messages that follow carry
//! indices and numbers only.

use crate::UiState;
use coded_core::{Config, MonteCarlo};

/// The name the leading worker gives its helpers (their `self.name`): how
/// the worker's entry script, `public/worker_loader.js`, tells a helper
/// (which waits for the leader's compiled module) from the leading worker
/// (which fetches the wasm). A test holds that script to this name.
pub const HELPER_NAME: &str = "coded-helper";
use coded_panels::Stage;
use serde::{Deserialize, Serialize};

/// A leading worker's message to a helper.
// Each message is encoded at once and dropped: a `Define` (once per run)
// as large as the request costs nothing worth a Box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToHelper {
    /// Run `run` is the `stage` (the table or the curves) of this request.
    Define {
        run: u64,
        stage: Stage,
        #[serde(with = "crate::config_text")]
        config: Config,
        ui: UiState,
    },
    /// Run this range of point `point`'s trials (after those already
    /// given): `range` is its index among the point's ranges.
    Work {
        run: u64,
        point: usize,
        range: usize,
    },
    /// Drop every range of run `run` (it was replaced or cancelled).
    Cancel { run: u64 },
}

/// A helper's message to the leading worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromHelper {
    /// Its wasm has loaded: it takes work from now on.
    Ready,
    /// A range of trials, run; `prepared`: how many times the helper ran f
    /// on all N servers for it (0 when its cache had the answers).
    Done {
        run: u64,
        point: usize,
        range: usize,
        prepared: usize,
        /// Boxed: the trials' values are most of the message, and the
        /// other variants need not carry their size (postcard writes a
        /// box as its content).
        trials: Box<MonteCarlo>,
    },
    /// A range could not be run (its run is unknown to the helper, or the
    /// configuration is invalid): the leading worker runs it itself.
    Failed {
        run: u64,
        point: usize,
        range: usize,
    },
}
