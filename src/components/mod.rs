//! Reusable view components. Panels are built from these.

pub mod canvas_batch;
pub mod drawing_parts;
pub mod field;
pub mod painting;
pub mod plot_backend;
pub mod plot_canvas;
pub mod progress;
pub mod scroll_table;
pub mod stage_note;
pub mod turns;
pub mod typed;

pub use field::Field;

/// The page's clock: `performance.now()`, in ms (0 without a window).
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

pub use plot_canvas::{
    plots_as_png, plots_as_svg, CanvasArea, CanvasResult, PlotCanvas, PlotZoom, SLIDE_ZOOM,
};
pub use progress::{SweepProgress, TableProgress};
pub use scroll_table::ScrollTable;
pub use stage_note::StageNote;
pub use typed::TypedInput;
