//! The sweep's CSV, written by `coded sweep` and by the app's table export
//! alike: a first line `# ` + the study the rows come from (one line of
//! JSON, [`study_line`]), then the contract's columns (with `rel_acc_*` for
//! classifiers), then for classifiers `acc_mean,acc_std` (accuracy against
//! the true labels), then `lost_mean` (the fraction of outputs
//! replication lost; 0 for the coded schemes), and last the other
//! statistics of a round's error, `max_error_mean,max_error_std,
//! rel_error_mean,rel_error_std` (appended, so that every earlier column
//! keeps its place), and after them `detection_mean`, a locating scheme's
//! mean share of the answering adversaries it flagged (empty for the
//! other schemes and where no adversary answered).
//!
//! A module of its own so that the CLI and the app write one format, from
//! one function. The `function` column is the built-in's name, a formula's
//! text (quoted), or for an f that is not the configuration's (a Python
//! callable) the name it gives itself ([`Columns`]).
//!
//! A sweep along another setting ([`over_csv`], `coded sweep --over`) has
//! the same columns after a first one: the setting's value, headed by its
//! name (`noise`, `k`, ...).
//!
//! Why the study on a comment line: a CSV file then says everything it was
//! computed from (σ, K, the seed, the model, ...), and `coded sweep
//! --config` of that line reruns it; CSV readers skip it as a comment
//! (pandas' `comment="#"`, or a line starting with `#`).

use crate::axis_sweep::AxisPoint;
use crate::config::Config;
use crate::functions::FunctionKind;
use crate::metrics::Stats;
use crate::problem::Problem;
use crate::study::Study;
use crate::sweep::SweepPoint;
use std::fmt::Write;

/// The first line of every CSV the programs write: `# ` and the study (its
/// configuration, schemes, N list and p list) as one line of JSON, with
/// its line end.
pub fn study_line(study: &Study) -> String {
    format!("# {}\n", study.to_json_line())
}

fn cell(v: Option<f64>) -> String {
    // An empty cell, never NaN, when no trial succeeded.
    v.map(|x| x.to_string()).unwrap_or_default()
}

/// The `function` column: a built-in's name, or a formula's text in double
/// quotes (RFC 4180: a `"` inside is doubled), since it may hold commas.
fn function_cell(f: &FunctionKind) -> String {
    match f.formula() {
        Some(formula) => format!("\"{}\"", formula.text().replace('"', "\"\"")),
        None => f.name().to_string(),
    }
}

/// What a CSV's rows say besides their points: the f the `function`
/// column names, and whether its outputs are class scores (the accuracy
/// columns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    /// The `function` cell, quoted where CSV needs it.
    pub function: String,
    pub classifier: bool,
}

impl Columns {
    /// The configuration's own function (the app's table, the CLI's f).
    pub fn of_config(config: &Config) -> Columns {
        Columns {
            function: function_cell(&config.function),
            classifier: config.function.is_classifier(),
        }
    }

    /// The f `problem` runs: the name it gives itself when it has one (an
    /// f handed in from Python: the configuration's function would be a
    /// false name for its rows), else the configuration's function.
    pub fn of_problem(problem: &Problem) -> Columns {
        let function = match problem.func.label() {
            Some(label) => quoted(&label),
            None => function_cell(&problem.config.function),
        };
        Columns {
            function,
            classifier: problem.func.is_classifier(),
        }
    }
}

