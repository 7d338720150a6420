//! The line a panel shows when what it draws is not the result of the
//! current settings: computing, cancelled (with "Compute again"), or the
//! earlier settings shown meanwhile.
//!
//! Why every panel has one: a plot of earlier settings looks exactly like
//! a plot of the current ones; only words tell them apart.

use coded_panels::Panel;
use leptos::prelude::*;

use crate::freshness::StageState;
use crate::state::AppState;

/// The note of `panel` (hidden while its result is current); its
/// `data-stage-state` gives the state to tests.
#[component]
pub fn StageNote(state: AppState, panel: Panel) -> impl IntoView {
    let stage = panel.stage();
    let st = Memo::new(move |_| state.stage_state(stage));
    let id = format!("{}-stage-note", panel.name());
    view! {
        <p
            class="stage-note"
            id=id
            role="status"
            data-stage-state=move || st.get().name()
            hidden=move || st.get().note(stage).is_none()
        >
            {move || st.get().note(stage).unwrap_or_default()}
            " "
            <button
                type="button"
                class="compute-again"
                hidden=move || !matches!(st.get(), StageState::Cancelled(_))
                on:click=move |_| state.rerun.update(|n| *n += 1)
            >
                "Compute again"
            </button>
        </p>
    }
}
