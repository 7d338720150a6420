//! Panel 5: the results table, the numbers of `coded sweep` (all trials)
//! and `coded round` (the current round) for the current configuration.
//!
//! Why data-* attributes: the end-to-end tests compare the raw values with
//! the CLI's output; the text shows them to four significant digits.

use coded_core::Stats;
use coded_panels::table::{cells, headings, Columns, Table, TableRow, TableView};
use coded_panels::{Contract, Registered};
use leptos::prelude::*;

use crate::components::{ScrollTable, TableProgress};
use crate::state::AppState;

/// A raw number as the CLI prints it (Rust's shortest round-trip form), or
/// "" when there is none.
fn raw(v: Option<f64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

fn row(r: &TableRow, columns: Columns) -> impl IntoView {
    let s = &r.summary;
    let m = |v: Option<Stats>| raw(v.map(|x| x.mean));
    let d = |v: Option<Stats>| raw(v.map(|x| x.std));
    // The words of every cell: the scheme's is the row's heading.
    let mut words = cells(r, columns).into_iter();
    let counts = |f: fn(&coded_core::robust::DetectionCounts) -> usize| {
        r.round_detection
            .as_ref()
            .map(f)
            .map(|c| c.to_string())
            .unwrap_or_default()
    };
    let scheme = words.next().unwrap_or_default();
    let rest = words.map(|w| view! { <td>{w}</td> }).collect_view();
    view! {
        <tr
            data-scheme=s.scheme.name()
            data-n=s.n.to_string()
            data-p=s.p.to_string()
            data-trials=s.trials.to_string()
            data-failures=s.failures.to_string()
            data-mse-mean=m(s.mse)
            data-mse-std=d(s.mse)
            data-rmse-mean=m(s.rmse)
            data-rmse-std=d(s.rmse)
            data-rel-acc-mean=m(s.rel_acc)
            data-rel-acc-std=d(s.rel_acc)
            data-acc-mean=m(s.acc)
            data-acc-std=d(s.acc)
            data-lost-mean=s.lost_mean.to_string()
            data-round-se=raw(r.round_squared_error)
            data-detection-rate=raw(s.detection_rate)
            data-round-found=counts(|d| d.found)
            data-round-missed=counts(|d| d.missed)
            data-round-false-alarms=counts(|d| d.false_alarms)
        >
            <th scope="row">{scheme}</th>
            {rest}
        </tr>
    }
}

fn table(t: &TableView) -> impl IntoView {
    let columns = t.columns();
    // Built before the scroll box, whose children outlive `t`.
    let inner = view! {
            <table id="results" data-config=t.config_json.clone() data-trial=t.trial.to_string()>
                <caption id="results-caption" class="visually-hidden">{t.caption.clone()}</caption>
                <thead>
                    <tr>
                        {headings(columns)
                            .into_iter()
                            .map(|h| view! { <th scope="col">{h}</th> })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {t.rows.iter().map(|r| row(r, columns)).collect_view()}
                </tbody>
            </table>
    };
    view! {
        // Scrolls sideways on narrow screens, its caption above it.
        <ScrollTable caption_id="results-caption" caption=t.caption.clone()>
            {inner}
        </ScrollTable>
        // Why rounds failed: one line per reason.
        <ul class="notes" id="results-failures">
            {t.failure_notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}
        </ul>
    }
}

#[component]
pub fn TablePanel(state: AppState) -> impl IntoView {
    view! {
        <section class="panel" id="panel-table" aria-labelledby="table-title">
            <h2 id="table-title">{Table::PANEL.heading()}</h2>
            <crate::components::StageNote state=state panel=Table::PANEL />
            <TableProgress state=state />
            {move || match state.table.get().as_deref() {
                Some(Ok(t)) => table(t).into_any(),
                Some(Err(e)) => view! { <p class="note">{e.clone()}</p> }.into_any(),
                None => view! { <p class="note">{move || state.pending_text(Table::PANEL.stage())}</p> }.into_any(),
            }}
            <div class="panel-about" tabindex="-1">
                <p class="explain" inner_html=Table::WORDS.explain></p>
            </div>
        </section>
    }
}
