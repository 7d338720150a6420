//! Panel 5's view: the rows as the engine computed them, and the words of
//! each cell ([`cells`]), which the page's HTML table, the drawn table and
//! the sentence share.

use coded_core::robust::DetectionCounts;
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
    /// A locating scheme's flags in the current round against the
    /// adversaries that answered (`coded round`'s `detection`; None for
    /// the other schemes and when the round failed).
    #[serde(default)]
    pub round_detection: Option<DetectionCounts>,
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

/// Which columns beyond the ones every table has are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// A classifier's accuracies (LeNet-5).
    pub classifier: bool,
    /// A locating scheme's detection: some row's scheme locates.
    pub detection: bool,
}

impl TableView {
    /// The columns its rows have.
    pub fn columns(&self) -> Columns {
        Columns {
            classifier: self.classifier,
            detection: (self.rows.iter()).any(|r| r.summary.scheme.locator().is_some()),
        }
    }

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

/// The columns' headings; the accuracies only for a classifier, the
/// detection only when a scheme locates.
pub fn headings(columns: Columns) -> Vec<&'static str> {
    let mut h = vec!["Scheme", "MSE (mean ± std)", "RMSE (mean ± std)"];
    if columns.classifier {
        h.extend(["Relative accuracy", "Accuracy"]);
    }
    h.extend(["Failed rounds", "Outputs lost"]);
    if columns.detection {
        h.extend([
            "Detection rate (mean)",
            "This round: found / missed / false alarms",
        ]);
    }
    h.push("This round's squared error");
    h
}

/// A row's cells in words, as [`headings`] names them.
pub fn cells(row: &TableRow, columns: Columns) -> Vec<String> {
    let s = &row.summary;
    let stat = |v: Option<Stats>| v.map_or_else(|| "–".into(), |s| mean_std(s.mean, s.std));
    let share = |v: Option<Stats>| {
        v.map_or_else(
            || "–".into(),
            |a| format!("{} ± {}", percent(a.mean), percent(a.std)),
        )
    };
    let mut c = vec![s.scheme.label().to_string(), stat(s.mse), stat(s.rmse)];
    if columns.classifier {
        c.extend([share(s.rel_acc), share(s.acc)]);
    }
    let round = match (&row.round_failure, row.round_squared_error) {
        (Some(f), _) => format!("failed: {f}"),
        (None, e) => sig4(e),
    };
    c.extend([
        format!("{} of {}", s.failures, s.trials),
        percent(s.lost_mean),
    ]);
    if columns.detection {
        c.push(s.detection_rate.map_or_else(|| "–".into(), percent));
        c.push(row.round_detection.map_or_else(
            || "–".into(),
            |d| format!("{} / {} / {}", d.found, d.missed, d.false_alarms),
        ));
    }
    c.push(round);
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

    /// The table of `schemes` for `config`, each row with its round
    /// `trial` as `coded round` reports it.
    fn table_of(config: &Config, schemes: &[coded_core::Scheme], trial: usize) -> TableView {
        let plan = coded_core::SweepPlan::new(config, None, None, Some(schemes)).unwrap();
        let rows = coded_core::sweep(config, &plan)
            .unwrap()
            .into_iter()
            .map(|summary| {
                let scheme = summary.scheme;
                let r = coded_core::run_round(
                    &Config {
                        scheme,
                        ..config.clone()
                    },
                    trial,
                )
                .unwrap();
                TableRow {
                    summary,
                    round_squared_error: r.squared_error,
                    round_failure: r.failure,
                    round_detection: r
                        .detection
                        .as_ref()
                        .map(coded_core::report::RoundDetection::counts),
                }
            })
            .collect();
        TableView::assemble(config, trial, rows)
    }

    #[test]
    fn detection_columns_come_with_a_locating_scheme() {
        use crate::testing::{MIXED, MIXED_TRIAL};
        use coded_core::Scheme;
        let c = Config {
            trials: 12,
            ..cfg(MIXED)
        };
        let t = table_of(&c, &[Scheme::Bacc, Scheme::Approxifer], MIXED_TRIAL);
        let columns = t.columns();
        assert!(columns.detection && !columns.classifier);
        let h = headings(columns);
        assert_eq!(
            h,
            [
                "Scheme",
                "MSE (mean ± std)",
                "RMSE (mean ± std)",
                "Failed rounds",
                "Outputs lost",
                "Detection rate (mean)",
                "This round: found / missed / false alarms",
                "This round's squared error",
            ]
        );
        let bacc = cells(&t.rows[0], columns);
        let approxifer = cells(&t.rows[1], columns);
        assert_eq!(bacc.len(), h.len());
        assert_eq!(approxifer.len(), h.len());
        assert_eq!((bacc[5].as_str(), bacc[6].as_str()), ("–", "–"));
        // ApproxIFER: the core's mean rate over the trials, and this
        // round's 2 caught, 1 missed, 1 false alarm.
        let rate = t.rows[1].summary.detection_rate.unwrap();
        assert!(rate > 0.0 && rate < 1.0, "{rate}");
        assert_eq!(approxifer[5], percent(rate));
        assert_eq!(approxifer[6], "2 / 1 / 1");
        assert_eq!(approxifer[7], sig4(t.rows[1].round_squared_error));
        // The sentence says the same numbers.
        let s = <super::super::Table as crate::Contract>::summary(&t, &());
        assert!(
            s.contains(&format!(
                "ApproxIFER mean squared error {}, 0 rounds failed, mean detection rate {} (this round: 2 found, 1 missed, 1 false alarm)",
                mean_std(t.rows[1].summary.mse.unwrap().mean, t.rows[1].summary.mse.unwrap().std),
                percent(rate)
            )),
            "{s}"
        );
        let bacc_words = s.split("; ").find(|w| w.contains("BACC")).unwrap();
        assert!(!bacc_words.contains("detection"), "{s}");
        // Without a locating scheme: no detection columns, no words of it.
        let t = table_of(&c, &[Scheme::Bacc, Scheme::Letcc], MIXED_TRIAL);
        assert!(!t.columns().detection);
        assert_eq!(headings(t.columns()).len(), 6);
        assert_eq!(cells(&t.rows[0], t.columns()).len(), 6);
        let s = <super::super::Table as crate::Contract>::summary(&t, &());
        assert!(!s.contains("detection"), "{s}");
        // No adversary: the rate has no trials to average over.
        let plain = cfg(r#"{"scheme": "approxifer", "n": 40, "trials": 4}"#);
        let t = table_of(&plain, &[Scheme::Approxifer], 0);
        let row = cells(&t.rows[0], t.columns());
        assert_eq!(row[5], "–");
        assert_eq!(row[6], "0 / 0 / 0");
        let s = <super::super::Table as crate::Contract>::summary(&t, &());
        assert!(
            s.contains("no detection rate (no adversary answered in a decoded round) (this round: 0 found, 0 missed, 0 false alarms)"),
            "{s}"
        );
    }
}
