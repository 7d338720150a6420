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

#[cfg(feature = "draw")]
pub use draw::draw;
pub use hover::hover;
pub use lambda_view::error_vs_lambda_view;
pub use look::{legend_entries, Band, CurvesLook, LegendEntry};
pub use saved::with_saved;
pub use setting_view::error_vs_setting_view;
pub use statistic::{shown, SlopeRange};
pub use summary::summary;
pub use view::{
    error_vs_n_view, lambda_grid, scheme_color, scheme_label, Curve, CurveKind, CurvePoint,
    CurvesView, Marker, Reference, P_GRID,
};
