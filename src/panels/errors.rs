//! Panel 4: error vs N (log-log, with the papers' rates), and vs any other
//! setting of the core's table of axes (p, λ_dec, λ_enc, σ, K, τ: their tabs
//! are `error_tabs`').

use std::sync::Arc;

use coded_core::statistic::Statistic;
use coded_core::study::planned_ns;
use coded_core::Config;
use coded_panels::errors as panel;
use coded_panels::errors::{Axis, Band, CurvesView, Errors};
use coded_panels::format::sig4;
use coded_panels::{Contract, Cursor, Panel, Stage};
use coded_protocol::UiState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::{choice_select, PlotCanvas, ScrollTable, SweepProgress};
use crate::panels::error_tabs::{
    setting_tab_text, tab_after_key, tabs, uses_values, value_range, ErrorTab,
};
use crate::panels::series_legend::{curves_look, SeriesLegend};
use crate::panels::shown::placeholder;
use crate::state::AppState;

/// Numbers as a list a person reads: "20, 40, 80".
fn listed<T: ToString>(values: impl IntoIterator<Item = T>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Which settings the selected plot uses: the main N and p controls do
/// nothing to error vs N, whose N and p come from their own lists, and the
/// lists do nothing to the other two tabs.
pub fn uses_sentence(config: &Config, ui: &UiState) -> String {
    let model = config.stragglers.about().caption;
    match ui.axis {
        Axis::N => {
            let (ns, _) = planned_ns(&ui.sweep_ns, config.k);
            let n_part = if ns.is_empty() {
                format!("no N (none in “N values” is at least K = {})", config.k)
            } else {
                format!("N = {} from “N values”", listed(ns))
            };
            let p_part = if config.stragglers.is_iid() {
                format!("p = {} from “p values”", listed(&ui.sweep_ps))
            } else {
                format!("the straggler model as set ({model}; “p values” is for independent stragglers)")
            };
            format!("This plot uses {n_part} and {p_part}, not the N and p settings.")
        }
        Axis::P => {
            let (lo, hi) = value_range(ui);
            format!(
                "This plot uses N = {} (the N setting) and independent stragglers at p = {lo} to {hi}; “N values” and “p values” are for error vs N.",
                config.n,
            )
        }
        Axis::LambdaDec => {
            let (lo, hi) = value_range(ui);
            format!(
                "This plot uses N = {} (the N setting) and the straggler model as set ({model}), with λ_dec from {lo} to {hi}; “N values” and “p values” are for error vs N.",
                config.n,
            )
        }
        _ => uses_values(config, ui),
    }
}

/// What the error-vs-p tab shows, after the sentences common to all tabs.
pub(crate) const P_TAB_TEXT: &str = " Error vs p: independent stragglers at each p of the axis, at the configured N; the vertical line marks the configured p (for another straggler model, its probability that a server straggles). No rate is claimed against p: no dashed line, no fitted slope.";

/// What the error-vs-λ_dec tab shows, after the sentences common to all tabs.
pub(crate) const LAMBDA_TAB_TEXT: &str = " Error vs λ_dec: LeTCC at the configured N and straggler model, with λ_dec held at each value of the axis. The dashed horizontal lines are levels to compare with: LeTCC with λ_dec chosen by GCV in every round, and BACC (which has no λ_dec). The vertical line marks the configured λ_dec when it is a number on the axis. No rate is claimed against λ_dec: no fitted slope.";

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
                                <td>{panel::summary::x_text(kind, p.x)}</td>
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
    let caption = format!("Plotted values: {}", v.title);
    // Built before the scroll box, whose children outlive `v`.
    let inner = view! {
            <table id="errors-data">
                <caption id="errors-data-caption" class="visually-hidden">{caption.clone()}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Curve"</th>
                        <th scope="col">{v.x_label.clone()}</th>
                        <th scope="col">{crate::settings::capitalised(&v.y_label)}</th>
                        <th scope="col">"Standard deviation"</th>
                        <th scope="col">"Failed rounds"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
    };
    view! {
        <ScrollTable caption_id="errors-data-caption" caption=caption>
            {inner}
        </ScrollTable>
    }
}

/// A select of one way the plot is drawn (its line and band, its
/// statistic): it shows the choice plotted (`get`) and sets the one picked
/// in the page's settings (`set`).
fn drawing_choice<T: Copy + PartialEq + Send + Sync + 'static>(
    state: AppState,
    id: &'static str,
    options: impl IntoIterator<Item = T>,
    name: fn(T) -> &'static str,
    text: fn(T) -> &'static str,
    get: fn(&UiState) -> T,
    set: fn(&mut UiState, T),
) -> impl IntoView {
    let chosen = move |o| state.sweep_ui.with(|u| get(u) == o);
    let choose = move |o| state.ui.update(|u| set(u, o));
    choice_select(id, options, name, text, chosen, choose)
}

