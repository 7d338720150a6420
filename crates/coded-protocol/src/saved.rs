//! A study file's results: what the page's Study export writes with "with
//! results" ticked, and their check when "Open study…" reads such a file
//! back. The results are the page's views, under the study's `results` key:
//!
//! ```text
//! "results": {"curves": <the error plot's view>, "table": <the results table's view>}
//! ```
//!
//! (either may be null: a panel hidden, or not computed). The core keeps
//! them as JSON it does not read (`coded_core::Study::results`), so the CLI
//! reruns such a file and ignores them.
//!
//! Why the check, and why here: the file is whatever a person picks. Its
//! results are drawn beside the current curves under the study's settings,
//! so they must be results those settings can give: the same plot, title,
//! schemes, N or values and p, counts of trials the configuration allows,
//! and errors that are finite and not negative, in numbers bounded by the
//! page's own lists. The check is a pure function of the study (tested
//! natively); the worker runs it (`coded-engine`'s `study_file`) with the
//! view builders of `coded-panels`, which this crate already depends on,
//! so that neither the check nor the file's parsing weighs on the page.

use coded_core::limits::{MAX_SWEEP_NS, MAX_SWEEP_PS, MAX_SWEEP_VALUES};
use coded_core::statistic::SLOPE_RESAMPLES;
use coded_core::study::StudyPlan;
use coded_core::{Config, Scheme, StragglerModel, Study};
use coded_panels::errors::point_stats::StatPoint;
use coded_panels::errors::statistic::slope_with_interval;
use coded_panels::errors::{
    error_vs_lambda_view, error_vs_n_view, error_vs_setting_view, scheme_color, scheme_label,
    Curve, CurveKind, CurvePoint, CurvesView,
};
use coded_panels::table::TableView;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The results a study file holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedResults {
    /// The error plot as it was drawn (its tab's curves and reference lines).
    #[serde(default)]
    pub curves: Option<CurvesView>,
    /// The results table (the page shows it no more once opened: it is
    /// checked, for the file to be whole, and kept by whoever reads the
    /// file).
    #[serde(default)]
    pub table: Option<TableView>,
}

/// The study with `results` under its `results` key.
pub fn with_results(study: Study, results: &SavedResults) -> Study {
    Study {
        results: Some(serde_json::to_value(results).expect("views serialise")),
        ..study
    }
}

/// The numbers one point of a saved curve holds at most: its eleven, and
/// the three statistics' resampled means (the squared error's alone, the
/// max and relative errors' with their seven numbers each); with its share
/// of failed rounds and the two lines of a claimed rate through it. A row
/// of the saved table holds fewer.
const NUMBERS_PER_POINT: usize = 11 + SLOPE_RESAMPLES + 2 * (7 + SLOPE_RESAMPLES) + 2 + 4;

/// The most points a saved error plot holds: a curve per scheme (and per p
/// of error vs N) over the longest list of N or of another setting's values.
const MAX_POINTS: usize = {
    let schemes = Scheme::ALL.len();
    let vs_n = schemes * MAX_SWEEP_PS * MAX_SWEEP_NS;
    let vs_setting = schemes * MAX_SWEEP_VALUES;
    if vs_n > vs_setting {
        vs_n
    } else {
        vs_setting
    }
};

/// The most bytes a number takes in the file: 24 characters
/// (`-1.2345678901234567e-300`) under at most ten levels of the export's
/// two-space indentation, with its comma, its line end and its share of
/// the keys around it.
const BYTES_PER_NUMBER: usize = 64;

/// Room for the texts: the configuration (a formula of at most 500
/// characters), the titles, labels and notes, a few lines each.
const TEXT_BYTES: usize = 1 << 20;

/// The largest study file the page can write: its points and the table's
/// rows (one per scheme), as numbers, and its texts. A larger file is
/// refused before it is read.
pub const MAX_STUDY_BYTES: usize =
    (MAX_POINTS + Scheme::ALL.len()) * NUMBERS_PER_POINT * BYTES_PER_NUMBER + TEXT_BYTES;

/// Why a file of `bytes` is too large to be a study, or None.
pub fn too_large(bytes: usize) -> Option<String> {
    let mb = |b: usize| format!("{:.1} MB", b as f64 / 1e6);
    (bytes > MAX_STUDY_BYTES).then(|| {
        format!(
            "The file is {}; a study the page writes is at most {}.",
            mb(bytes),
            mb(MAX_STUDY_BYTES)
        )
    })
}

/// A study file as the worker read it for the page: the study as one line
/// of JSON (without its results), and its saved curves, checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyRead {
    pub study: String,
    pub curves: Option<CurvesView>,
}

