//! The words the table's entries describe their allowed values with.

use crate::limits::IntRange;

/// `"a", "b"`: wire names as JSON strings.
pub(super) fn quoted(names: impl IntoIterator<Item = &'static str>) -> String {
    let each: Vec<String> = names.into_iter().map(|n| format!("\"{n}\"")).collect();
    each.join(", ")
}

/// `one of "a", "b"`: a choice among wire names.
pub(super) fn one_of(names: impl IntoIterator<Item = &'static str>) -> String {
    format!("one of {}", quoted(names))
}

pub(super) fn integer_in(r: IntRange) -> String {
    format!("a whole number from {r}")
}
