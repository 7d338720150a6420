//! "Open study…" as the page reads a file, with the worker's part
//! (`study_file::check`: the formula, the view without points): every
//! study the page can write with its results reads back as it was, and a
//! hostile file is refused in words before any of it is used (the page
//! then changes nothing): too large, too many points, results of another
//! configuration, impossible counts, negative or non-finite errors, an
//! invalid formula, a key given twice, nesting 10 000 deep. Each is timed
//! and printed (no test races the clock). The page's own composition of
//! these steps, with the settings' rules as a link's, is tested in
//! `src/share/study_file.rs`.

use coded_core::{Config, Study};
use coded_engine::study_file::check;
use coded_engine::{curves, table, Session};
use coded_panels::errors::{Axis, CurvesView};
use coded_protocol::saved::{self, too_large, with_results, Plot, SavedResults, MAX_STUDY_BYTES};
use coded_protocol::UiState;
use coded_testing::config as cfg;
use serde_json::{json, Value};
use std::time::Instant;

/// A study file read as "Open study…" does: its size, its JSON and
/// settings (a setting's refusal as `field: message`), the worker's check
/// of its formula and plot, then its results against its settings.
fn read(text: &str) -> Result<(Study, Option<CurvesView>), String> {
    if let Some(why) = too_large(text.len()) {
        return Err(why);
    }
    let study = Study::from_json(text).map_err(|e| format!("{}: {}", e.field, e.message))?;
    let plot = Plot::of(&study)?;
    let empty = check(&study.config, plot.kind).map_err(|m| format!("function: {m}"))?;
    let curves = saved::read(&study, &plot, &empty)?;
    Ok((study, curves))
}

/// The file the page writes with "with results" ticked: the worker's own
/// curves and table for these settings.
fn saved_file(config: &Config, ui: &UiState) -> (String, SavedResults) {
    let mut session = Session::new();
    let saved = SavedResults {
        curves: Some(curves(&mut session, config, ui).unwrap()),
        table: Some(table(&mut session, config, ui).unwrap()),
    };
    (with_results(ui.study(config), &saved).to_json(), saved)
}

