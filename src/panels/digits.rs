//! Panel 3: LeNet-5 on coded digits (a [`RoundDetail`]).

use coded_panels::digits as panel;
use coded_panels::digits::DigitsView;
use coded_panels::round::Detail;
use coded_panels::Panel;

use super::round_detail::RoundDetail;

/// Panel 3: shown for LeNet-5.
pub static DIGITS: RoundDetail<DigitsView> = RoundDetail {
    panel: Panel::Digits,
    label: "Coded digits: the input digits with their predicted classes, and the blended images the servers receive",
    aspect_ratio: 2.3,
    other_kind_note: concat!(
        "This panel shows LeNet-5 on blended MNIST digits. The current function is scalar: ",
        "panel 2 shows it. Choose “LeNet-5 on digits” as the function to see this panel."
    ),
    explain: EXPLAIN,
    for_lenet: true,
    pick: |r| match &r.detail {
        Some(Detail::Digits(v)) => Some(v),
        _ => None,
    },
    draw: |area, theme, v| panel::draw(area, theme, v),
    summary: panel::summary,
    hover: |v, f, x, y, _| panel::hover(v, f, x, y),
};

const EXPLAIN: &str = r#"Here each input is a 28×28 image and f is a small CNN returning 10 logits. Encoding is linear, <math><msub><mover><mi>x</mi><mo>~</mo></mover><mi>n</mi></msub><mo>=</mo><munderover><mo>∑</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>K</mi></munderover><msub><mi>E</mi><mrow><mi>n</mi><mi>k</mi></mrow></msub><msub><mi>x</mi><mi>k</mi></msub></math>, so a server sees a blend of digits, dominated by the inputs whose <math><msub><mi>α</mi><mi>k</mi></msub></math> are near its <math><msub><mi>β</mi><mi>n</mi></msub></math>. The decoder interpolates the logits of the servers that answered. <em>Relative accuracy</em> is the fraction of inputs with <math><mo>argmax</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo><mo>=</mo><mo>argmax</mo><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo></math> (agreement with the uncoded model); accuracy compares with the true labels. The LeTCC paper (Table 1) reports RMSE 2.55 ± 0.43 for BACC and 2.18 ± 0.51 for LeTCC, relative accuracy 0.92 ± 0.04 and 0.94 ± 0.04: compare with the table below."#;
