//! Panel 1: which servers straggled, in this round and over many trials.
//!
//! Its parts: [`view`] (the data and how it is built), [`summary`] (the
//! sentence that describes it), [`hover`] (the values under the cursor) and,
//! with the feature `draw`, [`draw`](mod@draw) (the drawing).

#[cfg(feature = "draw")]
pub mod draw;
pub mod hover;
pub mod summary;
pub mod view;

pub use view::{Look, StragglerView};

use crate::contract::{Contract, Cursor, Shape, Words};
use crate::geometry::Frame;
use coded_core::{Config, Round};

/// Panel 1's contract.
pub struct Stragglers;

impl Contract for Stragglers {
    const NAME: &'static str = "stragglers";
    const TITLE: &'static str = "Straggler pattern";
    const SHAPE: Shape = Shape {
        aspect_ratio: 1.7,
        phone_aspect_ratio: 0.95,
        charts: 2,
        min_chart_height: 100.0,
        around: 60.0,
    };
    const WORDS: Words = Words {
        label: "Straggler pattern: which servers straggled in the current round and in many rounds",
        explain: EXPLAIN,
        not_shown: "",
    };
    type View = StragglerView;
    type Look = Look;

    /// Decoded only for a scheme that locates adversaries: the strip then
    /// marks whom it flagged.
    fn decodes(config: &Config) -> bool {
        config.scheme.locator().is_some()
    }

    fn from_round(round: &Round) -> Option<StragglerView> {
        Some(StragglerView::from_round(round))
    }

    fn summary(view: &StragglerView, _: &Look) -> String {
        summary::summary(view)
    }

    fn hover(view: &StragglerView, _: &Look, frame: &Frame, at: Cursor) -> Option<String> {
        hover::hover(view, frame, at.x, at.y)
    }

    #[cfg(feature = "draw")]
    fn draw<DB: plotters::prelude::DrawingBackend>(
        area: &crate::Area<DB>,
        theme: &crate::Theme,
        view: &StragglerView,
        look: &Look,
    ) -> crate::DrawResult<DB> {
        draw::draw(area, theme, view, look)
    }

    fn looks(view: &StragglerView) -> Vec<Look> {
        let last = view.n.checked_sub(1);
        vec![
            Look::default(),
            Look { focus: Some(0) },
            Look { focus: last },
        ]
    }
}

/// What the panel explains (see [`Words::explain`]).
const EXPLAIN: &str = r#"The master sends each of the N servers, in the order of their points <math><msub><mi>β</mi><mi>n</mi></msub></math>, one coded input. A server either answers (blue, tall) or straggles (orange, short). <math><mi>F</mi></math> is the set that answered; with independent stragglers <math><mrow><mo>|</mo><mi>F</mi><mo>|</mo><mo>∼</mo><mtext>Binomial</mtext><mo>(</mo><mi>N</mi><mo>,</mo><mn>1</mn><mo>−</mo><mi>p</mi><mo>)</mo></mrow></math>. About Np servers straggle, yet the error can still fall as N grows: what hurts an interpolating decoder is the longest run of consecutive stragglers, which grows only like <math><msub><mi>log</mi><mrow><mn>1</mn><mo>/</mo><mi>p</mi></mrow></msub><mi>N</mi></math>. The raster below shows many rounds (one row each; the current one is framed). <span class="pick-hint">Click a server to make it straggle or answer (or focus the plot, choose a server with the arrow keys and press Enter or Space): the model becomes a pattern chosen by hand, the same in every round, and the other panels follow. </span>Servers are numbered from 0 in β order, as in the link and the exported configuration."#;
