//! A study file with its results: what the Study export writes with "with
//! results" ticked, and what "Open study…" reads back.
//!
//! The results are the page's views, under the study's `results` key:
//!
//! ```text
//! "results": {"curves": <the error plot's view>, "table": <the results table's view>}
//! ```
//!
//! (either may be null: a panel hidden, or not computed). The core keeps
//! them as JSON it does not read (`coded_core::Study::results`), so the CLI
//! reruns such a file and ignores them.
//!
//! Why pure functions of text: the file is whatever a person picks, so its
//! reading (and every refusal's words) is tested natively, and a bad file
//! changes nothing in the page.

use coded_core::{ConfigError, Study};
use coded_panels::errors::CurvesView;
use coded_panels::table::TableView;
use serde::{Deserialize, Deserializer, Serialize};

use crate::settings::{Home, LinkState, SETTINGS};

/// The results a study file holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedResults {
    /// The error plot as it was drawn (its tab's curves and reference lines).
    #[serde(default)]
    pub curves: Option<CurvesView>,
    /// The results table. Read leniently: a statistic that was not a finite
    /// number is null in JSON, which the table's numbers cannot hold, so such
    /// a table is left out rather than the whole file refused.
    #[serde(default, deserialize_with = "table_if_readable")]
    pub table: Option<TableView>,
}

fn table_if_readable<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TableView>, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(value).ok())
}

/// The study with `results` under its `results` key.
pub fn with_results(study: Study, results: &SavedResults) -> Study {
    Study {
        results: Some(serde_json::to_value(results).expect("views serialise")),
        ..study
    }
}

/// A study file, read: the state it loads (as a link would) and its results.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub state: LinkState,
    pub results: SavedResults,
}

/// Backticks (serde's quotes) as the page's quotation marks.
fn plain(message: &str) -> String {
    let mut out = String::new();
    let mut open = true;
    for c in message.chars() {
        if c == '`' {
            out.push(if open { '“' } else { '”' });
            open = !open;
        } else {
            out.push(c);
        }
    }
    out
}

/// A refusal of the core's reader, in the page's words: the setting's
/// label for a field of the configuration.
fn refusal(e: &ConfigError) -> String {
    let setting = SETTINGS
        .iter()
        .find(|st| matches!(st.home, Home::Config(f) if f == e.field));
    match (e.field.as_str(), setting) {
        ("(json)", _) => format!("This file is not a study: {}.", plain(&e.message)),
        (_, Some(st)) => format!(
            "The file's {} cannot be used: {}.",
            st.label,
            plain(&e.message)
        ),
        (key, None) => format!("The file's “{key}” cannot be used: {}.", plain(&e.message)),
    }
}

