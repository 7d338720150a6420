//! The saved results table of a study file against the study's own
//! configuration: computed for it, rows of the schemes it compares with
//! counts it can give, and errors that are finite and not negative.

use super::checks::{finite, form, non_negative};
use coded_core::statistic::SLOPE_RESAMPLES;
use coded_core::{Config, Study};
use coded_panels::errors::scheme_label;
use coded_panels::table::TableView;
use serde::Deserialize;
use serde_json::Value;

/// The saved table: read, checked, and given back. A statistic that was
/// not a finite number was written as null, which the table's numbers
/// cannot hold: such a table (one the page wrote) is checked with those
/// nulls as zeros, then left out.
pub(super) fn read(study: &Study, v: &Value) -> Result<Option<TableView>, String> {
    let (table, whole) = match TableView::deserialize(v) {
        Ok(t) => (t, true),
        Err(e) => match TableView::deserialize(&statistics_zeroed(v)) {
            Ok(t) => (t, false),
            Err(_) => {
                return Err(format!(
                    "it is not a results table the page wrote: {}",
                    form(&e)
                ))
            }
        },
    };
    let config = &study.config;
    let same_config = Config::from_json(&table.config_json).is_ok_and(|c| c == *config);
    let expected = TableView::assemble(config, table.trial, vec![]);
    if !same_config
        || table.caption != expected.caption
        || table.classifier != config.function.is_classifier()
        || table.trial >= config.trials
    {
        return Err("it was computed for another configuration".into());
    }
    if table.rows.len() > study.schemes.len() {
        return Err(format!(
            "it has {} rows, where its settings compare {} schemes",
            table.rows.len(),
            study.schemes.len()
        ));
    }
    let mut seen = vec![];
    let mut reasons = 0;
    for row in &table.rows {
        let s = &row.summary;
        let name = scheme_label(s.scheme);
        if !study.schemes.contains(&s.scheme) || seen.contains(&s.scheme) {
            return Err(format!(
                "its row of {name} is not one of the schemes it compares, or is there twice"
            ));
        }
        seen.push(s.scheme);
        reasons += s.failed_because.len();
        let failed: usize = s.failed_because.iter().map(|(_, n)| n).sum();
        if s.n != config.n
            || s.trials > config.trials
            || s.failures > s.trials
            || failed != s.failures
        {
            return Err(format!(
                "its row of {name} has counts its settings cannot give"
            ));
        }
        if !row_numbers_fit(row) {
            return Err(format!(
                "its row of {name} has an error that is negative or not a finite number"
            ));
        }
    }
    if table.failure_notes.len() > reasons {
        return Err("it has more notes of failed rounds than reasons they failed".into());
    }
    Ok(whole.then_some(table))
}

/// Whether a row's statistics are finite, not negative, and its resampled
/// means no more than the page keeps.
fn row_numbers_fit(row: &coded_panels::table::TableRow) -> bool {
    let s = &row.summary;
    let stats = |st: &Option<coded_core::Stats>| st.is_none_or(|m| non_negative(&[m.mean, m.std]));
    let measured = |m: &Option<coded_core::statistic::Measured>| {
        m.as_ref().is_none_or(|m| {
            m.resampled.len() <= SLOPE_RESAMPLES
                && non_negative(&m.resampled)
                && non_negative(&[m.stats.mean, m.stats.std, m.interval.lo, m.interval.hi])
                && non_negative(&[m.spread.q10, m.spread.median, m.spread.q90])
        })
    };
    stats(&s.mse)
        && stats(&s.rmse)
        && stats(&s.rel_acc)
        && stats(&s.acc)
        && s.mse_interval.is_none_or(|i| non_negative(&[i.lo, i.hi]))
        && s.mse_spread
            .is_none_or(|q| non_negative(&[q.q10, q.median, q.q90]))
        && s.mse_resampled.len() <= SLOPE_RESAMPLES
        && non_negative(&s.mse_resampled)
        && measured(&s.max_error)
        && measured(&s.rel_error)
        && non_negative(&[s.lost_mean])
        && (0.0..=1.0).contains(&s.p)
        && finite(row.round_squared_error)
        && row.round_squared_error.is_none_or(|e| e >= 0.0)
}

/// The statistics' numbers that JSON writes as null when they are not
/// finite (`Stats`, `MeanInterval`, `Quantiles`, `lost_mean`, and the
/// resampled means): `v` with those nulls made 0 (see [`read_table`]).
/// Other nulls (a statistic absent, no failure) stay.
fn statistics_zeroed(v: &Value) -> Value {
    const NUMBERS: [&str; 8] = [
        "mean",
        "std",
        "lo",
        "hi",
        "q10",
        "median",
        "q90",
        "lost_mean",
    ];
    let zero = |v: &Value| match v {
        Value::Null => Value::from(0),
        other => statistics_zeroed(other),
    };
    match v {
        Value::Array(items) => Value::Array(items.iter().map(zero).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| {
                    let v = if NUMBERS.contains(&k.as_str()) {
                        zero(v)
                    } else {
                        statistics_zeroed(v)
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}
