//! The named edge cases (see coded-core's tests/edge_cases.rs) through the
//! app's own data path, which differs from the CLI's: the session cache,
//! the stages (`stages::round`, `table`, `curves` for every tab), the
//! worker's engine, the draw functions and hover. One test per case; each checks that no view,
//! table or drawing carries a NaN or an infinity, that failures are shown as
//! failures (with a reason or a note), and that drawing ends.
#![cfg(not(target_arch = "wasm32"))]

use coded_core::config::{MAX_K, MAX_N, MAX_TRIALS};
use coded_core::{Config, FunctionKind, LambdaDec, Scheme};
use coded_engine::{stages, Engine, Session};
use coded_panels::digits::Digits;
use coded_panels::encdec::Encdec;
use coded_panels::errors::{Axis, CurvesView};
use coded_panels::stragglers::Stragglers;
use coded_panels::table::TableView;
use coded_panels::walk::walk;
use coded_panels::{Results, RoundResult, Theme};
use coded_protocol::{FromWorker, ToWorker, UiState};
use coded_testing::config as cfg;

fn no_nan<T: std::fmt::Debug>(what: &str, v: &T) {
    let text = format!("{v:?}");
    let bad = text
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .find(|w| *w == "NaN" || *w == "inf");
    assert!(bad.is_none(), "{what} carries {bad:?}");
}

struct Views {
    round: RoundResult,
    table: TableView,
    curves: Vec<Result<CurvesView, String>>,
}

/// Every stage and every tab, drawn and hovered; the worker agrees.
fn views(c: &Config, ui: &UiState) -> Views {
    c.validate().unwrap();
    let theme = Theme::light();
    let mut s = Session::new();
    let round = stages::round(&mut s, c, ui).unwrap();
    no_nan("round", &round);
    if let Some(v) = round.get::<Encdec>() {
        assert_eq!(v.failure.is_some(), v.squared_error.is_none());
    }
    if let Some(v) = round.get::<Digits>() {
        assert_eq!(v.failure.is_some(), v.squared_error.is_none());
    }
    let table = coded_engine::table(&mut s, c, ui).unwrap();
    no_nan("table", &table);
    for row in &table.rows {
        assert_eq!(row.summary.mse.is_none(), row.summary.failures == c.trials);
        assert_eq!(
            row.round_failure.is_some(),
            row.round_squared_error.is_none()
        );
    }
    let mut curves = vec![];
    for tab in [Axis::N, Axis::P, Axis::LambdaDec] {
        let ui = ui.along(tab);
        // As the page shows a refusal.
        let v = coded_engine::curves(&mut s, c, &ui).map_err(|e| coded_engine::plan::words(&e));
        if let Ok(v) = &v {
            no_nan("curves", v);
        }
        curves.push(v);
    }
    // Every panel, in every look: drawn, summarised, hovered.
    for curves in &curves {
        let results = Results {
            round: Some(&round),
            table: Some(&table),
            curves: curves.as_ref().ok(),
        };
        let walked = walk(&results, &theme, (900, 600)).unwrap_or_else(|e| panic!("{e}"));
        for w in walked {
            assert!(!w.svg.contains("NaN"), "{:?}: NaN in the SVG", w.panel);
            no_nan("summary", &w.summary);
            no_nan("hover", &w.hovers);
        }
    }
    // The worker: the same round and table (its curves tab is ui's).
    let mut e = Engine::new(|| 0.0);
    let mut out = vec![];
    e.handle(ToWorker::run(1, c, ui), &mut out);
    e.run_to_end(&mut out);
    no_nan("worker", &out);
    for m in &out {
        match m {
            FromWorker::Round { result, .. } => assert_eq!(result.as_ref().unwrap(), &round),
            FromWorker::Table { result, .. } => assert_eq!(result.as_ref().unwrap(), &table),
            _ => {}
        }
    }
    Views {
        round,
        table,
        curves,
    }
}

fn ui(ns: &[usize], ps: &[f64]) -> UiState {
    UiState {
        compare: Scheme::ALL.to_vec(),
        sweep_ns: ns.to_vec(),
        sweep_ps: ps.to_vec(),
        ..UiState::default()
    }
}

fn scalar(v: &Views) -> &coded_panels::encdec::EncDecView {
    v.round.get::<Encdec>().expect("a scalar round")
}

fn all_failed(v: &Views) {
    let e = scalar(v);
    assert!(e.decoder.is_empty() && e.estimates.iter().all(Option::is_none));
    assert!(e.failure.is_some());
    assert_eq!(v.round.get::<Stragglers>().unwrap().returned, 0);
    for row in &v.table.rows {
        assert_eq!(row.summary.failures, row.summary.trials);
        assert!(row.summary.mse.is_none() && row.round_failure.is_some());
    }
}

