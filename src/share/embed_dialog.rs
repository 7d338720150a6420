//! The Embed dialog: which panel, which controls and which look an embed
//! has, and the snippet to paste into a lecture page.
//!
//! Why apart from the share bar: it is the one dialog of the page, with its
//! own focus handling; the snippet it shows is built by `snippet` (pure).

use coded_panels::Panel;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::copy_button::CopyButton;
use super::link::{base_url, origin};
use super::snippet::{snippet, unknown_controls_note, EmbedChoice};
use crate::components::choice_select;
use crate::settings::look::{Size, ThemeChoice};
use crate::state::AppState;

/// How the Colours select words each choice.
fn theme_text(t: ThemeChoice) -> &'static str {
    match t {
        ThemeChoice::System => "as the viewer's system",
        ThemeChoice::Light => "light",
        ThemeChoice::Dark => "dark",
    }
}

/// How the Size select words each choice.
fn size_text(s: Size) -> &'static str {
    match s {
        Size::Page => "as wide as the page, as tall as its content",
        Size::Slide => {
            "a slide: fills the box the host gives it, 16:9 unless the host says otherwise"
        }
    }
}

/// A checkbox `id` with its label `words` that shows and sets one switch
/// of `choice` (`get`, `set`).
fn switch_box(
    id: &'static str,
    choice: RwSignal<EmbedChoice>,
    get: fn(&EmbedChoice) -> bool,
    set: fn(&mut EmbedChoice, bool),
    words: &'static str,
) -> impl IntoView {
    view! {
        <label class="check" for=id>
            <input
                type="checkbox"
                id=id
                prop:checked=move || choice.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    choice.update(|c| set(c, on));
                }
            />
            {words}
        </label>
    }
}

/// The dialog, set to `choice` (kept while it is closed); `on_close` runs
/// on Close and on Escape.
#[component]
pub fn EmbedDialog(
    state: AppState,
    choice: RwSignal<EmbedChoice>,
    on_close: Callback<()>,
) -> impl IntoView {
    let unknown_note = Memo::new(move |_| choice.with(|c| unknown_controls_note(&c.controls)));
    let snippet_text = Memo::new(move |_| {
        choice.with(|c| snippet(&base_url(), &origin(), state.link_state_tracked(), c))
    });
    // Opening the dialog moves focus into it (its first control), so a
    // keyboard user lands where the new content is.
    let dialog_ref = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        let first = dialog_ref
            .get()
            .and_then(|d| d.query_selector("select").ok().flatten());
        if let Some(select) = first.and_then(|s| s.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = select.focus();
        }
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            on_close.run(());
        }
    };
    view! {
        <div
            class="embed-dialog"
            id="embed-dialog"
            role="dialog"
            aria-label="Embed a panel"
            aria-describedby="embed-help"
            node_ref=dialog_ref
            on:keydown=on_key
        >
            <label for="embed-panel">"Panel"</label>
            {choice_select(
                "embed-panel",
                Panel::ALL,
                Panel::name,
                Panel::title,
                move |p| choice.with(|c| c.panel == p),
                move |p| choice.update(|c| c.panel = p),
            )}
            <label for="embed-controls">"Controls shown (comma-separated, e.g. N, p, σ)"</label>
            <input
                type="text"
                id="embed-controls"
                autocomplete="off"
                list="embed-control-names"
                aria-describedby="embed-controls-unknown"
                prop:value=move || choice.with(|c| c.controls.clone())
                on:input=move |ev| choice.update(|c| c.controls = event_target_value(&ev))
            />
            // Every control an embed can keep, by its id (what a link
            // names), shown with its label.
            <datalist id="embed-control-names">
                {crate::settings::control_ids()
                    .filter_map(crate::settings::by_id)
                    .map(|st| view! { <option value=st.id>{st.label}</option> })
                    .collect_view()}
            </datalist>
            // Names that are no control are left out: say which.
            <p
                class="help embed-unknown"
                id="embed-controls-unknown"
                role="status"
                hidden=move || unknown_note.with(Option::is_none)
            >
                {move || unknown_note.get().unwrap_or_default()}
            </p>
            <label for="embed-theme">"Colours"</label>
            {choice_select(
                "embed-theme",
                ThemeChoice::ALL,
                ThemeChoice::name,
                theme_text,
                move |t| choice.with(|c| c.look.theme == t),
                move |t| choice.update(|c| c.look.theme = t),
            )}
            <label for="embed-size">"Size"</label>
            {choice_select(
                "embed-size",
                Size::ALL,
                Size::name,
                size_text,
                move |v| choice.with(|c| c.look.size == v),
                move |v| choice.update(|c| c.look.size = v),
            )}
            {switch_box(
                "embed-plot-only",
                choice,
                |c| c.look.plot_only,
                |c, on| c.look.plot_only = on,
                "the plot alone, without the explanation text",
            )}
            {switch_box(
                "embed-pick",
                choice,
                |c| c.look.picks,
                |c, on| c.look.picks = on,
                "clicks on the straggler plot make servers straggle or answer (otherwise a click on an embed changes nothing)",
            )}
            <label for="embed-snippet">"Paste this into your page"</label>
            <textarea
                id="embed-snippet"
                readonly=true
                rows="6"
                prop:value=move || snippet_text.get()
            ></textarea>
            <div class="embed-actions">
                <CopyButton
                    id="embed-copy"
                    field="embed-snippet"
                    label="Copy"
                    status_id="embed-copy-status"
                    fallback="Select the snippet and copy it."
                >
                    <button type="button" id="embed-close" on:click=move |_| on_close.run(())>
                        "Close"
                    </button>
                </CopyButton>
            </div>
            <p class="help" id="embed-help">
                "The snippet holds the panel and a short script that makes its frame as tall as what it shows. Escape closes this dialog."
            </p>
        </div>
    }
}
