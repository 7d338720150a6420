//! The sweep's CSV, written by `coded sweep` and by the app's table export
//! alike: the contract's columns (with `rel_acc_*` for classifiers),
//! then for classifiers `acc_mean,acc_std` (accuracy against the true labels),
//! and last `lost_mean` (the fraction of outputs replication lost; 0 for the
//! coded schemes).
//!
//! A module of its own so that the CLI and the app write one format, from
//! one function. The `function` column is the built-in's name or, for your
//! own f, the formula's text, quoted.

use crate::config::Config;
use crate::functions::FunctionKind;
use crate::metrics::Stats;
use crate::sweep::SweepPoint;
use std::fmt::Write;

fn num(v: Option<f64>) -> String {
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

fn pair(s: Option<Stats>) -> String {
    format!("{},{}", num(s.map(|s| s.mean)), num(s.map(|s| s.std)))
}

/// The CSV of sweep points (one row each, in the given order).
pub fn sweep_csv(config: &Config, points: &[SweepPoint], classifier: bool) -> String {
    let mut out =
        String::from("scheme,function,n,p,trials,failures,mse_mean,mse_std,rmse_mean,rmse_std");
    if classifier {
        out.push_str(",rel_acc_mean,rel_acc_std,acc_mean,acc_std");
    }
    out.push_str(",lost_mean\n");
    for p in points {
        let _ = write!(
            out,
            "{},{},{},{},{},{},{},{}",
            p.scheme.name(),
            function_cell(&config.function),
            p.n,
            p.p,
            p.trials,
            p.failures,
            pair(p.mse),
            pair(p.rmse)
        );
        if classifier {
            let _ = write!(out, ",{},{}", pair(p.rel_acc), pair(p.acc));
        }
        let _ = writeln!(out, ",{}", p.lost_mean);
    }
    out
}