#[test]
fn every_server_straggles() {
    for model in [
        r#"{"model": "fixed", "s": 40}"#,
        r#"{"model": "block", "s": 40}"#,
        r#"{"model": "deadline", "shift": 2, "rate": 1, "deadline": 1}"#,
    ] {
        let c = cfg(&format!(r#"{{"trials": 5, "stragglers": {model}}}"#));
        let v = views(&c, &ui(&[40], &[0.2]));
        all_failed(&v);
        // Error vs N uses the model: nothing to plot, and a note says why
        // (every scheme that decodes; replication's reason is its own).
        let n = v.curves[0].as_ref().unwrap();
        assert!(n.curves.iter().all(|c| c.points.is_empty()));
        let decoders: Vec<String> = Scheme::ALL
            .iter()
            .filter(|s| **s != Scheme::Uncoded)
            .map(|s| format!("{} at N = 40", s.label()))
            .collect();
        let note = format!(
            "Every round failed ({}): no server answered.",
            decoders.join("; ")
        );
        assert!(n.notes.contains(&note), "{:?}", n.notes);
    }
}

#[test]
fn p_one() {
    let c = cfg(r#"{"trials": 5, "stragglers": {"model": "iid", "p": 1}}"#);
    let v = views(&c, &ui(&[10, 40], &[1.0]));
    all_failed(&v);
    assert_eq!(v.round.get::<Stragglers>().unwrap().p, 1.0);
    let n = v.curves[0].as_ref().unwrap();
    assert!(n.curves.iter().all(|c| c.points.is_empty()));
    // Error vs p: p = 1 is not on its grid; the marker sits at 1.
    let p = v.curves[1].as_ref().unwrap();
    assert_eq!(p.marker.as_ref().unwrap().x, 1.0);
}

#[test]
fn s_at_least_n() {
    for s in [40, 41, MAX_N] {
        let c = cfg(&format!(
            r#"{{"trials": 4, "stragglers": {{"model": "block", "s": {s}}}}}"#
        ));
        let v = views(&c, &ui(&[10, 40], &[0.2]));
        all_failed(&v);
        assert_eq!(v.round.get::<Stragglers>().unwrap().longest_run, 40);
    }
}

#[test]
fn one_survivor() {
    let c = cfg(r#"{"trials": 5, "k": 5, "n": 20, "stragglers": {"model": "fixed", "s": 19}}"#);
    let v = views(&c, &ui(&[20], &[0.2]));
    assert_eq!(v.round.get::<Stragglers>().unwrap().returned, 1);
    let e = scalar(&v);
    assert!(e.failure.is_none() && e.estimates.iter().all(Option::is_some));
    for row in &v.table.rows {
        let lcc = row.summary.scheme == Scheme::Lcc;
        assert_eq!(row.summary.failures == row.summary.trials, lcc);
    }
}

#[test]
fn n_equals_k() {
    for n in [1, 7] {
        let c = cfg(&format!(r#"{{"trials": 4, "k": {n}, "n": {n}}}"#));
        let v = views(&c, &ui(&[1, 3, n, 2 * n], &[0.0, 0.5]));
        let curves = v.curves[0].as_ref().unwrap();
        if n > 3 {
            assert!(curves.notes.iter().any(|t| t.contains("left out: 1, 3")));
        }
    }
    // No N of the list reaches K: an error naming the list, not a panic.
    let c = cfg(r#"{"trials": 2, "k": 7, "n": 7}"#);
    let v = views(&c, &ui(&[1, 3], &[0.2]));
    let refusal = v.curves[0].as_ref().unwrap_err();
    assert!(
        refusal.contains("No N in “N values” is from K = 7"),
        "{refusal}"
    );
}

#[test]
fn k_equals_one() {
    for n in [1, 2, 40] {
        let c = cfg(&format!(r#"{{"trials": 4, "k": 1, "n": {n}}}"#));
        let v = views(&c, &ui(&[1, 2, n], &[0.1]));
        assert_eq!(v.round.get::<Stragglers>().unwrap().n, n);
        assert_eq!(scalar(&v).estimates.len(), 1);
    }
}

#[test]
fn p_zero() {
    let c = cfg(r#"{"trials": 4, "k": 4, "n": 10, "stragglers": {"model": "iid", "p": 0}}"#);
    let v = views(&c, &ui(&[4, 10], &[0.0]));
    for row in &v.table.rows {
        assert_eq!(row.summary.failures, 0);
    }
    // Replication is exact with every server: its points are 0, drawn on
    // the "exact" floor of the log axis.
    let n = v.curves[0].as_ref().unwrap();
    let uncoded = n
        .curves
        .iter()
        .find(|c| c.scheme == Scheme::Uncoded)
        .unwrap();
    assert!(!uncoded.points.is_empty());
    assert!(uncoded.points.iter().all(|p| p.mean == 0.0));
    let s = coded_panels::errors::draw::scale(n, Default::default());
    assert!(s.floor.is_some_and(|f| f > s.y.lo && f < s.y.hi));
}

#[test]
fn extreme_lambdas() {
    for (le, ld) in [
        ("0", "0"),
        ("1e-300", "1e-300"),
        ("1e300", "1e300"),
        ("1e300", "\"gcv\""),
    ] {
        let c = cfg(&format!(
            r#"{{"trials": 3, "scheme": "letcc", "lambda_enc": {le}, "lambda_dec": {ld}, "lambda_rule": "shrink"}}"#
        ));
        let v = views(&c, &ui(&[10, 40, 160], &[0.2]));
        let lambda = v.curves[2].as_ref().unwrap();
        if let LambdaDec::Value(_) = c.lambda_dec {
            // Outside the λ axis (1e-12 – 10): a note, no marker.
            assert!(lambda.marker.is_none());
            assert!(lambda.notes.iter().any(|t| t.contains("outside the axis")));
        }
    }
}

#[test]
fn largest_n() {
    let c = cfg(&format!(r#"{{"trials": 150, "k": 10, "n": {MAX_N}}}"#));
    let u = UiState {
        compare: vec![Scheme::Bacc],
        sweep_ns: vec![MAX_N],
        sweep_ps: vec![0.2],
        trial: 149,
        ..UiState::default()
    };
    let v = views(&c, &u);
    assert_eq!(v.round.get::<Stragglers>().unwrap().raster.len(), 120);
    assert_eq!(v.round.get::<Stragglers>().unwrap().raster[0].len(), MAX_N);
    assert_eq!(scalar(&v).betas.len(), MAX_N);
}

#[test]
fn largest_k() {
    let c = cfg(&format!(r#"{{"trials": 3, "k": {MAX_K}, "n": {MAX_K}}}"#));
    let u = UiState {
        sweep_ns: vec![MAX_K],
        sweep_ps: vec![0.2],
        ..UiState::default()
    };
    let v = views(&c, &u);
    assert_eq!(scalar(&v).estimates.len(), MAX_K);
}

#[test]
fn largest_trials() {
    let c = cfg(&format!(r#"{{"trials": {MAX_TRIALS}, "k": 5, "n": 20}}"#));
    let u = UiState {
        compare: vec![Scheme::Bacc],
        sweep_ns: vec![20],
        sweep_ps: vec![0.2],
        trial: MAX_TRIALS + 5,
        ..UiState::default()
    };
    let v = views(&c, &u);
    assert_eq!(v.round.get::<Stragglers>().unwrap().trial, MAX_TRIALS - 1);
    assert_eq!(v.table.rows[0].summary.trials, MAX_TRIALS);
}

#[test]
fn lenet_edge_cases() {
    for text in [
        r#"{"function": "lenet5", "k": 1, "n": 1, "trials": 2}"#,
        r#"{"function": "lenet5", "k": 3, "n": 3, "trials": 2, "stragglers": {"model": "iid", "p": 0}}"#,
        r#"{"function": "lenet5", "k": 3, "n": 8, "trials": 2, "stragglers": {"model": "iid", "p": 1}}"#,
        r#"{"function": "lenet5", "k": 3, "n": 8, "trials": 2, "lambda_enc": 1e300, "lambda_dec": 1e-300, "scheme": "letcc"}"#,
    ] {
        let c = cfg(text);
        let v = views(&c, &ui(&[c.n], &[0.2]));
        assert!(v.round.get::<Digits>().is_some());
        assert_eq!(c.function, FunctionKind::Lenet5);
    }
}

#[test]
fn a_formula_not_finite_at_an_input_says_why_once() {
    // ln(x) at the inputs x ≤ 0: every round of every point fails, for one
    // reason, which the plot says once (not once per point) and the table
    // says once.
    let c = cfg(r#"{"trials": 5, "function": {"expr": "ln(x)"}}"#);
    let v = views(&c, &ui(&[20, 40, 80], &[0.1, 0.3]));
    assert!(scalar(&v).failure.is_some());
    for row in &v.table.rows {
        assert_eq!(row.summary.failures, row.summary.trials);
    }
    for tab in &v.curves {
        let tab = tab.as_ref().unwrap();
        let failed: Vec<&String> = tab.notes.iter().filter(|n| n.contains("failed")).collect();
        assert_eq!(failed.len(), 1, "{:?}", tab.notes);
        assert!(
            failed[0].starts_with(
                "Every round of every point failed: f(x) = ln(x) is not a finite number at x = "
            ),
            "{}",
            failed[0]
        );
        assert!(failed[0].contains("(input "), "{}", failed[0]);
    }
    assert_eq!(
        v.table.failure_notes.len(),
        1,
        "{:?}",
        v.table.failure_notes
    );
}
