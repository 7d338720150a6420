//! Sharing: the state in the URL (`link`), the notice about ignored link
//! values (`notices`), the share bar with Copy link, the Embed dialog, the
//! papers' presets and export (`share_bar` and the parts it composes), a
//! study file opened again (`open_study`, reading with `study_file`), and
//! embed mode (`embed_app`).
//!
//! Why together: all of it is the page talking to the world outside it.
//! The pure parts (the snippet, the export formats and CSV writers) are
//! modules of their own, tested natively, as are the codec (`url`) and the
//! presets (`presets`). Link values reach the DOM as text only (never as
//! markup).

pub mod copy_button;
pub mod embed_app;
pub mod embed_dialog;
pub mod export;
pub mod export_bar;
pub mod link;
pub mod notices;
pub mod open_study;
pub mod presets_bar;
pub mod share_bar;
pub mod snippet;
pub mod study_file;

pub use embed_app::EmbedApp;
pub use link::PageLink;
pub use notices::Notices;
pub use share_bar::ShareBar;
