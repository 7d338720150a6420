//! A study file, as "Open study…" reads it, all or nothing: its size
//! against the largest study the page writes, its JSON and settings (as a
//! link's, by the link's own rules), its formula and the view its plot has
//! without points (the worker's: `coded_engine::study_file`), then its
//! saved results against its own settings (`coded_protocol::saved`), and
//! only then the state it loads; or one refusal, in the page's words.
//!
//! Why pure functions: the file is whatever a person picks, so every
//! refusal's words are tested natively, and a refused file changes
//! nothing in the page.

use coded_core::Study;
use coded_panels::errors::CurvesView;
use coded_protocol::saved::{self, too_large, Plot};

use crate::settings::{Home, LinkState, SETTINGS};

/// A study file whose text and settings read: what is left to check needs
/// the worker (its formula, and the view of its plot without points).
#[derive(Clone, Debug)]
pub struct Reading {
    pub study: Study,
    /// The plot the study's settings draw: sent to the worker.
    pub plot: Plot,
    /// The state it loads once every check passed.
    pub state: LinkState,
}

/// A study file, opened: the state it loads and its saved error curves.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub state: LinkState,
    pub curves: Option<CurvesView>,
}

/// A refusal of the core's reader (or of the worker, for `function`), in
/// the page's words: the setting's label for a field of the configuration.
fn refusal(field: &str, message: &str) -> String {
    let setting = SETTINGS
        .iter()
        .find(|st| matches!(st.home, Home::Config(f) if f == field));
    match (field, setting) {
        ("(json)", _) => format!("This file is not a study: {message}."),
        (_, Some(st)) => format!("The file's {} cannot be used: {message}.", st.label),
        (key, None) => format!("The file's “{key}” cannot be used: {message}."),
    }
}

