//! Draw functions, one module per panel, generic over plotters'
//! `DrawingBackend`: the app draws them on a canvas, the CLI and the tests
//! to SVG. Each returns a [`crate::Frame`] for hover.

pub mod common;
pub mod coord;
pub mod curves;
pub mod digits;
pub mod encdec;
pub mod stragglers;