/// A text as one CSV cell: quoted (a `"` inside doubled, RFC 4180) when it
/// holds a comma, a quote or a line end.
fn quoted(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn pair(s: Option<Stats>) -> String {
    format!("{},{}", cell(s.map(|s| s.mean)), cell(s.map(|s| s.std)))
}

/// The CSV of sweep points of `study` (one row each, in the given order):
/// its study line, the header, the rows.
pub fn sweep_csv(study: &Study, points: &[SweepPoint], columns: &Columns) -> String {
    let mut out = study_line(study);
    out.push_str(&sweep_header(columns.classifier));
    out.push_str(&sweep_rows(points, columns));
    out
}

/// The header line of a sweep's CSV, with its line end.
pub fn sweep_header(classifier: bool) -> String {
    let mut out =
        String::from("scheme,function,n,p,trials,failures,mse_mean,mse_std,rmse_mean,rmse_std");
    if classifier {
        out.push_str(",rel_acc_mean,rel_acc_std,acc_mean,acc_std");
    }
    out.push_str(",lost_mean,max_error_mean,max_error_std,rel_error_mean,rel_error_std");
    out.push_str(",detection_mean\n");
    out
}

/// The rows of sweep points, one each (a row may span lines inside a
/// quoted formula), each with its line end.
pub fn sweep_rows(points: &[SweepPoint], columns: &Columns) -> String {
    let mut out = String::new();
    for p in points {
        let _ = write!(
            out,
            "{},{},{},{},{},{},{},{}",
            p.scheme.name(),
            columns.function,
            p.n,
            p.p,
            p.trials,
            p.failures,
            pair(p.mse),
            pair(p.rmse)
        );
        if columns.classifier {
            let _ = write!(out, ",{},{}", pair(p.rel_acc), pair(p.acc));
        }
        let _ = writeln!(
            out,
            ",{},{},{},{}",
            p.lost_mean,
            pair(p.max_error.as_ref().map(|m| m.stats)),
            pair(p.rel_error.as_ref().map(|m| m.stats)),
            cell(p.detection_rate)
        );
    }
    out
}

/// The CSV of a sweep along `setting` (its name heads the first column,
/// the value of each row): the study line, then an N sweep's columns after
/// the value.
pub fn over_csv(study: &Study, setting: &str, points: &[AxisPoint], columns: &Columns) -> String {
    let mut out = study_line(study);
    out.push_str(&format!("{setting},{}", sweep_header(columns.classifier)));
    for p in points {
        let row = sweep_rows(std::slice::from_ref(&p.point), columns);
        out.push_str(&format!("{},{row}", p.value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{sweep, Scheme};

    /// BACC and LeTCC at N = 20, 40 with noise, 5 trials.
    fn small_sweep() -> (Config, Study, Vec<SweepPoint>) {
        let config = Config::from_json(r#"{"trials": 5, "noise": 0.1, "seed": 3}"#).unwrap();
        let study = Study {
            schemes: vec![Scheme::Bacc, Scheme::Letcc],
            n: vec![20, 40],
            ..Study::of_config(config.clone())
        };
        let points = sweep(&config, &study.plan().unwrap().plan).unwrap();
        (config, study, points)
    }

    #[test]
    fn the_first_line_is_the_study_and_reruns_the_rows() {
        let (config, study, points) = small_sweep();
        let csv = sweep_csv(&study, &points, &Columns::of_config(&config));
        let (first, rest) = csv.split_once('\n').unwrap();
        let json = first.strip_prefix("# ").expect("a comment line");
        assert_eq!(Study::from_json(json).unwrap(), study);
        assert!(json.contains("\"noise\":0.1"), "{json}");
        assert!(rest.starts_with("scheme,function,n,p,"));
        assert_eq!(rest.lines().count(), 1 + 4);
        // The rows are the header's and the rows' writers' (the shards use
        // them apart).
        assert_eq!(
            rest,
            sweep_header(false) + &sweep_rows(&points, &Columns::of_config(&config))
        );
        // A formula with a line end stays on one line in the study.
        let formula = Config::from_json(r#"{"function": {"expr": "x +\n 1"}}"#).unwrap();
        let line = study_line(&Study::of_config(formula));
        assert_eq!(line.matches('\n').count(), 1, "{line}");
    }

    #[test]
    fn the_columns_before_the_other_statistics_keep_their_bits() {
        // The first columns of `coded sweep`'s rows, pinned: the max and
        // relative error come after them, so a reader of these columns
        // keeps working.
        let before = [
        "bacc,x_sin_x,20,0.2,5,0,0.16884174203690577,0.15702759422202123,0.35946869095417877,0.2225533707355241,0",
        "bacc,x_sin_x,40,0.2,5,0,0.09171846224502385,0.15989090682809315,0.23580848220012834,0.2124641792382177,0",
        // LeTCC's rows hold GCV's λ: a change of its search moves the λ in
        // the last digits and the means in the ninth; re-pin them then, once
        // examples/gcv_quality.rs shows the search's scores no worse.
        "letcc,x_sin_x,20,0.2,5,0,0.1889740229399659,0.12784597907823983,0.40674821297075886,0.1715004161258074,0",
        "letcc,x_sin_x,40,0.2,5,0,0.116130309042984,0.22439562738318988,0.24273270687711984,0.26742088095147465,0",
        ];
        let (config, _, points) = small_sweep();
        let rows = sweep_rows(&points, &Columns::of_config(&config));
        for (row, old) in rows.lines().zip(before) {
            let rest = row.strip_prefix(old).expect(row);
            // The other statistics, then an empty detection cell: BACC and
            // LeTCC locate nobody.
            let rest = rest.strip_suffix(',').expect(row);
            let cells: Vec<f64> = rest[1..].split(',').map(|c| c.parse().unwrap()).collect();
            assert_eq!(cells.len(), 4, "{row}");
            assert!(cells.iter().all(|v| *v > 0.0), "{row}");
        }
        assert_eq!(rows.lines().count(), before.len());
        assert!(sweep_header(false).ends_with(
            ",lost_mean,max_error_mean,max_error_std,rel_error_mean,rel_error_std,detection_mean\n"
        ));
    }

    /// x·sin x under a name of its own, as an f handed in from Python.
    struct Named(Box<dyn crate::computation::Computation>, &'static str);

    impl crate::computation::Computation for Named {
        fn input_dim(&self) -> usize {
            self.0.input_dim()
        }
        fn output_dim(&self) -> usize {
            self.0.output_dim()
        }
        fn eval_batch(&self, inputs: &nalgebra::DMatrix<f64>) -> nalgebra::DMatrix<f64> {
            self.0.eval_batch(inputs)
        }
        fn label(&self) -> Option<String> {
            Some(self.1.to_string())
        }
        fn sample_inputs(&self, k: usize, rng: &mut crate::rng::Rng) -> crate::computation::Inputs {
            self.0.sample_inputs(k, rng)
        }
    }

    #[test]
    fn an_f_of_its_own_is_named_in_the_function_column() {
        let (config, _, points) = small_sweep();
        let builtin = Problem::new(&config).unwrap();
        assert_eq!(Columns::of_problem(&builtin), Columns::of_config(&config));
        for (name, cell) in [
            ("python:cos", "python:cos"),
            ("python:a, \"b\"", "\"python:a, \"\"b\"\"\""),
        ] {
            let f = Named(config.function.build().unwrap(), name);
            let own = Problem::with_function(&config, Box::new(f), None).unwrap();
            let columns = Columns::of_problem(&own);
            assert_eq!(columns.function, cell);
            let rows = sweep_rows(&points, &columns);
            let builtin_rows = sweep_rows(&points, &Columns::of_config(&config));
            assert_eq!(
                rows,
                builtin_rows.replace(",x_sin_x,", &format!(",{cell},"))
            );
        }
    }
}
