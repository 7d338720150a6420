//! Panel 4: error vs N (log-log, with the papers' rates), vs p, vs λ_dec.

use coded_plots::draw::curves as draw;
use coded_plots::format::sig4;
use coded_plots::hover;
use coded_plots::summary;
use coded_plots::views::curves::{Band, CurveKind, CurvesView};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::{PlotCanvas, SweepProgress};
use crate::panels::placeholder;
use crate::state::AppState;

const TABS: [(CurveKind, &str, &str); 3] = [
    (CurveKind::ErrorVsN, "tab-n", "Error vs N"),
    (CurveKind::ErrorVsP, "tab-p", "Error vs p"),
    (CurveKind::ErrorVsLambda, "tab-lambda", "Error vs λ_dec"),
];

/// The tab a key moves to from tab `current` (the WAI-ARIA tabs pattern:
/// arrows wrap around, Home and End jump to the ends), or None for other keys.
fn tab_after_key(key: &str, current: usize) -> Option<usize> {
    let n = TABS.len();
    match key {
        "ArrowRight" => Some((current + 1) % n),
        "ArrowLeft" => Some((current + n - 1) % n),
        "Home" => Some(0),
        "End" => Some(n - 1),
        _ => None,
    }
}

fn focus_id(id: &str) {
    if let Some(el) = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// Every plotted point as a table: the plot's data for those who cannot
/// read it off the canvas (collapsed under the plot by default).
fn data_table(v: &CurvesView) -> impl IntoView {
    let kind = v.kind;
    let rows = v
        .curves
        .iter()
        .flat_map(|c| {
            let name = c.label.clone();
            let cells: Vec<AnyView> = if c.points.is_empty() {
                vec![view! {
                    <tr>
                        <th scope="row">{name.clone()}</th>
                        <td colspan="4">"no point (every round failed, or the error is exactly 0)"</td>
                    </tr>
                }
                .into_any()]
            } else {
                c.points
                    .iter()
                    .map(|p| {
                        view! {
                            <tr>
                                <th scope="row">{name.clone()}</th>
                                <td>{summary::x_text(kind, p.x)}</td>
                                <td>{sig4(Some(p.mean))}</td>
                                <td>{sig4(Some(p.std))}</td>
                                <td>{format!("{} of {}", p.failures, p.trials)}</td>
                            </tr>
                        }
                        .into_any()
                    })
                    .collect()
            };
            cells
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="errors-data-caption">
            <table id="errors-data">
                <caption id="errors-data-caption">{format!("Plotted values: {}", v.title)}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Curve"</th>
                        <th scope="col">{v.x_label.clone()}</th>
                        <th scope="col">"Mean squared error"</th>
                        <th scope="col">"Standard deviation"</th>
                        <th scope="col">"Failed rounds"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

#[component]
pub fn ErrorsPanel(state: AppState) -> impl IntoView {
    let tab = move || state.ui.with(|u| u.error_tab);
    let tab_id = move || {
        TABS.iter()
            .find(|t| t.0 == tab())
            .map(|t| t.1)
            .unwrap_or("tab-n")
    };
    let notes = move || {
        state
            .curves
            .get()
            .and_then(|r| r.as_ref().as_ref().ok().map(|v| v.notes.clone()))
            .unwrap_or_default()
    };
    // Automatic activation: the arrow keys select as they move (the sweep
    // runs in the worker, so the page stays responsive meanwhile). Roving
    // tabindex: only the selected tab is in the Tab sequence.
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let current = state
            .ui
            .with_untracked(|u| TABS.iter().position(|t| t.0 == u.error_tab))
            .unwrap_or(0);
        let Some(next) = tab_after_key(&ev.key(), current) else {
            return;
        };
        ev.prevent_default();
        if next != current {
            state.ui.update(|u| u.error_tab = TABS[next].0);
        }
        focus_id(TABS[next].1);
    };
    // One sentence per settled result: while the sweep runs the curves grow
    // point by point, and a live region following them would talk non-stop.
    let sweeping = move || {
        state.status.with(|s| {
            matches!(
                s.sweep,
                Some((_, coded_plots::messages::SweepState::Running))
            )
        })
    };
    let summary = Signal::derive(move || {
        if sweeping() {
            return "Computing the sweep…".to_string();
        }
        match state.curves.get().as_deref() {
            Some(Ok(v)) => summary::curves(v),
            Some(Err(e)) => format!("No plot: {e}"),
            None => "Computing the sweep…".to_string(),
        }
    });
    view! {
        <section class="panel" id="panel-errors" aria-labelledby="errors-title">
            <h2 id="errors-title">"4 · Error curves"</h2>
            <div class="toolbar">
                <div class="tabs" role="tablist" aria-label="Error plots" on:keydown=on_key>
                    {TABS
                        .into_iter()
                        .map(|(kind, id, text)| {
                            view! {
                                <button
                                    type="button"
                                    role="tab"
                                    id=id
                                    aria-selected=move || (tab() == kind).to_string()
                                    tabindex=move || if tab() == kind { "0" } else { "-1" }
                                    aria-controls="errors-tabpanel"
                                    on:click=move |_| state.ui.update(|u| u.error_tab = kind)
                                >
                                    {text}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <label class="check" for="references">
                    <input
                        type="checkbox"
                        id="references"
                        prop:checked=move || state.ui.with(|u| u.references)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            state.ui.update(|u| u.references = on);
                        }
                    />
                    "claimed rates"
                </label>
                <label class="band-choice" for="band">{crate::settings::by_id("band").map_or("", |s| s.label)}</label>
                <select
                    id="band"
                    on:change=move |ev| {
                        if let Some(b) = Band::parse(&event_target_value(&ev)) {
                            state.ui.update(|u| u.band = b);
                        }
                    }
                >
                    {Band::ALL
                        .into_iter()
                        .map(|b| {
                            let text = match b {
                                Band::Mean95 => "mean, 95 % interval",
                                Band::Quantiles => "median, 10–90 % of rounds",
                            };
                            view! {
                                <option value=b.name() selected=move || state.ui.with(|u| u.band == b)>
                                    {text}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
            // Focusable (the tabs pattern): the panel holds no control of its
            // own except Cancel, which is there only while a sweep runs.
            <div
                class="tabpanel"
                role="tabpanel"
                id="errors-tabpanel"
                tabindex="0"
                aria-labelledby=tab_id
            >
                <SweepProgress state=state />
                <PlotCanvas
                    id="errors-plot"
                    label="Error curves: mean squared error against N, p or λ_dec, per scheme"
                    aspect_ratio=1.35
                    summary=summary
                    draw=move |area, theme| match state.curves.get().as_deref() {
                        Some(Ok(v)) => draw::draw(area, theme, v, state.ui.with(|u| u.band)),
                        Some(Err(e)) => placeholder(area, theme, e),
                        None => placeholder(area, theme, "Computing the sweep…"),
                    }
                    hover=move |f, x, y, scale| {
                        state.curves.with_untracked(|r| match r.as_deref() {
                            Some(Ok(v)) => hover::curves(v, f, x, y, scale),
                            _ => None,
                        })
                    }
                />
                <ul class="notes" id="errors-notes">
                    {move || notes().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
                <details class="plot-data" id="errors-details">
                    <summary>"The plotted values as a table"</summary>
                    {move || match state.curves.get().as_deref() {
                        Some(Ok(v)) => data_table(v).into_any(),
                        _ => view! { <p class="note">"No values yet."</p> }.into_any(),
                    }}
                </details>
            </div>
            <p class="explain">
                "Each point is the mean over the trials of the squared error "
                <math>
                    <mfrac><mn>"1"</mn><mi>"K"</mi></mfrac>
                    <msub><mo>"∑"</mo><mi>"k"</mi></msub>
                    <msup><mrow><mo>"‖"</mo><msub><mi>"u"</mi><mtext>"dec"</mtext></msub><mo>"("</mo><msub><mi>"α"</mi><mi>"k"</mi></msub><mo>")"</mo><mo>"−"</mo><mi>"f"</mi><mo>"("</mo><msub><mi>"x"</mi><mi>"k"</mi></msub><mo>")"</mo><mo>"‖"</mo></mrow><mn>"2"</mn></msup>
                </math>
                " (failed rounds left out and counted: hollow markers); the band is ± one standard deviation over trials, its lower edge clipped at a tenth of the mean. The legend gives each curve's fitted log-log slope. Dashed: the rates the probabilistic-regime paper's abstract states, "
                <math>
                    <mi>"O"</mi><mo>"("</mo><msubsup><mi>"log"</mi><mrow><mn>"1"</mn><mo>"/"</mo><mi>"p"</mi></mrow><mn>"3"</mn></msubsup><mo>"("</mo><mi>"N"</mi><mo>")"</mo><mo>"·"</mo><msup><mi>"N"</mi><mrow><mo>"−"</mo><mn>"3"</mn></mrow></msup><mo>")"</mo>
                </math>
                " for BACC and "
                <math>
                    <mi>"O"</mi><mo>"("</mo><msubsup><mi>"log"</mi><mrow><mn>"1"</mn><mo>"/"</mo><mi>"p"</mi></mrow><mn>"4"</mn></msubsup><mo>"("</mo><mi>"N"</mi><mo>")"</mo><mo>"·"</mo><msup><mi>"N"</mi><mrow><mo>"−"</mo><mn>"2"</mn></mrow></msup><mo>")"</mo>
                </math>
                " for LeTCC (“respectively”), each scaled through the first point of its scheme's curve. A third-party summary of the full text attributes them the other way round, and substituting "
                <math><mi>"S"</mi><mo>"≈"</mo><msub><mi>"log"</mi><mrow><mn>"1"</mn><mo>"/"</mo><mi>"p"</mi></mrow></msub><mi>"N"</mi></math>
                " into LeTCC's deterministic "
                <math><msup><mi>"S"</mi><mn>"3"</mn></msup><msup><mi>"N"</mi><mrow><mo>"−"</mo><mn>"3"</mn></mrow></msup></math>
                " gives the first rate. Both are upper bounds: measured curves may fall faster. With S fixed stragglers the dashed line is the LeTCC paper's "
                <math><mi>"O"</mi><mo>"("</mo><msup><mi>"S"</mi><mn>"3"</mn></msup><msup><mi>"N"</mi><mrow><mo>"−"</mo><mn>"3"</mn></mrow></msup><mo>")"</mo></math>
                ". With noisy servers (σ > 0) the only dashed line is the LeTCC paper's bound for noisy answers, "
                <math><mi>"O"</mi><mo>"("</mo><msup><mi>"S"</mi><mrow><mn>"8"</mn><mo>"/"</mo><mn>"5"</mn></mrow></msup><msup><mi>"N"</mi><mrow><mo>"−"</mo><mn>"3"</mn><mo>"/"</mo><mn>"5"</mn></mrow></msup><mo>")"</mo></math>
                ", proved for at most S stragglers. Under independent stragglers about pN servers straggle, and with S = pN that bound would grow with N; it is drawn with S = log₁/ₚ N, the longest run of stragglers, the same substitution as above. BACC's interpolant passes through every noisy answer, so its error stops falling near a multiple of σ²; LeTCC's spline smooths the noise away, if λ_dec is chosen well (GCV does it per round). Error vs p uses independent stragglers at the configured N; error vs λ_dec is LeTCC at the configured N, with GCV's choice and BACC as levels."
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrow_keys_wrap_and_home_end_jump() {
        assert_eq!(tab_after_key("ArrowRight", 0), Some(1));
        assert_eq!(tab_after_key("ArrowRight", 2), Some(0));
        assert_eq!(tab_after_key("ArrowLeft", 0), Some(2));
        assert_eq!(tab_after_key("Home", 2), Some(0));
        assert_eq!(tab_after_key("End", 0), Some(2));
        assert_eq!(tab_after_key("Enter", 1), None);
    }
}