/// Reads a study file (a study, with or without results, or a plain
/// configuration) into the state it shows: its configuration, schemes and
/// N and p lists, the view of `current` otherwise (the error plot on the
/// saved curves' tab, the first round). Every refusal is one message in
/// plain words.
pub fn read(text: &str, current: &LinkState) -> Result<Opened, String> {
    let study = Study::from_json(text).map_err(|e| refusal(&e))?;
    let results: SavedResults = match &study.results {
        Some(v) => serde_json::from_value(v.clone()).map_err(|e| {
            format!(
                "The file's results cannot be read: {}.",
                plain(&e.to_string())
            )
        })?,
        None => SavedResults::default(),
    };
    let mut ui = current.ui.clone();
    ui.compare = study.schemes.clone();
    ui.sweep_ns = study.n.clone();
    if let Some(ps) = &study.p {
        ui.sweep_ps = ps.clone();
    }
    ui.trial = 0;
    if let Some(c) = &results.curves {
        ui.error_tab = c.kind;
    }
    // Error against another setting: its tab and values.
    if let Some(axis) = study
        .over
        .as_ref()
        .and_then(|o| o.axis().ok().map(|a| (a, o)))
    {
        ui.error_tab = axis.0;
        ui.sweep_values = Some(axis.1.values.clone());
    }
    let wanted = LinkState {
        config: study.config,
        ui,
        ..current.clone()
    };
    // Through the link's reader: the lists' lengths and ranges, and every
    // rule between settings, are checked as a link's are.
    let (state, notices) = crate::url::decode(&crate::url::encode(&wanted));
    if let Some(first) = notices.first() {
        // The link's notice says what it uses instead; a file is refused.
        let why = first.split("; using “").next().unwrap_or(first);
        return Err(format!("The file's settings cannot all be used: {why}."));
    }
    Ok(Opened { state, results })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::export::page_study;
    use coded_core::Config;
    use coded_panels::errors::CurveKind;
    use coded_protocol::UiState;

    fn curves(config: &Config, ui: &UiState) -> CurvesView {
        coded_engine::curves(&mut coded_engine::Session::new(), config, ui).unwrap()
    }

    #[test]
    fn a_study_with_results_survives_its_file() {
        let config = Config::from_json(r#"{"trials": 6, "k": 4, "noise": 0.1}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![8, 16],
            error_tab: CurveKind::N,
            ..UiState::default()
        };
        let points = coded_core::sweep(
            &config,
            &coded_core::SweepPlan::new(&config, None, None, Some(&[coded_core::Scheme::Bacc]))
                .unwrap(),
        )
        .unwrap();
        let rows = points
            .into_iter()
            .map(|summary| coded_panels::table::TableRow {
                summary,
                round_squared_error: Some(0.25),
                round_failure: None,
            })
            .collect();
        let saved = SavedResults {
            curves: Some(curves(&config, &ui)),
            table: Some(TableView::assemble(&config, 0, rows)),
        };
        let study = with_results(page_study(&config, &ui), &saved);
        let text = study.to_json();
        assert!(text.contains("\"results\""));
        // The core reads it back (the CLI reruns such a file).
        assert_eq!(Study::from_json(&text).unwrap(), study);
        // The page reads the state and the results back.
        let opened = read(&text, &LinkState::default()).unwrap();
        assert_eq!(opened.results, saved);
        assert_eq!(opened.state.config, config);
        assert_eq!(opened.state.ui.sweep_ns, [8, 16]);
        assert_eq!(opened.state.ui.schemes(&config), study.schemes);
    }

    #[test]
    fn a_table_with_numbers_json_cannot_hold_is_left_out() {
        let text = r#"{"config": {}, "results": {"curves": null,
            "table": {"config_json": "{}", "trial": 0, "classifier": false, "rows": [{"summary":
            {"scheme": "bacc", "n": 40, "p": 0.2, "trials": 1, "failures": 0,
             "mse": {"mean": null, "std": null}, "mse_spread": null, "rmse": null,
             "rel_acc": null, "acc": null, "lost_mean": 0.0},
            "round_squared_error": null, "round_failure": null}], "caption": ""}}}"#;
        let opened = read(text, &LinkState::default()).unwrap();
        assert_eq!(opened.results, SavedResults::default());
    }

    #[test]
    fn the_saved_curves_choose_the_tab_and_a_plain_config_opens_too() {
        let config = Config::default();
        let ui = UiState {
            error_tab: CurveKind::P,
            ..UiState::default()
        };
        let mut view = curves(&config, &ui);
        view.curves.truncate(1);
        let saved = SavedResults {
            curves: Some(view),
            table: None,
        };
        let text = with_results(page_study(&config, &ui), &saved).to_json();
        let opened = read(&text, &LinkState::default()).unwrap();
        assert_eq!(opened.state.ui.error_tab, CurveKind::P);
        // Error vs σ: the study records the setting and its values, and
        // opening it comes back to them (no saved curves needed).
        let sigma = UiState {
            error_tab: CurveKind::Noise,
            sweep_values: Some(vec![0.01, 0.1]),
            ..UiState::default()
        };
        let study = page_study(&config, &sigma);
        assert!(study
            .to_json_line()
            .contains(r#""over":{"setting":"noise","values":[0.01,0.1]}"#));
        let opened = read(&study.to_json(), &LinkState::default()).unwrap();
        assert_eq!(opened.state.ui.error_tab, CurveKind::Noise);
        assert_eq!(opened.state.ui.sweep_values, Some(vec![0.01, 0.1]));
        assert!(!page_study(&config, &UiState::default())
            .to_json_line()
            .contains("over"));
        let plain = read(r#"{"k": 4, "trials": 9}"#, &LinkState::default()).unwrap();
        assert_eq!((plain.state.config.k, plain.state.config.trials), (4, 9));
        assert_eq!(plain.results, SavedResults::default());
    }

    #[test]
    fn bad_files_are_refused_in_plain_words() {
        let current = LinkState::default();
        let mut messages = vec![];
        for (text, want) in [
            ("not json", "This file is not a study: not valid JSON"),
            ("[1, 2]", "This file is not a study: expected a JSON object."),
            (
                r#"{"config": {"k": 50, "n": 40}}"#,
                "The file's K (inputs) cannot be used: got 50; expected a whole number from 1 to min(n, 1024).",
            ),
            (
                r#"{"config": {"scheme": "magic"}}"#,
                "The file's Scheme shown cannot be used: got the text “magic”; expected one of \"bacc\"",
            ),
            (
                r#"{"config": {}, "extra": 1}"#,
                "The file's “extra” cannot be used: unknown key of a study",
            ),
            (
                r#"{"config": {}, "results": {"curves": 3}}"#,
                "The file's results cannot be read: invalid type",
            ),
            (
                r#"{"config": {}, "n": [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130]}"#,
                "The file's settings cannot all be used: ns = ",
            ),
        ] {
            let message = read(text, &current).unwrap_err();
            assert!(message.starts_with(want), "{text}: {message}");
            assert!(!message.contains('`'), "{message}");
            messages.push(message);
        }
        // A refusal does not say what a link would use instead: nothing is.
        assert!(
            !messages.iter().any(|m| m.contains("using")),
            "{messages:?}"
        );
    }
}
