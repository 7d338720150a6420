//! `TypedInput`: a text field that a person types a value into.
//!
//! Why not `type="number"` and a parse on every key: a value is often not
//! valid while it is being typed ("0.", "-", "1e", an empty field), and
//! writing a parsed value back into the field moved the caret and ate the
//! keys ("0.35" became "350"). Here the field keeps exactly what was typed,
//! and the value is read when it is complete: after a pause, on Enter, or
//! when the field loses focus.

use std::time::Duration;

use leptos::prelude::*;

use crate::drafts::Draft;

/// The pause after the last key before a typed value is read.
pub const PAUSE: Duration = Duration::from_millis(700);

#[component]
pub fn TypedInput<C>(
    id: &'static str,
    draft: Draft,
    /// Reads the typed value (and reports it if invalid).
    commit: C,
    /// Set while typing that is not read yet is in the field.
    editing: RwSignal<bool>,
    /// `numeric` or `decimal`: the keyboard a phone shows.
    inputmode: &'static str,
    #[prop(optional, into)] disabled: Signal<bool>,
    /// A whole-number field: ArrowUp and ArrowDown add and take 1 and read
    /// the value at once (as a number field's would).
    #[prop(optional)]
    steps: bool,
    /// Extra ids for `aria-describedby` besides the help and the error.
    #[prop(optional)]
    described_by: Option<String>,
) -> impl IntoView
where
    C: Fn() + Copy + Send + Sync + 'static,
{
    let pending = StoredValue::new(None::<TimeoutHandle>);
    let read_now = move || {
        if let Some(h) = pending.get_value() {
            h.clear();
            pending.set_value(None);
            commit();
        }
    };
    view! {
        <input
            type="text"
            id=id
            inputmode=inputmode
            autocomplete="off"
            spellcheck="false"
            aria-describedby=described_by.unwrap_or_else(|| format!("{id}-help {id}-error"))
            prop:disabled=move || disabled.get()
            // Only a reset (a preset, a link) writes into the field.
            prop:value=move || {
                draft.reset.track();
                draft.text.get_untracked()
            }
            on:input=move |ev| {
                draft.text.set(event_target_value(&ev));
                editing.set(true);
                if let Some(h) = pending.get_value() {
                    h.clear();
                }
                let later = set_timeout_with_handle(
                    move || {
                        pending.set_value(None);
                        commit();
                    },
                    PAUSE,
                );
                pending.set_value(later.ok());
            }
            on:keydown=move |ev| {
                let key = ev.key();
                if key == "Enter" {
                    read_now();
                } else if steps && (key == "ArrowUp" || key == "ArrowDown") {
                    if let Some(v) = crate::settings::whole(&draft.text.get_untracked()) {
                        ev.prevent_default();
                        let v = if key == "ArrowUp" { v.saturating_add(1) } else { v.saturating_sub(1) };
                        if let Some(h) = pending.get_value() {
                            h.clear();
                            pending.set_value(None);
                        }
                        draft.replace(v.to_string());
                        commit();
                    }
                }
            }
            on:blur=move |_| read_now()
        />
    }
}
