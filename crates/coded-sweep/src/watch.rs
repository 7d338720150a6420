//! A sweep's progress and its stop, shared with the thread that started it:
//! the Python package polls it to draw a progress bar and sets `stop` on
//! Ctrl-C, while the sweep runs on other threads with the GIL released.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Trials done and to do, and whether to stop.
#[derive(Debug, Default)]
pub struct Watch {
    done: AtomicU64,
    total: AtomicU64,
    stop: AtomicBool,
}

/// What a stopped sweep returns in place of its points.
pub const STOPPED: &str = "the sweep was stopped before it finished";

impl Watch {
    pub fn new() -> Watch {
        Watch::default()
    }

    /// Trials run so far and in all (all: 0 until the sweep is planned).
    pub fn progress(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// Asks the sweep to stop at its next slice of trials.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub(crate) fn add_total(&self, trials: u64) {
        self.total.fetch_add(trials, Ordering::Relaxed);
    }

    pub(crate) fn add_done(&self, trials: u64) {
        self.done.fetch_add(trials, Ordering::Relaxed);
    }

    /// `Err(STOPPED)` once stopped.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.stopped() {
            Err(STOPPED.into())
        } else {
            Ok(())
        }
    }
}
