//! Sweeps as `coded sweep` runs them, for every program that runs one: the
//! CLI and the Python package (`import coded`) call this crate, so a study
//! gives the same CSV bytes from both.
//!
//! - [`args`]: the arguments' words (schemes, slope range, threads).
//! - [`job`]: what a request (a study or a configuration, with lists that
//!   replace its own) computes: an error-vs-N plan or a sweep along a setting.
//! - [`parallel`]: the points, their trials shared out over threads, with
//!   the bits of the sequential sweep.
//! - [`watch`]: progress and stopping, read and set from another thread.
//! - [`shard`] and [`merge`]: a sweep cut into parts and joined again.
//! - [`slopes`]: the fitted slopes of the curves, in numbers and in words;
//!   [`figure`]: the error-vs-N figure as data.
//!
//! Where f comes from is the caller's: every entry takes a builder of the
//! [`coded_core::Problem`] of a configuration (the CLI's is
//! `Problem::new`; the Python package's wraps a Python callable).

pub mod args;
pub mod figure;
pub mod job;
pub mod merge;
pub mod over;
pub mod parallel;
pub mod problems;
pub mod shard;
pub mod slopes;
pub mod watch;

pub use job::{run, Job, Output, Request, Source};
pub use problems::{builtin, Problems};
pub use watch::Watch;

/// What a panic said (its message, when it is text), for the one line a
/// program prints in place of a panic's trace.
pub fn panic_words(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".into())
}
