//! Sharing: the state in the URL (read on load, kept up to date with
//! `history.replaceState`), the notice about ignored link values, "Copy
//! link", the Embed dialog, the papers' presets, export (study JSON, CSV,
//! PNG, SVG) and embed mode (one panel, chosen controls, height reported to the
//! parent page).
//!
//! Why one module: all of it is the page talking to the world outside it;
//! the codec (`url`) and the presets (`presets`) are pure and tested
//! natively, this module only wires them to the page. Link values reach the
//! DOM as text only (never as markup).

use std::time::Duration;

use coded_core::Config;
use coded_plots::messages::{Panel, Panels, UiState};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

use crate::controls::Controls;
use crate::panels::{
    digits::DigitsPanel, encdec::EncDecPanel, errors::ErrorsPanel, stragglers::StragglersPanel,
    table::TablePanel,
};
use crate::settings::look::{Look, Size, ThemeChoice};
use crate::settings::LinkState;
use crate::state::AppState;
use crate::url;

/// What the link asked for beyond the state, and what was wrong with it.
#[derive(Clone, Copy)]
pub struct PageLink {
    pub notices: RwSignal<Vec<String>>,
    pub embed: StoredValue<Option<Panel>>,
    pub controls: StoredValue<Vec<&'static str>>,
    pub look: StoredValue<Look>,
}

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// Reads the URL into `state` (before the first computation) and keeps the
/// URL up to date afterwards, without adding history entries.
pub fn init(state: AppState) -> PageLink {
    let search = window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let (mut link, notes) = url::decode(&search);
    if let Some(p) = link.embed {
        link.ui.panels = Panels::only(p);
    }
    state.load(&link);
    let share = PageLink {
        notices: RwSignal::new(notes),
        embed: StoredValue::new(link.embed),
        controls: StoredValue::new(link.controls.clone()),
        look: StoredValue::new(link.look),
    };
    Effect::new(move |_| {
        let q = query(state, share);
        let Some(w) = window() else { return };
        if w.location().search().ok().as_deref() != Some(&format!("?{q}")) {
            if let Ok(h) = w.history() {
                let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?{q}")));
            }
        }
    });
    if link.embed.is_some() {
        report_height();
    }
    share
}

/// The query string of the current state (tracked).
fn query(state: AppState, share: PageLink) -> String {
    url::encode(&LinkState {
        config: state.config.get(),
        ui: state.ui.get(),
        embed: share.embed.get_value(),
        controls: share.controls.get_value(),
        look: share.look.get_value(),
    })
}

