//! Reusable view components. Panels are built from these.

pub mod plot_canvas;
pub mod slider;

pub use plot_canvas::{CanvasArea, CanvasResult, PlotCanvas};
pub use slider::Slider;
