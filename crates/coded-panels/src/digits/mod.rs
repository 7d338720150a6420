//! Panel 3: LeNet-5 on coded digits, one round: the inputs, what a sample
//! of servers receive (blends of the inputs), and the predictions.
//!
//! Its parts: [`view`] (the data and how it is built), [`summary`] (the
//! sentence that describes it), [`hover`] (the values under the cursor) and,
//! with the feature `draw`, [`draw`](mod@draw) (the drawing).

#[cfg(feature = "draw")]
pub mod draw;
pub mod hover;
pub mod summary;
pub mod view;

pub use view::{spread, DigitsView, InputCard, ServerCard, MAX_SHOWN};

use crate::contract::{Contract, Cursor, Shape, Words};
use crate::geometry::Frame;
use coded_core::{Config, FunctionKind, Round};

/// Panel 3's contract: shown for LeNet-5.
pub struct Digits;

impl Contract for Digits {
    const NAME: &'static str = "digits";
    const TITLE: &'static str = "Coded digits (LeNet-5)";
    const SHAPE: Shape = Shape {
        aspect_ratio: 2.3,
        phone_aspect_ratio: 0.62,
        charts: 1,
        min_chart_height: 240.0,
        around: 40.0,
    };
    const WORDS: Words = Words {
        label: "Coded digits: the input digits with their predicted classes, and the blended images the servers receive",
        explain: EXPLAIN,
        not_shown: concat!(
            "This panel shows LeNet-5 on blended MNIST digits. The current function is scalar: ",
            "panel 2 shows it. Choose “LeNet-5 on digits” as the function to see this panel."
        ),
    };
    fn decodes(_: &Config) -> bool {
        true
    }
    type View = DigitsView;
    type Look = ();

    fn applies(config: &Config) -> bool {
        config.function == FunctionKind::Lenet5
    }

    fn from_round(round: &Round) -> Option<DigitsView> {
        let decoding = round.decoded.as_ref()?;
        Some(DigitsView::from_round(round, decoding))
    }

    fn summary(view: &DigitsView, _: &()) -> String {
        summary::summary(view)
    }

    fn hover(view: &DigitsView, _: &(), frame: &Frame, at: Cursor) -> Option<String> {
        hover::hover(view, frame, at.x, at.y)
    }

    #[cfg(feature = "draw")]
    fn draw<DB: plotters::prelude::DrawingBackend>(
        area: &crate::Area<DB>,
        theme: &crate::Theme,
        view: &DigitsView,
        _: &(),
    ) -> crate::DrawResult<DB> {
        draw::draw(area, theme, view)
    }
}

/// What the panel explains (see [`Words::explain`]).
const EXPLAIN: &str = r#"Here each input is a 28×28 image and f is a small CNN returning 10 logits. Encoding is linear, <math><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>=</mo><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>K</mi></munderover><msub><mi>E</mi><mrow><mi>n</mi><mi>k</mi></mrow></msub><msub><mi>x</mi><mi>k</mi></msub></math>, so a server sees a blend of digits, dominated by the inputs whose <math><msub><mi>α</mi><mi>k</mi></msub></math> are near its <math><msub><mi>β</mi><mi>n</mi></msub></math>. The decoder interpolates the logits of the servers that answered. <em>Relative accuracy</em> is the fraction of inputs with <math><mo>argmax</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo><mo>=</mo><mo>argmax</mo><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo></math> (agreement with the uncoded model); accuracy compares with the true labels. The LeTCC paper (Table 1) reports RMSE 2.55 ± 0.43 for BACC and 2.18 ± 0.51 for LeTCC, relative accuracy 0.92 ± 0.04 and 0.94 ± 0.04: compare with the table below."#;