/// What the error-vs-N tab shows, after the sentences common to all tabs:
/// the fitted slopes and the papers' rates, with their formulas.
fn n_tab_text() -> impl IntoView {
    view! { <span inner_html=N_TAB_HTML></span> }
}

/// The error-vs-N text as static markup (its MathML as view! elements cost
/// kilobytes of the page's wasm code; as text it compresses).
const N_TAB_HTML: &str = r#" Error vs N: the legend gives each curve's fitted log-log slope. Dashed: the rates the probabilistic-regime paper's abstract states, <math><mi>O</mi><mo>(</mo><msubsup><mi>log</mi><mrow><mn>1</mn><mo>/</mo><mi>p</mi></mrow><mn>3</mn></msubsup><mo>(</mo><mi>N</mi><mo>)</mo><mo>·</mo><msup><mi>N</mi><mrow><mo>−</mo><mn>3</mn></mrow></msup><mo>)</mo></math> for BACC and <math><mi>O</mi><mo>(</mo><msubsup><mi>log</mi><mrow><mn>1</mn><mo>/</mo><mi>p</mi></mrow><mn>4</mn></msubsup><mo>(</mo><mi>N</mi><mo>)</mo><mo>·</mo><msup><mi>N</mi><mrow><mo>−</mo><mn>2</mn></mrow></msup><mo>)</mo></math> for LeTCC (“respectively”), each scaled through the first point of its scheme's curve. A third-party summary of the full text attributes them the other way round, and substituting <math><mi>S</mi><mo>≈</mo><msub><mi>log</mi><mrow><mn>1</mn><mo>/</mo><mi>p</mi></mrow></msub><mi>N</mi></math> into LeTCC's deterministic <math><msup><mi>S</mi><mn>3</mn></msup><msup><mi>N</mi><mrow><mo>−</mo><mn>3</mn></mrow></msup></math> gives the first rate. Both are upper bounds: measured curves may fall faster. With a fixed number S of stragglers, whichever model places them, the dashed line is the LeTCC paper's <math><mi>O</mi><mo>(</mo><msup><mi>S</mi><mn>3</mn></msup><msup><mi>N</mi><mrow><mo>−</mo><mn>3</mn></mrow></msup><mo>)</mo></math>. With noisy servers (σ &gt; 0) the only dashed line is the LeTCC paper's bound for noisy answers, <math><mi>O</mi><mo>(</mo><msup><mi>S</mi><mrow><mn>8</mn><mo>/</mo><mn>5</mn></mrow></msup><msup><mi>N</mi><mrow><mo>−</mo><mn>3</mn><mo>/</mo><mn>5</mn></mrow></msup><mo>)</mo></math>, proved for at most S stragglers. Under independent stragglers (or a deadline) about pN servers straggle, and with S = pN that bound would grow with N; it is drawn with S = log₁/ₚ N, the longest run of stragglers, the same substitution as above. BACC's interpolant passes through every noisy answer, so its error stops falling near a multiple of σ²; LeTCC's spline smooths the noise away, if λ_dec is chosen well (GCV does it per round)."#;

