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

/// The elements of a `querySelectorAll` result that are of type `T` (none
/// when the selector failed).
fn nodes<T: JsCast>(list: Result<web_sys::NodeList, wasm_bindgen::JsValue>) -> Vec<T> {
    let Ok(list) = list else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<T>().ok()))
        .collect()
}

/// Hides every control not in `keep`, then fieldsets left empty.
fn hide_controls(root: &web_sys::HtmlDivElement, keep: &[&str]) {
    let hide = |el: &web_sys::Element| {
        let _ = el.set_attribute("hidden", "");
    };
    for el in nodes::<web_sys::Element>(root.query_selector_all("[data-setting]")) {
        let id = el.get_attribute("data-setting").unwrap_or_default();
        if !keep.contains(&id.as_str()) {
            hide(&el);
        }
    }
    for el in nodes::<web_sys::Element>(root.query_selector_all("fieldset")) {
        let empty = el
            .query_selector("[data-setting]:not([hidden])")
            .ok()
            .flatten()
            .is_none();
        if empty {
            hide(&el);
        }
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
    let controls_ref = NodeRef::<html::Div>::new();
    let keep_list = keep.clone();
    Effect::new(move |_| {
        let Some(root) = controls_ref.get() else {
            return;
        };
        hide_controls(&root, &keep_list);
    });
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
                        <div class="embed-controls" node_ref=controls_ref>
                            <Controls state=state />
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
