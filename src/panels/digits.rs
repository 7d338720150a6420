//! Panel 3: LeNet-5 on coded digits.

use coded_core::FunctionKind;
use coded_panels::digits as panel;
use coded_panels::digits::DigitsView;
use coded_panels::round::Detail;
use coded_panels::round::RoundResult;
use leptos::prelude::*;

use crate::components::PlotCanvas;
use crate::panels::RoundPlot;
use crate::state::AppState;

/// This panel's view in a computed round (None: computed for the other panel).
fn digits_view(r: &RoundResult) -> Option<&DigitsView> {
    match &r.detail {
        Some(Detail::Digits(v)) => Some(v),
        _ => None,
    }
}

/// What the panel explains, as static markup set as inner HTML: written as
/// view! elements its MathML cost kilobytes of the page's wasm code; as
/// text it compresses.
const DIGITS_EXPLAIN: &str = r#"Here each input is a 28×28 image and f is a small CNN returning 10 logits. Encoding is linear, <math><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>=</mo><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>K</mi></munderover><msub><mi>E</mi><mrow><mi>n</mi><mi>k</mi></mrow></msub><msub><mi>x</mi><mi>k</mi></msub></math>, so a server sees a blend of digits, dominated by the inputs whose <math><msub><mi>α</mi><mi>k</mi></msub></math> are near its <math><msub><mi>β</mi><mi>n</mi></msub></math>. The decoder interpolates the logits of the servers that answered. <em>Relative accuracy</em> is the fraction of inputs with <math><mo>argmax</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo><mo>=</mo><mo>argmax</mo><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo></math> (agreement with the uncoded model); accuracy compares with the true labels. The LeTCC paper (Table 1) reports RMSE 2.55 ± 0.43 for BACC and 2.18 ± 0.51 for LeTCC, relative accuracy 0.92 ± 0.04 and 0.94 ± 0.04: compare with the table below."#;

#[component]
pub fn DigitsPanel(state: AppState) -> impl IntoView {
    let lenet = move || state.config.with(|c| c.function == FunctionKind::Lenet5);
    view! {
        <section class="panel" id="panel-digits" aria-labelledby="digits-title">
            <h2 id="digits-title">"3 · Coded digits (LeNet-5)"</h2>
            <Show
                when=lenet
                fallback=|| {
                    view! {
                        <p class="note panel-note" id="digits-note">
                            "This panel shows LeNet-5 on blended MNIST digits. The current function is scalar: "
                            "panel 2 shows it. Choose “LeNet-5 on digits” as the function to see this panel."
                        </p>
                    }
                }
            >
                <PlotCanvas
                    id="digits-plot"
                    label="Coded digits: the input digits with their predicted classes, and the blended images the servers receive"
                    aspect_ratio=2.3
                    summary=Signal::derive(move || {
                        RoundPlot::of(state.round.get().as_deref(), digits_view)
                            .summary(panel::summary)
                    })
                    quiet=Signal::derive(move || state.playing.get())
                    draw=move |area, theme| {
                        RoundPlot::of(state.round.get().as_deref(), digits_view)
                            .draw(area, theme, |v| panel::draw(area, theme, v))
                    }
                    hover=move |f, x, y, _| {
                        state.round.with_untracked(|r| {
                            RoundPlot::of(r.as_deref(), digits_view)
                                .view()
                                .and_then(|v| panel::hover(v, f, x, y))
                        })
                    }
                />
            </Show>
            <p class="explain" inner_html=DIGITS_EXPLAIN></p>
        </section>
    }
}
