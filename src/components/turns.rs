//! Plots draw in turns: a plot whose data, size or theme changed draws in
//! a task of its own (a timeout of 0), one plot a task, rather than in the
//! task that changed it.
//!
//! Why: a round at N = 8192 arrives in one task that reads the message,
//! updates the page and redrew the straggler plot and the encoder/decoder
//! plot, each about 100 ms on a slow machine: together they held the page
//! for 320 ms. In turns, the page answers clicks and paints between them.
//!
//! The status line says busy while a plot waits for its turn
//! ([`waiting`]), so "idle" still means that every plot shows the
//! results (what tests and people wait for).

use std::cell::Cell;

use leptos::prelude::*;

thread_local! {
    /// Whether the current task is a turn no plot has drawn in yet.
    static TURN: Cell<bool> = const { Cell::new(false) };
    /// Plots waiting for their turn: a reference-counted signal, not
    /// one of an owner's (it outlives any mounted app).
    static WAITING: ArcRwSignal<usize> = ArcRwSignal::new(0);
}

/// Whether a plot may draw now (and takes the turn if so).
pub fn may_draw() -> bool {
    TURN.replace(false)
}

/// A plot will draw when `turn` runs, in a task of its own: `turn`
/// wakes its effect, which runs in the same task (a microtask).
pub fn wait(turn: impl FnOnce() + 'static) {
    WAITING.with(|w| w.update(|n| *n += 1));
    set_timeout(
        move || {
            TURN.set(true);
            turn();
            // The turn ends with its task.
            set_timeout(|| TURN.set(false), std::time::Duration::ZERO);
        },
        std::time::Duration::ZERO,
    );
}

/// Mounts `total` parts one a task, after the current one: `count` says
/// how many are in (they read it), and the status line says busy until all
/// are. Why: the whole page built in one task held a phone's page for
/// about 300 ms (4× slower CPU) before it could answer a tap.
pub fn mount_in_turns(count: RwSignal<usize>, total: usize) {
    if count.try_get_untracked().is_none_or(|c| c >= total) {
        return;
    }
    WAITING.with(|w| w.update(|n| *n += 1));
    set_timeout(
        move || {
            // The parts' owner may be gone by now (its view removed, as
            // the controls of a page left for an embed): then nothing is
            // left to mount.
            let alive = count.try_update(|c| *c += 1).is_some();
            waited();
            if alive {
                mount_in_turns(count, total);
            }
        },
        std::time::Duration::ZERO,
    );
}

/// A waiting plot drew (or was removed from the page).
pub fn waited() {
    WAITING.with(|w| w.update(|n| *n = n.saturating_sub(1)));
}

/// Whether some plot waits for its turn (reactive).
pub fn waiting() -> bool {
    WAITING.with(|w| w.get()) > 0
}
