//! Random valid configurations and UI choices through the app's data path:
//! the stages run in one go (`stages::round`, `table`, `curves`, every error
//! tab), the worker's `Engine` step by step, the draw functions (to SVG) and
//! hover. Small N, K and trials, so a few hundred cases run in seconds.
//!
//! Properties: nothing panics; no view, message or drawing carries a NaN or
//! an infinity (a failed round is a `None` with a reason, never a NaN);
//! the same inputs give the same views; the table is the core's `sweep`; the
//! engine's messages equal the stages run in one go.
#![cfg(not(target_arch = "wasm32"))]

use coded_core::{sweep, Config, FunctionKind, Scheme, SweepPlan};
use coded_engine::{curves, stages, table, Engine, Session};
use coded_panels::digits::Digits;
use coded_panels::encdec::Encdec;
use coded_panels::errors::{Axis, Band};
use coded_panels::walk::walk;
use coded_panels::{Panel, Results, Stage, Theme};
use coded_protocol::{FromWorker, ToWorker, UiState};
use proptest::prelude::*;

// The same random configurations as the core's pipeline fuzzing.
use coded_testing::strategies::{cfg, formula_functions, small_config};

/// Scalar functions: every stage, every tab, drawn.
const SCALAR_CASES: u32 = 1_500;
/// LeNet-5 (the digits panel): fewer, tiny.
const LENET_CASES: u32 = 100;
/// Formulas, some not finite at some inputs or servers.
const FORMULA_CASES: u32 = 300;

fn ui_state(max_n: usize) -> impl Strategy<Value = UiState> {
    (
        prop::sample::subsequence(Scheme::ALL.to_vec(), 0..=Scheme::ALL.len()),
        prop::collection::vec(1..=max_n + 4, 1..=4),
        prop::collection::vec(prop_oneof![Just(0.0), Just(1.0), 0.0..=1.0f64], 1..=3),
        0usize..50,
        prop::collection::vec(any::<bool>(), Panel::ALL.len()),
        // Every setting of the table of axes, at its default values.
        prop::sample::select(Axis::ALL.to_vec()),
        any::<bool>(),
        prop::sample::select(Band::ALL.to_vec()),
        // Series keys of every tab, and one that no view has.
        prop::sample::subsequence(
            vec![
                "bacc-0.1",
                "bacc",
                "letcc",
                "claim-bacc",
                "level-gcv",
                "lcc-1",
                "none",
            ],
            0..=3,
        ),
    )
        .prop_map(
            |(compare, sweep_ns, sweep_ps, trial, p, axis, references, band, hidden)| {
                UiState {
                    compare,
                    sweep_ns,
                    sweep_ps,
                    trial,
                    // The round's panels are always computed here; every
                    // other panel at random.
                    panels: Panel::ALL
                        .into_iter()
                        .zip(p)
                        .filter(|(panel, shown)| *shown || panel.stage() == Stage::Round)
                        .map(|(panel, _)| panel)
                        .collect(),
                    axis,
                    sweep_values: None,
                    references,
                    band,
                    statistic: Default::default(),
                    slope_range: Default::default(),
                    hidden: hidden.into_iter().map(String::from).collect(),
                    workers: None,
                }
            },
        )
}

/// A NaN or infinity anywhere in a value's `Debug` text: numbers print as
/// `NaN`/`inf`, and so would any label or note made from one.
fn no_nan<T: std::fmt::Debug>(what: &str, v: &T) -> Result<(), TestCaseError> {
    let text = format!("{v:?}");
    let bad = text
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .find(|w| *w == "NaN" || *w == "inf");
    prop_assert!(bad.is_none(), "{what} carries {bad:?}: {text}");
    Ok(())
}

/// Every panel of the registry whose view `results` holds, in every look,
/// drawn to SVG, summarised and hovered: nothing fails, nothing reads NaN.
fn walk_every_panel(results: &Results, size: (u32, u32)) -> Result<(), TestCaseError> {
    let walked = walk(results, &Theme::light(), size).map_err(TestCaseError::fail)?;
    for w in &walked {
        let what = format!("{:?} in {}", w.panel, w.look);
        prop_assert!(
            !w.svg.contains("NaN") && !w.svg.contains("inf\""),
            "{what}: NaN in SVG"
        );
        no_nan(&format!("{what} summary"), &w.summary)?;
        for h in &w.hovers {
            no_nan(&format!("{what} hover"), h)?;
        }
    }
    Ok(())
}

