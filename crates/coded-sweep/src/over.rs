//! `coded sweep --over SETTING --values LIST`: error against any setting of
//! the core's table of axes, at the configuration's N, for each scheme. The
//! CSV is an N sweep's columns after a first one, the setting's value; its
//! first line is the study with its `over` (so `coded sweep --config` of
//! that line reruns it).

use crate::parallel::{run_tasks, Task};
use crate::problems::Problems;
use crate::watch::Watch;
use coded_core::axis::Axis;
use coded_core::axis_sweep::AxisPoint;
use coded_core::config::{CacheKey, CachePlace};
use coded_core::csv::{over_csv, Columns};
use coded_core::problem::Prepared;
use coded_core::study::Over;
use coded_core::{ConfigError, Problem, Scheme, Study};
use rayon::prelude::*;

/// What `--over` was given, with `--values` (None: the setting's defaults).
pub struct OverArgs {
    pub axis: Axis,
    pub values: Option<Vec<f64>>,
}

/// `study` made a sweep along `over` (which this sets), with `schemes` in
/// place of its own when given.
pub fn study_along(mut study: Study, over: OverArgs, schemes: Option<Vec<Scheme>>) -> Study {
    let entry = over.axis.entry();
    let values = over.values.unwrap_or_else(entry.defaults);
    study.schemes = schemes.unwrap_or(study.schemes);
    study.n = vec![study.config.n];
    study.p = None;
    study.results = None;
    study.over = Some(Over {
        setting: entry.name.to_string(),
        values,
    });
    study
}

/// The points of a study along a setting, ordered by (scheme, value), as
/// `coded_core::axis_sweep::sweep_over` gives them (the numbers of a fresh
/// sweep at each value), on the current pool's threads. Value by value,
/// keeping only the last problem and its prepared schemes (LeNet-5's are
/// large). As the core's sweep does, a value that changes only the
/// decoding (p, λ_dec, σ, τ) keeps them and their answers, one that
/// changes the encoding prepares again, one that changes the problem (K)
/// builds it again: f runs only where its inputs changed. With the points,
/// the CSV's columns of the f that ran.
pub fn points(
    study: &Study,
    axis: Axis,
    problems: &Problems,
    watch: &Watch,
) -> Result<(Vec<AxisPoint>, Columns), String> {
    let values = &study.over.as_ref().expect("a study along a setting").values;
    let (configs, refused) = axis.apply_all(&study.config, values);
    if let Some(e) = refused.into_iter().next() {
        return Err(e.to_string());
    }
    if configs.is_empty() {
        let symbol = axis.entry().symbol;
        let e = ConfigError::new(
            axis.entry().field,
            format!("the list of {symbol} values is empty"),
        );
        return Err(e.to_string());
    }
    let schemes = &study.schemes;
    let trials: usize = configs.iter().map(|(_, c)| c.trials).sum();
    watch.add_total((trials * schemes.len()) as u64);
    let mut by_value = vec![];
    let mut kept: Option<Kept> = None;
    for (value, c) in &configs {
        watch.check()?;
        let problem_key = c.cache_key(CachePlace::Problem);
        let (problem, old): (Problem, Vec<Option<(CacheKey, Prepared)>>) = match kept.take() {
            Some(k) if k.key == problem_key => {
                let mut problem = k.problem;
                problem.config = c.clone();
                (problem, k.prepared.into_iter().map(Some).collect())
            }
            _ => (problems(c)?, schemes.iter().map(|_| None).collect()),
        };
        let prepared: Vec<(CacheKey, Prepared)> = schemes
            .par_iter()
            .zip(old)
            .map(|(&s, old)| {
                let key = c.point_key(CachePlace::Prepared, s, c.n);
                match old {
                    // The decoder follows the value (λ_dec, its rule).
                    Some((k, mut p)) if k == key => {
                        p.coder = problem.coder(s, c.n);
                        (key, p)
                    }
                    _ => (key, problem.prepare(s, c.n)),
                }
            })
            .collect();
        let tasks: Vec<Task> = prepared
            .iter()
            .map(|(_, p)| Task {
                problem: &problem,
                prepared: p,
                model: &c.stragglers,
                seed: c.seed,
                trials: c.trials,
                weight: (c.n as u64 + 8) * c.trials as u64,
            })
            .collect();
        by_value.push((*value, run_tasks(&tasks, watch)?));
        kept = Some(Kept {
            key: problem_key,
            problem,
            prepared,
        });
    }
    let columns = kept.map_or_else(
        || Columns::of_config(&study.config),
        |k| Columns::of_problem(&k.problem),
    );
    let mut out = vec![];
    for s in 0..schemes.len() {
        for (value, points) in &by_value {
            out.push(AxisPoint {
                value: *value,
                point: points[s].clone(),
            });
        }
    }
    Ok((out, columns))
}

/// The last value's problem and its prepared schemes, with their keys.
struct Kept {
    key: CacheKey,
    problem: Problem,
    prepared: Vec<(CacheKey, Prepared)>,
}

/// The CSV of a study along a setting and its points.
pub fn csv(study: &Study, points: &[AxisPoint], columns: &Columns) -> String {
    let name = &study
        .over
        .as_ref()
        .expect("a study along a setting")
        .setting;
    over_csv(study, name, points, columns)
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

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::axis_sweep::sweep_over;
    use coded_core::Config;

    /// The core's sequential sweep along a setting is the reference: these
    /// points are its, bit for bit, on any number of threads.
    #[test]
    fn equals_the_cores_sweep_along_every_setting() {
        let config = Config::from_json(r#"{"trials": 7, "k": 4, "n": 24, "seed": 3}"#).unwrap();
        let schemes = vec![Scheme::Bacc, Scheme::Letcc];
        for axis in Axis::ALL {
            let values = (axis.entry().defaults)();
            let want = sweep_over(&config, axis, &values, &schemes).unwrap();
            let args = OverArgs {
                axis,
                values: Some(values),
            };
            let study = study_along(
                Study::of_config(config.clone()),
                args,
                Some(schemes.clone()),
            );
            for threads in [1, 3] {
                let pool = crate::parallel::pool(threads).unwrap();
                let (got, columns) = pool
                    .install(|| points(&study, axis, &crate::builtin, &Watch::new()))
                    .unwrap();
                assert_eq!(columns, Columns::of_config(&study.config));
                assert_eq!(
                    format!("{got:?}"),
                    format!("{want:?}"),
                    "{axis:?}, {threads} threads"
                );
            }
        }
    }
}
