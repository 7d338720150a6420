//! Reusable view components. Panels are built from these.

pub mod field;
pub mod plot_canvas;
pub mod progress;

pub use field::{Field, FieldError};
pub use plot_canvas::{CanvasArea, CanvasResult, PlotCanvas};
pub use progress::{SweepProgress, TableProgress};
