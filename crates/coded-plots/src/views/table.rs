//! Panel 5: the results table, one row per compared scheme: Monte-Carlo
//! statistics over all trials (what `coded sweep` prints for the
//! configuration) and the current round (what `coded round` prints).

use crate::session::{Session, Summary};
use coded_core::problem::draw_stragglers;
use coded_core::{Config, ConfigError, Scheme};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    pub summary: Summary,
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
    pub fn build(
        session: &mut Session,
        config: &Config,
        schemes: &[Scheme],
        trial: usize,
    ) -> Result<TableView, ConfigError> {
        let mut rows = vec![];
        for &scheme in schemes {
            let summary = session.summary(config, scheme, config.n, &config.stragglers)?;
            rows.push(Self::row(session, config, scheme, trial, summary)?);
        }
        Ok(Self::assemble(config, trial, rows))
    }

    /// One scheme's row, from its Monte-Carlo summary (computed in one go by
    /// `build`, or slice by slice by the worker) and the round `trial`.
    pub fn row(
        session: &mut Session,
        config: &Config,
        scheme: Scheme,
        trial: usize,
        summary: Summary,
    ) -> Result<TableRow, ConfigError> {
        let draw = draw_stragglers(&config.stragglers, config.seed, config.n, trial);
        let (problem, prepared) = session.prepared(config, scheme, config.n)?;
        let o = problem.evaluate(prepared, &draw.straggled);
        Ok(TableRow {
            summary,
            round_squared_error: o.squared_error,
            round_failure: o.decoded.as_ref().err().map(|e| e.to_string()),
        })
    }

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
    use coded_core::{run_round, sweep, SweepPlan};

    #[test]
    fn rows_equal_coded_sweep_and_coded_round() {
        for text in [
            r#"{"trials": 25}"#,
            r#"{"trials": 8, "function": "lenet5", "k": 6, "n": 30}"#,
            r#"{"trials": 10, "stragglers": {"model": "iid", "p": 1}}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let mut s = Session::new();
            let t = TableView::build(&mut s, &c, &Scheme::ALL, 4).unwrap();
            let core = sweep(
                &c,
                &SweepPlan::new(&c, None, None, Some(&Scheme::ALL)).unwrap(),
            )
            .unwrap();
            for (row, p) in t.rows.iter().zip(&core) {
                assert_eq!(row.summary, Summary::from(p));
                let r = run_round(
                    &Config {
                        scheme: p.scheme,
                        ..c.clone()
                    },
                    4,
                )
                .unwrap();
                assert_eq!(row.round_squared_error, r.squared_error);
                assert_eq!(row.round_failure, r.failure);
            }
            assert_eq!(t.classifier, c.function.is_classifier());
            assert_eq!(Config::from_json(&t.config_json).unwrap(), c);
        }
    }
}
