//! The export row: the study, the table, the curves, the plots.
//!
//! Why apart from the formats (`export`): this module only reads the
//! state at the click and hands the text to the browser's download.

use leptos::prelude::*;

use super::export::{curves_csv, download_text, download_url, table_csv, Export};
use super::open_study::OpenStudy;
use crate::freshness::{export_refusal, StageState};
use crate::settings::differences_from_default;
use crate::state::AppState;
use coded_panels::Panel;
use coded_protocol::saved::{with_results, SavedResults};

/// The "with results" checkbox's element id.
pub const WITH_RESULTS_ID: &str = "export-with-results";

/// What the page shows now: the error curves and the results table.
fn shown_results(state: AppState) -> SavedResults {
    SavedResults {
        curves: state
            .curves
            .with_untracked(|r| r.as_deref().and_then(|r| r.as_ref().ok()).cloned()),
        table: state
            .table
            .with_untracked(|r| r.as_deref().and_then(|r| r.as_ref().ok()).cloned()),
    }
}

/// Why `export` cannot be written now: the results it holds are not those
/// of the current settings (None: it can).
fn refusal(export: Export, state: AppState, with_results_too: bool) -> Option<String> {
    let shown = |p: &Panel| state.ui.with_untracked(|u| u.panels.shows(*p));
    let panels: Vec<Panel> = match export {
        // The results it holds are those of the panels shown.
        Export::Study if with_results_too => [Panel::Table, Panel::Errors]
            .into_iter()
            .filter(shown)
            .collect(),
        Export::Study => vec![],
        Export::Table => vec![Panel::Table],
        Export::Curves => vec![Panel::Errors],
        // The plots shown, each of the current settings.
        Export::Png | Export::Svg => Panel::ALL
            .into_iter()
            .filter(|p| *p != Panel::Table && shown(p))
            .collect(),
    };
    if matches!(export, Export::Png | Export::Svg) && panels.is_empty() {
        return Some("Nothing to export: no plot is shown.".into());
    }
    panels.into_iter().find_map(|p| {
        let st: StageState = untrack(|| state.stage_state(p.stage()));
        export_refusal(p, st)
    })
}

/// Writes the file(s) of `export` from the current state (the study with
/// the results shown when `with_results_too`); returns what to say
/// instead when they cannot be written.
fn run(export: Export, state: AppState, with_results_too: bool) -> Option<String> {
    if let Some(why) = refusal(export, state, with_results_too) {
        return Some(why);
    }
    let one = |text: &str| download_text(&export.file_name(""), export.mime(), text);
    match export {
        // The whole study, not just the configuration: `coded sweep
        // --config` reruns its error-vs-N curves from this one file.
        Export::Study => {
            let (config, ui) = (state.config.get_untracked(), state.ui.get_untracked());
            let study = ui.study(&config);
            let study = if with_results_too {
                with_results(study, &shown_results(state))
            } else {
                study
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
            Some(Ok(v)) => {
                let (config, ui) = (state.config.get_untracked(), state.ui.get_untracked());
                let shown = crate::panels::series_legend::as_chosen(v, &ui);
                one(&curves_csv(
                    &ui.study(&config),
                    &shown,
                    ui.band,
                    ui.slope_range,
                ));
            }
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
            let caption = differences_from_default(&state.link_state());
            for (id, url) in crate::components::plots_as_png(factor, &caption) {
                download_url(&export.file_name(&id), &url);
            }
        }
        Export::Svg => {
            let caption = differences_from_default(&state.link_state());
            for (id, svg) in crate::components::plots_as_svg(&caption) {
                download_text(&export.file_name(&id), export.mime(), &svg);
            }
        }
    }
    None
}

/// One button per export format, the "with results" choice of the study,
/// and "Open study…".
#[component]
pub fn ExportBar(state: AppState) -> impl IntoView {
    let with_results_too = RwSignal::new(false);
    // Why the last export was not written; cleared by the next one.
    let refused = RwSignal::new(None::<String>);
    view! {
        <div class="share-row" role="group" aria-label="Export">
            <span class="label">"Export:"</span>
            {Export::ALL
                .into_iter()
                .map(|e| {
                    view! {
                        <button
                            type="button"
                            id=e.id()
                            on:click=move |_| {
                                refused.set(run(e, state, with_results_too.get_untracked()))
                            }
                        >
                            {e.label()}
                        </button>
                    }
                })
                .collect_view()}
            <label class="check" for=WITH_RESULTS_ID>
                <input
                    type="checkbox"
                    id=WITH_RESULTS_ID
                    prop:checked=move || with_results_too.get()
                    on:change=move |ev| with_results_too.set(event_target_checked(&ev))
                />
                "study with results"
            </label>
            // In the same row: on a phone every row above the plots pushes
            // them down.
            <OpenStudy state=state />
        </div>
        <p class="export-refused" id="export-refused" role="status" hidden=move || refused.with(Option::is_none)>
            {move || refused.get().unwrap_or_default()}
        </p>
    }
}
