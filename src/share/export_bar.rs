//! The export row: the study, the table, the curves, the plots.
//!
//! Why apart from the formats (`export`): this module only reads the
//! state at the click and hands the text to the browser's download.

use leptos::prelude::*;

use super::export::{curves_csv, download_text, download_url, page_study, table_csv, Export};
use crate::state::AppState;

/// Writes the file(s) of `export` from the current state.
fn run(export: Export, state: AppState) {
    let one = |text: &str| download_text(&export.file_name(""), export.mime(), text);
    match export {
        // The whole study, not just the configuration: `coded sweep
        // --config` reruns its error-vs-N curves from this one file.
        Export::Study => {
            let (config, ui) = (state.config.get_untracked(), state.ui.get_untracked());
            one(&page_study(&config, &ui).to_json());
        }
        Export::Table => {
            if let Some(Ok(t)) = state.table.get_untracked().as_deref() {
                one(&table_csv(&state.config.get_untracked(), t));
            }
        }
        Export::Curves => {
            if let Some(Ok(v)) = state.curves.get_untracked().as_deref() {
                let (config, ui) = (state.config.get_untracked(), state.ui.get_untracked());
                one(&curves_csv(&page_study(&config, &ui), v));
            }
        }
        // At least twice the screen's resolution: a slide or a printed page
        // is sharper than the screen the plot was made on.
        Export::Png => {
            let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
            let factor = (2.0 * dpr).max(2.0);
            for (id, url) in crate::components::plots_as_png(factor) {
                download_url(&export.file_name(&id), &url);
            }
        }
        Export::Svg => {
            for (id, svg) in crate::components::plots_as_svg() {
                download_text(&export.file_name(&id), export.mime(), &svg);
            }
        }
    }
}

/// One button per export format.
#[component]
pub fn ExportBar(state: AppState) -> impl IntoView {
    view! {
        <div class="share-row" role="group" aria-label="Export">
            <span class="label">"Export:"</span>
            {Export::ALL
                .into_iter()
                .map(|e| {
                    view! {
                        <button type="button" id=e.id() on:click=move |_| run(e, state)>
                            {e.label()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
