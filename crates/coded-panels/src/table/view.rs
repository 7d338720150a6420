//! Panel 5's view: the rows as the engine computed them, and the words of
//! each cell ([`cells`]), which the page's HTML table, the drawn table and
//! the sentence share.

use coded_core::{Config, Failure, Stats, SweepPoint};
use serde::{Deserialize, Serialize};

use crate::format::{mean_std, percent, sig4};

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
    /// Why rounds failed: one sentence per reason, naming the schemes and
    /// how many of their rounds it failed.
    pub failure_notes: Vec<String>,
}

impl TableView {
    /// The table of `rows` (one per scheme, in order) for `config`'s round
    /// `trial`.
    pub fn assemble(config: &Config, trial: usize, rows: Vec<TableRow>) -> TableView {
        // The model as configured: a row's `p` is the effective fraction
        // (S/N for a fixed S), which would misname it.
        let caption = format!(
            "Results per scheme over {} at the configured N = {}, stragglers {}; last column: round {}.",
            crate::words::plural(config.trials, "trial", "trials"),
            config.n,
            config.stragglers.about().caption,
            trial + 1
        );
        TableView {
            config_json: serde_json::to_string(config).expect("a Config serialises"),
            trial,
            classifier: config.function.is_classifier(),
            failure_notes: failure_notes(config, &rows),
            rows,
            caption,
        }
    }
}

/// The columns' headings; the accuracies only for a classifier.
pub fn headings(classifier: bool) -> Vec<&'static str> {
    let mut h = vec!["Scheme", "MSE (mean ± std)", "RMSE (mean ± std)"];
    if classifier {
        h.extend(["Relative accuracy", "Accuracy"]);
    }
    h.extend([
        "Failed rounds",
        "Outputs lost",
        "This round's squared error",
    ]);
    h
}

/// A row's cells in words, as [`headings`] names them.
pub fn cells(row: &TableRow, classifier: bool) -> Vec<String> {
    let s = &row.summary;
    let stat = |v: Option<Stats>| v.map_or_else(|| "–".into(), |s| mean_std(s.mean, s.std));
    let share = |v: Option<Stats>| {
        v.map_or_else(
            || "–".into(),
            |a| format!("{} ± {}", percent(a.mean), percent(a.std)),
        )
    };
    let mut c = vec![s.scheme.label().to_string(), stat(s.mse), stat(s.rmse)];
    if classifier {
        c.extend([share(s.rel_acc), share(s.acc)]);
    }
    let round = match (&row.round_failure, row.round_squared_error) {
        (Some(f), _) => format!("failed: {f}"),
        (None, e) => sig4(e),
    };
    c.extend([
        format!("{} of {}", s.failures, s.trials),
        percent(s.lost_mean),
        round,
    ]);
    c
}

/// "Rounds failed because no server answered: BACC 3 of 50, LeTCC 2 of 50."
fn failure_notes(config: &Config, rows: &[TableRow]) -> Vec<String> {
    let mut by_reason: Vec<(Failure, Vec<String>)> = vec![];
    for r in rows {
        let s = &r.summary;
        for (reason, count) in &s.failed_because {
            let entry = format!("{} {count} of {}", s.scheme.label(), s.trials);
            match by_reason.iter_mut().find(|(x, _)| x == reason) {
                Some((_, schemes)) => schemes.push(entry),
                None => by_reason.push((*reason, vec![entry])),
            }
        }
    }
    by_reason
        .into_iter()
        .map(|(reason, schemes)| {
            format!(
                "Rounds failed because {}: {}.",
                reason.words(&config.function),
                schemes.join(", ")
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{bacc_letcc_table, cfg};

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
    fn failed_rounds_are_explained_once_per_reason() {
        let c = cfg(r#"{"function": {"expr": "ln(x)"}, "trials": 3, "n": 12}"#);
        let t = bacc_letcc_table(&c, 0);
        assert_eq!(t.failure_notes.len(), 1, "{:?}", t.failure_notes);
        let note = &t.failure_notes[0];
        assert!(
            note.starts_with("Rounds failed because f(x) = ln(x) is not a finite number at x = "),
            "{note}"
        );
        assert!(note.ends_with(": BACC 3 of 3, LeTCC 3 of 3."), "{note}");
        assert!(TableView::assemble(&Config::default(), 0, vec![])
            .failure_notes
            .is_empty());
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
        // One trial is "1 trial", in the caption as in the plot's title.
        let one = Config::from_json(r#"{"trials": 1}"#).unwrap();
        assert!(TableView::assemble(&one, 0, vec![])
            .caption
            .starts_with("Results per scheme over 1 trial at"));
        let title = crate::errors::error_vs_n_view(&one, &[], false, false, vec![]).title;
        assert!(title.ends_with(", 1 trial)"), "{title}");
        let t = TableView::assemble(&Config::default(), 3, vec![]);
        assert!(t
            .caption
            .contains("stragglers independent, p = 0.2; last column: round 4."));
    }
}
