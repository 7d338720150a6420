//! The papers' presets: one button each, and what to look for in the one
//! chosen (kept in the link as `preset=`, so the note comes back with it).
//!
//! Why only buttons here: the presets themselves (`presets`) are plain
//! values, checked natively against the settings' rules and their notes
//! against their numbers.

use leptos::prelude::*;

use crate::presets::Preset;
use crate::settings::LinkState;
use crate::state::AppState;
use coded_protocol::UiState;

/// The state a preset loads (from the first round), naming the preset.
fn loaded_state(p: &Preset) -> LinkState {
    LinkState {
        config: p.config.clone(),
        ui: UiState {
            trial: 0,
            ..p.ui.clone()
        },
        preset: Some(p.id),
        ..LinkState::default()
    }
}

/// The presets row, then (once one is chosen) what to look for in it; after
/// an edit, the note says that it described the preset's settings.
#[component]
pub fn PresetsBar(state: AppState) -> impl IntoView {
    let chosen = Memo::new(move |_| state.preset.get().and_then(crate::presets::by_id));
    let edited = Memo::new(move |_| {
        chosen.with(|p| {
            p.as_ref()
                .is_some_and(|p| state.config.with(|c| state.ui.with(|u| !p.matches(c, u))))
        })
    });
    view! {
        <div class="share-row presets" role="group" aria-label="Presets from the papers">
            <span class="label">"Presets:"</span>
            {crate::presets::all()
                .into_iter()
                .map(|p| {
                    let (id, title, look) = (p.id, p.title, p.look);
                    let loaded = loaded_state(&p);
                    view! {
                        <button
                            type="button"
                            id=format!("preset-{id}")
                            title=look
                            aria-pressed=move || (state.preset.get() == Some(id) && !edited.get()).to_string()
                            on:click=move |_| state.load(&loaded)
                        >
                            {title}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <Show when=move || chosen.with(Option::is_some)>
            <p class="preset-look" id="preset-look" class:edited=move || edited.get() data-edited=move || edited.get().to_string()>
                <strong>{move || chosen.with(|p| p.as_ref().map(|p| p.title).unwrap_or_default())}</strong>
                {move || if edited.get() {
                    ": you changed its settings since, so this note, written for them, may no longer hold: "
                } else {
                    ": "
                }}
                {move || chosen.with(|p| p.as_ref().map(|p| p.look).unwrap_or_default())}
            </p>
        </Show>
    }
}
