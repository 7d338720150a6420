//! The caption of an exported image: every setting of the experiment that
//! differs from its default, in words ("Noise σ = 0.1; Straggler model =
//! Exactly S at random; S = 3; Trials = 7").
//!
//! Why from the table of settings: the caption then names every setting a
//! person can change (a new one is in it the day it is in the table), in
//! the controls' own words, and cannot disagree with what a link carries.

use super::choices::Choice;
use super::model::{Group, Home, Kind, LinkState, Setting};
use super::view::WORKERS;

/// What the caption says when nothing differs.
pub const ALL_DEFAULTS: &str = "Every setting at its default.";

/// A label without its trailing explanation in brackets: "K (inputs)" is
/// "K", "BACC (Berrut)" is "BACC".
fn short(label: &str) -> &str {
    match label.rfind(" (") {
        Some(i) if label.ends_with(')') => &label[..i],
        _ => label,
    }
}

/// Whether the setting belongs to the experiment: a control of the
/// controls column's fieldsets (the configuration, the compared schemes,
/// the N and p lists), not the panels shown, nor the pool's size (the
/// numbers do not depend on it).
fn of_the_experiment(st: &Setting) -> bool {
    let fieldset = Group::SHOWN.contains(&st.group) && st.group != Group::Panels;
    fieldset && st.key != WORKERS.key
}

/// Whether `st` is worth naming in `s`: it applies, and its value differs
/// from the default, or it does not even exist at the defaults (the S of
/// a model other than the default one, the text of your own formula).
fn differs(st: &Setting, s: &LinkState) -> bool {
    if (st.applies)(s).is_err() {
        return false;
    }
    let absent_by_default =
        matches!(st.home, Home::Config(_)) && (st.applies)(&LinkState::default()).is_err();
    absent_by_default || !st.is_default(s)
}

/// The value of `st` in words: a choice by its label, a list with spaces.
fn value_words(st: &Setting, s: &LinkState) -> String {
    let text = (st.text)(s);
    let label_of = |choices: fn() -> Vec<Choice>, v: &str| {
        choices()
            .into_iter()
            .find(|c| c.value == v)
            .map_or(v.to_string(), |c| short(c.label).to_string())
    };
    match st.kind {
        Kind::Choice(choices) => label_of(choices, &text),
        Kind::Set { choices, .. } => text
            .split(',')
            .map(|v| label_of(choices, v))
            .collect::<Vec<_>>()
            .join(", "),
        Kind::NumberOrAuto {
            auto, auto_label, ..
        } if text == auto => short(auto_label).to_string(),
        Kind::List => text.replace(',', ", "),
        Kind::Whole
        | Kind::Seed
        | Kind::Number
        | Kind::NumberOrAuto { .. }
        | Kind::Text
        | Kind::Elsewhere => text,
    }
}

/// The settings of the experiment in `s` that differ from the defaults,
/// in the order of `table` (the table of settings), as one line: "Settings
/// other than the defaults: Noise σ = 0.1; Trials = 7", or
/// [`ALL_DEFAULTS`].
pub fn differences(table: &[Setting], s: &LinkState) -> String {
    let named: Vec<String> = table
        .iter()
        .filter(|st| of_the_experiment(st) && differs(st, s))
        .map(|st| format!("{} = {}", short(st.label), value_words(st, s)))
        .collect();
    if named.is_empty() {
        ALL_DEFAULTS.to_string()
    } else {
        format!("Settings other than the defaults: {}.", named.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Config;

    fn differences_from_default(s: &LinkState) -> String {
        differences(crate::settings::SETTINGS, s)
    }

    fn caption(config: &str) -> String {
        differences_from_default(&LinkState {
            config: Config::from_json(config).unwrap(),
            ..LinkState::default()
        })
    }

    #[test]
    fn the_defaults_say_so() {
        assert_eq!(
            differences_from_default(&LinkState::default()),
            ALL_DEFAULTS
        );
        // The pool's size and the view are not the experiment.
        let mut s = LinkState::default();
        s.ui.workers = Some(3);
        s.ui.references = false;
        s.ui.trial = 4;
        assert_eq!(differences_from_default(&s), ALL_DEFAULTS);
    }

    #[test]
    fn every_changed_setting_is_named_in_words() {
        assert_eq!(
            caption(r#"{"noise": 0.1}"#),
            "Settings other than the defaults: Noise σ = 0.1."
        );
        assert_eq!(
            caption(
                r#"{"scheme": "letcc", "function": "cubic", "k": 4, "lambda_enc": 0.001,
                    "lambda_dec": 1e-6, "trials": 7, "seed": 2,
                    "stragglers": {"model": "fixed", "s": 3}}"#
            ),
            "Settings other than the defaults: Scheme shown = LeTCC; Function f = x³ − 2x; \
             K = 4; Straggler model = Exactly S at random; S = 3; λ_enc = 1e-3; \
             λ_dec = 1e-6; Trials = 7; Seed = 2."
        );
        // A parameter of another model is named even at its default value
        // (S = 5 is the default S, but the default model has no S).
        assert_eq!(
            caption(r#"{"stragglers": {"model": "fixed", "s": 5}}"#),
            "Settings other than the defaults: Straggler model = Exactly S at random; S = 5."
        );
        // The model's own p: only p differs.
        assert_eq!(
            caption(r#"{"stragglers": {"model": "iid", "p": 0.3}}"#),
            "Settings other than the defaults: p = 0.3."
        );
        let formula = caption(r#"{"function": {"expr": "sin(3*x)"}}"#);
        assert!(
            formula.starts_with(
                "Settings other than the defaults: Function f = your own formula; \
                 Formula f(x) = sin(3*x)"
            ),
            "{formula}"
        );
    }

    #[test]
    fn the_studys_lists_are_named_too() {
        let mut s = LinkState::default();
        s.ui.sweep_ns = vec![20, 40];
        s.ui.compare = vec![coded_core::Scheme::Lcc];
        assert_eq!(
            differences_from_default(&s),
            "Settings other than the defaults: Compare = BACC, LCC; N values = 20, 40."
        );
    }
}
