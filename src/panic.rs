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

/// Installs the hook. Call once, before mounting.
pub fn install() {
    std::panic::set_hook(Box::new(hook));
    show_uncaught_errors();
}

/// Uncaught script errors and rejected promises (outside Rust's panics, e.g.
/// in wasm-bindgen glue or a failed dynamic load) get the same box: a page
/// that silently stops is the failure this module exists to prevent.
fn show_uncaught_errors() {
    use wasm_bindgen::closure::Closure;
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(|ev: web_sys::ErrorEvent| {
        show_error_box(&format!("Uncaught error: {}", ev.message()));
    });
    let on_rejection = Closure::<dyn FnMut(web_sys::PromiseRejectionEvent)>::new(
        |ev: web_sys::PromiseRejectionEvent| {
            let reason = ev.reason();
            let text = reason
                .as_string()
                .or_else(|| {
                    reason
                        .dyn_ref::<js_sys::Error>()
                        .map(|e| String::from(e.message()))
                })
                .unwrap_or_else(|| format!("{reason:?}"));
            show_error_box(&format!("Unhandled promise rejection: {text}"));
        },
    );
    let _ = window.add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback(
        "unhandledrejection",
        on_rejection.as_ref().unchecked_ref(),
    );
    // Listeners for the page's lifetime.
    on_error.forget();
    on_rejection.forget();
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
            // Focusable, so keyboard and screen-reader users land on it.
            let _ = el.set_attribute("tabindex", "-1");
            if let Ok(title) = document.create_element("strong") {
                title.set_text_content(Some(
                    "Something went wrong and the playground stopped. \
                     Reset to defaults to start again.",
                ));
                let _ = el.append_child(&title);
            }
            append_reset(&document, &el);
            let _ = body.prepend_with_node_1(&el);
            el
        }
    };
    // text_content, not inner_html: the message is not trusted markup.
    if let Ok(pre) = document.create_element("pre") {
        pre.set_text_content(Some(message));
        // Messages go above the reset button, which stays last.
        let reset = container.query_selector("form").ok().flatten();
        let _ = container.insert_before(&pre, reset.as_ref().map(|f| f.unchecked_ref()));
    }
    if let Some(el) = container.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
}

/// The "Reset to defaults" button: a plain HTML form that loads the page
/// without its query string (every value at its default).
///
/// Why a form and not a click handler: after a panic the wasm instance is
/// dead, so a handler compiled to wasm could not run; the browser submits the
/// form by itself. The styles live in `style/main.css` (`#panic-box`): the CSP
/// forbids style attributes.
fn append_reset(document: &web_sys::Document, container: &web_sys::Element) {
    let path = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_else(|| "./".into());
    let (Ok(form), Ok(button)) = (
        document.create_element("form"),
        document.create_element("button"),
    ) else {
        return;
    };
    let _ = form.set_attribute("method", "get");
    let _ = form.set_attribute("action", &path);
    let _ = button.set_attribute("type", "submit");
    let _ = button.set_attribute("id", "reset-defaults");
    button.set_text_content(Some("Reset to defaults"));
    let _ = form.append_child(&button);
    let _ = container.append_child(&form);
}
