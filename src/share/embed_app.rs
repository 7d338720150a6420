//! Embed mode: one panel, the controls the link names, and the page's
//! height reported to the lecture page around it.
//!
//! Why a second app: an embed shows no header, share bar or controls
//! column, and its look comes from the link (colours, plot only, slide).

use coded_panels::Panel;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast};

use super::link::PageLink;
use super::notices::Notices;
use crate::controls::Controls;
use crate::panels::panel_view;
use crate::settings::look::Size;
use crate::state::AppState;

/// Tells the parent page the content height (message
/// `{type: "coded-playground-height", height}`) whenever it changes, so it
/// can size the iframe.
fn report_height() {
    let Some(w) = web_sys::window() else { return };
    let Some(body) = w.document().and_then(|d| d.body()) else {
        return;
    };
    let on_resize = Closure::<dyn Fn()>::new(move || {
        let Some(w) = web_sys::window() else { return };
        let Some(body) = w.document().and_then(|d| d.body()) else {
            return;
        };
        let Ok(Some(parent)) = w.parent() else { return };
        let msg = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&msg, &"type".into(), &"coded-playground-height".into());
        let _ = js_sys::Reflect::set(&msg, &"height".into(), &body.scroll_height().into());
        let _ = parent.post_message(&msg, "*");
    });
    if let Ok(o) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        o.observe(&body);
        // Lives as long as the page.
        on_resize.forget();
        std::mem::forget(o);
    }
}

/// Embed mode: just one panel, and the controls the link names.
#[component]
pub fn EmbedApp(state: AppState, link: PageLink) -> impl IntoView {
    report_height();
    let panel = link.embed.unwrap_or(Panel::Errors);
    let slide = link.look.size == Size::Slide;
    if slide {
        provide_context(crate::components::PlotZoom(crate::components::SLIDE_ZOOM));
    }
    // On a slide the explanation waits behind "About this plot" (the plot
    // gets the frame); its summary stays as the caption.
    let about = RwSignal::new(false);
    let keep = link.controls.get_value();
    let look = link.look;
    let title = panel.title();
    // Leptos' view! knows no `aria-level`; set it once the element exists.
    let heading_ref = NodeRef::<html::P>::new();
    Effect::new(move |_| {
        if let Some(h) = heading_ref.get() {
            let _ = h.set_attribute("aria-level", "1");
        }
    });
    view! {
        <div
            class="app embed"
            class:plot-only=look.plot_only
            class:slide=slide
            class:show-about=move || about.get()
            data-embed=panel.name()
        >
            <Notices link=link />
            // What was computed, for tests and screen readers: an embed
            // shows no status line.
            <crate::status_line::Status state=state hidden=true />
            {(slide && !look.plot_only)
                .then(|| {
                    view! {
                        <button
                            type="button"
                            class="about-toggle"
                            id="about-toggle"
                            aria-expanded=move || about.get().to_string()
                            on:click=move |_| about.update(|a| *a = !*a)
                        >
                            {move || match (about.get(), panel == Panel::Table) {
                                (true, _) => "Hide the explanation",
                                (false, true) => "About this table",
                                (false, false) => "About this plot",
                            }}
                        </button>
                    }
                })}
            {(!keep.is_empty())
                .then(|| {
                    view! {
                        <div class="embed-controls">
                            <Controls state=state keep=keep.clone() />
                        </div>
                    }
                })}
            <main class="main-area">
                // The embedded page shows no header, but a screen reader in
                // the iframe still needs to know what page this is: a level-one
                // heading for it alone (not an <h1>: nothing visible changes).
                <p class="visually-hidden" role="heading" node_ref=heading_ref>
                    {format!("Coded Computing Playground: {title}")}
                </p>
                {panel_view(panel, state)}
            </main>
        </div>
    }
}
