//! Panel 2: encode → compute → decode, for the scalar functions (a
//! [`RoundDetail`]).

use coded_panels::encdec as panel;
use coded_panels::encdec::EncDecView;
use coded_panels::round::Detail;
use coded_panels::Panel;

use super::round_detail::RoundDetail;

/// Panel 2: shown for the scalar functions.
pub static ENCDEC: RoundDetail<EncDecView> = RoundDetail {
    panel: Panel::Encdec,
    label: "Encode, compute, decode: the encoder curve through the inputs, the servers' answers, the decoder curve and the estimates",
    aspect_ratio: 1.1,
    other_kind_note: concat!(
        "LeNet-5 maps a 784-pixel image to 10 logits: there is no curve to draw. ",
        "Panel 3 shows its coded digits instead; choose a scalar function to see this panel."
    ),
    explain: EXPLAIN,
    for_lenet: false,
    pick: |r| match &r.detail {
        Some(Detail::Scalar(v)) => Some(v),
        _ => None,
    },
    draw: |area, theme, v| panel::draw(area, theme, v),
    summary: panel::summary,
    hover: panel::hover,
};

const EXPLAIN: &str = r#"<strong>Encode: </strong>a curve <math><msub><mi>u</mi><mtext>enc</mtext></msub></math> passes (nearly) through the data points <math><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>,</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo></math>; server n receives <math><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>=</mo><msub><mi>u</mi><mtext>enc</mtext></msub><mo>(</mo><msub><mi>β</mi><mi>n</mi></msub><mo>)</mo></math>. <strong>Compute: </strong>it returns <math><msub><mi>y</mi><mi>n</mi></msub><mo>=</mo><mi>f</mi><mo>(</mo><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>)</mo></math> unless it straggles. <strong>Decode: </strong>a curve <math><msub><mi>u</mi><mtext>dec</mtext></msub></math> is fitted to the answers of the servers in F, and <math><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo><mo>≈</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo></math>. BACC uses Berrut's rational interpolant <math><mi>r</mi><mo>(</mo><mi>z</mi><mo>)</mo><mo>=</mo><mfrac><mrow><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mi>i</mi></msup><msub><mi>v</mi><mi>i</mi></msub><mo>/</mo><mo>(</mo><mi>z</mi><mo>−</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo></mrow><mrow><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mi>i</mi></msup><mo>/</mo><mo>(</mo><mi>z</mi><mo>−</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo></mrow></mfrac></math> (no poles, any nodes); LeTCC the smoothing spline minimising <math><mfrac><mn>1</mn><mi>n</mi></mfrac><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><msub><mi>v</mi><mi>i</mi></msub><mo>−</mo><mi>u</mi><mo>(</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo><mo>)</mo></mrow><mn>2</mn></msup><mo>+</mo><mi>λ</mi><mo>∫</mo><msup><mrow><mi>u</mi><mo>″</mo></mrow><mn>2</mn></msup></math>; LCC the polynomial through the points, exact only for polynomial f with enough answers. The dashed grey curve is <math><mi>f</mi><mo>∘</mo><msub><mi>u</mi><mtext>enc</mtext></msub></math>, which the decoder tries to follow; the lowest chart shows each estimate's error."#;
