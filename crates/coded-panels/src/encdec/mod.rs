//! Panel 2: encode → compute → decode for a scalar function, one round.
//!
//! Its parts: [`view`] (the data and how it is built), [`summary`] (the
//! sentence that describes it), [`hover`] (the values under the cursor) and,
//! with the feature `draw`, [`draw`](mod@draw) (the drawing).

#[cfg(feature = "draw")]
pub mod draw;
pub mod hover;
pub mod summary;
pub mod view;

pub use view::{grid, EncDecView, GRID};

use crate::contract::{Contract, Cursor, Shape, Words};
use crate::geometry::Frame;
use coded_core::{Config, FunctionKind, Round};

/// Panel 2's contract: shown for the scalar functions.
pub struct Encdec;

impl Contract for Encdec {
    const NAME: &'static str = "encdec";
    const TITLE: &'static str = "Encode → compute → decode";
    const SHAPE: Shape = Shape {
        aspect_ratio: 1.1,
        phone_aspect_ratio: 0.6,
        charts: 3,
        min_chart_height: 110.0,
        around: 150.0,
    };
    const WORDS: Words = Words {
        label: "Encode, compute, decode: the encoder curve through the inputs, the servers' answers, the decoder curve and the estimates",
        explain: EXPLAIN,
        not_shown: concat!(
            "LeNet-5 maps a 784-pixel image to 10 logits: there is no curve to draw. ",
            "Panel 3 shows its coded digits instead; choose a scalar function to see this panel."
        ),
    };
    fn decodes(_: &Config) -> bool {
        true
    }
    type View = EncDecView;
    type Look = ();

    fn applies(config: &Config) -> bool {
        config.function != FunctionKind::Lenet5
    }

    fn from_round(round: &Round) -> Option<EncDecView> {
        let decoding = round.decoded.as_ref()?;
        Some(EncDecView::from_round(round, decoding))
    }

    fn summary(view: &EncDecView, _: &()) -> String {
        summary::summary(view)
    }

    fn hover(view: &EncDecView, _: &(), frame: &Frame, at: Cursor) -> Option<String> {
        hover::hover(view, frame, at.x, at.y, at.scale)
    }

    #[cfg(feature = "draw")]
    fn draw<DB: plotters::prelude::DrawingBackend>(
        area: &crate::Area<DB>,
        theme: &crate::Theme,
        view: &EncDecView,
        _: &(),
    ) -> crate::DrawResult<DB> {
        draw::draw(area, theme, view)
    }
}

/// What the panel explains (see [`Words::explain`]).
const EXPLAIN: &str = r#"<strong>Encode: </strong>a curve <math><msub><mi>u</mi><mtext>enc</mtext></msub></math> passes (nearly) through the data points <math><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>,</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo></math>; server n receives <math><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>=</mo><msub><mi>u</mi><mtext>enc</mtext></msub><mo>(</mo><msub><mi>β</mi><mi>n</mi></msub><mo>)</mo></math>. <strong>Compute: </strong>it returns <math><msub><mi>y</mi><mi>n</mi></msub><mo>=</mo><mi>f</mi><mo>(</mo><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>)</mo></math> unless it straggles. <strong>Decode: </strong>a curve <math><msub><mi>u</mi><mtext>dec</mtext></msub></math> is fitted to the answers of the servers in F, and <math><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo><mo>≈</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo></math>. BACC uses Berrut's rational interpolant <math><mi>r</mi><mo>(</mo><mi>z</mi><mo>)</mo><mo>=</mo><mfrac><mrow><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mi>i</mi></msup><msub><mi>v</mi><mi>i</mi></msub><mo>/</mo><mo>(</mo><mi>z</mi><mo>−</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo></mrow><mrow><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mi>i</mi></msup><mo>/</mo><mo>(</mo><mi>z</mi><mo>−</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo></mrow></mfrac></math> (no poles, any nodes); LeTCC the smoothing spline minimising <math><mfrac><mn>1</mn><mi>n</mi></mfrac><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>(</mo><msub><mi>v</mi><mi>i</mi></msub><mo>−</mo><mi>u</mi><mo>(</mo><msub><mi>t</mi><mi>i</mi></msub><mo>)</mo><mo>)</mo></mrow><mn>2</mn></msup><mo>+</mo><mi>λ</mi><mo>∫</mo><msup><mrow><mi>u</mi><mo>″</mo></mrow><mn>2</mn></msup></math>; LCC the polynomial through the points, exact only for polynomial f with enough answers. The dashed grey curve is <math><mi>f</mi><mo>∘</mo><msub><mi>u</mi><mtext>enc</mtext></msub></math>, which the decoder tries to follow; the lowest chart shows each estimate's error."#;
