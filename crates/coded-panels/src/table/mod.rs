//! Panel 5: the results table, one row per compared scheme: Monte-Carlo
//! statistics over all trials (what `coded sweep` prints for the
//! configuration) and the current round (what `coded round` prints).
//!
//! The rows are computed by the worker's engine (`coded-engine`); this is
//! their plain, serialisable form, and the words of each cell ([`cells`]):
//! the page's HTML table, the drawn table and the sentence use the same.

#[cfg(feature = "draw")]
pub mod draw;
pub mod view;

pub use view::{cells, headings, Columns, TableRow, TableView};

use crate::contract::{Contract, Cursor, Shape, Words};
use crate::format::{mean_std, percent};
use crate::geometry::Frame;
use crate::words::plural;

/// Panel 5's contract.
pub struct Table;

impl Contract for Table {
    const NAME: &'static str = "table";
    const TITLE: &'static str = "Results table";
    const SHAPE: Shape = Shape {
        aspect_ratio: 2.4,
        phone_aspect_ratio: 0.9,
        charts: 1,
        min_chart_height: 120.0,
        around: 0.0,
    };
    const WORDS: Words = Words {
        label: "Results table: the mean squared error, its square root and the failed rounds of each scheme",
        explain: EXPLAIN,
        not_shown: "",
    };
    type View = TableView;
    type Look = ();

    /// Each scheme's mean squared error over the trials and its failed
    /// rounds, after the caption.
    fn summary(view: &TableView, _: &()) -> String {
        let rows: Vec<String> = view
            .rows
            .iter()
            .map(|r| {
                let s = &r.summary;
                let mse = s.mse.map_or_else(
                    || "no mean squared error (every round failed)".to_string(),
                    |m| format!("mean squared error {}", mean_std(m.mean, m.std)),
                );
                format!(
                    "{} {mse}, {} failed{}",
                    s.scheme.label(),
                    plural(s.failures, "round", "rounds"),
                    detection(r)
                )
            })
            .collect();
        if rows.is_empty() {
            return format!("{} No scheme is compared.", view.caption);
        }
        format!("{} {}.", view.caption, rows.join("; "))
    }

    fn hover(_: &TableView, _: &(), _: &Frame, _: Cursor) -> Option<String> {
        None
    }

    #[cfg(feature = "draw")]
    fn draw<DB: plotters::prelude::DrawingBackend>(
        area: &crate::Area<DB>,
        theme: &crate::Theme,
        view: &TableView,
        _: &(),
    ) -> crate::DrawResult<DB> {
        draw::draw(area, theme, view)
    }
}

/// A locating scheme's detection in words, as its columns give it:
/// ", mean detection rate 45.0 % (this round: 2 found, 1 missed, 1 false
/// alarm)"; nothing for the other schemes.
fn detection(row: &TableRow) -> String {
    let s = &row.summary;
    if s.scheme.locator().is_none() {
        return String::new();
    }
    let rate = s.detection_rate.map_or_else(
        || "no detection rate (no adversary answered in a decoded round)".to_string(),
        |r| format!("mean detection rate {}", percent(r)),
    );
    let round = row
        .round_detection
        .map(|d| {
            format!(
                " (this round: {} found, {} missed, {})",
                d.found,
                d.missed,
                plural(d.false_alarms, "false alarm", "false alarms")
            )
        })
        .unwrap_or_default();
    format!(", {rate}{round}")
}

/// What the table's numbers are (see [`Words::explain`]).
const EXPLAIN: &str = "MSE is the mean over trials of the round's squared error, RMSE the mean of its square root (the LeTCC paper reports RMSE as mean ± std). Failed rounds (too few answers for the decoder, or an answer that is not a number) are counted, not averaged; the lines under the table say why they failed. “Outputs lost” is the mean fraction of the K outputs a round did not recover: replication loses those whose copies all straggled, and a failed round (of any scheme, LCC's below its threshold for one) loses all K. The same numbers come from <code>coded sweep --config s.json --n N --p p --schemes …</code> and, for the last column, <code>coded round --config s.json --trial t</code> (t counted from 0), with the study that Export's “Study (JSON)” saves as s.json (without the options, the sweep reruns the error-vs-N curves).";
