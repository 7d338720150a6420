//! The notice listing the link's values that could not be used.
//!
//! Why a component of its own: both the full page and embed mode show it.
//! The values reach the DOM as text only (never as markup).

use leptos::prelude::*;

use super::link::PageLink;

/// The notice, until dismissed (nothing when the link was fine).
#[component]
pub fn Notices(link: PageLink) -> impl IntoView {
    let n = link.notices;
    view! {
        <Show when=move || n.with(|v| !v.is_empty())>
            <div class="url-notice" id="url-notice" role="status">
                <p>
                    "Some values in the link could not be used and were replaced by defaults:"
                </p>
                <ul>
                    {move || n.get().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ul>
                <button type="button" id="url-notice-close" on:click=move |_| n.set(vec![])>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