/// Reads a study file (a study, with or without results, or a plain
/// configuration) as far as the page can alone: the state it shows (its
/// configuration, schemes and N and p lists, the view of `current`
/// otherwise: the error plot on the study's tab, the first round), refused
/// when the file is larger than any study or its settings break a rule a
/// link's would.
pub fn read(text: &str, current: &LinkState) -> Result<Reading, String> {
    if let Some(why) = too_large(text.len()) {
        return Err(why);
    }
    let study = Study::from_json(text).map_err(|e| refusal(&e.field, &e.message))?;
    let plot = Plot::of(&study)
        .map_err(|why| format!("The file's settings cannot all be used: {why}."))?;
    saved::counts(&study, &plot)?;
    let mut ui = current.ui.clone();
    ui.compare = study.schemes.clone();
    ui.sweep_ns = study.n.clone();
    if let Some(ps) = &study.p {
        ui.sweep_ps = ps.clone();
    }
    ui.trial = 0;
    // The plot of the study's saved curves, or of the setting it runs
    // along (with its values); a plain configuration keeps the tab shown.
    let curves = study.results.as_ref().and_then(|r| r.get("curves"));
    if study.over.is_some() || curves.is_some_and(|c| !c.is_null()) {
        ui.axis = plot.kind;
    }
    if let Some(over) = &study.over {
        ui.sweep_values = Some(over.values.clone());
    }
    let wanted = LinkState {
        config: study.config.clone(),
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
    Ok(Reading { study, plot, state })
}

/// The page's query string (without `?`) that opens `text`, a study or a
/// plain configuration, as "Open study…" would show it (its saved results
/// aside): what the Python package's `coded.link` gives, so a notebook's
/// study opens in the page with the page's own rules.
pub fn link_query(text: &str) -> Result<String, String> {
    let value = coded_core::json::parse(text).map_err(|m| refusal("(json)", &m))?;
    // A plain configuration keeps the page's own lists (the schemes
    // compared, the N and p of the error plot), as a link of it would.
    let text = if Study::is_study(&value) {
        text.to_string()
    } else {
        let config =
            coded_core::Config::from_value(&value).map_err(|e| refusal(&e.field, &e.message))?;
        LinkState::default().ui.study(&config).to_json()
    };
    let reading = read(&text, &LinkState::default())?;
    Ok(crate::url::encode(&reading.state))
}

/// The rest of the reading, with the worker's answer (`checked`: the view
/// of the study's plot without points, or why its formula does not read):
/// its saved results against its own settings.
pub fn finish(reading: Reading, checked: Result<CurvesView, String>) -> Result<Opened, String> {
    let empty = checked.map_err(|why| refusal("function", &why))?;
    let curves = saved::read(&reading.study, &reading.plot, &empty)?;
    Ok(Opened {
        state: reading.state,
        curves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{Config, Scheme};
    use coded_panels::errors::Axis;
    use coded_protocol::saved::{with_results, SavedResults};
    use coded_protocol::UiState;

    #[test]
    fn a_link_opens_the_configuration_or_study_it_was_made_of() {
        let config =
            Config::from_json(r#"{"k": 8, "n": 64, "noise": 0.01, "trials": 30}"#).unwrap();
        let (state, notices) = crate::url::decode(&link_query(&config.to_json()).unwrap());
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(state.config, config);
        // A plain configuration keeps the page's lists.
        assert_eq!(state.ui, LinkState::default().ui);
        let study = r#"{"config": {"trials": 20}, "schemes": ["bacc", "approxifer"], "n": [20, 40, 80], "p": [0.25],
            "over": {"setting": "noise", "values": [0.001, 0.1]}}"#;
        let (state, notices) = crate::url::decode(&link_query(study).unwrap());
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(state.config.trials, 20);
        assert_eq!(state.ui.compare, [Scheme::Bacc, Scheme::Approxifer]);
        assert_eq!(state.ui.sweep_ns, [20, 40, 80]);
        assert_eq!(state.ui.sweep_ps, [0.25]);
        assert_eq!(state.ui.axis, Axis::Noise);
        assert_eq!(state.ui.sweep_values, Some(vec![0.001, 0.1]));
        for (bad, words) in [
            ("{", "This file is not a study"),
            (r#"{"k": 0}"#, "cannot be used"),
        ] {
            let e = link_query(bad).unwrap_err();
            assert!(e.contains(words), "{bad}: {e}");
        }
    }

    fn curves(config: &Config, ui: &UiState) -> CurvesView {
        coded_engine::curves(&mut coded_engine::Session::new(), config, ui).unwrap()
    }

    /// "Open study…" of `text`: the page's reading, the worker's check,
    /// the rest of the page's reading.
    fn open(text: &str, current: &LinkState) -> Result<Opened, String> {
        let reading = read(text, current)?;
        let checked = coded_engine::study_file::check(&reading.study.config, reading.plot.kind);
        finish(reading, checked)
    }

    #[test]
    fn a_study_with_results_survives_its_file() {
        let config = Config::from_json(r#"{"trials": 6, "k": 4, "noise": 0.1}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![8, 16],
            axis: Axis::N,
            ..UiState::default()
        };
        let mut session = coded_engine::Session::new();
        let saved = SavedResults {
            curves: Some(coded_engine::curves(&mut session, &config, &ui).unwrap()),
            table: Some(coded_engine::table(&mut session, &config, &ui).unwrap()),
        };
        let study = with_results(ui.study(&config), &saved);
        let text = study.to_json();
        assert!(text.contains("\"results\""));
        // The core reads it back (the CLI reruns such a file).
        assert_eq!(Study::from_json(&text).unwrap(), study);
        // The page reads the state and the curves back.
        let opened = open(&text, &LinkState::default()).unwrap();
        assert_eq!(opened.curves, saved.curves);
        assert_eq!(opened.state.config, config);
        assert_eq!(opened.state.ui.sweep_ns, [8, 16]);
        assert_eq!(opened.state.ui.schemes(&config), study.schemes);
    }

    #[test]
    fn the_saved_curves_choose_the_tab_and_a_plain_config_opens_too() {
        let config = Config::default();
        let ui = UiState {
            axis: Axis::P,
            ..UiState::default()
        };
        let mut view = curves(&config, &ui);
        view.curves.truncate(1);
        let saved = SavedResults {
            curves: Some(view),
            table: None,
        };
        let text = with_results(ui.study(&config), &saved).to_json();
        let opened = open(&text, &LinkState::default()).unwrap();
        assert_eq!(opened.state.ui.axis, Axis::P);
        // Error vs σ: the study records the setting and its values, and
        // opening it comes back to them (no saved curves needed).
        let sigma = UiState {
            axis: Axis::Noise,
            sweep_values: Some(vec![0.01, 0.1]),
            ..UiState::default()
        };
        let study = sigma.study(&config);
        assert!(study
            .to_json_line()
            .contains(r#""over":{"setting":"noise","values":[0.01,0.1]}"#));
        let opened = open(&study.to_json(), &LinkState::default()).unwrap();
        assert_eq!(opened.state.ui.axis, Axis::Noise);
        assert_eq!(opened.state.ui.sweep_values, Some(vec![0.01, 0.1]));
        assert!(!UiState::default()
            .study(&config)
            .to_json_line()
            .contains("over"));
        let plain = open(r#"{"k": 4, "trials": 9}"#, &LinkState::default()).unwrap();
        assert_eq!((plain.state.config.k, plain.state.config.trials), (4, 9));
        assert_eq!(plain.curves, None);
    }

    #[test]
    fn bad_files_are_refused_in_plain_words() {
        let current = LinkState::default();
        let mut messages = vec![];
        for (text, want) in [
            ("not json", "This file is not a study: not valid JSON: unexpected text (at line 1, column 2)."),
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
                r#"{"config": {"k": -0.0}}"#,
                "The file's K (inputs) cannot be used: got -0.0; expected a whole number",
            ),
            (
                r#"{"config": {"noise": "NaN"}}"#,
                "The file's Noise σ cannot be used: got the text “NaN”; expected a number in [0, 1e3].",
            ),
            (
                r#"{"config": {}, "config": {"k": 4}}"#,
                "This file is not a study: the key “config” appears twice in the outermost object",
            ),
            (
                r#"{"config": {"function": {"expr": "sin(3*x"}}}"#,
                "The file's Function f cannot be used: the formula is not valid at the end",
            ),
            (
                r#"{"config": {}, "extra": 1}"#,
                "The file's “extra” cannot be used: unknown key of a study",
            ),
            (
                r#"{"config": {}, "results": {"curves": 3}}"#,
                "The file's saved curves are not an error plot the page wrote: a value is not of the kind the page writes there.",
            ),
            (
                r#"{"config": {}, "n": [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130]}"#,
                "The file's settings cannot all be used: ns = ",
            ),
        ] {
            let message = open(text, &current).unwrap_err();
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
