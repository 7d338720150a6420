//! A study file's results: what the page's Study export writes with "with
//! results" ticked, and their check when "Open study…" reads such a file
//! back. The results are the page's views, under the study's `results` key:
//!
//! ```text
//! "results": {"curves": <the error plot's view>, "table": <the results table's view>}
//! ```
//!
//! (either may be null: a panel hidden, or not computed). The core keeps
//! them as JSON it does not read (`coded_core::Study::results`), so the CLI
//! reruns such a file and ignores them.
//!
//! Why the check, and why here: the file is whatever a person picks. Its
//! results are drawn beside the current curves under the study's settings,
//! so they must be results those settings can give: the same plot, title,
//! schemes, N or values and p, counts of trials the configuration allows,
//! and errors that are finite and not negative, in numbers bounded by the
//! page's own lists. The check is a pure function of the study (tested
//! natively) that the page runs; the one thing it needs of the worker is
//! the view the study's settings give without points ([`empty_view`]:
//! the page holds no view builder, nor a formula reader).

mod curves;
mod table;

pub use curves::{empty_view, Plot};

use coded_core::limits::{MAX_SWEEP_NS, MAX_SWEEP_PS, MAX_SWEEP_VALUES};
use coded_core::statistic::SLOPE_RESAMPLES;
use coded_core::{Scheme, Study};
use coded_panels::errors::CurvesView;
use coded_panels::table::TableView;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The results a study file holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedResults {
    /// The error plot as it was drawn (its tab's curves and reference lines).
    #[serde(default)]
    pub curves: Option<CurvesView>,
    /// The results table (checked when a file is opened, for the file to
    /// be whole; the page shows the saved curves only).
    #[serde(default)]
    pub table: Option<TableView>,
}

/// The study with `results` under its `results` key.
pub fn with_results(study: Study, results: &SavedResults) -> Study {
    Study {
        results: Some(serde_json::to_value(results).expect("views serialise")),
        ..study
    }
}

/// The numbers one point of a saved curve holds at most: its eleven, and
/// the three statistics' resampled means (the squared error's alone, the
/// max and relative errors' with their seven numbers each); with its share
/// of failed rounds and the two lines of a claimed rate through it. A row
/// of the saved table holds fewer.
const NUMBERS_PER_POINT: usize = 11 + SLOPE_RESAMPLES + 2 * (7 + SLOPE_RESAMPLES) + 2 + 4;

/// The most points a saved error plot holds: a curve per scheme (and per p
/// of error vs N) over the longest list of N or of another setting's values.
const MAX_POINTS: usize = {
    let schemes = Scheme::ALL.len();
    let vs_n = schemes * MAX_SWEEP_PS * MAX_SWEEP_NS;
    let vs_setting = schemes * MAX_SWEEP_VALUES;
    if vs_n > vs_setting {
        vs_n
    } else {
        vs_setting
    }
};

/// The most bytes a number takes in the file: 24 characters
/// (`-1.2345678901234567e-300`) under at most ten levels of the export's
/// two-space indentation, with its comma, its line end and its share of
/// the keys around it.
const BYTES_PER_NUMBER: usize = 64;

/// Room for the texts: the configuration (a formula of at most 500
/// characters), the titles, labels and notes, a few lines each.
const TEXT_BYTES: usize = 1 << 20;

/// The largest study file the page can write: its points and the table's
/// rows (one per scheme), as numbers, and its texts. A larger file is
/// refused before it is read.
pub const MAX_STUDY_BYTES: usize =
    (MAX_POINTS + Scheme::ALL.len()) * NUMBERS_PER_POINT * BYTES_PER_NUMBER + TEXT_BYTES;

/// Why a file of `bytes` is too large to be a study, or None.
pub fn too_large(bytes: usize) -> Option<String> {
    let mb = |b: usize| format!("{:.1} MB", b as f64 / 1e6);
    (bytes > MAX_STUDY_BYTES).then(|| {
        format!(
            "The file is {}; a study the page writes is at most {}.",
            mb(bytes),
            mb(MAX_STUDY_BYTES)
        )
    })
}

/// Whether the saved curves of `study` hold no more curves and points
/// than its plot gives (`plot`, [`Plot::of`]), counted in its JSON before
/// anything is built or asked of the worker; a refusal is one sentence.
pub fn counts(study: &Study, plot: &Plot) -> Result<(), String> {
    let curves = study.results.as_ref().and_then(|r| r.get("curves"));
    match curves.filter(|v| !v.is_null()) {
        Some(v) => curves::counts(plot, v),
        None => Ok(()),
    }
}

/// The saved curves of `study`, read, with its saved table, checked
/// against its own settings: its plot (`plot`, [`Plot::of`]) and the view
/// they give without points (`empty`, [`empty_view`]); none when it has no
/// `results` or no curves. Every refusal is one sentence.
pub fn read(study: &Study, plot: &Plot, empty: &CurvesView) -> Result<Option<CurvesView>, String> {
    let Some(results) = &study.results else {
        return Ok(None);
    };
    let Value::Object(parts) = results else {
        return Err(format!(
            "The file's results are not the page's: expected an object with “curves” and “table”, got {}.",
            coded_core::json::describe(results)
        ));
    };
    if let Some(key) = parts.keys().find(|k| *k != "curves" && *k != "table") {
        return Err(format!(
            "The file's results hold “{key}”, which the page does not write (its keys: curves, table)."
        ));
    }
    let curves = match parts.get("curves").filter(|v| !v.is_null()) {
        Some(v) => Some(curves::read(study, plot, empty, v)?),
        None => None,
    };
    if let Some(v) = parts.get("table").filter(|v| !v.is_null()) {
        table::check(study, v)
            .map_err(|why| format!("The file's saved table is not of its settings: {why}."))?;
    }
    Ok(curves)
}
