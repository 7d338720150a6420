//! The saved error plot of a study file against what the study's own
//! settings give: the same plot, title and rounding level, the schemes and
//! p it compares, points at its N or values only and no more of them,
//! counts of trials it can run, and errors that are not negative (JSON
//! holds no number that is not finite).

use coded_core::statistic::SLOPE_RESAMPLES;
use coded_core::{Config, Scheme, Study};
use coded_panels::errors::point_stats::StatPoint;
use coded_panels::errors::statistic::slope_with_interval;
use coded_panels::errors::{
    error_vs_lambda_view, error_vs_n_view, error_vs_setting_view, Axis, Curve, CurvePoint,
    CurvesView,
};
use coded_panels::series::scheme_series;
use serde::Deserialize;
use serde_json::{Error, Value};

/// The saved error plot `v` (JSON) of `study`, read and checked against
/// its settings' plot (`plot`) and the view they give without points
/// (`empty`: its title, axes and rounding level); a refusal is one
/// sentence.
pub(super) fn read(
    study: &Study,
    plot: &Plot,
    empty: &CurvesView,
    v: &Value,
) -> Result<CurvesView, String> {
    let not_its = |why: String| format!("The file's saved curves are not of its settings: {why}.");
    counts(plot, v)?;
    let view = CurvesView::deserialize(v).map_err(|e| {
        format!(
            "The file's saved curves are not an error plot the page wrote: {}.",
            form(&e)
        )
    })?;
    check_curves(study, plot, empty, &view).map_err(not_its)?;
    Ok(view)
}

/// What a saved plot of a study may hold: its error tab, the x values of
/// its points, the schemes of its curves and, for error vs N under
/// independent stragglers, their p. The worker gives the view of its tab
/// without points ([`empty_view`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    pub kind: Axis,
    pub xs: Vec<f64>,
    pub schemes: Vec<Scheme>,
    pub ps: Option<Vec<f64>>,
}

impl Plot {
    /// The plot `study`'s settings draw.
    pub fn of(study: &Study) -> Result<Plot, String> {
        let kind = match &study.over {
            Some(o) => o.axis().map_err(|e| e.message)?,
            None => Axis::N,
        };
        let values = || {
            study
                .over
                .as_ref()
                .map(|o| o.values.clone())
                .unwrap_or_default()
        };
        Ok(match kind {
            Axis::N => {
                // As the page plans it: the N from K on, the p list under
                // independent stragglers (`Study::as_run`).
                let run = Study {
                    n: study.n.clone(),
                    p: study.p.clone(),
                    schemes: study.schemes.clone(),
                    ..Study::of_config(study.config.clone())
                }
                .as_run();
                if run.n.is_empty() {
                    return Err(format!(
                        "no N in the list is at least K = {}",
                        study.config.k
                    ));
                }
                Plot {
                    kind,
                    xs: run.n.iter().map(|&n| n as f64).collect(),
                    schemes: run.schemes,
                    ps: run.p,
                }
            }
            Axis::LambdaDec => Plot {
                kind,
                xs: values(),
                schemes: vec![Scheme::Letcc],
                ps: None,
            },
            kind => Plot {
                kind,
                xs: values(),
                schemes: study.schemes.clone(),
                ps: None,
            },
        })
    }

    /// The most curves the settings give.
    fn max_curves(&self) -> usize {
        self.schemes.len() * self.ps.as_ref().map_or(1, Vec::len)
    }

    /// The name and key the page gives a curve of `scheme` at `p` (as the
    /// views of `coded_panels::errors` write them; the engine's test of
    /// study files reads back a saved plot of every kind).
    fn name_and_key(&self, c: &Curve) -> (String, String) {
        let label = c.scheme.label();
        let name = c.scheme.name();
        match (self.kind, &self.ps) {
            (Axis::N, Some(_)) => (format!("{label}, p = {}", c.p), format!("{name}-{}", c.p)),
            (Axis::LambdaDec, _) => ("LeTCC, fixed λ_dec".into(), name.into()),
            _ => (label.into(), name.into()),
        }
    }

