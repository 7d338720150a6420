//! The bar above the panels: the link with Copy link and Embed…, the Embed
//! dialog, the presets and the exports.
//!
//! Why it only composes: each part is a component of its own; this one
//! holds what outlives the dialog (whether it is open, what it is set to).

use leptos::html;
use leptos::prelude::*;

use super::copy_button::CopyButton;
use super::embed_dialog::EmbedDialog;
use super::export_bar::ExportBar;
use super::link::PageLink;
use super::presets_bar::PresetsBar;
use super::snippet::EmbedChoice;
use crate::state::AppState;

/// Copy link, Embed, presets and export, above the panels.
#[component]
pub fn ShareBar(state: AppState, link: PageLink) -> impl IntoView {
    let address = Memo::new(move |_| link.address(state));
    let embed_open = RwSignal::new(false);
    let choice = RwSignal::new(EmbedChoice::default());
    let embed_button_ref = NodeRef::<html::Button>::new();
    // Close (or Escape) gives focus back to the button that opened the
    // dialog, so the user is not left on a removed element.
    let close_embed = Callback::new(move |()| {
        embed_open.set(false);
        if let Some(b) = embed_button_ref.get_untracked() {
            let _ = b.focus();
        }
    });
    view! {
        <section class="share" aria-label="Share, presets and export">
            <div class="share-row">
                <label for="share-link">"Link to this view"</label>
                <input
                    type="text"
                    id="share-link"
                    readonly=true
                    prop:value=move || address.get()
                />
                <CopyButton
                    id="copy-link"
                    field="share-link"
                    label="Copy link"
                    status_id="copy-status"
                    fallback="Select the link and copy it."
                >
                    <button
                        type="button"
                        id="embed-button"
                        node_ref=embed_button_ref
                        aria-expanded=move || embed_open.get().to_string()
                        aria-controls="embed-dialog"
                        on:click=move |_| embed_open.update(|o| *o = !*o)
                    >
                        "Embed…"
                    </button>
                </CopyButton>
            </div>
            <Show when=move || embed_open.get()>
                <EmbedDialog state=state choice=choice on_close=close_embed />
            </Show>
            <PresetsBar state=state />
            <ExportBar state=state />
        </section>
    }
}
