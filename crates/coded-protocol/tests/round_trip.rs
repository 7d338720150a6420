//! Every message of the contract survives its encoding bit for bit: each
//! variant of each message type, with real views (built by the core's own
//! calls) and the values JSON would lose (NaN, infinities, a formula's
//! text).
//!
//! `variant` below matches every variant without a wildcard, and the test
//! checks that the samples cover them all: a new message cannot be added
//! without a sample here.

use coded_core::robust::DetectionCounts;
use coded_core::{sweep, Config, MonteCarlo, Problem, Scheme, SweepPlan};
use coded_panels::errors::{error_vs_n_view, Axis};
use coded_panels::table::{TableRow, TableView};
use coded_panels::RoundResult;
use coded_panels::{Panel, Panels, Stage};
use coded_protocol::{FromHelper, FromWorker, Message, Progress, ToHelper, ToWorker, UiState};
use coded_testing::config;
use std::collections::BTreeSet;
use std::fmt::Debug;

fn round(c: &Config, trial: usize) -> RoundResult {
    let problem = Problem::new(c).unwrap();
    let prepared = problem.prepare(c.scheme, c.n);
    let round = coded_core::Round::compute(c, trial, Some((&problem, &prepared)));
    RoundResult::of(&round, coded_panels::Panels::default())
}

fn progress(done: usize) -> Progress {
    Progress {
        done,
        total: 12,
        fraction: done as f64 / 12.0,
        elapsed_ms: 3.25,
        left_ms: (done > 0).then_some(f64::INFINITY),
    }
}

fn ui() -> UiState {
    UiState {
        compare: vec![Scheme::Letcc, Scheme::Lcc],
        sweep_ps: vec![0.1, 1.0 / 3.0],
        panels: Panels::only(Panel::Errors),
        workers: Some(3),
        ..UiState::default()
    }
}

/// A configuration whose JSON holds every kind of field: a formula with
/// characters that need escaping, a tagged straggler model, a λ.
fn awkward() -> Config {
    config(
        r#"{"function": {"expr": "sin(3*x) + x^2 % 2 & \"q\" − ü", "degree": 3},
            "stragglers": {"model": "deadline", "shift": 0.1, "rate": 3.7, "deadline": 1e-7},
            "lambda_dec": 1e-9, "noise": 0.1, "seed": 9007199254740991}"#,
    )
}

