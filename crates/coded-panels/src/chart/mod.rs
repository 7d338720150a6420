//! What the panels' draw functions share: the themed mesh, ticks, clipping
//! and messages ([`common`]), legends ([`legend`]), the one axis coordinate type
//! ([`coord`]), the caption line of an exported image ([`caption`]), and
//! rows of cells drawn as one image ([`raster`]).
//! Each panel's own drawing is in its module (`draw.rs`).

pub mod caption;
pub mod clip;
pub mod common;
pub mod coord;
pub mod legend;
pub mod raster;
pub mod verdicts;
