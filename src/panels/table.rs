//! Panel 5: the results table, the numbers of `coded sweep` (all trials)
//! and `coded round` (the current round) for the current configuration.
//!
//! Why data-* attributes: the end-to-end tests compare the raw values with
//! the CLI's output; the text shows them to four significant digits.

use coded_core::Stats;
use coded_panels::errors::scheme_label;
use coded_panels::format::{mean_std, percent, sig4};
use coded_panels::table::{TableRow, TableView};
use coded_panels::{Panel, Stage};
use leptos::prelude::*;

use crate::components::{ScrollTable, TableProgress};
use crate::state::AppState;

/// A raw number as the CLI prints it (Rust's shortest round-trip form), or
/// "" when there is none.
fn raw(v: Option<f64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

fn stat(s: Option<Stats>) -> String {
    s.map(|s| mean_std(s.mean, s.std))
        .unwrap_or_else(|| "–".into())
}

fn row(r: &TableRow, classifier: bool) -> impl IntoView {
    let s = &r.summary;
    let m = |v: Option<Stats>| raw(v.map(|x| x.mean));
    let d = |v: Option<Stats>| raw(v.map(|x| x.std));
    let round = match (&r.round_failure, r.round_squared_error) {
        (Some(f), _) => format!("failed: {f}"),
        (None, e) => sig4(e),
    };
    let acc_cells = classifier.then(|| {
        view! {
            <td>{s.rel_acc.map(|a| format!("{} ± {}", percent(a.mean), percent(a.std))).unwrap_or_else(|| "–".into())}</td>
            <td>{s.acc.map(|a| format!("{} ± {}", percent(a.mean), percent(a.std))).unwrap_or_else(|| "–".into())}</td>
        }
    });
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
        >
            <th scope="row">{scheme_label(s.scheme)}</th>
            <td>{stat(s.mse)}</td>
            <td>{stat(s.rmse)}</td>
            {acc_cells}
            <td>{format!("{} of {}", s.failures, s.trials)}</td>
            <td>{percent(s.lost_mean)}</td>
            <td>{round}</td>
        </tr>
    }
}

fn table(t: &TableView) -> impl IntoView {
    let classifier = t.classifier;
    // Built before the scroll box, whose children outlive `t`.
    let inner = view! {
            <table id="results" data-config=t.config_json.clone() data-trial=t.trial.to_string()>
                <caption id="results-caption" class="visually-hidden">{t.caption.clone()}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Scheme"</th>
                        <th scope="col">"MSE (mean ± std)"</th>
                        <th scope="col">"RMSE (mean ± std)"</th>
                        {classifier.then(|| view! {
                            <th scope="col">"Relative accuracy"</th>
                            <th scope="col">"Accuracy"</th>
                        })}
                        <th scope="col">"Failed rounds"</th>
                        <th scope="col">"Outputs lost"</th>
                        <th scope="col">"This round's squared error"</th>
                    </tr>
                </thead>
                <tbody>
                    {t.rows.iter().map(|r| row(r, classifier)).collect_view()}
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
            <h2 id="table-title">{Panel::Table.heading()}</h2>
            <crate::components::StageNote state=state panel=Panel::Table />
            <TableProgress state=state />
            {move || match state.table.get().as_deref() {
                Some(Ok(t)) => table(t).into_any(),
                Some(Err(e)) => view! { <p class="note">{e.clone()}</p> }.into_any(),
                None => view! { <p class="note">{move || state.pending_text(Stage::Table)}</p> }.into_any(),
            }}
            <p class="explain">
                "MSE is the mean over trials of the round's squared error, RMSE the mean of its square root (the LeTCC paper reports RMSE as mean ± std). Failed rounds (too few answers for the decoder, or an answer that is not a number) are counted, not averaged; the lines under the table say why they failed. “Outputs lost” is the mean fraction of the K outputs a round did not recover: replication loses those whose copies all straggled, and a failed round (of any scheme, LCC's below its threshold for one) loses all K. The same numbers come from "
                <code>"coded sweep --config s.json --n N --p p --schemes …"</code>
                " and, for the last column, "
                <code>"coded round --config s.json --trial t"</code>
                " (t counted from 0), with the study that Export's “Study (JSON)” saves as s.json (without the options, the sweep reruns the error-vs-N curves)."
            </p>
        </section>
    }
}
