//! A short "start here" note for first-time visitors, pointing to the
//! presets; dismissed once, it stays away (the browser's local storage).
//!
//! Why storage and not the link: a dismissed hint is the visitor's choice,
//! not part of the view a link shares.

use leptos::prelude::*;

const KEY: &str = "coded-playground-start-hint";

fn storage() -> Option<web_sys::Storage> {
    // Storage can be refused (privacy settings, a sandboxed iframe): then
    // the hint shows and its button only hides it for this visit.
    web_sys::window()?.local_storage().ok().flatten()
}

fn dismissed() -> bool {
    storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .as_deref()
        == Some("dismissed")
}

#[component]
pub fn StartHint() -> impl IntoView {
    let shown = RwSignal::new(!dismissed());
    let dismiss = move |_| {
        if let Some(s) = storage() {
            let _ = s.set_item(KEY, "dismissed");
        }
        shown.set(false);
    };
    view! {
        <Show when=move || shown.get()>
            <aside class="start-hint" id="start-hint" aria-label="Where to start">
                <p>
                    <strong>"New here? "</strong>
                    "Start with a preset below: each sets up an experiment from the papers and says what to look for. Then change N, p or the scheme in the controls, and the plots follow."
                </p>
                <button type="button" id="start-hint-dismiss" on:click=dismiss>
                    "Got it"
                </button>
            </aside>
        </Show>
    }
}
