//! "Open study…": reads a study file the page exported (with or without its
//! results) back into the page: its settings as a link would load them, and
//! its saved error curves beside the current ones until removed.
//!
//! Why a component apart from the export row: it holds the opened file's
//! state (its name, a refusal's message) and the browser's file reading;
//! the reading itself is `study_file`'s, tested natively.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

use super::study_file;
use crate::state::AppState;

/// The element ids of the controls (the end-to-end tests use them).
pub const INPUT_ID: &str = "open-study";
pub const MESSAGE_ID: &str = "open-study-message";
pub const REMOVE_ID: &str = "saved-remove";

/// Applies a study file's text: its state and saved curves, or the reason
/// it was refused (then nothing changes). Returns the words to show.
fn apply(state: AppState, name: &str, text: &str) -> String {
    match study_file::read(text, &state.link_state()) {
        Ok(opened) => {
            state.load(&opened.state);
            let curves = opened.results.curves.map(Arc::new);
            let shown = curves.is_some();
            state.saved_curves.set(curves);
            if shown {
                format!("Opened {name}: its settings, and its saved error curves (dash-dotted, “saved: …”) beside the curves computed now.")
            } else {
                format!("Opened {name}: its settings (it holds no saved error curves).")
            }
        }
        Err(why) => format!("{name} was not opened. {why}"),
    }
}

/// Reads the file chosen in `input` as text, then [`apply`]s it.
fn read_chosen(input: web_sys::HtmlInputElement, state: AppState, message: RwSignal<String>) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let name = file.name();
    let done = Closure::once(move |text: JsValue| {
        let text = text.as_string().unwrap_or_default();
        message.try_set(apply(state, &name, &text));
    });
    let failed = Closure::once(move |_: JsValue| {
        message.try_set("The file could not be read.".to_string());
    });
    let _ = file.text().then2(&done, &failed);
    // The promise settles later: the closures live until then (once).
    done.forget();
    failed.forget();
    // The same file chosen again is a change too.
    input.set_value("");
}

/// The file input, the message about the last file, and the button that
/// removes the saved curves.
#[component]
pub fn OpenStudy(state: AppState) -> impl IntoView {
    let message = RwSignal::new(String::new());
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            read_chosen(input, state, message);
        }
    };
    let remove = move |_| {
        state.saved_curves.set(None);
        message.set("The saved curves are removed.".into());
    };
    view! {
        <label class="file-choice" for=INPUT_ID>"Open study…"</label>
        <input type="file" id=INPUT_ID accept=".json,application/json" on:change=on_change />
        <Show when=move || state.saved_curves.with(Option::is_some)>
            <button type="button" id=REMOVE_ID on:click=remove>
                "Remove the saved curves"
            </button>
        </Show>
        <span class="note" id=MESSAGE_ID role="status">
            {move || message.get()}
        </span>
    }
}
