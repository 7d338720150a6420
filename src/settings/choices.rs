//! The values a select or a checkbox group offers, with their labels.
//!
//! Why a module: the wire names and labels are the core's (each written once,
//! on the enum); the controls and the messages that list the choices read
//! them from here.

use coded_core::{FunctionKind, LambdaRule, PointSet, Scheme, StragglerModel};
use coded_plots::compute::Panels;

/// One choice: its value as the link and the config write it, and its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
}

/// Panels by their URL names (also `embed=` values), in page order.
pub const PANELS: [&str; 5] = ["stragglers", "encdec", "digits", "errors", "table"];

fn choices<T: Copy>(
    all: &[T],
    value: fn(T) -> &'static str,
    label: fn(T) -> &'static str,
) -> Vec<Choice> {
    all.iter()
        .map(|&v| Choice {
            value: value(v),
            label: label(v),
        })
        .collect()
}

pub fn scheme_choices() -> Vec<Choice> {
    choices(&Scheme::ALL, Scheme::name, Scheme::long_label)
}

pub fn function_choices() -> Vec<Choice> {
    choices(&FunctionKind::ALL, FunctionKind::name, FunctionKind::label)
}

pub fn point_choices() -> Vec<Choice> {
    choices(&PointSet::ALL, PointSet::name, PointSet::label)
}

pub fn lambda_rule_choices() -> Vec<Choice> {
    choices(&LambdaRule::ALL, LambdaRule::name, LambdaRule::label)
}

pub fn model_choices() -> Vec<Choice> {
    choices(
        &StragglerModel::ALL,
        StragglerModel::name,
        StragglerModel::label,
    )
}

pub fn panel_choices() -> Vec<Choice> {
    PANELS
        .iter()
        .zip([
            "Straggler pattern",
            "Encode → decode",
            "Coded digits",
            "Error curves",
            "Results table",
        ])
        .map(|(&value, label)| Choice { value, label })
        .collect()
}

fn panel_flag<'a>(p: &'a mut Panels, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "stragglers" => &mut p.stragglers,
        "encdec" => &mut p.encdec,
        "digits" => &mut p.digits,
        "errors" => &mut p.errors,
        "table" => &mut p.table,
        _ => return None,
    })
}

pub fn panel_shown(p: &Panels, name: &str) -> bool {
    let mut p = *p;
    panel_flag(&mut p, name).is_some_and(|f| *f)
}

pub fn no_panels() -> Panels {
    Panels {
        stragglers: false,
        encdec: false,
        digits: false,
        errors: false,
        table: false,
    }
}

/// Shows the panel of that name; false for no such panel.
pub fn show_panel(p: &mut Panels, name: &str) -> bool {
    panel_flag(p, name).map(|f| *f = true).is_some()
}

/// Only the named panel shown (embed mode).
pub fn only_panel(name: &str) -> Panels {
    let mut p = no_panels();
    show_panel(&mut p, name);
    p
}
