//! What the panels' draw functions share: the themed mesh, legends, ticks,
//! clipping and messages ([`common`]), and the one axis coordinate type
//! ([`coord`]). Each panel's own drawing is in its module (`draw.rs`).

pub mod common;
pub mod coord;
