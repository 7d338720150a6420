//! `coded sweep --over SETTING --values LIST`: error against any setting of
//! the core's table of axes, at the configuration's N, for each scheme. The
//! CSV is an N sweep's columns after a first one, the setting's value; its
//! first line is the study with its `over` (so `coded sweep --config` of
//! that line reruns it).

use coded_core::axis::Axis;
use coded_core::axis_sweep::sweep_over;
use coded_core::csv::over_csv;
use coded_core::study::Over;
use coded_core::{Scheme, Study};

/// What `--over` was given, with `--values` (None: the setting's defaults).
pub struct OverArgs {
    pub axis: Axis,
    pub values: Option<Vec<f64>>,
}

/// The sweep of `study` along its `over` (which this sets): its CSV.
pub fn run(
    mut study: Study,
    over: OverArgs,
    schemes: Option<Vec<Scheme>>,
) -> Result<String, String> {
    let entry = over.axis.entry();
    let values = over.values.unwrap_or_else(entry.defaults);
    study.schemes = schemes.unwrap_or(study.schemes);
    study.n = vec![study.config.n];
    study.p = None;
    study.results = None;
    study.over = Some(Over {
        setting: entry.name.to_string(),
        values: values.clone(),
    });
    let points =
        sweep_over(&study.config, over.axis, &values, &study.schemes).map_err(|e| e.to_string())?;
    let classifier = study.config.function.is_classifier();
    Ok(over_csv(&study, entry.name, &points, classifier))
}

/// The values of `--over n` as a list of N (the N sweep's `--n`).
pub fn whole_ns(values: &[f64]) -> Result<Vec<usize>, String> {
    values
        .iter()
        .map(|&v| {
            if v >= 0.0 && v.fract() == 0.0 && v <= u32::MAX as f64 {
                Ok(v as usize)
            } else {
                Err(format!(
                    "invalid `n`: N = {v} cannot be used: N takes whole numbers"
                ))
            }
        })
        .collect()
}

/// `--over`'s parser: an axis by its name or its link key.
pub fn setting(v: &str) -> Result<Axis, String> {
    Axis::parse(v).ok_or_else(|| {
        format!(
            "`{v}` is not a setting a sweep can run along ({})",
            Axis::names()
        )
    })
}
