//! Panel 4: error vs N (log-log, with the papers' rates), vs p, vs λ_dec.

use coded_plots::draw::curves as draw;
use coded_plots::hover;
use coded_plots::views::curves::CurveKind;
use leptos::prelude::*;

use crate::components::{PlotCanvas, SweepProgress};
use crate::panels::placeholder;
use crate::state::AppState;

const TABS: [(CurveKind, &str, &str); 3] = [
    (CurveKind::ErrorVsN, "tab-n", "Error vs N"),
    (CurveKind::ErrorVsP, "tab-p", "Error vs p"),
    (CurveKind::ErrorVsLambda, "tab-lambda", "Error vs λ_dec"),
];

#[component]
pub fn ErrorsPanel(state: AppState) -> impl IntoView {
    let tab = move || state.ui.with(|u| u.error_tab);
    let notes = move || {
        state
            .curves
            .get()
            .and_then(|r| r.as_ref().as_ref().ok().map(|v| v.notes.clone()))
            .unwrap_or_default()
    };
    view! {
        <section class="panel" id="panel-errors" aria-labelledby="errors-title">
            <h2 id="errors-title">"4 · Error curves"</h2>
            <div class="toolbar" role="tablist" aria-label="Error plots">
                {TABS
                    .into_iter()
                    .map(|(kind, id, text)| {
                        view! {
                            <button
                                type="button"
                                role="tab"
                                id=id
                                aria-selected=move || (tab() == kind).to_string()
                                aria-controls="errors-plot"
                                on:click=move |_| state.ui.update(|u| u.error_tab = kind)
                            >
                                {text}
                            </button>
                        }
                    })
                    .collect_view()}
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
            </div>
            <SweepProgress state=state />
            <PlotCanvas
                id="errors-plot"
                label="Mean squared error against N, p or lambda_dec, per scheme"
                aspect_ratio=1.35
                draw=move |area, theme| match state.curves.get().as_deref() {
                    Some(Ok(v)) => draw::draw(area, theme, v),
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
                ". Error vs p uses independent stragglers at the configured N; error vs λ_dec is LeTCC at the configured N, with GCV's choice and BACC as levels."
            </p>
        </section>
    }
}
