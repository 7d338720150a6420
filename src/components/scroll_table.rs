//! A wide table in a box that scrolls sideways (a phone shows a few of its
//! columns), with its caption above the box and a hint, shown while the
//! table is wider than its box, that more columns are to the side.
//!
//! Why the caption above the box: a table's `<caption>` is as wide as the
//! table, so on a phone it scrolled away with the columns and was cut at
//! the screen's edge. The table keeps its `<caption>` for screen readers
//! (visually hidden); the visible copy above is hidden from them, so it is
//! read once.

use leptos::html;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::{closure::Closure, JsCast};

/// What the hint says.
pub const SCROLL_HINT: &str =
    "The table is wider than the screen: scroll it sideways for more columns →";

/// `table` (a `<table>` whose `<caption>` has the class `visually-hidden`
/// and the id `caption_id`) under its visible `caption`.
#[component]
pub fn ScrollTable(caption_id: &'static str, caption: String, children: Children) -> impl IntoView {
    let overflows = RwSignal::new(false);
    let box_ref = NodeRef::<html::Div>::new();
    // Watch the box and the table: either changing width can make the
    // table wider or narrower than the box.
    Effect::new(move |_| {
        let Some(div) = box_ref.get() else {
            return;
        };
        let measured = div.clone();
        // In the next frame: the hint and the edge shadow change the box's
        // size, and a change made inside the observer's callback would be
        // reported again at once (the browser's "ResizeObserver loop"
        // error).
        let measure = Closure::<dyn Fn()>::new(move || {
            let measured = measured.clone();
            request_animation_frame(move || {
                let wider = measured.scroll_width() > measured.client_width();
                if overflows.try_get_untracked() != Some(wider) {
                    overflows.try_set(wider);
                }
            });
        });
        let Ok(observer) = web_sys::ResizeObserver::new(measure.as_ref().unchecked_ref()) else {
            return;
        };
        observer.observe(&div);
        if let Some(table) = div.first_element_child() {
            observer.observe(&table);
        }
        let keep = SendWrapper::new((observer, measure));
        on_cleanup(move || {
            let (observer, _measure) = keep.take();
            observer.disconnect();
        });
    });
    view! {
        <p class="table-caption" aria-hidden="true">{caption}</p>
        <p class="scroll-hint" hidden=move || !overflows.get()>{SCROLL_HINT}</p>
        // Focusable and named, so a keyboard can scroll it too.
        <div
            class="table-scroll"
            tabindex="0"
            role="region"
            aria-labelledby=caption_id
            node_ref=box_ref
            data-overflows=move || overflows.get().to_string()
        >
            {children()}
        </div>
    }
}
