//! Views: plot-ready data for each panel, built from core results.
//!
//! Why a layer between the core and the draw functions: a view is plain,
//! serialisable data (it can come back from a Web Worker), holds only finite
//! numbers (a plot never shows NaN), and is tested against the core's own
//! numbers natively. Draw functions and hover read views only.

pub mod curves;
pub mod digits;
pub mod encdec;
pub mod stragglers;
pub mod table;

/// `Some(v)` when finite: views never carry NaN or infinities.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}
