//! A time-left estimate that counts down steadily instead of drifting.
//!
//! Why not the worker's estimate as it comes: it is elapsed × (1 − f) / f,
//! and f only moves when a slice of work returns (with a pool, a helper's
//! whole range at once). Between returns the elapsed time grows while f
//! stands still, so the raw estimate rises (8 → 11 → 14 s was seen) and
//! the line stays the same for seconds. Here an estimate is taken only
//! when the work moved, then counted down with the clock; a new one that
//! is only somewhat higher is noise of a steady rate and is not shown.
//!
//! A countdown that runs out while work remains was wrong (the first
//! estimate came from the fast small-N points, say): it says nothing
//! until the work moves again rather than "finishing" at 3 %.

use coded_panels::format::NBSP;

/// A new estimate above the countdown by more than this factor (and
/// [`RISE_MARGIN_MS`]) means the rate really changed: it is shown.
pub const RISE_FACTOR: f64 = 1.25;
pub const RISE_MARGIN_MS: f64 = 2000.0;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Countdown {
    /// When (page clock, ms) the shown estimate was taken, and its value.
    anchor: Option<(f64, f64)>,
    /// The work done at the last estimate: a new estimate needs more.
    fraction: f64,
}

impl Countdown {
    /// Takes the worker's `left_ms` at share of work `fraction`, seen at
    /// `now` (page clock, ms).
    pub fn observe(&mut self, now: f64, fraction: f64, left_ms: Option<f64>) {
        if fraction < self.fraction {
            // A new run started.
            *self = Countdown::default();
        }
        let Some(estimate) = left_ms.filter(|l| l.is_finite() && *l >= 0.0) else {
            return;
        };
        if self.anchor.is_some() && fraction <= self.fraction {
            return; // the work did not move: nothing new is known
        }
        self.fraction = fraction;
        let take = match self.left(now) {
            None => true,
            Some(shown) => estimate < shown || estimate > shown * RISE_FACTOR + RISE_MARGIN_MS,
        };
        if take {
            self.anchor = Some((now, estimate));
        }
    }

    /// The time left at `now` (ms); None before the first estimate and
    /// when the estimate ran out with work still to do.
    pub fn left(&self, now: f64) -> Option<f64> {
        let (at, left) = self.anchor?;
        let left = left - (now - at).max(0.0);
        if left > 0.0 {
            Some(left)
        } else if self.fraction >= 1.0 {
            Some(0.0)
        } else {
            None
        }
    }
}

/// "about 3 s left", "under a second left", "finishing".
pub fn words(ms: Option<f64>) -> String {
    match ms {
        None => "estimating the time left".into(),
        Some(ms) if ms <= 0.0 => "finishing".into(),
        Some(ms) if ms < 1000.0 => "under a second left".into(),
        // A non-breaking space: "s" never starts a line alone.
        Some(ms) if ms < 90_000.0 => format!("about {:.0}{NBSP}s left", ms / 1000.0),
        Some(ms) => format!("about {:.0}{NBSP}min left", ms / 60_000.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worker's estimate for work done at a steady rate that reports
    /// only when a slice of `slice` returns (every `period` ms), sampled
    /// every 250 ms as progress messages come.
    fn steady(slice: f64, period: f64, until: f64) -> Vec<(f64, f64, Option<f64>)> {
        let mut out = vec![];
        let mut t = 0.0;
        while t < until {
            let fraction = ((t / period).floor() * slice).min(1.0);
            let left = (fraction > 0.0).then(|| t * (1.0 - fraction) / fraction);
            out.push((t, fraction, left));
            t += 250.0;
        }
        out
    }

    #[test]
    fn at_a_steady_rate_the_estimate_never_rises() {
        // The raw estimate does rise between slices (what was seen) ...
        let samples = steady(0.05, 1500.0, 28_000.0);
        let raw: Vec<f64> = samples.iter().filter_map(|s| s.2).collect();
        assert!(raw.windows(2).any(|w| w[1] > w[0]));
        // ... the countdown does not, and it moves between slices.
        let mut c = Countdown::default();
        let mut shown = vec![];
        for (t, f, left) in samples {
            c.observe(t, f, left);
            shown.extend(c.left(t));
        }
        assert!(shown.windows(2).all(|w| w[1] <= w[0]), "{shown:?}");
        assert!(shown.windows(4).all(|w| w[3] < w[0]));
        // And it is right: 30 s of work, so near 30 − t.
        let mut c = Countdown::default();
        for (t, f, left) in steady(0.05, 1500.0, 15_000.0) {
            c.observe(t, f, left);
        }
        let left = c.left(15_000.0).unwrap();
        assert!((left - 15_000.0).abs() < 2000.0, "{left}");
    }

    #[test]
    fn a_real_slowdown_is_shown_and_a_new_run_starts_over() {
        let mut c = Countdown::default();
        c.observe(0.0, 0.1, Some(9000.0));
        c.observe(1000.0, 0.2, Some(8000.0));
        assert_eq!(c.left(1000.0), Some(8000.0));
        // Slightly higher: steady-rate noise, kept counting down.
        c.observe(2000.0, 0.3, Some(7500.0));
        assert_eq!(c.left(2000.0), Some(7000.0));
        // Much higher: the work got slower (large N), shown.
        c.observe(3000.0, 0.35, Some(30_000.0));
        assert_eq!(c.left(3000.0), Some(30_000.0));
        // A new run.
        c.observe(4000.0, 0.01, Some(5000.0));
        assert_eq!(c.left(4000.0), Some(5000.0));
    }

    #[test]
    fn an_estimate_that_runs_out_before_the_work_says_nothing_until_the_work_moves() {
        // The first points were fast: 3 % in 150 ms promises 5 s in all.
        let mut c = Countdown::default();
        c.observe(0.0, 0.03, Some(4850.0));
        assert_eq!(words(c.left(4000.0)), "under a second left");
        // The large-N points take much longer: the work stands at 3 %.
        c.observe(6000.0, 0.03, Some(194_000.0));
        assert_eq!(words(c.left(6000.0)), "estimating the time left");
        // It moves: the new estimate is shown.
        c.observe(9000.0, 0.2, Some(36_000.0));
        assert_eq!(c.left(9000.0), Some(36_000.0));
        // All the work done: the last message, then "finishing".
        c.observe(40_000.0, 1.0, Some(0.0));
        assert_eq!(words(c.left(40_500.0)), "finishing");
    }
}
