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
    /// The table's caption: what the rows are (trials, N, the straggler
    /// model in words, the round shown).
    pub caption: String,
}

impl TableView {
    /// The table of `rows` (one per scheme, in order) for `config`'s round
    /// `trial`.
    pub fn assemble(config: &Config, trial: usize, rows: Vec<TableRow>) -> TableView {
        // The model as configured: a row's `p` is the effective fraction
        // (S/N for a fixed S), which would misname it.
        let caption = format!(
            "Results per scheme over {} trials at the configured N = {}, stragglers {}; last column: round {}.",
            config.trials,
            config.n,
            crate::stragglers::view::describe_model(&config.stragglers),
            trial + 1
        );
        TableView {
            config_json: serde_json::to_string(config).expect("a Config serialises"),
            trial,
            classifier: config.function.is_classifier(),
            rows,
            caption,
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

    #[test]
    fn the_caption_names_the_model_as_configured() {
        let c = Config::from_json(
            r#"{"trials": 7, "n": 40, "stragglers": {"model": "fixed", "s": 5}}"#,
        )
        .unwrap();
        let t = TableView::assemble(&c, 0, vec![]);
        assert_eq!(
            t.caption,
            "Results per scheme over 7 trials at the configured N = 40, stragglers exactly S = 5 at random; last column: round 1."
        );
        let t = TableView::assemble(&Config::default(), 3, vec![]);
        assert!(t
            .caption
            .contains("stragglers independent, p = 0.2; last column: round 4."));
    }
}
