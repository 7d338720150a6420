//! A Copy button: selects a text field and writes its text to the
//! clipboard, and says in a status line whether it did.
//!
//! Why one component: "Copy link" and the embed snippet's "Copy" do the
//! same thing to different fields. The field stays selected either way, so
//! where the clipboard is refused the text is ready to copy by hand.

use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// Selects the `<input>` or `<textarea>` of id `field`; its text.
fn select_field(field: &str) -> Option<String> {
    let el = web_sys::window()?.document()?.get_element_by_id(field)?;
    if let Some(input) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
        Some(input.value())
    } else {
        let area = el.dyn_ref::<web_sys::HtmlTextAreaElement>()?;
        area.select();
        Some(area.value())
    }
}

/// Writes `text` to the clipboard; false where there is no clipboard (an
/// insecure origin, an old browser).
fn copy_to_clipboard(text: &str) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let nav = w.navigator();
    let has = js_sys::Reflect::get(&nav, &"clipboard".into())
        .map(|c| c.is_object())
        .unwrap_or(false);
    if !has {
        return false;
    }
    let promise = nav.clipboard().write_text(text);
    // A refused permission is not an error of the page: the text stays
    // selected in its field.
    let ignore = Closure::once(move |_: JsValue| {});
    let _ = promise.catch(&ignore);
    ignore.forget();
    true
}

/// The button `id` copying the field `field`, then `children` (the row's
/// other buttons), then the status line `status_id`, which ends the row.
#[component]
pub fn CopyButton(
    id: &'static str,
    /// The `<input>` or `<textarea>` whose text is copied.
    field: &'static str,
    label: &'static str,
    status_id: &'static str,
    /// The status when there is no clipboard: what to do instead.
    fallback: &'static str,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let copy = move |_| {
        let copied = select_field(field).is_some_and(|text| copy_to_clipboard(&text));
        status.set(if copied { "Copied." } else { fallback }.to_string());
    };
    view! {
        <button type="button" id=id on:click=copy>
            {label}
        </button>
        {children.map(|c| c())}
        <span class="share-status" id=status_id role="status">
            {move || status.get()}
        </span>
    }
}