#[component]
pub fn ErrorsPanel(state: AppState) -> impl IntoView {
    let tab = move || state.sweep_ui.with(|u| u.axis);
    let tab_id = move || {
        tabs()
            .into_iter()
            .find(|t| t.kind == tab())
            .map_or_else(|| "tab-n".to_string(), |t| t.id)
    };
    // A new tab plots the setting's default values (its "Values" list).
    let select = move |kind: Axis| state.choose_error_plot(kind);
    // The curves drawn: the run's, with a study file's saved curves beside
    // them while one is open (`share::open_study`).
    // In the statistic and with the slopes' range chosen: drawing only,
    // from the numbers every point carries (no sweep reruns).
    let choice = Memo::new(move |_| state.sweep_ui.with(|u| (u.statistic, u.slope_range)));
    let drawn = Memo::new(move |_| {
        let current = state.curves.get()?;
        let (statistic, range) = choice.get();
        let shown = |v: &CurvesView| panel::shown(v, statistic, range);
        Some(match (current.as_ref(), state.saved_curves.get()) {
            (Ok(v), Some(saved)) => Arc::new(Ok(panel::with_saved(&shown(v), &shown(&saved)))),
            (Ok(v), None) => Arc::new(Ok(shown(v))),
            _ => current,
        })
    });
    let notes = move || {
        drawn
            .get()
            .and_then(|r| r.as_ref().as_ref().ok().map(|v| v.notes.clone()))
            .unwrap_or_default()
    };
    // Automatic activation: the arrow keys select as they move (the sweep
    // runs in the worker, so the page stays responsive meanwhile). Roving
    // tabindex: only the selected tab is in the Tab sequence.
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let all = tabs();
        let current = state
            .ui
            .with_untracked(|u| all.iter().position(|t| t.kind == u.axis))
            .unwrap_or(0);
        let Some(next) = tab_after_key(&ev.key(), current, all.len()) else {
            return;
        };
        ev.prevent_default();
        if next != current {
            select(all[next].kind);
        }
        focus_id(&all[next].id);
    };
    // One sentence per settled result: while the sweep runs the curves grow
    // point by point, and a live region following them would talk non-stop.
    let sweeping = move || {
        state
            .status
            .with(|s| matches!(s.sweep, Some((_, coded_protocol::SweepState::Running))))
    };
    // The table of plotted values, while its <details> is closed, follows
    // the curves only between sweeps: rebuilt for every partial result
    // (about ten a second) it was DOM work on the page's thread, taken from
    // the workers, for a table nobody sees. Open, it follows them live.
    let table_open = RwSignal::new(false);
    let tabled = Memo::new(
        move |before: Option<&Option<Arc<Result<CurvesView, String>>>>| match before {
            Some(shown) if sweeping() && !table_open.get() => shown.clone(),
            _ => drawn.get(),
        },
    );
    let summary = Signal::derive(move || {
        if sweeping() {
            return "Computing the sweep…".to_string();
        }
        match drawn.get().as_deref() {
            Some(Ok(v)) => state
                .sweep_ui
                .with(|u| Errors::summary(v, &curves_look(u, false))),
            Some(Err(e)) => format!("No plot: {e}"),
            None => state.pending_text(Stage::Curves),
        }
    });
    view! {
        <section class="panel" id="panel-errors" aria-labelledby="errors-title">
            <h2 id="errors-title">{Panel::Errors.heading()}</h2>
            <crate::components::StageNote state=state panel=Panel::Errors />
            <div class="toolbar">
                <div class="tabs" role="tablist" aria-label="Error plots" on:keydown=on_key>
                    {tabs()
                        .into_iter()
                        .map(|ErrorTab { kind, id, text }| {
                            view! {
                                <button
                                    type="button"
                                    role="tab"
                                    id=id
                                    aria-selected=move || (tab() == kind).to_string()
                                    tabindex=move || if tab() == kind { "0" } else { "-1" }
                                    aria-controls="errors-tabpanel"
                                    on:click=move |_| {
                                        if tab() != kind {
                                            select(kind)
                                        }
                                    }
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
                        prop:checked=move || state.sweep_ui.with(|u| u.references)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            state.ui.update(|u| u.references = on);
                        }
                    />
                    "claimed rates"
                </label>
                <label class="band-choice" for="band">{crate::settings::by_id("band").map_or("", |s| s.label)}</label>
                {drawing_choice(state, "band", Band::ALL, Band::name, Band::choice_text, |u| u.band, |u, b| u.band = b)}
                <label class="band-choice" for="statistic">
                    {crate::settings::by_id("statistic").map_or("", |s| s.label)}
                </label>
                {drawing_choice(state, "statistic", Statistic::ALL, Statistic::name, Statistic::words, |u| u.statistic, |u, v| u.statistic = v)}
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
                    label=Errors::WORDS.label
                    shape=Errors::SHAPE
                    summary=summary
                    // The page's legend is the buttons below; an exported
                    // image draws its own.
                    draw=move |area, theme| match drawn.get().as_deref() {
                        Some(Ok(v)) => {
                            let look = state.sweep_ui.with(|u| curves_look(u, theme.exported));
                            Errors::draw(area, theme, v, &look)
                        }
                        Some(Err(e)) => placeholder(area, theme, e),
                        None => placeholder(area, theme, &state.pending_text(Stage::Curves)),
                    }
                    hover=move |f, x, y, scale| {
                        drawn.with_untracked(|r| match r.as_deref() {
                            Some(Ok(v)) => {
                                let look = state.sweep_ui.with_untracked(|u| curves_look(u, false));
                                Errors::hover(v, &look, f, Cursor::new(x, y, scale))
                            }
                            _ => None,
                        })
                    }
                >
                    <SeriesLegend state=state drawn=drawn />
                </PlotCanvas>
            </div>
            <div class="panel-about" tabindex="-1">
                <p class="note" id="errors-uses">
                    {move || state.config.with(|c| state.sweep_ui.with(|u| uses_sentence(c, u)))}
                </p>
                <ul class="notes" id="errors-notes">
                    {move || notes().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
                <details
                    class="plot-data"
                    id="errors-details"
                    on:toggle=move |ev| {
                        let open = js_sys::Reflect::get(&event_target::<web_sys::Element>(&ev), &"open".into())
                            .ok()
                            .and_then(|v| v.as_bool())
                            .unwrap_or(true);
                        table_open.set(open);
                    }
                >
                    <summary>"The plotted values as a table"</summary>
                    {move || match tabled.get().as_deref() {
                        Some(Ok(v)) => data_table(v).into_any(),
                        _ => view! { <p class="note">"No values yet."</p> }.into_any(),
                    }}
                </details>
                <p class="explain" id="errors-explain">
                    <span inner_html=Errors::WORDS.explain></span>
                    {move || state.sweep_ui.with(|u| u.band).explanation()}
                    {move || match tab() {
                        Axis::N => n_tab_text().into_any(),
                        Axis::P => P_TAB_TEXT.into_any(),
                        Axis::LambdaDec => LAMBDA_TAB_TEXT.into_any(),
                        kind => setting_tab_text(kind).into_any(),
                    }}
                </p>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{LambdaDec, StragglerModel};

    fn tab(kind: Axis, ns: &[usize], ps: &[f64]) -> UiState {
        UiState {
            axis: kind,
            sweep_ns: ns.to_vec(),
            sweep_ps: ps.to_vec(),
            ..UiState::default()
        }
    }

    #[test]
    fn the_uses_line_names_the_lists_or_the_settings_of_each_tab() {
        let c = Config::default();
        assert_eq!((c.n, c.k), (40, 10));
        let ui = tab(Axis::N, &[80, 5, 20, 10, 20, 9000], &[0.1, 0.3]);
        assert_eq!(
            uses_sentence(&c, &ui),
            "This plot uses N = 10, 20, 80 from “N values” and p = 0.1, 0.3 from “p values”, not the N and p settings."
        );
        let none = tab(Axis::N, &[3, 5], &[0.1]);
        assert!(uses_sentence(&c, &none).starts_with(
            "This plot uses no N (none in “N values” is at least K = 10) and p = 0.1"
        ));
        let fixed = Config {
            stragglers: StragglerModel::Fixed { s: 5 },
            ..c.clone()
        };
        assert_eq!(
            uses_sentence(&fixed, &ui),
            "This plot uses N = 10, 20, 80 from “N values” and the straggler model as set (exactly S = 5 at random; “p values” is for independent stragglers), not the N and p settings."
        );
        let p_tab = tab(Axis::P, &[20], &[0.1]);
        assert_eq!(
            uses_sentence(&c, &p_tab),
            "This plot uses N = 40 (the N setting) and independent stragglers at p = 0 to 0.9; “N values” and “p values” are for error vs N."
        );
        let l_tab = tab(Axis::LambdaDec, &[20], &[0.1]);
        assert_eq!(
            uses_sentence(&fixed, &l_tab),
            "This plot uses N = 40 (the N setting) and the straggler model as set (exactly S = 5 at random), with λ_dec from 1e−12 to 10; “N values” and “p values” are for error vs N."
        );
    }

    #[test]
    fn the_p_and_lambda_texts_match_their_views() {
        let c = Config {
            trials: 3,
            n: 20,
            lambda_dec: LambdaDec::Value(1e-6),
            ..Config::default()
        };
        // The views as the worker computes them (BACC and LeTCC compared).
        let view = |kind: Axis| {
            coded_engine::curves(
                &mut coded_engine::Session::new(),
                &c,
                &tab(kind, &[20], &[0.1]),
            )
            .unwrap()
        };
        // Error vs p: "no dashed line, no fitted slope"; a vertical line.
        let v = view(Axis::P);
        assert!(v.references.is_empty() && v.curves.iter().all(|k| k.slope.is_none()));
        assert!(v.marker.is_some());
        assert!(P_TAB_TEXT.contains("no dashed line, no fitted slope"));
        // Error vs λ_dec: "no fitted slope"; the dashed lines are horizontal
        // levels of GCV and BACC; the marker is the configured λ_dec.
        let v = view(Axis::LambdaDec);
        assert!(v.curves.iter().all(|k| k.slope.is_none()));
        assert_eq!(v.references.len(), 2);
        assert!(v.references[0].label.contains("GCV") && v.references[1].label.starts_with("BACC"));
        for r in &v.references {
            assert!(
                r.slope.is_none() && r.points[0].1 == r.points[1].1,
                "{}",
                r.label
            );
        }
        assert_eq!(v.marker.as_ref().map(|m| m.x), Some(1e-6));
        assert!(LAMBDA_TAB_TEXT.contains("no fitted slope") && LAMBDA_TAB_TEXT.contains("GCV"));
        for text in [P_TAB_TEXT, LAMBDA_TAB_TEXT] {
            assert!(
                !text.contains("slope ") && !text.contains("rates the"),
                "{text}"
            );
        }
    }
}
