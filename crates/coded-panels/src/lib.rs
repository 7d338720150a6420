//! The playground's panels, without the browser. One module per panel
//! ([`stragglers`], [`encdec`], [`digits`], [`errors`], [`table`]) holds
//! everything about it but its component, behind one [`Contract`]: its
//! *view* (plot-ready data built from `coded-core` results), its summary
//! sentence (the plot's text alternative), its hover text, and (feature
//! `draw`) its draw function, generic over plotters' `DrawingBackend`.
//! [`panel`] is the registry of panels and the round stage's views;
//! [`claimed_rates`] the papers' rates the error plot overlays.
//!
//! It computes nothing itself: the core computes rounds and sweeps, the
//! worker's engine (`coded-engine`) runs them and builds the views through
//! the builders here, the page draws them.
//!
//! # Summaries
//!
//! Each panel's `summary` is one sentence computed from the same view its
//! draw function draws: the canvas's text alternative, which the page shows
//! under the plot and links from the canvas (`aria-describedby`). Pure
//! functions of the views, so they are tested natively against real data
//! and cannot drift from the picture. A missing or non-finite value reads
//! as words ("no value"), never "NaN"; a failed round says why, in the
//! core's words.
//!
//! Why a crate of its own, and why drawing is a feature: the same code
//! draws on the app's canvas, to SVG for `coded sweep --plot`, and in native
//! tests, with no web dependency; the worker builds views but never draws,
//! so it uses this crate without `draw` and compiles no plotters.

pub mod claimed_rates;
pub mod contract;
pub mod detection;
pub mod digits;
pub mod encdec;
pub mod errors;
pub mod format;
pub mod geometry;
pub mod packed_bits;
pub mod panel;
pub mod series;
pub mod stragglers;
pub mod table;
#[cfg(test)]
// Some helpers serve only the tests that draw.
#[cfg_attr(not(feature = "draw"), allow(dead_code))]
mod testing;
mod words;

#[cfg(feature = "draw")]
pub mod chart;
#[cfg(feature = "draw")]
mod drawing;
#[cfg(feature = "draw")]
pub mod theme;
#[cfg(all(feature = "draw", any(test, feature = "svg")))]
pub mod walk;

pub use contract::{Contract, Cursor, Shape, Stage, Words};
pub use geometry::{ChartGeometry, DataRange, Frame};
pub use panel::{Panel, PanelView, Panels, Registered, Results, RoundResult, Visit};
#[cfg(feature = "draw")]
pub use theme::Theme;

#[cfg(all(feature = "draw", any(test, feature = "svg")))]
pub use drawing::to_svg;
#[cfg(feature = "draw")]
pub use drawing::{Area, DrawResult};
