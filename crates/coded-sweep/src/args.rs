//! A sweep's arguments read from their text, in one set of words for the
//! CLI's flags and the Python package's keywords: a scheme, the slopes' N
//! range, the number of threads.

use crate::slopes::SlopeRange;
use coded_core::Scheme;

/// A scheme by its name (`--schemes`, `schemes=`).
pub fn scheme(v: &str) -> Result<Scheme, String> {
    Scheme::parse(v.trim()).ok_or_else(|| format!("`{v}` is not a scheme ({})", scheme_names()))
}

/// The schemes' names, comma-separated.
pub fn scheme_names() -> String {
    let names: Vec<&str> = Scheme::ALL.iter().map(|s| s.name()).collect();
    names.join(", ")
}

/// A range of N for the slopes (`--slope-range`, `slope_range=`).
pub fn slope_range(v: &str) -> Result<SlopeRange, String> {
    SlopeRange::parse(v).ok_or_else(|| {
        format!("`{v}` is not a range of N such as 40..320 (positive numbers, LO at most HI)")
    })
}

/// The threads a run uses: those asked for, else one per core.
pub fn threads(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