/// Why a study file was refused: a setting of its configuration (the
/// core's field name, which the page words with the setting's label) and
/// what is wrong with it, or a whole sentence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StudyRefusal {
    Setting { field: String, message: String },
    Sentence(String),
}

/// The results of `study`, read and checked against its own settings;
/// none when it has no `results`. Every refusal is one sentence.
pub fn read(study: &Study) -> Result<SavedResults, String> {
    let Some(results) = &study.results else {
        return Ok(SavedResults::default());
    };
    let Value::Object(parts) = results else {
        return Err(format!(
            "The file's results are not the page's: expected an object with “curves” and “table”, got {}.",
            coded_core::json::describe(results)
        ));
    };
    if let Some(key) = parts.keys().find(|k| *k != "curves" && *k != "table") {
        return Err(format!(
            "The file's results hold “{key}”, which the page does not write (its keys: curves, table)."
        ));
    }
    let null = Value::Null;
    let curves = match parts.get("curves").unwrap_or(&null) {
        Value::Null => None,
        v => {
            let expected = Expected::of(study).map_err(|why| {
                format!("The file's saved curves are not of its settings: {why}.")
            })?;
            // Counted before the view is built: a hostile file's million
            // points are refused at the cost of reading them once.
            counts_fit(&expected, v).map_err(|why| {
                format!("The file's saved curves are not of its settings: {why}.")
            })?;
            let view = CurvesView::deserialize(v).map_err(|e| {
                format!(
                    "The file's saved curves are not an error plot the page wrote: {}.",
                    form(&e)
                )
            })?;
            check_curves(study, &expected, &view).map_err(|why| {
                format!("The file's saved curves are not of its settings: {why}.")
            })?;
            Some(view)
        }
    };
    let table = match parts.get("table").unwrap_or(&null) {
        Value::Null => None,
        v => read_table(study, v)
            .map_err(|why| format!("The file's saved table is not of its settings: {why}."))?,
    };
    Ok(SavedResults { curves, table })
}

/// What is wrong with a view's form, in words (serde's own message names
/// Rust's types: only the key it names is kept).
fn form(e: &serde_json::Error) -> String {
    let m = e.to_string();
    let key = |prefix: &str| {
        m.strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_string)
    };
    if let Some(k) = key("missing field `") {
        format!("“{k}” is missing")
    } else if let Some(k) = key("unknown field `") {
        format!("“{k}” is not one of its keys")
    } else if coded_core::json::is_serdes_own(&m) {
        "a value is not of the kind the page writes there".into()
    } else {
        m
    }
}

/// The plot a study's settings draw: its error tab.
fn kind_of(study: &Study) -> Result<CurveKind, String> {
    match &study.over {
        Some(o) => o.axis().map_err(|e| e.message),
        None => Ok(CurveKind::N),
    }
}

/// What a saved plot of `study` may hold: the x values of its points, the
/// curves (scheme and, for error vs N under independent stragglers, p),
/// and the view its settings give without points (titles and words).
struct Expected {
    kind: CurveKind,
    xs: Vec<f64>,
    schemes: Vec<Scheme>,
    /// The p of each curve (error vs N under independent stragglers).
    ps: Option<Vec<f64>>,
    view: CurvesView,
}

impl Expected {
    fn of(study: &Study) -> Result<Expected, String> {
        let config = &study.config;
        let kind = kind_of(study)?;
        let values = || {
            study
                .over
                .as_ref()
                .map(|o| o.values.clone())
                .unwrap_or_default()
        };
        Ok(match kind {
            CurveKind::N => {
                let StudyPlan { plan, iid, .. } = study.plan().map_err(|e| e.message)?;
                let ps = iid.then(|| {
                    plan.models
                        .iter()
                        .map(|m| match m {
                            StragglerModel::Iid { p } => *p,
                            _ => f64::NAN,
                        })
                        .collect()
                });
                Expected {
                    kind,
                    xs: plan.ns.iter().map(|&n| n as f64).collect(),
                    schemes: plan.schemes,
                    ps,
                    view: error_vs_n_view(config, &[], iid, false, vec![]),
                }
            }
            CurveKind::LambdaDec => Expected {
                kind,
                xs: values(),
                schemes: vec![Scheme::Letcc],
                ps: None,
                view: error_vs_lambda_view(config, &study.schemes, &values(), &[], vec![]),
            },
            axis => Expected {
                kind,
                xs: values(),
                schemes: study.schemes.clone(),
                ps: None,
                view: error_vs_setting_view(config, axis, &[], vec![]),
            },
        })
    }

