//! `Field`: one control's frame: a label tied to the input, a one-line
//! explanation, the allowed values, and the message when the value is
//! invalid.
//!
//! Why one component: every control must show the same four things in the
//! same place, and an invalid value must be visible next to the input that
//! caused it (the app keeps drawing the last valid state meanwhile).

use leptos::prelude::*;

use crate::drafts::Invalid;

#[component]
pub fn Field(
    /// The setting's control id: the input's element id (the label points
    /// at it) and the frame's `data-setting` (embed mode keeps or hides it).
    id: &'static str,
    #[prop(into)] label: String,
    /// One line: what the value does.
    #[prop(into)]
    help: String,
    /// The allowed values in words.
    #[prop(into)]
    range: Signal<String>,
    invalid: RwSignal<Vec<Invalid>>,
    children: Children,
) -> impl IntoView {
    let message = move || {
        invalid.with(|v| {
            v.iter()
                .find(|(i, _)| *i == id)
                .map(|(_, m)| format!("{m}."))
        })
    };
    let has_error = move || invalid.with(|v| v.iter().any(|(i, _)| *i == id));
    view! {
        <div class="control" class:invalid=has_error data-setting=id>
            <label for=id>{label}</label>
            {children()}
            <p class="help" id=format!("{id}-help")>
                {help}
                " "
                <Show when=move || range.with(|r| !r.is_empty())>
                    <span class="range">{move || range.get()}</span>
                </Show>
            </p>
            <p class="field-error" id=format!("{id}-error") role="alert">
                {message}
            </p>
        </div>
    }
}
