//! The papers' presets: one button each, and what to look for in the one
//! chosen last.
//!
//! Why only buttons here: the presets themselves (`presets`) are plain
//! values, checked natively against the settings' rules.

use coded_protocol::UiState;
use leptos::prelude::*;

use crate::settings::LinkState;
use crate::state::AppState;

/// The presets row, then (once one is chosen) what to look for in it.
#[component]
pub fn PresetsBar(state: AppState) -> impl IntoView {
    let preset_look = RwSignal::new(None::<(&'static str, &'static str)>);
    view! {
        <div class="share-row presets" role="group" aria-label="Presets from the papers">
            <span class="label">"Presets:"</span>
            {crate::presets::all()
                .into_iter()
                .map(|p| {
                    let (id, title, look) = (p.id, p.title, p.look);
                    let (config, ui) = (p.config, p.ui);
                    view! {
                        <button
                            type="button"
                            id=format!("preset-{id}")
                            title=look
                            on:click=move |_| {
                                state
                                    .load(
                                        &LinkState {
                                            config: config.clone(),
                                            ui: UiState { trial: 0, ..ui.clone() },
                                            ..LinkState::default()
                                        },
                                    );
                                preset_look.set(Some((title, look)));
                            }
                        >
                            {title}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <Show when=move || preset_look.with(Option::is_some)>
            <p class="preset-look" id="preset-look">
                <strong>{move || preset_look.get().map(|p| p.0).unwrap_or_default()}</strong>
                ": "
                {move || preset_look.get().map(|p| p.1).unwrap_or_default()}
            </p>
        </Show>
    }
}
