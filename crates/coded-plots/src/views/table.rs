//! Panel 5: the results table, one row per compared scheme: Monte-Carlo
//! statistics over all trials (what `coded sweep` prints for the
//! configuration) and the current round (what `coded round` prints).
//!
//! The rows are computed by the worker's engine (`coded-engine`); this is
//! their plain, serialisable form.

use coded_core::{Config, SweepPoint};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    /// The Monte-Carlo statistics, exactly the core's (and `coded sweep`'s).
    pub summary: SweepPoint,
    /// The current round's squared error (`coded round`'s `squared_error`).
    pub round_squared_error: Option<f64>,
    pub round_failure: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    /// The configuration the numbers belong to, as JSON (so anyone can
    /// re-run them with the CLI).
    pub config_json: String,
    pub trial: usize,
    /// LeNet-5: accuracy columns apply.
    pub classifier: bool,
    pub rows: Vec<TableRow>,
}

impl TableView {
    /// The table of `rows` (one per scheme, in order) for `config`'s round
    /// `trial`.
    pub fn assemble(config: &Config, trial: usize, rows: Vec<TableRow>) -> TableView {
        TableView {
            config_json: serde_json::to_string(config).expect("a Config serialises"),
            trial,
            classifier: config.function.is_classifier(),
            rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_carries_its_configuration() {
        for text in [
            r#"{"trials": 5}"#,
            r#"{"function": "lenet5", "k": 3, "n": 9}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let t = TableView::assemble(&c, 2, vec![]);
            assert_eq!(Config::from_json(&t.config_json).unwrap(), c);
            assert_eq!(t.classifier, c.function.is_classifier());
            assert_eq!(t.trial, 2);
        }
    }
}
