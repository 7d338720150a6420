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

/// Whether a pointer press at `target` is on something a person works
/// with (a control, a link, the straggler picker where clicks pick, the
/// explanation shown over a slide), rather than on the plot, a table or the
/// page around it (which keep no keys: a scrolling box is scrolled by the
/// pointer too).
fn on_a_control(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| {
            el.closest(
                "input, select, textarea, button, a[href], summary, label, \
                 [contenteditable], [role='slider'], [role='tab'], .panel-about",
            )
            .ok()
            .flatten()
        })
        .is_some()
}

/// Hands the keyboard back to the page around the embed: a press on the
/// plot (not on a control) leaves the focus in the embed's frame, where the
/// arrow keys would no longer reach a slide deck. The snippet's script
/// answers the message by focusing its own window.
fn release_keys() {
    if let Some(parent) = web_sys::window().and_then(|w| w.parent().ok().flatten()) {
        let msg = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&msg, &"type".into(), &"coded-playground-keys".into());
        let _ = parent.post_message(&msg, "*");
    }
}

/// Embed mode: just one panel, and the controls the link names.
#[component]
pub fn EmbedApp(state: AppState, link: PageLink) -> impl IntoView {
    let slide = link.look.size == Size::Slide;
    // A slide fits the box its host gives it; a page reports its height.
    if !slide {
        report_height();
    }
    let panel = link.embed.unwrap_or(Panel::Errors);
    if slide {
        provide_context(crate::components::PlotZoom(crate::components::SLIDE_ZOOM));
    }
    provide_context(crate::panels::stragglers::Picks(link.look.picks));
    // On a slide the explanation waits behind "About this plot", which
    // opens it over the slide (the plot keeps the frame); its summary
    // stays as the caption.
    let about = RwSignal::new(false);
    let toggle_ref = NodeRef::<html::Button>::new();
    let set_about = move |open: bool| {
        about.set(open);
        // Focus follows: into the explanation when it opens (a keyboard
        // scrolls it), back to the toggle when it closes.
        if open {
            let over = document().query_selector(".panel-about").ok().flatten();
            if let Some(el) = over.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = el.focus();
            }
        } else if let Some(b) = toggle_ref.get_untracked() {
            let _ = b.focus();
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && about.get_untracked() {
            ev.prevent_default();
            set_about(false);
        }
    };
    let on_press = move |ev: leptos::ev::PointerEvent| {
        if !on_a_control(ev.target()) {
            release_keys();
        }
    };
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
    let has_controls = !keep.is_empty();
    view! {
        <div
            class="app embed"
            class:plot-only=look.plot_only
            class:slide=slide
            class:no-picks=!look.picks
            class:show-about=move || about.get()
            data-embed=panel.name()
            on:keydown=on_key
            on:pointerdown=on_press
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
                            node_ref=toggle_ref
                            aria-expanded=move || about.get().to_string()
                            aria-keyshortcuts="Escape"
                            on:click=move |_| set_about(!about.get_untracked())
                        >
                            {move || match (about.get(), panel == Panel::Table) {
                                (true, _) => "Hide the explanation",
                                (false, true) => "About this table",
                                (false, false) => "About this plot",
                            }}
                        </button>
                    }
                })}
            {has_controls
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