fn check_app_path(c: &Config, ui: &UiState, size: (u32, u32)) -> Result<(), TestCaseError> {
    let mut s = Session::new();
    // The round: straggler view and the encode/decode or digits view.
    let round = stages::round(&mut s, c, ui).expect("a valid config has a round");
    no_nan("round", &round)?;
    let again = stages::round(&mut Session::new(), c, ui).unwrap();
    prop_assert_eq!(&round, &again, "round not deterministic");
    if let Some(v) = round.get::<Encdec>() {
        prop_assert!(v.estimates.len() == c.k && v.errors.len() == c.k);
        prop_assert_eq!(v.failure.is_some(), v.squared_error.is_none());
    }
    if let Some(v) = round.get::<Digits>() {
        prop_assert_eq!(v.failure.is_some(), v.squared_error.is_none());
    }
    // The table: one row per compared scheme.
    let table = table(&mut s, c, ui).expect("a valid config has a table");
    no_nan("table", &table)?;
    let schemes = ui.schemes(c);
    prop_assert_eq!(table.rows.len(), schemes.len());
    let core = sweep(c, &SweepPlan::new(c, None, None, Some(&schemes)).unwrap()).unwrap();
    for (row, point) in table.rows.iter().zip(&core) {
        prop_assert_eq!(&row.summary, point, "the table is not the core's sweep");
    }
    for row in &table.rows {
        let m = &row.summary;
        prop_assert!(m.failures <= m.trials);
        prop_assert_eq!(m.mse.is_none(), m.failures == m.trials);
        prop_assert_eq!(
            row.round_failure.is_some(),
            row.round_squared_error.is_none()
        );
    }
    // The error plot of the chosen tab.
    let curves = curves(&mut s, c, ui);
    match &curves {
        Ok(v) => {
            no_nan("curves", v)?;
            for curve in &v.curves {
                for p in &curve.points {
                    // A log axis: finite, and positive unless exact (drawn
                    // on the "exact" floor); failures counted.
                    prop_assert!(p.mean >= 0.0 && p.mean.is_finite() && p.std >= 0.0);
                    prop_assert!(p.mean > 0.0 || p.mean <= v.exact_below);
                    prop_assert!(p.q10 <= p.median && p.median <= p.q90);
                    // The bootstrap interval never reaches 0 on the log axis.
                    prop_assert!(p.ci_lo <= p.ci_hi);
                    prop_assert!(p.ci_lo > 0.0 || p.mean <= v.exact_below);
                    prop_assert!(p.failures < p.trials);
                }
            }
        }
        // Only when no N of the list is at least K, or along another
        // setting when the setting refuses every value (K above every N).
        Err(e) if ui.axis == Axis::N => prop_assert!(
            coded_engine::plan::words(e).starts_with("No N in “N values”")
                && ui.sweep_ns.iter().all(|&n| n < c.k),
            "curves failed: {e}"
        ),
        Err(e) => prop_assert!(
            coded_engine::plan::words(e).starts_with("No value in “")
                && ui
                    .axis_values()
                    .iter()
                    .all(|&v| ui.axis.apply(c, v).is_err()),
            "curves failed: {e}"
        ),
    }
    // Every panel, drawn and hovered in every look.
    walk_every_panel(
        &Results {
            round: Some(&round),
            table: Some(&table),
            curves: curves.as_ref().ok(),
        },
        size,
    )?;
    // The worker: the same numbers, step by step, nothing non-finite.
    let mut engine = Engine::new(|| 0.0);
    let mut out = vec![];
    engine.handle(ToWorker::run(7, c, ui), &mut out);
    let mut steps = 0;
    while engine.step(&mut out) {
        steps += 1;
        prop_assert!(steps < 10_000, "the job does not end");
    }
    no_nan("worker messages", &out)?;
    let mut seen_curves = false;
    for m in &out {
        match m {
            FromWorker::Round { result, .. } => prop_assert_eq!(result.as_ref().ok(), Some(&round)),
            FromWorker::Table { result, .. } if ui.panels.shows(Panel::Table) => {
                prop_assert_eq!(result.as_ref().ok(), Some(&table))
            }
            FromWorker::Curves {
                result,
                finished: true,
                ..
            } if ui.panels.shows(Panel::Errors) => {
                seen_curves = true;
                prop_assert_eq!(result.as_ref().ok(), curves.as_ref().ok());
            }
            _ => {}
        }
    }
    prop_assert_eq!(seen_curves, ui.panels.shows(Panel::Errors));
    let done = matches!(out.last(), Some(FromWorker::Done { id: 7 }));
    prop_assert!(done, "the job did not end with Done");
    Ok(())
}

proptest! {
    #![proptest_config(cfg(SCALAR_CASES))]
    #[test]
    fn random_configs_give_finite_views_tables_and_drawings(
        c in small_config(vec![FunctionKind::XSinX, FunctionKind::Cubic, FunctionKind::Abs], 30, 10, 4),
        ui in ui_state(30),
        size in (200u32..1400, 150u32..900),
    ) {
        check_app_path(&c, &ui, size)?;
    }
}

proptest! {
    #![proptest_config(cfg(LENET_CASES))]
    #[test]
    fn random_lenet_configs_give_finite_views_tables_and_drawings(
        c in small_config(vec![FunctionKind::Lenet5], 6, 3, 2),
        ui in ui_state(6),
        size in (200u32..1400, 150u32..900),
    ) {
        check_app_path(&c, &ui, size)?;
    }
}

proptest! {
    #![proptest_config(cfg(FORMULA_CASES))]
    #[test]
    fn random_formula_configs_give_finite_views_tables_and_drawings(
        c in small_config(formula_functions(), 30, 10, 4),
        ui in ui_state(30),
        size in (200u32..1400, 150u32..900),
    ) {
        check_app_path(&c, &ui, size)?;
    }
}
