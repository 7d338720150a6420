//! Panic hook: log to the console and show the message in the page.
//!
//! Why: after a panic the wasm instance is dead (release builds abort), so the
//! page would silently stop responding. The box tells the user what happened
//! and what to do. It is built with plain DOM calls, not Leptos, because the
//! reactive system may be mid-update when the panic happens.

use std::panic::PanicHookInfo;

use wasm_bindgen::JsCast;

/// Element id of the error box.
pub const BOX_ID: &str = "panic-box";

const BOX_STYLE: &str = "position: fixed; z-index: 1000; inset: 1rem 1rem auto 1rem; \
    max-height: 80vh; overflow: auto; padding: 1rem 1.25rem; border: 2px solid #D55E00; \
    border-radius: 8px; background: #fff4ec; color: #3a1600; \
    font: 14px/1.45 system-ui, sans-serif; box-shadow: 0 4px 16px rgba(0,0,0,.25);";

/// Installs the hook. Call once, before mounting.
pub fn install() {
    std::panic::set_hook(Box::new(hook));
}

fn hook(info: &PanicHookInfo<'_>) {
    console_error_panic_hook::hook(info);
    show_error_box(&info.to_string());
}

/// Shows `message` in a fixed error box at the top of the page (appending to
/// the box if one is already shown). Never panics.
pub fn show_error_box(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let existing = document.get_element_by_id(BOX_ID);
    let container = match existing {
        Some(el) => el,
        None => {
            let Ok(el) = document.create_element("div") else {
                return;
            };
            el.set_id(BOX_ID);
            let _ = el.set_attribute("role", "alert");
            let _ = el.set_attribute("style", BOX_STYLE);
            if let Ok(title) = document.create_element("strong") {
                title.set_text_content(Some(
                    "Something went wrong and the playground stopped. \
                     Reload the page to start again.",
                ));
                let _ = el.append_child(&title);
            }
            let _ = body.prepend_with_node_1(&el);
            el
        }
    };
    // text_content, not inner_html: the message is not trusted markup.
    if let Ok(pre) = document.create_element("pre") {
        let _ = pre.set_attribute(
            "style",
            "white-space: pre-wrap; margin: .5rem 0 0; font: 12px/1.4 ui-monospace, monospace;",
        );
        pre.set_text_content(Some(message));
        let _ = container.append_child(&pre);
    }
    if let Some(el) = container.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
}