    /// The most curves the settings give.
    fn max_curves(&self) -> usize {
        self.schemes.len() * self.ps.as_ref().map_or(1, Vec::len)
    }

    /// The name and key the page gives a curve of `scheme` at `p`.
    fn name_and_key(&self, c: &Curve) -> (String, String) {
        let label = scheme_label(c.scheme);
        let name = c.scheme.name();
        match (self.kind, &self.ps) {
            (CurveKind::N, Some(_)) => (format!("{label}, p = {}", c.p), format!("{name}-{}", c.p)),
            (CurveKind::LambdaDec, _) => ("LeTCC, fixed λ_dec".into(), name.into()),
            _ => (label.into(), name.into()),
        }
    }

    /// The label the page writes for a curve named `name`: with its slope
    /// on error vs N.
    fn label(&self, name: &str, c: &Curve) -> String {
        match self.kind {
            CurveKind::N => format!(
                "{name} ({})",
                slope_with_interval(c.slope, c.slope_interval)
            ),
            _ => name.into(),
        }
    }

    /// The x of a point, in words.
    fn at(&self, x: f64) -> String {
        format!("{} = {x}", self.kind.entry().symbol)
    }
}

/// Longest text of the file a message quotes, in characters: a title the
/// page writes fits; a message stays a few lines whatever the file holds.
const QUOTED_CHARS: usize = 120;

/// A text of the file in quotation marks, cut when long.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((i, _)) => format!("“{}…”", &text[..i]),
        None => format!("“{text}”"),
    }
}

/// Whether every number is finite and not negative.
fn non_negative(values: &[f64]) -> bool {
    values.iter().all(|v| v.is_finite() && *v >= 0.0)
}

fn finite(v: Option<f64>) -> bool {
    v.is_none_or(f64::is_finite)
}

/// Whether the saved plot's lists, as JSON, are no longer than its
/// settings give: its curves, and each curve's points and failed shares.
fn counts_fit(e: &Expected, v: &Value) -> Result<(), String> {
    // Another plot first: its lists are another setting's.
    if let Some(kind) = v.get("kind").and_then(|k| CurveKind::deserialize(k).ok()) {
        check_kind(e, kind)?;
    }
    let len = |v: &Value, key: &str| v.get(key).and_then(Value::as_array).map_or(0, Vec::len);
    let curves = len(v, "curves");
    if curves > e.max_curves() {
        return Err(format!(
            "they are {curves} curves, where its settings give at most {}",
            e.max_curves()
        ));
    }
    let each = v
        .get("curves")
        .and_then(Value::as_array)
        .into_iter()
        .flatten();
    for (i, c) in each.enumerate() {
        let most = len(c, "points").max(len(c, "failed"));
        if most > e.xs.len() {
            return Err(too_many_points(i, most, e.xs.len()));
        }
    }
    Ok(())
}

fn check_kind(e: &Expected, kind: CurveKind) -> Result<(), String> {
    if kind == e.kind {
        return Ok(());
    }
    Err(format!(
        "they are against {}, its settings against {}",
        kind.entry().words,
        e.kind.entry().words
    ))
}

fn too_many_points(curve: usize, points: usize, most: usize) -> String {
    format!(
        "curve {} has {points} points, where its settings give at most {most}",
        curve + 1
    )
}

/// The saved error plot against what `study`'s settings give (`e`).
fn check_curves(study: &Study, e: &Expected, v: &CurvesView) -> Result<(), String> {
    check_kind(e, v.kind)?;
    if v.title != e.view.title {
        return Err(format!(
            "their title is {}, where its settings give {}",
            quoted(&v.title),
            quoted(&e.view.title)
        ));
    }
    if (&v.x_label, &v.y_label, v.x_log) != (&e.view.x_label, &e.view.y_label, e.view.x_log) {
        return Err("their axes are not those of the page's plot".into());
    }
    if v.exact_below != e.view.exact_below {
        return Err(
            "their level of rounding errors is another configuration's (its function, K, points or seed differ)"
                .into(),
        );
    }
    if v.curves.len() > e.max_curves() {
        return Err(format!(
            "they are {} curves, where its settings give at most {}",
            v.curves.len(),
            e.max_curves()
        ));
    }
    let mut keys = vec![];
    for (i, c) in v.curves.iter().enumerate() {
        check_curve(study, e, c).map_err(|why| format!("curve {} {why}", i + 1))?;
        if keys.contains(&&c.key) {
            return Err(format!("two curves are both {}", quoted(&c.key)));
        }
        keys.push(&c.key);
    }
    let lines = match e.kind {
        CurveKind::N => v.curves.len(),
        CurveKind::LambdaDec => 2,
        _ => 0,
    };
    if v.references.len() > lines {
        return Err(format!(
            "they have {} dashed lines, where the page draws at most {lines}",
            v.references.len()
        ));
    }
    for r in &v.references {
        let numbers: Vec<f64> = r
            .points
            .iter()
            .chain(&r.median_points)
            .flat_map(|&(x, y)| [x, y])
            .collect();
        if r.points.len() > e.xs.len() || r.median_points.len() > e.xs.len() {
            return Err("a dashed line has more points than its settings' values".into());
        }
        if !non_negative(&numbers) || !finite(r.slope) {
            return Err("a dashed line has a negative or non-finite value".into());
        }
    }
    if v.marker.as_ref().is_some_and(|m| !m.x.is_finite()) || !non_negative(&[v.exact_below]) {
        return Err("their marker or floor is not a finite number".into());
    }
    Ok(())
}

