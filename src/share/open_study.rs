//! "Open study…": reads a study file the page exported (with or without its
//! results) back into the page: its settings as a link would load them, and
//! its saved error curves beside the current ones until removed. All or
//! nothing: a file refused for any reason changes nothing (the controls,
//! the link, the plots, the history).
//!
//! Why a component apart from the export row: it holds the opened file's
//! state (its name, the reading waiting for the worker, a refusal's
//! message) and the browser's file reading. The reading itself is
//! `study_file`'s, tested natively; the worker answers what the page
//! cannot check alone (the formula, the view of the study's plot).

use std::sync::Arc;

use coded_panels::errors::CurvesView;
use coded_protocol::saved::too_large;
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

use super::study_file::{self, Reading};
use crate::state::AppState;

/// The element ids of the controls (the end-to-end tests use them).
pub const INPUT_ID: &str = "open-study";
pub const MESSAGE_ID: &str = "open-study-message";
pub const REMOVE_ID: &str = "saved-remove";

/// The last reading's id, and the file it reads while the worker has not
/// answered: its name and what the page read of it.
type Pending = StoredValue<(u64, Option<(String, Reading)>)>;

fn refused(name: &str, why: &str) -> String {
    format!("{name} was not opened. {why}")
}

/// Finishes the reading of the file `name` with the worker's answer: its
/// state and saved curves, or the reason it was refused (then nothing
/// changes). Returns the words to show.
fn apply(
    state: AppState,
    name: &str,
    reading: Reading,
    checked: Result<CurvesView, String>,
) -> String {
    match study_file::finish(reading, checked) {
        Ok(opened) => {
            state.load(&opened.state);
            let curves = opened.curves.map(Arc::new);
            let shown = curves.is_some();
            state.saved_curves.set(curves);
            if shown {
                format!("Opened {name}: its settings, and its saved error curves (dash-dotted, “saved: …”) beside the curves computed now.")
            } else {
                format!("Opened {name}: its settings (it holds no saved error curves).")
            }
        }
        Err(why) => refused(name, &why),
    }
}

/// Reads the file chosen in `input` (a file larger than any study is
/// refused unread), then asks the worker what the page cannot check.
fn read_chosen(
    input: web_sys::HtmlInputElement,
    state: AppState,
    message: RwSignal<String>,
    pending: Pending,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    // The same file chosen again is a change too.
    input.set_value("");
    let name = file.name();
    let id = pending.with_value(|p| p.0) + 1;
    pending.set_value((id, None));
    if let Some(why) = too_large(file.size() as usize) {
        message.set(refused(&name, &why));
        return;
    }
    message.set(format!("Reading {name}…"));
    let failed_name = name.clone();
    let done = Closure::once(move |text: JsValue| {
        // Another file chosen meanwhile: this one is dropped.
        if pending.try_with_value(|p| p.0) != Some(id) {
            return;
        }
        let text = text.as_string().unwrap_or_default();
        match study_file::read(&text, &state.link_state()) {
            Ok(reading) => {
                let ask = (id, reading.study.config.clone(), reading.plot.kind);
                pending.set_value((id, Some((name, reading))));
                state.study_request.try_set(Some(ask));
            }
            Err(why) => {
                message.try_set(refused(&name, &why));
            }
        }
    });
    let failed = Closure::once(move |_: JsValue| {
        if pending.try_with_value(|p| p.0) == Some(id) {
            message.try_set(refused(&failed_name, "The file could not be read."));
        }
    });
    let _ = file.text().then2(&done, &failed);
    // The promise settles later: the closures live until then (once).
    done.forget();
    failed.forget();
}

/// The file input, the message about the last file, and the button that
/// removes the saved curves.
#[component]
pub fn OpenStudy(state: AppState) -> impl IntoView {
    let message = RwSignal::new(String::new());
    let pending: Pending = StoredValue::new((0, None));
    // The worker's answer for the file being read.
    Effect::new(move |_| {
        state.study_checked.track();
        let Some(Some((id, checked))) = state.study_checked.try_update_untracked(Option::take)
        else {
            return;
        };
        let waiting = pending.try_update_value(|p| if p.0 == id { p.1.take() } else { None });
        if let Some(Some((name, reading))) = waiting {
            message.set(untrack(|| apply(state, &name, reading, checked)));
        }
    });
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            read_chosen(input, state, message, pending);
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