/// The page's address without its query.
fn base_url() -> String {
    window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// In embed mode: tells the parent page the content height (message
/// `{type: "coded-playground-height", height}`), so it can size the iframe.
fn report_height() {
    let Some(w) = window() else { return };
    let Some(body) = w.document().and_then(|d| d.body()) else {
        return;
    };
    let on_resize = Closure::<dyn Fn()>::new(move || {
        let Some(w) = window() else { return };
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

/// The notice listing ignored link values (text only).
#[component]
pub fn Notices(share: PageLink) -> impl IntoView {
    let n = share.notices;
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

fn download_url(name: &str, href: &str) {
    let Some(doc) = window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = doc.create_element("a") else {
        return;
    };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(href);
    a.set_download(name);
    a.click();
}

fn download_text(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(href) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    download_url(name, &href);
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&href);
        },
        Duration::from_secs(30),
    );
}

/// Quotes a CSV cell when needed.
fn cell(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The results table in `coded sweep`'s CSV format (the core's own writer).
pub fn table_csv(config: &Config, t: &coded_plots::views::table::TableView) -> String {
    let points: Vec<coded_core::SweepPoint> = t.rows.iter().map(|r| r.summary.clone()).collect();
    coded_core::csv::sweep_csv(config, &points, t.classifier)
}

/// Every plotted series of the error panel: curves, then reference rates.
pub fn curves_csv(v: &coded_plots::views::curves::CurvesView) -> String {
    let mut out = format!(
        "series,label,scheme,p,{},mean,std,median,q10,q90,trials,failures\n",
        cell(&v.x_label)
    );
    for c in &v.curves {
        for p in &c.points {
            out.push_str(&format!(
                "curve,{},{},{},{},{},{},{},{},{},{},{}\n",
                cell(&c.label),
                c.scheme.name(),
                c.p,
                p.x,
                p.mean,
                p.std,
                p.median,
                p.q10,
                p.q90,
                p.trials,
                p.failures
            ));
        }
    }
    for r in &v.references {
        for (x, y) in &r.points {
            out.push_str(&format!("reference,{},,,{x},{y},,,,,,\n", cell(&r.label)));
        }
    }
    out
}

fn copy_to_clipboard(text: &str) -> bool {
    let Some(w) = window() else { return false };
    let nav = w.navigator();
    let has = js_sys::Reflect::get(&nav, &"clipboard".into())
        .map(|c| c.is_object())
        .unwrap_or(false);
    if !has {
        return false;
    }
    let promise = nav.clipboard().write_text(text);
    // A refused permission is not an error of the page: the link stays
    // selectable in the text field.
    let ignore = Closure::once(move |_: JsValue| {});
    let _ = promise.catch(&ignore);
    ignore.forget();
    true
}

/// What the Embed dialog is set to.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedChoice {
    pub panel: Panel,
    /// As typed: control ids separated by commas (unknown ones left out).
    pub controls: String,
    pub look: Look,
}

/// The embed link's state: the current view, one panel, the chosen
/// controls and look. Encoded by the one link codec, so keys an embed does
/// not use (which panels are shown) are left out rather than noted as
/// ignored inside the lecture page.
fn embed_state(state: LinkState, choice: &EmbedChoice) -> LinkState {
    let mut link = LinkState {
        embed: Some(choice.panel),
        controls: vec![],
        look: choice.look,
        ..state
    };
    // The controls setting's own reader: the same names a link accepts.
    if let Some(st) = crate::settings::by_key("controls") {
        let _ = (st.read)(&mut link, &choice.controls);
    }
    link
}

/// A short tag of a text (FNV-1a): the iframe's id, so that two embeds of
/// different views on one lecture page have different ids.
fn tag(text: &str) -> String {
    let h = text.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    });
    format!("{h:08x}")
}

