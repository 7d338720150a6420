//! `coded._coded`: the Rust half of the Python package `coded`. Thin: every
//! experiment is coded-sweep's and coded-core's, as the CLI runs it; this
//! reads the Python side's arguments, runs, and hands back text (CSV, JSON)
//! and plain values that the Python half (`python/coded`) shapes.

mod function;
mod running;

use coded_core::computation::Inputs;
use coded_core::{Axis, Config, FunctionKind, Problem, Scheme};
use coded_sweep::job::Computed;
use coded_sweep::{args, slopes, Job, Request, Source, Watch};
use function::{Callable, Failure, Traits};
use nalgebra::DMatrix;
use numpy::{PyArray2, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

fn value_error(words: impl Into<String>) -> PyErr {
    PyValueError::new_err(words.into())
}

/// A configuration or study from its JSON, checked whole, as the CLI reads
/// `--config`.
fn read(text: &str) -> PyResult<Source> {
    Source::read(text).map_err(value_error)
}

/// `(kind, json)`: "study" or "config", and its JSON with every default
/// filled in (a study's on one line, as a CSV's first line has it).
#[pyfunction]
fn check(text: &str) -> PyResult<(&'static str, String)> {
    Ok(match read(text)? {
        Source::Study(s) => ("study", s.to_json_line()),
        Source::Config(c) => ("config", c.to_json()),
    })
}

/// Your own f and what goes with it, as the Python half passes them.
struct Own {
    f: Arc<Py<PyAny>>,
    /// What the CSV's `function` column calls it: `python:` and its name.
    label: String,
    /// The built-in it is (`coded.builtin`'s), if it is one.
    builtin: Option<FunctionKind>,
    inputs: Option<Inputs>,
    /// Its outputs are class scores; None: as the configuration's function
    /// (your LeNet-5 in place of `"lenet5"` keeps the accuracy columns).
    classifier: Option<bool>,
    degree: Option<usize>,
}

impl Own {
    fn of(
        py: Python<'_>,
        f: Option<Py<PyAny>>,
        inputs: Option<PyReadonlyArray2<f64>>,
        labels: Option<Vec<usize>>,
        classifier: Option<bool>,
        degree: Option<usize>,
    ) -> PyResult<Option<Own>> {
        let inputs = match inputs {
            Some(a) => {
                let (rows, d) = (a.shape()[0], a.shape()[1]);
                let x = DMatrix::from_row_slice(rows, d, a.as_slice()?);
                if labels.as_ref().is_some_and(|l| l.len() != rows) {
                    return Err(value_error(format!(
                        "labels: {} labels for {rows} inputs",
                        labels.map_or(0, |l| l.len())
                    )));
                }
                Some(Inputs { x, labels })
            }
            None if labels.is_some() => {
                return Err(value_error(
                    "labels are given with inputs (inputs=…, labels=…)",
                ))
            }
            None => None,
        };
        Ok(match f {
            Some(f) => Some(Own {
                // The Python half hands in f checked (`coded._function.
                // Checked`), which carries f's own name.
                label: format!(
                    "python:{}",
                    f.bind(py).getattr("name")?.extract::<String>()?
                ),
                builtin: builtin_of(f.bind(py))?,
                f: Arc::new(f),
                inputs,
                classifier,
                degree,
            }),
            None if inputs.is_some() => {
                return Err(value_error(
                    "inputs are given with your own f (f=…, inputs=…)",
                ))
            }
            None => None,
        })
    }

    /// Its name in the rows of `config`: none (the configuration's
    /// function names them) where it is that very built-in on the inputs
    /// the configuration draws, so that the study line reruns them.
    fn label(&self, config: &Config) -> Option<String> {
        let same = self.builtin.as_ref() == Some(&config.function) && self.inputs.is_none();
        (!same).then(|| self.label.clone())
    }

    /// The problem of `config` with this f.
    fn problem(&self, config: &Config, failure: &Arc<Failure>) -> Result<Problem, String> {
        let traits = Traits {
            classifier: (self.classifier).unwrap_or_else(|| config.function.is_classifier()),
            degree: self.degree,
        };
        let callable = Callable {
            f: self.f.clone(),
            label: self.label(config),
            traits,
            failure: failure.clone(),
        };
        let problem = Problem::with_function(config, Box::new(callable), self.inputs.as_ref())
            .map_err(|e| e.to_string())?;
        if failure.failed() {
            return Err(coded_sweep::watch::STOPPED.into());
        }
        Ok(problem)
    }
}

/// The built-in a checked f is (`coded.builtin` marks it with its JSON).
fn builtin_of(checked: &Bound<'_, PyAny>) -> PyResult<Option<FunctionKind>> {
    let spec: Option<String> = checked.getattr("builtin")?.extract()?;
    spec.map(|spec| {
        let value: serde_json::Value =
            serde_json::from_str(&spec).map_err(|e| value_error(e.to_string()))?;
        FunctionKind::from_json(&value).map_err(value_error)
    })
    .transpose()
}

/// One round (the configuration's scheme, N and trial `trial`): the JSON of
/// `coded round`, its `function` your own f's name when it ran (as a
/// sweep's CSV names it).
#[pyfunction]
#[pyo3(signature = (text, trial, f=None, inputs=None, labels=None, classifier=None, degree=None))]
#[allow(clippy::too_many_arguments)]
fn round(
    py: Python<'_>,
    text: &str,
    trial: usize,
    f: Option<Py<PyAny>>,
    inputs: Option<PyReadonlyArray2<f64>>,
    labels: Option<Vec<usize>>,
    classifier: Option<bool>,
    degree: Option<usize>,
) -> PyResult<String> {
    let config = read(text)?.config().clone();
    let own = Own::of(py, f, inputs, labels, classifier, degree)?;
    let failure = Arc::new(Failure::new(Arc::new(Watch::new())));
    let report = running::watched(py, failure.clone(), None, move || {
        let problem = match &own {
            Some(own) => own.problem(&config, &failure)?,
            None => Problem::new(&config).map_err(|e| e.to_string())?,
        };
        let report = coded_core::round_of(&problem, trial);
        let Some(label) = problem.func.label() else {
            return serde_json::to_string(&report).map_err(|e| e.to_string());
        };
        let mut json = serde_json::to_value(&report).map_err(|e| e.to_string())?;
        json["function"] = label.into();
        serde_json::to_string(&json).map_err(|e| e.to_string())
    })?;
    Ok(report)
}

/// A curve's fitted slope: scheme, p, slope, interval (lo, hi), the line
/// `coded sweep` prints.
type SlopeRow = (String, f64, Option<f64>, Option<(f64, f64)>, String);

/// What a sweep gives the Python half.
#[pyclass(frozen, get_all)]
struct Swept {
    /// The CSV, byte for byte `coded sweep`'s (a shard's: `--shard`'s).
    csv: String,
    /// The curves' slopes (a whole N sweep's; empty otherwise).
    slopes: Vec<SlopeRow>,
    /// N below K left out of the plan.
    below_k: Vec<usize>,
    /// The error-vs-N figure as data (JSON of the playground's view: the
    /// curves with their bands, the claimed rates), as `coded sweep --plot`
    /// draws it; None but for a whole N sweep.
    figure: Option<String>,
}

/// A sweep as `coded sweep` runs it: `text` its `--config`, the lists its
/// flags; `shard` = (i, m); `f` your own (with its inputs); `progress`
/// called with (trials done, trials in all) as it goes.
#[pyfunction]
#[pyo3(signature = (text, n=None, p=None, schemes=None, over=None, values=None, shard=None,
    threads=None, slope_range=None, f=None, inputs=None, labels=None, classifier=None,
    degree=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn sweep(
    py: Python<'_>,
    text: &str,
    n: Option<Vec<usize>>,
    p: Option<Vec<f64>>,
    schemes: Option<Vec<String>>,
    over: Option<&str>,
    values: Option<Vec<f64>>,
    shard: Option<(usize, usize)>,
    threads: Option<usize>,
    slope_range: Option<&str>,
    f: Option<Py<PyAny>>,
    inputs: Option<PyReadonlyArray2<f64>>,
    labels: Option<Vec<usize>>,
    classifier: Option<bool>,
    degree: Option<usize>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Swept> {
    let source = read(text)?;
    // The CLI's readers of its flags, and so its words for a wrong one.
    let schemes = schemes
        .map(|list| {
            list.iter()
                .map(|s| args::scheme(s))
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()
        .map_err(|e| value_error(format!("schemes: {e}")))?;
    let over = over
        .map(coded_sweep::over::setting)
        .transpose()
        .map_err(value_error)?;
    if values.is_some() && over.is_none() {
        return Err(value_error(
            "values are the values of over=…: give the setting too",
        ));
    }
    let range = slope_range
        .map(args::slope_range)
        .transpose()
        .map_err(|e| value_error(format!("slope_range: {e}")))?
        .unwrap_or_default();
    if threads == Some(0) {
        return Err(value_error("threads: at least 1"));
    }
    let threads = args::threads(threads);
    let request = Request {
        ns: n,
        ps: p,
        schemes,
        over,
        values,
    };
    let job = Job::plan(source, request).map_err(value_error)?;
    let own = Own::of(py, f, inputs, labels, classifier, degree)?;
    let named = own.as_ref().and_then(|own| own.label(&job.study().config));
    let watch = Arc::new(Watch::new());
    let failure = Arc::new(Failure::new(watch.clone()));
    let fail = failure.clone();
    // The job goes to the run's thread and comes back with what it gave.
    let (job, output) = running::watched(py, failure, progress, move || {
        let problems = |c: &Config| match &own {
            Some(own) => own.problem(c, &fail),
            None => coded_sweep::builtin(c),
        };
        let output = coded_sweep::run(&job, shard, threads, &problems, &watch)?;
        Ok((job, output))
    })?;
    let (
        Job::Points {
            study,
            plan,
            below_k,
        },
        Computed::Points(points),
    ) = (&job, &output.computed)
    else {
        let below_k = match job {
            Job::Points { below_k, .. } => below_k,
            Job::Along { .. } => vec![],
        };
        return Ok(Swept {
            csv: output.csv,
            slopes: vec![],
            below_k,
            figure: None,
        });
    };
    let view =
        coded_sweep::figure::error_vs_n(&study.config, plan, points, range, named.as_deref());
    let figure = serde_json::to_string(&view).map_err(|e| value_error(e.to_string()))?;
    let slopes = slopes::of(points, range)
        .into_iter()
        .map(|s| {
            let line = s.line();
            let slope = s.fitted.map(|f| f.slope);
            let interval = s.fitted.and_then(|f| f.interval);
            (s.scheme.name().to_string(), s.p, slope, interval, line)
        })
        .collect();
    Ok(Swept {
        csv: output.csv,
        slopes,
        below_k: below_k.clone(),
        figure: Some(figure),
    })
}

/// The whole sweep's CSV from its shards' texts, each with its name.
#[pyfunction]
fn merge(named: Vec<(String, String)>) -> PyResult<String> {
    coded_sweep::merge::merge_texts(&named).map_err(value_error)
}

/// The page's query string (without `?`) that opens a study or
/// configuration, as "Open study…" reads it.
#[pyfunction]
fn link_query(text: &str) -> PyResult<String> {
    coded_playground::share::study_file::link_query(text).map_err(value_error)
}

/// A built-in function (its JSON: `"x_sin_x"`, `{"expr": "…"}`) on a batch:
/// the core's own values, for comparing your f with it.
#[pyfunction]
fn builtin<'py>(
    py: Python<'py>,
    function: &str,
    batch: PyReadonlyArray2<'py, f64>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let value: serde_json::Value =
        serde_json::from_str(function).map_err(|e| value_error(e.to_string()))?;
    let kind = FunctionKind::from_json(&value).map_err(value_error)?;
    let f = kind.build().map_err(value_error)?;
    let (rows, d) = (batch.shape()[0], batch.shape()[1]);
    let x = DMatrix::from_row_slice(rows, d, batch.as_slice()?);
    let y = py.detach(|| f.eval_batch(&x));
    let rows_of: Vec<Vec<f64>> = coded_core::report::rows(&y);
    PyArray2::from_vec2(py, &rows_of).map_err(|e| value_error(e.to_string()))
}

/// The names of the schemes, and of the settings a sweep can run along
/// (the core's tables), for the Python half's constants.
#[pyfunction]
fn tables() -> (Vec<&'static str>, Vec<&'static str>) {
    let schemes = Scheme::ALL.iter().map(|s| s.name()).collect();
    let axes = Axis::ALL.iter().map(|a| a.entry().name).collect();
    (schemes, axes)
}

#[pymodule]
fn _coded(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tables, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(round, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(link_query, m)?)?;
    m.add_function(wrap_pyfunction!(builtin, m)?)?;
    m.add_class::<Swept>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
