//! The panels' components. Each owns its canvas (or table) and a short
//! explanation with formulas in MathML (rendered by the browser, no script).
//!
//! Why they only read signals: every number comes from the worker (see
//! `runner`) through `state::AppState`; a panel's contract (in
//! `coded-panels`) draws, summarises and describes it.

pub mod error_tabs;
pub mod errors;
pub mod plot_panel;
pub mod registry;
pub mod series_legend;
pub mod shown;
pub mod stragglers;
pub mod table;

pub use registry::panel_view;