fn to_worker_samples() -> Vec<ToWorker> {
    vec![
        ToWorker::Run {
            id: 1,
            config: awkward(),
            ui: ui(),
        },
        ToWorker::Run {
            id: 2,
            config: config(r#"{"stragglers": {"model": "manual", "servers": [3, 0, 7]}}"#),
            ui: UiState::default(),
        },
        ToWorker::Cancel { id: u64::MAX },
        ToWorker::CheckStudy {
            id: 3,
            config: awkward(),
            kind: Axis::LambdaDec,
        },
    ]
}

fn from_worker_samples() -> Vec<FromWorker> {
    let scalar =
        config(r#"{"k": 5, "n": 12, "trials": 4, "stragglers": {"model": "iid", "p": 1}}"#);
    let digits = config(r#"{"function": "lenet5", "k": 3, "n": 6, "trials": 2}"#);
    let plan = SweepPlan::new(
        &scalar,
        Some(&[6, 12]),
        Some(&[0.2, 1.0]),
        Some(&[Scheme::Bacc]),
    );
    let points = sweep(&scalar, &plan.unwrap()).unwrap();
    let curves = error_vs_n_view(&scalar, &points, true, true, vec!["a note".into()]);
    let saved_curves = curves.clone();
    let rows = points
        .iter()
        .take(2)
        .map(|p| TableRow {
            summary: p.clone(),
            round_squared_error: Some(f64::NAN),
            round_failure: Some("no server answered".into()),
            round_detection: None,
        })
        .collect();
    // A locating scheme's row: its detection rate and this round's flags.
    let liars = config(
        r#"{"scheme": "approxifer", "n": 40, "trials": 3,
            "adversaries": {"count": 3, "attack": "flip"}, "stragglers": {"model": "fixed", "s": 4}}"#,
    );
    let plan = SweepPlan::new(&liars, None, None, Some(&[Scheme::Approxifer])).unwrap();
    let located = sweep(&liars, &plan).unwrap().remove(0);
    assert!(located.detection_rate.is_some());
    let locating_table = TableView::assemble(
        &liars,
        2,
        vec![TableRow {
            summary: located,
            round_squared_error: Some(0.5),
            round_failure: None,
            round_detection: Some(DetectionCounts {
                found: 2,
                missed: 1,
                false_alarms: 1,
            }),
        }],
    );
    let table = TableView::assemble(&scalar, 1, rows);
    vec![
        FromWorker::Ready,
        FromWorker::Round {
            id: 1,
            result: Ok(round(&scalar, 1)),
            ms: 0.5,
        },
        FromWorker::Round {
            id: 2,
            result: Ok(round(&digits, 0)),
            ms: f64::NAN,
        },
        FromWorker::Round {
            id: 3,
            result: Err("invalid `k`".into()),
            ms: 0.0,
        },
        // With adversaries: the automatic box M comes with the views.
        FromWorker::Round {
            id: 4,
            result: Ok(round(
                &config(r#"{"k": 5, "n": 12, "adversaries": {"count": 2}}"#),
                0,
            )),
            ms: 1.0,
        },
        // A locating scheme: whom it flagged comes with both round views.
        FromWorker::Round {
            id: 4,
            result: Ok(round(&liars, 4)),
            ms: 1.0,
        },
        FromWorker::Table {
            id: 4,
            result: Ok(table),
            ms: 12.0,
        },
        FromWorker::Table {
            id: 4,
            result: Ok(locating_table),
            ms: 12.0,
        },
        FromWorker::Curves {
            id: 5,
            result: Ok(curves),
            progress: progress(12),
            finished: true,
        },
        FromWorker::Curves {
            id: 5,
            result: Err("no N".into()),
            progress: progress(0),
            finished: false,
        },
        FromWorker::Progress {
            id: 6,
            progress: progress(3),
        },
        FromWorker::TableProgress {
            id: 6,
            progress: progress(4),
        },
        FromWorker::Done { id: 7 },
        FromWorker::Cancelled {
            id: 8,
            progress: Some(progress(5)),
        },
        FromWorker::Cancelled {
            id: 8,
            progress: None,
        },
        FromWorker::WorkerLost {
            id: 9,
            message: "Worker 2 of 3 stopped".into(),
        },
        FromWorker::FormulaRefused {
            id: 10,
            text: "sin(3*x".into(),
            message: "“sin(” is not closed".into(),
        },
        FromWorker::StudyChecked {
            id: 11,
            result: Ok(saved_curves),
        },
        FromWorker::StudyChecked {
            id: 12,
            result: Err("the formula is not valid at the end".into()),
        },
    ]
}

fn to_helper_samples() -> Vec<ToHelper> {
    vec![
        ToHelper::Define {
            run: 1,
            stage: Stage::Table,
            config: awkward(),
            ui: ui(),
        },
        ToHelper::Define {
            run: 2,
            stage: Stage::Curves,
            config: Config::default(),
            ui: UiState::default(),
        },
        ToHelper::Work {
            run: 2,
            point: 7,
            range: 1,
        },
        ToHelper::Cancel { run: 2 },
    ]
}

fn from_helper_samples() -> Vec<FromHelper> {
    let c = config(r#"{"k": 4, "n": 8, "trials": 6, "stragglers": {"model": "iid", "p": 0.9}}"#);
    let problem = Problem::new(&c).unwrap();
    let prepared = problem.prepare(c.scheme, c.n);
    let mut trials = MonteCarlo::range(2, 6);
    trials.advance(&problem, &prepared, &c.stragglers, c.seed, usize::MAX);
    vec![
        FromHelper::Ready,
        FromHelper::Done {
            run: 3,
            point: 1,
            range: 2,
            prepared: 1,
            trials: Box::new(trials),
        },
        FromHelper::Failed {
            run: 3,
            point: 0,
            range: 0,
        },
    ]
}

/// Encodes, decodes, and compares bit for bit: the bytes again, and the
/// values through their Debug text (which prints NaN, where `==` fails).
fn survives<M: Message + Debug>(messages: &[M]) {
    for m in messages {
        let bytes = m.encode();
        let back = M::decode(&bytes).unwrap_or_else(|e| panic!("{m:?}: {e}"));
        assert_eq!(back.encode(), bytes, "{m:?}");
        assert_eq!(format!("{back:?}"), format!("{m:?}"));
    }
    assert!(M::decode(&[250, 1, 2]).is_err());
    assert!(M::decode(&[]).is_err());
}

fn covers<M>(samples: &[M], variant: fn(&M) -> &'static str, all: &[&str]) {
    let seen: BTreeSet<&str> = samples.iter().map(variant).collect();
    let all: BTreeSet<&str> = all.iter().copied().collect();
    assert_eq!(seen, all, "every variant has a sample");
}

#[test]
fn every_page_message_survives_its_encoding() {
    let to = to_worker_samples();
    survives(&to);
    covers(
        &to,
        |m| match m {
            ToWorker::Run { .. } => "Run",
            ToWorker::Cancel { .. } => "Cancel",
            ToWorker::CheckStudy { .. } => "CheckStudy",
        },
        &["Run", "Cancel", "CheckStudy"],
    );
    let from = from_worker_samples();
    survives(&from);
    covers(
        &from,
        |m| match m {
            FromWorker::Ready => "Ready",
            FromWorker::Round { .. } => "Round",
            FromWorker::Table { .. } => "Table",
            FromWorker::Curves { .. } => "Curves",
            FromWorker::Progress { .. } => "Progress",
            FromWorker::TableProgress { .. } => "TableProgress",
            FromWorker::Done { .. } => "Done",
            FromWorker::Cancelled { .. } => "Cancelled",
            FromWorker::WorkerLost { .. } => "WorkerLost",
            FromWorker::FormulaRefused { .. } => "FormulaRefused",
            FromWorker::StudyChecked { .. } => "StudyChecked",
        },
        &[
            "Ready",
            "Round",
            "Table",
            "Curves",
            "Progress",
            "TableProgress",
            "Done",
            "Cancelled",
            "WorkerLost",
            "FormulaRefused",
            "StudyChecked",
        ],
    );
}

#[test]
fn every_pool_message_survives_its_encoding() {
    let to = to_helper_samples();
    survives(&to);
    covers(
        &to,
        |m| match m {
            ToHelper::Define { .. } => "Define",
            ToHelper::Work { .. } => "Work",
            ToHelper::Cancel { .. } => "Cancel",
        },
        &["Define", "Work", "Cancel"],
    );
    let from = from_helper_samples();
    survives(&from);
    covers(
        &from,
        |m| match m {
            FromHelper::Ready => "Ready",
            FromHelper::Done { .. } => "Done",
            FromHelper::Failed { .. } => "Failed",
        },
        &["Ready", "Done", "Failed"],
    );
}

#[test]
fn a_configuration_travels_as_its_own_json() {
    // The text inside the bytes is the configuration's JSON, exactly as a
    // link or an export holds it: the formula's characters unescaped.
    let c = awkward();
    let bytes = ToWorker::Run {
        id: 1,
        config: c.clone(),
        ui: UiState::default(),
    }
    .encode();
    let json = serde_json::to_string(&c).unwrap();
    let inside = bytes.windows(json.len()).any(|w| w == json.as_bytes());
    assert!(inside, "the config's JSON is in the bytes");
    // A config the reader refuses is an error of the message, not a panic.
    let mut broken = bytes.clone();
    let at = broken.windows(7).position(|w| w == b"\"seed\":").unwrap();
    broken[at + 1] = b'X';
    assert!(ToWorker::decode(&broken).is_err());
}
