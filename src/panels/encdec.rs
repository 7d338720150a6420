//! Panel 2: encode → compute → decode, for the scalar functions.

use coded_core::FunctionKind;
use coded_panels::encdec as panel;
use coded_panels::encdec::EncDecView;
use coded_panels::round::Detail;
use coded_panels::round::RoundResult;
use leptos::prelude::*;

use crate::components::PlotCanvas;
use crate::panels::RoundPlot;
use crate::state::AppState;

/// This panel's view in a computed round (None: computed for the other panel).
fn encdec_view(r: &RoundResult) -> Option<&EncDecView> {
    match &r.detail {
        Some(Detail::Scalar(v)) => Some(v),
        _ => None,
    }
}

/// What the panel explains, as static markup set as inner HTML: written as
/// view! elements its MathML cost kilobytes of the page's wasm code; as
/// text it compresses.
const ENCDEC_EXPLAIN: &str = r#"<strong>Encode: </strong>a curve <math><msub><mi>u</mi><mtext>enc</mtext></msub></math> passes (nearly) through the data points <math><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>,</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo></math>; server n receives <math><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>=</mo><msub><mi>u</mi><mtext>enc</mtext></msub><mo>(</mo><msub><mi>β</mi><mi>n</mi></msub><mo>)</mo></math>. <strong>Compute: </strong>it returns <math><msub><mi>y</mi><mi>n</mi></msub><mo>=</mo><mi>f</mi><mo>(</mo><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>)</mo></math> unless it straggles. <strong>Decode: </strong>a curve <math><msub><mi>u</mi><mtext>dec</mtext></msub></math> is fitted to the answers of the servers in F, and <math><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo><mo>≈</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo></math>. BACC uses Berrut's rational interpolant <math><mi>r</mi><mo>(</mo><mi>z</mi><mo>)</mo><mo>=</mo><mfrac><mrow><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mi>i</mi></msup><msub><mi>v</mi><mi>i</mi></msub><mo>/</mo><mo>(</mo><mi>z</mi><mo>−</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo></mrow><mrow><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mi>i</mi></msup><mo>/</mo><mo>(</mo><mi>z</mi><mo>−</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo></mrow></mfrac></math> (no poles, any nodes); LeTCC the smoothing spline minimising <math><mfrac><mn>1</mn><mi>n</mi></mfrac><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><msub><mi>v</mi><mi>i</mi></msub><mo>−</mo><mi>u</mi><mo>(</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo><mo>)</mo></mrow><mn>2</mn></msup><mo>+</mo><mi>λ</mi><mo>∫</mo><msup><mrow><mi>u</mi><mo>″</mo></mrow><mn>2</mn></msup></math>; LCC the polynomial through the points, exact only for polynomial f with enough answers. The dashed grey curve is <math><mi>f</mi><mo>∘</mo><msub><mi>u</mi><mtext>enc</mtext></msub></math>, which the decoder tries to follow; the lowest chart shows each estimate's error."#;

#[component]
pub fn EncDecPanel(state: AppState) -> impl IntoView {
    let lenet = move || state.config.with(|c| c.function == FunctionKind::Lenet5);
    view! {
        <section class="panel" id="panel-encdec" aria-labelledby="encdec-title">
            <h2 id="encdec-title">"2 · Encode → compute → decode"</h2>
            <Show
                when=move || !lenet()
                fallback=|| {
                    view! {
                        <p class="note panel-note" id="encdec-note">
                            "LeNet-5 maps a 784-pixel image to 10 logits: there is no curve to draw. "
                            "Panel 3 shows its coded digits instead; choose a scalar function to see this panel."
                        </p>
                    }
                }
            >
                <PlotCanvas
                    id="encdec-plot"
                    label="Encode, compute, decode: the encoder curve through the inputs, the servers' answers, the decoder curve and the estimates"
                    aspect_ratio=1.1
                    summary=Signal::derive(move || {
                        RoundPlot::of(state.round.get().as_deref(), encdec_view)
                            .summary(panel::summary)
                    })
                    quiet=Signal::derive(move || state.playing.get())
                    draw=move |area, theme| {
                        RoundPlot::of(state.round.get().as_deref(), encdec_view)
                            .draw(area, theme, |v| panel::draw(area, theme, v))
                    }
                    hover=move |f, x, y, scale| {
                        state.round.with_untracked(|r| {
                            RoundPlot::of(r.as_deref(), encdec_view)
                                .view()
                                .and_then(|v| panel::hover(v, f, x, y, scale))
                        })
                    }
                />
            </Show>
            <p class="explain" inner_html=ENCDEC_EXPLAIN></p>
        </section>
    }
}
