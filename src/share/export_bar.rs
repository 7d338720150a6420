//! The export row: the study, the table, the curves, the plots.
//!
//! Why apart from the formats (`export`): this module only reads the
//! state at the click and hands the text to the browser's download.

use leptos::prelude::*;

use super::export::{curves_csv, download_text, download_url, table_csv, Export};
use crate::freshness::export_refusal;
use crate::state::AppState;
use coded_panels::Panel;

/// Why `export` cannot be written now: the results it holds are not those
/// of the current settings (None: it can).
fn refusal(export: Export, state: AppState) -> Option<String> {
    let panels: Vec<Panel> = match export {
        Export::Study => vec![],
        Export::Table => vec![Panel::Table],
        Export::Curves => vec![Panel::Errors],
        // The plots shown, each of the current settings.
        Export::Png | Export::Svg => state.ui.with_untracked(|u| {
            u.panels
                .iter_shown()
                .filter(|p| *p != Panel::Table)
                .collect()
        }),
    };
    if matches!(export, Export::Png | Export::Svg) && panels.is_empty() {
        return Some("Nothing to export: no plot is shown.".into());
    }
    panels.into_iter().find_map(|p| {
        let st = untrack(|| state.stage_state(p.stage()));
        export_refusal(p, st)
    })
}

/// Writes the file(s) of `export` from the current state; returns what to
/// say instead when they cannot be written.
fn run(export: Export, state: AppState) -> Option<String> {
    if let Some(why) = refusal(export, state) {
        return Some(why);
    }
    let one = |text: &str| download_text(&export.file_name(""), export.mime(), text);
    match export {
        // The whole study, not just the configuration: `coded sweep
        // --config` reruns its error-vs-N curves from this one file.
        Export::Study => {
            let (config, ui) = (state.config.get_untracked(), state.ui.get_untracked());
            let study = coded_core::Study {
                schemes: ui.schemes(&config),
                n: ui.sweep_ns,
                p: Some(ui.sweep_ps),
                config,
            };
            one(&study.to_json());
        }
        Export::Table => match state.table.get_untracked().as_deref() {
            Some(Ok(t)) => one(&table_csv(&state.config.get_untracked(), t)),
            Some(Err(e)) => {
                return Some(format!("Nothing to export: the table has no values ({e})."))
            }
            None => return Some("Nothing to export yet: the table is being computed.".into()),
        },
        Export::Curves => match state.curves.get_untracked().as_deref() {
            Some(Ok(v)) => one(&curves_csv(v)),
            Some(Err(e)) => {
                return Some(format!(
                    "Nothing to export: the error plot has no curves ({e})."
                ))
            }
            None => return Some("Nothing to export yet: the curves are being computed.".into()),
        },
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
    None
}

/// One button per export format.
#[component]
pub fn ExportBar(state: AppState) -> impl IntoView {
    // Why the last export was not written; cleared by the next one.
    let refused = RwSignal::new(None::<String>);
    view! {
        <div class="share-row" role="group" aria-label="Export">
            <span class="label">"Export:"</span>
            {Export::ALL
                .into_iter()
                .map(|e| {
                    view! {
                        <button type="button" id=e.id() on:click=move |_| refused.set(run(e, state))>
                            {e.label()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <p class="export-refused" id="export-refused" role="status" hidden=move || refused.with(Option::is_none)>
            {move || refused.get().unwrap_or_default()}
        </p>
    }
}
