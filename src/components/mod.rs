//! Reusable view components. Panels are built from these.

pub mod canvas_batch;
pub mod choice_select;
pub mod clock;
pub mod drawing_parts;
pub mod field;
pub mod painting;
pub mod plot_backend;
pub mod plot_canvas;
pub mod progress;
pub mod scroll_table;
pub mod stage_note;
pub mod text_boxes;
pub mod turns;
pub mod typed;

pub use choice_select::choice_select;
pub use clock::now;
pub use field::Field;

pub use plot_backend::{CanvasArea, CanvasResult};
pub use plot_canvas::{plots_as_png, plots_as_svg, PlotCanvas, PlotZoom, SLIDE_ZOOM};
pub use progress::{SweepProgress, TableProgress};
pub use scroll_table::ScrollTable;
pub use stage_note::StageNote;
pub use typed::TypedInput;