/// One saved curve against the settings; the words follow "curve i".
fn check_curve(study: &Study, e: &Expected, c: &Curve) -> Result<(), String> {
    if !e.schemes.contains(&c.scheme) {
        return Err(format!(
            "is of {}, which its settings do not compare",
            scheme_label(c.scheme)
        ));
    }
    if !(0.0..=1.0).contains(&c.p) {
        return Err(format!("has p = {}, which is not a probability", c.p));
    }
    if let Some(ps) = &e.ps {
        if !ps.contains(&c.p) {
            return Err(format!("has p = {}, which is not one of its p values", c.p));
        }
    }
    let (name, key) = e.name_and_key(c);
    if c.label != e.label(&name, c) || c.key != key {
        return Err(format!(
            "is named {}, where the page names it {}",
            quoted(&c.label),
            quoted(&name)
        ));
    }
    let shapes = e.ps.as_ref().map_or(1, Vec::len);
    if c.color != scheme_color(c.scheme) || c.shape >= shapes || c.saved {
        return Err("has a colour, marker or dash the page does not give it".into());
    }
    let mut last = f64::NEG_INFINITY;
    for p in &c.points {
        if !e.xs.contains(&p.x) || p.x <= last {
            return Err(format!(
                "has a point at {}, which is not one of its settings' values (or not in order)",
                e.at(p.x)
            ));
        }
        last = p.x;
        check_point(&study.config, p, &e.at(p.x))?;
    }
    for &(x, share) in &c.failed {
        if !e.xs.contains(&x) || !(0.0..=1.0).contains(&share) {
            return Err(format!(
                "has a share of failed rounds at {} that the page does not give",
                e.at(x)
            ));
        }
    }
    let interval = c
        .slope_interval
        .is_none_or(|(lo, hi)| lo.is_finite() && hi.is_finite() && lo <= hi);
    if !finite(c.slope) || !finite(c.median_slope) || !interval {
        return Err("has a slope that is not a finite number".into());
    }
    Ok(())
}

/// One point's counts and errors (at `at`, "N = 20"); the words follow
/// "curve i".
fn check_point(config: &Config, p: &CurvePoint, at: &str) -> Result<(), String> {
    if p.trials == 0 || p.trials > config.trials {
        return Err(format!(
            "has {} trials at {at}, where its settings run {}",
            p.trials, config.trials
        ));
    }
    if p.failures >= p.trials {
        return Err(format!(
            "has a point at {at} where {} of {} rounds failed (a point is drawn only where one decoded)",
            p.failures, p.trials
        ));
    }
    let errors = [p.mean, p.std, p.ci_lo, p.ci_hi, p.median, p.q10, p.q90];
    let s = &p.statistics;
    let stat = |st: &Option<StatPoint>| {
        st.as_ref().is_none_or(|st| {
            st.resampled.len() <= SLOPE_RESAMPLES
                && non_negative(&st.resampled)
                && non_negative(&[
                    st.mean, st.std, st.ci_lo, st.ci_hi, st.median, st.q10, st.q90,
                ])
        })
    };
    if !non_negative(&errors)
        || s.resampled.len() > SLOPE_RESAMPLES
        || !non_negative(&s.resampled)
        || !stat(&s.max)
        || !stat(&s.rel)
        || !(0.0..=1.0).contains(&p.p)
    {
        return Err(format!(
            "has an error at {at} that is negative or not a finite number"
        ));
    }
    Ok(())
}

/// The saved table: read, checked, and given back. A statistic that was
/// not a finite number was written as null, which the table's numbers
/// cannot hold: such a table (one the page wrote) is checked with those
/// nulls as zeros, then left out.
fn read_table(study: &Study, v: &Value) -> Result<Option<TableView>, String> {
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
