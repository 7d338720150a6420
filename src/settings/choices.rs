//! The values a select or a checkbox group offers, with their labels.
//!
//! Why a module: the wire names and labels are the core's (each written once,
//! on the enum); the controls and the messages that list the choices read
//! them from here.

use coded_core::functions::FORMULA_NAME;
use coded_core::statistic::Statistic;
use coded_core::{Attack, FunctionKind, LambdaRule, Placement, PointSet, Scheme, StragglerModel};
use coded_panels::Panel;
use coded_panels::Panels;

/// One choice: its value as the link and the config write it, and its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
}

/// Panels by their URL names (also `embed=` values), in page order.
pub fn panel_names() -> [&'static str; Panel::ALL.len()] {
    Panel::ALL.map(|x| x.name())
}

fn choices<T>(
    all: &[T],
    value: fn(&T) -> &'static str,
    label: fn(&T) -> &'static str,
) -> Vec<Choice> {
    all.iter()
        .map(|v| Choice {
            value: value(v),
            label: label(v),
        })
        .collect()
}

pub fn scheme_choices() -> Vec<Choice> {
    choices(&Scheme::ALL, Scheme::name, |x| x.long_label())
}

/// The built-in functions, then "your own formula" (its text has a field of
/// its own, shown when it is chosen).
pub fn function_choices() -> Vec<Choice> {
    let mut c: Vec<Choice> = FunctionKind::ALL
        .iter()
        .map(|f| Choice {
            value: f.name(),
            label: f.label(),
        })
        .collect();
    c.push(Choice {
        value: FORMULA_NAME,
        label: FORMULA_LABEL,
    });
    c
}

/// The formula's entry in the list of functions.
pub const FORMULA_LABEL: &str = "your own formula (below)";

pub fn point_choices() -> Vec<Choice> {
    choices(&PointSet::ALL, PointSet::name, |x| x.label())
}

pub fn attack_choices() -> Vec<Choice> {
    choices(&Attack::ALL, Attack::name, |x| x.label())
}

pub fn placement_choices() -> Vec<Choice> {
    choices(&Placement::ALL, Placement::name, |x| x.label())
}

pub fn lambda_rule_choices() -> Vec<Choice> {
    choices(&LambdaRule::ALL, LambdaRule::name, |x| x.label())
}

pub fn model_choices() -> Vec<Choice> {
    choices(
        &StragglerModel::ALL,
        StragglerModel::name,
        StragglerModel::label,
    )
}

pub fn panel_choices() -> Vec<Choice> {
    choices(&Panel::ALL, |x| x.name(), |x| x.title())
}

pub fn panel_shown(p: &Panels, name: &str) -> bool {
    Panel::parse(name).is_some_and(|x| p.shows(x))
}

/// Shows the panel of that name; false for no such panel.
pub fn show_panel(p: &mut Panels, name: &str) -> bool {
    Panel::parse(name).map(|x| p.set(x, true)).is_some()
}

/// The statistics of a round's error the curves can show.
pub fn statistic_choices() -> Vec<Choice> {
    Statistic::ALL
        .iter()
        .map(|s| Choice {
            value: s.name(),
            label: s.words(),
        })
        .collect()
}
