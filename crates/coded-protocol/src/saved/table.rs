//! The saved results table of a study file against the study's own
//! configuration: computed for it, rows of the schemes it compares at its
//! N with counts it can give, and no negative number. Checked as JSON: the
//! page shows the saved curves, not the table, so it never builds one.

use coded_core::statistic::SLOPE_RESAMPLES;
use coded_core::{Config, Scheme, Study};
use serde_json::Value;

/// The saved table `v` (JSON) of `study`, checked; the words follow "the
/// saved table".
pub(super) fn check(study: &Study, v: &Value) -> Result<(), String> {
    if !v.is_object() {
        return Err("it is not a results table the page wrote".into());
    }
    let config = &study.config;
    let computed_for = v.get("config_json").and_then(Value::as_str);
    if !computed_for
        .and_then(|text| Config::from_json(text).ok())
        .is_some_and(|c| c == *config)
    {
        return Err("it was computed for another configuration".into());
    }
    let Some(rows) = v.get("rows").and_then(Value::as_array) else {
        return Err("it has no rows".into());
    };
    if rows.len() > study.schemes.len() {
        return Err(format!(
            "it has {} rows, where its settings compare {} schemes",
            rows.len(),
            study.schemes.len()
        ));
    }
    let mut seen = vec![];
    for (i, row) in rows.iter().enumerate() {
        let s = &row["summary"];
        let count = |key: &str| s[key].as_u64();
        let scheme = s["scheme"].as_str().and_then(Scheme::parse);
        let trials = count("trials").filter(|&t| t <= config.trials as u64);
        let fits = scheme.is_some_and(|sc| study.schemes.contains(&sc) && !seen.contains(&sc))
            && count("n") == Some(config.n as u64)
            && trials.is_some()
            && count("failures").is_some_and(|f| Some(f) <= trials)
            && numbers_fit(row);
        if !fits {
            return Err(format!(
                "its row {} is not one its settings can give (a scheme it compares, once, at its N, with at most its trials, no negative number, at most {SLOPE_RESAMPLES} resampled means)",
                i + 1
            ));
        }
        seen.extend(scheme);
    }
    Ok(())
}

/// Whether every number of `v` is not negative and every list of resampled
/// means no longer than the page keeps (a failed round's reasons may name
/// an input below 0: they are left out).
fn numbers_fit(v: &Value) -> bool {
    match v {
        Value::Number(n) => n.as_f64().is_some_and(|x| x >= 0.0),
        Value::Array(items) => items.iter().all(numbers_fit),
        Value::Object(m) => m.iter().all(|(k, v)| match (k.as_str(), v) {
            ("failed_because", _) => true,
            (k, Value::Array(a)) if k.ends_with("resampled") && a.len() > SLOPE_RESAMPLES => false,
            _ => numbers_fit(v),
        }),
        _ => true,
    }
}