    /// The label the page writes for a curve named `name`: with its slope
    /// on error vs N.
    fn label(&self, name: &str, c: &Curve) -> String {
        match self.kind {
            Axis::N => format!(
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

/// The view `config` gives for a plot of `kind` without points: its
/// title, axes and rounding level, which a saved plot of it must have (the
/// worker's: the page holds no view builder).
pub fn empty_view(config: &Config, kind: Axis) -> CurvesView {
    match kind {
        Axis::N => error_vs_n_view(config, &[], false, false, vec![]),
        Axis::LambdaDec => error_vs_lambda_view(config, &[], &[], &[], vec![]),
        axis => error_vs_setting_view(config, axis, &[], vec![]),
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

/// Whether the saved plot `v` (JSON) holds no more curves, and no curve
/// more points, than `plot` gives: counted before any view is built, so a
/// hostile file's hundred thousand points are refused at the cost of
/// reading them once. A refusal is one sentence.
pub(super) fn counts(plot: &Plot, v: &Value) -> Result<(), String> {
    counts_fit(plot, v)
        .map_err(|why| format!("The file's saved curves are not of its settings: {why}."))
}

/// Whether the saved plot's lists, as JSON, are no longer than its
/// settings give: its curves, and each curve's points and failed shares.
fn counts_fit(e: &Plot, v: &Value) -> Result<(), String> {
    // Another plot first: its lists are another setting's.
    if let Some(kind) = v.get("kind").and_then(|k| Axis::deserialize(k).ok()) {
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
            return Err(format!(
                "curve {} has {most} points, where its settings give at most {}",
                i + 1,
                e.xs.len()
            ));
        }
    }
    Ok(())
}

fn check_kind(e: &Plot, kind: Axis) -> Result<(), String> {
    if kind == e.kind {
        return Ok(());
    }
    Err(format!(
        "they are against {}, its settings against {}",
        kind.entry().words,
        e.kind.entry().words
    ))
}

/// The saved error plot against what `study`'s settings give (`e`, and
/// the view without points `empty`).
fn check_curves(study: &Study, e: &Plot, empty: &CurvesView, v: &CurvesView) -> Result<(), String> {
    check_kind(e, v.kind)?;
    if v.title != empty.title {
        return Err(format!(
            "their title is {}, where its settings give {}",
            quoted(&v.title),
            quoted(&empty.title)
        ));
    }
    if (&v.x_label, &v.y_label, v.x_log) != (&empty.x_label, &empty.y_label, empty.x_log) {
        return Err("their axes are not those of the page's plot".into());
    }
    if v.exact_below != empty.exact_below {
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
        Axis::N => v.curves.len(),
        Axis::LambdaDec => 2,
        _ => 0,
    };
    // The saved curves are drawn without their dashed lines: only their
    // count is the page's to check.
    if v.references.len() > lines {
        return Err(format!(
            "they have {} dashed lines, where the page draws at most {lines}",
            v.references.len()
        ));
    }
    Ok(())
}

/// One saved curve against the settings; the words follow "curve i".
fn check_curve(study: &Study, e: &Plot, c: &Curve) -> Result<(), String> {
    if !e.schemes.contains(&c.scheme) {
        return Err(format!(
            "is of {}, which its settings do not compare",
            c.scheme.label()
        ));
    }
    if !(0.0..=1.0).contains(&c.p) || e.ps.as_ref().is_some_and(|ps| !ps.contains(&c.p)) {
        return Err(format!("has p = {}, which its settings do not give", c.p));
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
    if c.color != scheme_series(c.scheme) || c.shape >= shapes || c.saved {
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

/// What is wrong with a view's form, in words (serde's own message names
/// Rust's types: only the key it names is kept).
fn form(e: &Error) -> String {
    let m = e.to_string();
    let key = |prefix: &str| {
        m.strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_string)
    };
    if let Some(k) = key("missing field `") {
        format!("“{k}” is missing")
    } else if coded_core::json::is_serdes_own(&m) {
        "a value is not of the kind the page writes there".into()
    } else {
        m
    }
}

/// Whether every number is not negative (a number read from JSON is
/// finite: JSON has no other).
fn non_negative(values: &[f64]) -> bool {
    values.iter().all(|v| *v >= 0.0)
}
