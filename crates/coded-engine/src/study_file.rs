//! "Open study…" in the worker: a study file's text, read whole and
//! checked before the page uses any of it (its configuration, its formula,
//! its saved results against its own settings), or refused in words.
//!
//! Why in the worker: the file may be large (its results are a few
//! megabytes) and is whatever a person picks; reading it here keeps the
//! page's thread free and its wasm small, and only the worker can read a
//! formula. The page then checks the settings as a link's and applies the
//! study, or nothing.

use coded_core::{ConfigError, Study};
use coded_protocol::saved::{self, StudyRead, StudyRefusal};

/// A study file (a study, with or without results, or a plain
/// configuration), read and checked: the study as one line of JSON and its
/// saved curves; or why it was refused.
pub fn read(text: &str) -> Result<StudyRead, StudyRefusal> {
    // Before parsing: the size the page could have written.
    if let Some(why) = saved::too_large(text.len()) {
        return Err(StudyRefusal::Sentence(why));
    }
    let setting = |e: ConfigError| StudyRefusal::Setting {
        field: e.field,
        message: e.message,
    };
    let study = Study::from_json(text).map_err(setting)?;
    study.config.check_formula().map_err(setting)?;
    let results = saved::read(&study).map_err(StudyRefusal::Sentence)?;
    Ok(StudyRead {
        study: study.to_json_line(),
        curves: results.curves,
    })
}
