//! Panel 4: error against N (log-log), and against any other setting of
//! the core's table of axes (p, λ_dec, λ_enc, σ, K, τ).
//!
//! The views are built from sweep points as the core computes them
//! (`coded sweep`'s numbers): the worker's engine (`coded-engine`) runs the
//! sweeps, error vs λ_dec one point per λ.
//!
//! Its parts: [`view`] (the data, and error vs N; [`setting_view`] error
//! vs any other setting, [`lambda_view`] vs λ_dec with its levels; [`failed`] groups the
//! points where every round failed by why), [`saved`] (a saved run's
//! curves beside the current ones), [`summary`] (the sentence that
//! describes it), [`hover`] (the values under the cursor), [`look`] (the
//! page's choices of line, band and hidden series) and, with the feature
//! `draw`, [`draw`](mod@draw) (the drawing).

#[cfg(feature = "draw")]
pub mod draw;
pub mod failed;
pub mod hover;
pub mod lambda_view;
pub mod look;
pub mod point_stats;
pub mod saved;
pub mod setting_view;
pub mod statistic;
pub mod summary;
pub mod view;

pub use lambda_view::error_vs_lambda_view;
pub use look::{legend_entries, Band, CurvesLook, LegendEntry};
pub use saved::with_saved;
pub use setting_view::error_vs_setting_view;
pub use statistic::{shown, SlopeRange};
pub use view::{
    error_vs_n_view, lambda_grid, Axis, Curve, CurvePoint, CurvesView, Marker, Reference, P_GRID,
};

use crate::contract::{Contract, Cursor, Shape, Words};
use crate::geometry::Frame;

/// Panel 4's contract.
pub struct Errors;

impl Contract for Errors {
    const NAME: &'static str = "errors";
    const TITLE: &'static str = "Error curves";
    const SHAPE: Shape = Shape {
        aspect_ratio: 1.35,
        phone_aspect_ratio: 0.62,
        charts: 1,
        min_chart_height: 260.0,
    };
    const WORDS: Words = Words {
        label: "Error curves: mean squared error against N, p or λ_dec, per scheme",
        explain: EXPLAIN,
        not_shown: "",
    };
    type View = CurvesView;
    type Look = CurvesLook;

    fn summary(view: &CurvesView, look: &CurvesLook) -> String {
        summary::summary(view, look)
    }

    fn hover(view: &CurvesView, look: &CurvesLook, frame: &Frame, at: Cursor) -> Option<String> {
        hover::hover(view, look, frame, at.x, at.y, at.scale)
    }

    #[cfg(feature = "draw")]
    fn draw<DB: plotters::prelude::DrawingBackend>(
        area: &crate::Area<DB>,
        theme: &crate::Theme,
        view: &CurvesView,
        look: &CurvesLook,
    ) -> crate::DrawResult<DB> {
        draw::draw(area, theme, view, look)
    }

    /// Each line and band, with every series shown and with every series
    /// hidden; with the legend drawn in the image and without.
    fn looks(view: &CurvesView) -> Vec<CurvesLook> {
        let every: Vec<String> = (view.curves.iter().map(|c| c.key.clone()))
            .chain(view.references.iter().map(|r| r.key.clone()))
            .collect();
        let mut looks = vec![];
        for band in Band::ALL {
            for hidden in [vec![], every.clone()] {
                for legend in [true, false] {
                    looks.push(CurvesLook {
                        band,
                        hidden: hidden.clone(),
                        legend,
                    });
                }
            }
        }
        looks
    }
}

/// What a round's error is, as static markup (see [`Words::explain`]): the
/// page follows it with what the line, the band and the selected tab show.
const EXPLAIN: &str = r#"Each round's error is its mean squared error <math><mfrac><mn>1</mn><mi>K</mi></mfrac><msub><mo>∑</mo><mi>k</mi></msub><msup><mrow><mo>‖</mo><msub><mi>u</mi><mtext>dec</mtext></msub><mo>(</mo><msub><mi>α</mi><mi>k</mi></msub><mo>)</mo><mo>−</mo><mi>f</mi><mo>(</mo><msub><mi>x</mi><mi>k</mi></msub><mo>)</mo><mo>‖</mo></mrow><mn>2</mn></msup></math>."#;
