//! The panels' components. Each owns its canvas (or table) and a short
//! explanation with formulas in MathML (rendered by the browser, no script).
//!
//! Why they only read signals: every number comes from the worker (see
//! `runner`) through `state::AppState`; a panel chooses a draw function and a hover
//! description, nothing else.

pub mod digits;
pub mod encdec;
pub mod error_tabs;
pub mod errors;
pub mod registry;
pub mod round_detail;
pub mod round_plot;
pub mod series_legend;
pub mod stragglers;
pub mod table;

pub use registry::panel_view;