/// The whole snippet: the iframe, and the script that sets its height to
/// what the embedded page reports (only from this app's origin and this
/// iframe's window).
pub fn snippet(base: &str, origin: &str, state: LinkState, choice: &EmbedChoice) -> String {
    let src = format!("{base}?{}", url::encode(&embed_state(state, choice)));
    let id = format!("coded-{}-{}", choice.panel.name(), tag(&src));
    let title = choice.panel.title();
    let size = match choice.look.size {
        Size::Page => "width=\"100%\" height=\"560\" style=\"border: 0\"".to_string(),
        Size::Slide => {
            let (w, h) = Size::SLIDE;
            format!("width=\"{w}\" height=\"{h}\" style=\"border: 0; max-width: 100%\"")
        }
    };
    let src = src.replace('&', "&amp;");
    format!(
        "<iframe id=\"{id}\" src=\"{src}\" title=\"Coded computing: {title}\" {size} loading=\"lazy\"></iframe>
<script>
addEventListener(\"message\", function (e) {{
  var f = document.getElementById(\"{id}\");
  if (!f || e.source !== f.contentWindow || e.origin !== \"{origin}\") return;
  if (e.data && e.data.type === \"coded-playground-height\" && isFinite(e.data.height))
    f.style.height = Math.ceil(e.data.height) + \"px\";
}});
</script>"
    )
}

/// Copy link, Embed, presets and export, above the panels.
#[component]
pub fn ShareBar(state: AppState, share: PageLink) -> impl IntoView {
    let link = Memo::new(move |_| format!("{}?{}", base_url(), query(state, share)));
    let copied = RwSignal::new(String::new());
    let embed_open = RwSignal::new(false);
    let choice = RwSignal::new(EmbedChoice {
        panel: Panel::Errors,
        controls: String::new(),
        look: Look::default(),
    });
    let snippet_copied = RwSignal::new(String::new());
    let preset_look = RwSignal::new(None::<(&'static str, &'static str)>);
    let snippet_text = Memo::new(move |_| {
        let origin = window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        choice.with(|c| snippet(&base_url(), &origin, state.link_state_tracked(), c))
    });
    let link_ref = NodeRef::<html::Input>::new();
    let embed_button_ref = NodeRef::<html::Button>::new();
    let embed_panel_ref = NodeRef::<html::Select>::new();
    // Opening the dialog moves focus into it (its first control), so a
    // keyboard user lands where the new content is; the node ref is set
    // each time the dialog is mounted.
    Effect::new(move |_| {
        if let Some(select) = embed_panel_ref.get() {
            let _ = select.focus();
        }
    });
    // Escape closes the dialog and gives focus back to the button that
    // opened it, so the user is not left on a removed element.
    let close_embed = move || {
        embed_open.set(false);
        snippet_copied.set(String::new());
        if let Some(b) = embed_button_ref.get_untracked() {
            let _ = b.focus();
        }
    };
    let on_dialog_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            close_embed();
        }
    };
    let snippet_ref = NodeRef::<html::Textarea>::new();

    // The whole study, not just the configuration: `coded sweep --config`
    // reruns its error-vs-N curves from this one file.
    let export_json = move |_| {
        let (config, ui) = (state.config.get_untracked(), state.ui.get_untracked());
        let study = coded_core::Study {
            schemes: ui.schemes(&config),
            n: ui.sweep_ns,
            p: Some(ui.sweep_ps),
            config,
        };
        download_text("coded-study.json", "application/json", &study.to_json())
    };
    let export_table = move |_| {
        if let Some(Ok(t)) = state.table.get_untracked().as_deref() {
            download_text(
                "coded-table.csv",
                "text/csv",
                &table_csv(&state.config.get_untracked(), t),
            );
        }
    };
    let export_curves = move |_| {
        if let Some(Ok(v)) = state.curves.get_untracked().as_deref() {
            download_text("coded-curves.csv", "text/csv", &curves_csv(v));
        }
    };
    // At least twice the screen's resolution: a slide or a printed page is
    // sharper than the screen the plot was made on.
    let export_png = move |_| {
        let dpr = window().map_or(1.0, |w| w.device_pixel_ratio());
        let factor = (2.0 * dpr).max(2.0);
        for (id, url) in crate::components::plots_as_png(factor) {
            download_url(&format!("coded-{id}.png"), &url);
        }
    };

    let export_svg = move |_| {
        for (id, svg) in crate::components::plots_as_svg() {
            download_text(&format!("coded-{id}.svg"), "image/svg+xml", &svg);
        }
    };

    view! {
        <section class="share" aria-label="Share, presets and export">
            <div class="share-row">
                <label for="share-link">"Link to this view"</label>
                <input
                    type="text"
                    id="share-link"
                    readonly=true
                    node_ref=link_ref
                    prop:value=move || link.get()
                />
                <button
                    type="button"
                    id="copy-link"
                    on:click=move |_| {
                        if let Some(i) = link_ref.get_untracked() {
                            i.select();
                        }
                        copied.set(if copy_to_clipboard(&link.get_untracked()) {
                            "Copied.".into()
                        } else {
                            "Select the link and copy it.".into()
                        });
                    }
                >
                    "Copy link"
                </button>
                <button
                    type="button"
                    id="embed-button"
                    node_ref=embed_button_ref
                    aria-expanded=move || embed_open.get().to_string()
                    aria-controls="embed-dialog"
                    on:click=move |_| embed_open.update(|o| *o = !*o)
                >
                    "Embed…"
                </button>
                <span class="share-status" id="copy-status" role="status">{move || copied.get()}</span>
            </div>
            <Show when=move || embed_open.get()>
                <div
                    class="embed-dialog"
                    id="embed-dialog"
                    role="dialog"
                    aria-label="Embed a panel"
                    aria-describedby="embed-help"
                    on:keydown=on_dialog_key
                >
                    <label for="embed-panel">"Panel"</label>
                    <select
                        id="embed-panel"
                        node_ref=embed_panel_ref
                        on:change=move |ev| {
                            if let Some(p) = Panel::parse(&event_target_value(&ev)) {
                                choice.update(|c| c.panel = p);
                            }
                        }
                    >
                        {Panel::ALL
                            .iter()
                            .map(|&panel| {
                                view! {
                                    <option
                                        value=panel.name()
                                        selected=move || choice.with(|c| c.panel == panel)
                                    >
                                        {panel.title()}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                    <label for="embed-controls">"Controls shown (comma-separated, e.g. n, p)"</label>
                    <input
                        type="text"
                        id="embed-controls"
                        autocomplete="off"
                        prop:value=move || choice.with(|c| c.controls.clone())
                        on:input=move |ev| choice.update(|c| c.controls = event_target_value(&ev))
                    />
                    <label for="embed-theme">"Colours"</label>
                    <select
                        id="embed-theme"
                        on:change=move |ev| {
                            if let Some(t) = ThemeChoice::parse(&event_target_value(&ev)) {
                                choice.update(|c| c.look.theme = t);
                            }
                        }
                    >
                        {ThemeChoice::ALL
                            .into_iter()
                            .map(|t| {
                                let text = match t {
                                    ThemeChoice::System => "as the viewer's system",
                                    ThemeChoice::Light => "light",
                                    ThemeChoice::Dark => "dark",
                                };
                                view! {
                                    <option
                                        value=t.name()
                                        selected=move || choice.with(|c| c.look.theme == t)
                                    >
                                        {text}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                    <label for="embed-size">"Size"</label>
                    <select
                        id="embed-size"
                        on:change=move |ev| {
                            if let Some(v) = Size::parse(&event_target_value(&ev)) {
                                choice.update(|c| c.look.size = v);
                            }
                        }
                    >
                        {[
                            (Size::Page, "as wide as the page, as tall as its content"),
                            (Size::Slide, "a 16:9 slide, 1280 × 720"),
                        ]
                            .into_iter()
                            .map(|(v, text)| {
                                view! {
                                    <option
                                        value=v.name()
                                        selected=move || choice.with(|c| c.look.size == v)
                                    >
                                        {text}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                    <label class="check" for="embed-plot-only">
                        <input
                            type="checkbox"
                            id="embed-plot-only"
                            prop:checked=move || choice.with(|c| c.look.plot_only)
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                choice.update(|c| c.look.plot_only = on);
                            }
                        />
                        "the plot alone, without the explanation text"
                    </label>
                    <label for="embed-snippet">"Paste this into your page"</label>
                    <textarea
                        id="embed-snippet"
                        readonly=true
                        rows="6"
                        node_ref=snippet_ref
                        prop:value=move || snippet_text.get()
                    ></textarea>
                    <div class="embed-actions">
                        <button
                            type="button"
                            id="embed-copy"
                            on:click=move |_| {
                                if let Some(t) = snippet_ref.get_untracked() {
                                    t.select();
                                }
                                snippet_copied.set(if copy_to_clipboard(&snippet_text.get_untracked()) {
                                    "Copied.".into()
                                } else {
                                    "Select the snippet and copy it.".into()
                                });
                            }
                        >
                            "Copy"
                        </button>
                        <button type="button" id="embed-close" on:click=move |_| close_embed()>
                            "Close"
                        </button>
                        <span class="share-status" id="embed-copy-status" role="status">
                            {move || snippet_copied.get()}
                        </span>
                    </div>
                    <p class="help" id="embed-help">
                        "The snippet holds the panel and a short script that makes its frame as tall as what it shows. Escape closes this dialog."
                    </p>
                </div>
            </Show>
            <div class="share-row presets" role="group" aria-label="Presets from the papers">
                <span class="label">"Presets:"</span>
                {crate::presets::all()
                    .into_iter()
                    .map(|p| {
                        let (id, title, look) = (p.id, p.title, p.look);
                        let (config, ui) = (p.config, p.ui);
                        view! {
                            <button
                                type="button"
                                id=format!("preset-{id}")
                                title=look
                                on:click=move |_| {
                                    state.load(&LinkState {
                                        config: config.clone(),
                                        ui: UiState { trial: 0, ..ui.clone() },
                                        ..LinkState::default()
                                    });
                                    preset_look.set(Some((title, look)));
                                }
                            >
                                {title}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || preset_look.with(Option::is_some)>
                <p class="preset-look" id="preset-look">
                    <strong>{move || preset_look.get().map(|p| p.0).unwrap_or_default()}</strong>
                    ": "
                    {move || preset_look.get().map(|p| p.1).unwrap_or_default()}
                </p>
            </Show>
            <div class="share-row" role="group" aria-label="Export">
                <span class="label">"Export:"</span>
                <button type="button" id="export-json" on:click=export_json>"Study (JSON)"</button>
                <button type="button" id="export-table-csv" on:click=export_table>"Table (CSV)"</button>
                <button type="button" id="export-curves-csv" on:click=export_curves>"Curves (CSV)"</button>
                <button type="button" id="export-png" on:click=export_png>"Plots (PNG, 2×)"</button>
                <button type="button" id="export-svg" on:click=export_svg>"Plots (SVG)"</button>
            </div>
        </section>
    }
}

/// Embed mode: just one panel, and the controls the link names.
#[component]
pub fn EmbedApp(state: AppState, share: PageLink) -> impl IntoView {
    let panel = share.embed.get_value().unwrap_or(Panel::Errors);
    let keep = share.controls.get_value();
    let look = share.look.get_value();
    let controls_ref = NodeRef::<html::Div>::new();
    let keep_list = keep.clone();
    Effect::new(move |_| {
        let Some(root) = controls_ref.get() else {
            return;
        };
        hide_controls(&root, &keep_list);
    });
    let body = match panel {
        Panel::Stragglers => view! { <StragglersPanel state=state /> }.into_any(),
        Panel::Encdec => view! { <EncDecPanel state=state /> }.into_any(),
        Panel::Digits => view! { <DigitsPanel state=state /> }.into_any(),
        Panel::Table => view! { <TablePanel state=state /> }.into_any(),
        Panel::Errors => view! { <ErrorsPanel state=state /> }.into_any(),
    };
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
            class:slide=look.size == Size::Slide
            data-embed=panel.name()
        >
            <Notices share=share />
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
                {body}
            </main>
        </div>
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_leaves_out_unused_keys_escapes_and_sizes_its_frame() {
        let mut state = LinkState::default();
        state.config.n = 80;
        // A preset's panels: not an embed's key.
        state.ui.panels = Panels::only(Panel::Errors);
        let choice = EmbedChoice {
            panel: Panel::Table,
            controls: "n, p, <b>".into(),
            look: Look {
                theme: ThemeChoice::Light,
                plot_only: true,
                size: Size::Slide,
            },
        };
        let s = snippet(
            "https://x.org/app/",
            "https://x.org",
            state.clone(),
            &choice,
        );
        let src = "https://x.org/app/?v=1&amp;embed=table&amp;controls=n,p&amp;theme=light&amp;plot-only=1&amp;size=slide&amp;n=80";
        assert!(s.starts_with("<iframe id=\"coded-table-"), "{s}");
        assert!(s.contains(&format!("src=\"{src}\"")), "{s}");
        assert!(s.contains("width=\"1280\" height=\"720\""));
        assert!(s.contains("e.origin !== \"https://x.org\""));
        assert!(!s.contains("panels") && !s.contains("<b>"));
        // The link decodes without a notice, to what was chosen.
        let query = src.split_once('?').unwrap().1.replace("&amp;", "&");
        let (back, notes) = url::decode(&query);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!((back.embed, back.look), (Some(Panel::Table), choice.look));
        // Another view, another id; the page size fills the width.
        let other = EmbedChoice {
            look: Look::default(),
            ..choice
        };
        let t = snippet("https://x.org/app/", "https://x.org", state, &other);
        assert!(t.contains("width=\"100%\" height=\"560\""));
        assert_ne!(
            s.lines().next().unwrap()[..30],
            t.lines().next().unwrap()[..30]
        );
    }

    #[test]
    fn csv_cells_are_quoted() {
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("a\"b"), "\"a\"\"b\"");
    }
}
