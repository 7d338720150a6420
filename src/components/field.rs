//! `Field`: one control's frame: a label tied to the input, a one-line
//! explanation, the allowed range, and the message when the value is invalid.
//!
//! Why one component: every control must show the same four things in the
//! same place, and an invalid value must be visible next to the input that
//! caused it (the app keeps drawing the last valid state meanwhile).

use leptos::prelude::*;

/// The error shown, if any: (field names it concerns, message). Field names
/// are the `Config` fields of the core's `ConfigError`, or UI names.
pub type FieldError = RwSignal<Option<(String, String)>>;

#[component]
pub fn Field(
    /// Element id of the input inside; the label points at it.
    #[prop(into)]
    id: String,
    #[prop(into)] label: String,
    /// One line: what the value does.
    #[prop(into)]
    help: String,
    /// The allowed values, e.g. "1 – 8192".
    #[prop(into)]
    range: String,
    /// Which error fields are shown here (several separated by spaces).
    #[prop(into)]
    fields: String,
    errors: FieldError,
    children: Children,
) -> impl IntoView {
    let help_id = format!("{id}-help");
    let error_id = format!("{id}-error");
    let names: Vec<String> = fields.split_whitespace().map(str::to_string).collect();
    let message = move || {
        errors
            .get()
            .filter(|(f, _)| names.iter().any(|n| n == f))
            .map(|(_, m)| m)
    };
    let has_error = {
        let message = message.clone();
        move || message().is_some()
    };
    view! {
        <div class="control" class:invalid=has_error>
            <label for=id>{label}</label>
            {children()}
            <p class="help" id=help_id>
                {help}
                " "
                <span class="range">{range}</span>
            </p>
            <p class="field-error" id=error_id role="alert">
                {message}
            </p>
        </div>
    }
}