fn small() -> (Config, UiState) {
    let config = cfg(r#"{"trials": 6, "k": 4, "noise": 0.1}"#);
    let ui = UiState {
        sweep_ns: vec![8, 16],
        sweep_ps: vec![0.1, 0.3],
        compare: vec![coded_core::Scheme::Letcc],
        ..UiState::default()
    };
    (config, ui)
}

/// The file as JSON, changed by `edit`, as text.
fn edited(text: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    v.to_string()
}

/// The refusal's words (a setting's field is prefixed, as `field: `).
fn refused(text: &str, what: &str) -> String {
    let start = Instant::now();
    let result = read(text);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let Err(words) = result else {
        panic!("{what}: opened")
    };
    println!(
        "{what} ({:.1} MB): refused in {ms:.0} ms: {words}",
        text.len() as f64 / 1e6
    );
    for rust in [
        "`",
        "invalid type",
        "u64",
        "f64",
        "usize",
        "struct",
        "variant",
    ] {
        assert!(!words.contains(rust), "{what}: {words}");
    }
    words
}

#[test]
fn every_plot_the_page_saves_reads_back_as_it_was() {
    let (config, ui) = small();
    let fixed = cfg(r#"{"trials": 5, "k": 4, "stragglers": {"model": "fixed", "s": 2}}"#);
    for (config, tab) in [
        (&config, Axis::N),
        (&fixed, Axis::N),
        (&config, Axis::P),
        (&config, Axis::Noise),
        (&config, Axis::LambdaDec),
        (&fixed, Axis::K),
    ] {
        let ui = UiState {
            axis: tab,
            sweep_values: (tab == Axis::Noise).then(|| vec![0.01, 0.1]),
            ..ui.clone()
        };
        let (text, saved) = saved_file(config, &ui);
        let (study, curves) = read(&text).unwrap_or_else(|e| panic!("{tab:?}: {e:?}"));
        assert_eq!(curves, saved.curves, "{tab:?}");
        assert_eq!(
            Study {
                results: None,
                ..study
            },
            ui.study(config),
            "{tab:?}"
        );
    }
    // A plain configuration, and a study without results.
    let (plain, curves) = read(r#"{"k": 4, "trials": 9}"#).unwrap();
    assert_eq!(curves, None);
    assert_eq!(plain.config.trials, 9);
}

#[test]
fn the_saved_table_is_checked_as_the_page_writes_it() {
    let (config, ui) = small();
    let (text, _) = saved_file(&config, &ui);
    // A statistic that was not a finite number is written as null: the
    // page wrote such a table, and it reads.
    let nulls = edited(&text, |v| {
        let row = &mut v["results"]["table"]["rows"][0]["summary"];
        row["mse"]["mean"] = Value::Null;
        row["mse_resampled"][0] = Value::Null;
        row["lost_mean"] = Value::Null;
    });
    assert!(read(&nulls).is_ok());
    for (what, edit, want) in [
        (
            "a table that is a number",
            Box::new(|v: &mut Value| v["results"]["table"] = json!(3)) as Box<dyn Fn(&mut Value)>,
            "it is not a results table the page wrote",
        ),
        (
            "another configuration's table",
            Box::new(|v: &mut Value| v["results"]["table"]["config_json"] = json!("{\"k\": 3}")),
            "it was computed for another configuration",
        ),
        (
            "a negative error in the table",
            Box::new(|v: &mut Value| {
                v["results"]["table"]["rows"][0]["summary"]["mse"]["mean"] = json!(-2)
            }),
            "its row 1 is not one its settings can give",
        ),
        (
            "a row of a scheme not compared",
            Box::new(|v: &mut Value| {
                v["results"]["table"]["rows"][1]["summary"]["scheme"] = json!("lcc")
            }),
            "its row 2 is not one its settings can give",
        ),
        (
            "more trials than the configuration runs",
            Box::new(|v: &mut Value| {
                v["results"]["table"]["rows"][0]["summary"]["trials"] = json!(7)
            }),
            "its row 1 is not one its settings can give",
        ),
        (
            "more resampled means than the page keeps",
            Box::new(|v: &mut Value| {
                v["results"]["table"]["rows"][0]["summary"]["mse_resampled"] = json!(vec![0.5; 201])
            }),
            "its row 1 is not one its settings can give",
        ),
    ] {
        let words = refused(&edited(&text, edit), what);
        assert!(
            words.starts_with("The file's saved table is not of its settings: ")
                && words.contains(want),
            "{what}: {words}"
        );
    }
}

#[test]
fn the_largest_study_the_page_writes_is_within_the_bound() {
    // Every list at its longest: every scheme × 6 p × 12 N, each point with
    // its resampled means, and the table; two trials keep it quick.
    let config = cfg(r#"{"trials": 2, "k": 2, "n": 20, "noise": 0.123456789}"#);
    let ui = UiState {
        compare: coded_core::Scheme::ALL.to_vec(),
        sweep_ns: (1..=12).map(|i| 10 * i).collect(),
        sweep_ps: vec![0.01, 0.03, 0.05, 0.07, 0.09, 0.11],
        ..UiState::default()
    };
    let (text, saved) = saved_file(&config, &ui);
    let points: usize = saved
        .curves
        .as_ref()
        .unwrap()
        .curves
        .iter()
        .map(|c| c.points.len())
        .sum();
    assert_eq!(points, coded_core::Scheme::ALL.len() * 6 * 12);
    println!(
        "the largest study: {:.2} MB of at most {:.2} MB",
        text.len() as f64 / 1e6,
        MAX_STUDY_BYTES as f64 / 1e6
    );
    assert!(text.len() < MAX_STUDY_BYTES);
    assert!(read(&text).is_ok());
}

#[test]
fn hostile_files_are_refused_in_words() {
    let (config, ui) = small();
    let (text, _) = saved_file(&config, &ui);

    // 20 MB: refused before it is parsed.
    let big = format!("{}{}", text, " ".repeat(20_000_000));
    let words = refused(&big, "20 MB");
    assert!(
        words.starts_with("The file is 20.3 MB; a study the page writes is at most "),
        "{words}"
    );

    // 100 000 points on a curve of two N (a compact file within the size
    // bound, so that the points themselves are counted).
    let point = json!({"x": 8, "p": 0.1, "mean": 0.5, "std": 0.1, "ci_lo": 0.4, "ci_hi": 0.6,
        "median": 0.5, "q10": 0.2, "q90": 0.8, "trials": 6, "failures": 0});
    let many = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["points"] =
            Value::Array((0..100_000).map(|_| point.clone()).collect());
    });
    assert!(many.len() < MAX_STUDY_BYTES, "{} bytes", many.len());
    assert_eq!(
        refused(&many, "100 000 points"),
        "The file's saved curves are not of its settings: curve 1 has 100000 points, where its settings give at most 2."
    );

    // Results of another configuration: x·sin x curves under a cubic.
    let cubic = edited(&text, |v| v["config"]["function"] = json!("cubic"));
    assert!(refused(&cubic, "another function's curves")
        .starts_with("The file's saved curves are not of its settings: their title is “Mean squared error vs N (x·sin x"));
    // The same title, another seed: the rounding floor tells.
    let seed = edited(&text, |v| v["config"]["seed"] = json!(2));
    assert!(refused(&seed, "another seed's curves").contains("level of rounding errors"));
    // p up to 2.56e6.
    let p = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["p"] = json!(2.56e6)
    });
    assert_eq!(
        refused(&p, "p = 2.56e6"),
        "The file's saved curves are not of its settings: curve 1 has p = 2560000, which its settings do not give."
    );
    // A curve of a scheme the study does not compare.
    let scheme = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["scheme"] = json!("lcc")
    });
    assert!(refused(&scheme, "another scheme")
        .contains("curve 1 is of LCC, which its settings do not compare"));
    // A point at an N the study does not list.
    let x = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["points"][0]["x"] = json!(9)
    });
    assert!(refused(&x, "an N not listed").contains("has a point at N = 9"));
    // More trials than the configuration runs; every round failed.
    let trials = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["points"][0]["trials"] = json!(600)
    });
    assert!(refused(&trials, "600 trials")
        .contains("curve 1 has 600 trials at N = 8, where its settings run 6."));
    let failures = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["points"][0]["failures"] = json!(6)
    });
    assert!(refused(&failures, "all failed")
        .contains("curve 1 has a point at N = 8 where 6 of 6 rounds failed"));

    // Negative and non-finite errors.
    let negative = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["points"][1]["mean"] = json!(-0.5)
    });
    assert_eq!(
        refused(&negative, "a negative mean squared error"),
        "The file's saved curves are not of its settings: curve 1 has an error at N = 16 that is negative or not a finite number."
    );
    let resampled = edited(&text, |v| {
        v["results"]["curves"]["curves"][1]["points"][0]["statistics"]["resampled"][3] = json!(-1)
    });
    assert!(refused(&resampled, "a negative resampled mean")
        .contains("curve 2 has an error at N = 8 that is negative"));
    let huge = text.replacen("\"mean\": ", "\"mean\": 1e999, \"was\": ", 1);
    assert!(refused(&huge, "an infinite mean")
        .starts_with("(json): not valid JSON: a number is too large (at line "));
    let null = edited(&text, |v| {
        v["results"]["curves"]["curves"][0]["points"][0]["mean"] = Value::Null
    });
    assert_eq!(
        refused(&null, "a null mean"),
        "The file's saved curves are not an error plot the page wrote: a value is not of the kind the page writes there."
    );

    // An invalid formula: the worker's own reader says why.
    let formula = edited(&text, |v| {
        v["config"]["function"] = json!({"expr": "sin(3*x"})
    });
    assert!(refused(&formula, "an invalid formula")
        .starts_with("function: the formula is not valid at the end"));

    // A key given twice.
    let twice = text.replacen("\"trials\": 6", "\"trials\": 6, \"trials\": 60", 1);
    assert!(refused(&twice, "a key given twice")
        .starts_with("(json): the key “trials” appears twice in “config”"));

    // Nesting 10 000 deep.
    let deep = format!(
        "{{\"config\": {{}}, \"results\": {{\"curves\": {}{}}}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert!(refused(&deep, "10 000-deep nesting")
        .starts_with("(json): not valid JSON: its brackets nest more than 128 deep"));

    // Keys the page never writes.
    let extra = edited(&text, |v| v["results"]["plots"] = json!(1));
    assert!(refused(&extra, "an unknown key").contains("“plots”, which the page does not write"));
}

/// The check's view of a saved plot of another tab than the study's.
#[test]
fn saved_curves_of_another_plot_than_the_studys_are_refused() {
    let (config, ui) = small();
    let mut session = Session::new();
    let by_p: CurvesView = curves(&mut session, &config, &ui.along(Axis::P)).unwrap();
    let saved = SavedResults {
        curves: Some(by_p),
        table: None,
    };
    let text = with_results(ui.study(&config), &saved).to_json();
    assert!(refused(&text, "the p plot under an N study").contains(
        "they are against p (probability that a server straggles), its settings against N (servers)"
    ));
}
