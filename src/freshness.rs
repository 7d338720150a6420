//! One truth about what is shown: every result the page holds carries the
//! fingerprint of the settings it was computed for ([`Stamp`]); each
//! panel's state ([`StageState`]), the status line, the notes and the
//! exports are derived from those stamps, the current settings and the
//! phase of the last request, so they cannot disagree.
//!
//! Why pure: the rules are small but easy to get wrong (a cancelled table
//! that still says "Computing…", an export of the previous settings); they
//! are tested natively, the components only read them.

use coded_panels::{Panel, Stage};
use coded_protocol::Fingerprint;

/// What the page knows of its last request to the worker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// A change waits for the debounce (or for the worker to be ready).
    Waiting,
    /// The worker computes it.
    Running,
    /// Every stage of the request is computed.
    Done,
    /// Cancel stopped it.
    Cancelled,
    /// The worker could not start or stopped: nothing will be computed.
    Broken,
}

impl Phase {
    /// Whether results for the current settings are still to come.
    pub fn working(self) -> bool {
        matches!(self, Phase::Waiting | Phase::Running)
    }
}

/// Which settings a result belongs to: its stage's fingerprint, and whether
/// it is whole (a sweep's curves arrive point by point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub fingerprint: Fingerprint,
    pub complete: bool,
}

/// The stamps of the results held, one per stage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stamps {
    pub round: Option<Stamp>,
    pub table: Option<Stamp>,
    pub curves: Option<Stamp>,
}

impl Stamps {
    pub fn get(&self, stage: Stage) -> Option<Stamp> {
        match stage {
            Stage::Round => self.round,
            Stage::Table => self.table,
            Stage::Curves => self.curves,
        }
    }

    /// Forgets `stage`'s stamp: its result belongs to no known settings.
    pub fn clear(&mut self, stage: Stage) {
        match stage {
            Stage::Round => self.round = None,
            Stage::Table => self.table = None,
            Stage::Curves => self.curves = None,
        }
    }

    pub fn set(&mut self, stage: Stage, stamp: Stamp) {
        match stage {
            Stage::Round => self.round = Some(stamp),
            Stage::Table => self.table = Some(stamp),
            Stage::Curves => self.curves = Some(stamp),
        }
    }
}

/// What a stage's panels show, against the current settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageState {
    /// No panel of the stage is shown: it is not computed.
    NotShown,
    /// The result of the current settings.
    Current,
    /// Being computed; `shown` says what is on screen meanwhile.
    Computing(Shown),
    /// Cancelled before it was whole; `shown` as for `Computing`.
    Cancelled(Shown),
    /// The worker is gone: what is shown stays as it is.
    Broken,
}

/// What a panel shows while its result for the current settings is not
/// (yet) whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Nothing.
    Nothing,
    /// The part computed so far of the current settings' result.
    Partial,
    /// The result of earlier settings.
    Earlier,
}

impl StageState {
    /// The state of a stage: `need`, whether a shown panel needs it;
    /// `stamp`, its result's; `current`, the fingerprint of the current
    /// settings; `phase`, the last request's.
    pub fn of(need: bool, stamp: Option<Stamp>, current: Fingerprint, phase: Phase) -> Self {
        if !need {
            return StageState::NotShown;
        }
        let shown = match stamp {
            None => Shown::Nothing,
            Some(s) if s.fingerprint == current && s.complete => return StageState::Current,
            Some(s) if s.fingerprint == current => Shown::Partial,
            Some(_) => Shown::Earlier,
        };
        match phase {
            Phase::Cancelled => StageState::Cancelled(shown),
            Phase::Broken => StageState::Broken,
            // Done with no result of these settings: the worker skipped the
            // stage because nothing it reads changed since it was cancelled
            // or failed; it is computing nothing, so say it was stopped.
            Phase::Done => StageState::Cancelled(shown),
            Phase::Idle | Phase::Waiting | Phase::Running => StageState::Computing(shown),
        }
    }

    /// Its name in `data-stage-state` (the tests read it).
    pub fn name(self) -> &'static str {
        match self {
            StageState::NotShown => "not-shown",
            StageState::Current => "current",
            StageState::Computing(_) => "computing",
            StageState::Cancelled(_) => "cancelled",
            StageState::Broken => "broken",
        }
    }

    /// One line on what the panel shows when it is not the current result
    /// (None when it is, or when nothing is to be said).
    pub fn note(self, stage: Stage) -> Option<String> {
        let what = match stage {
            Stage::Round => "this round",
            Stage::Table => "the table",
            Stage::Curves => "the curves",
        };
        match self {
            StageState::NotShown | StageState::Current | StageState::Broken => None,
            StageState::Computing(Shown::Nothing) => Some("Computing…".into()),
            StageState::Computing(Shown::Partial) => {
                Some(format!("Computing: {what} fill in as the points arrive."))
            }
            StageState::Computing(Shown::Earlier) => Some(format!(
                "Computing for the new settings: until then {what} show the earlier settings."
            )),
            StageState::Cancelled(Shown::Nothing) => {
                Some("Cancelled before anything was computed.".into())
            }
            StageState::Cancelled(Shown::Partial) => Some(format!(
                "Cancelled: {what} show only the points computed before Cancel."
            )),
            StageState::Cancelled(Shown::Earlier) => Some(format!(
                "Cancelled: {what} show earlier settings, not the current ones."
            )),
        }
    }
}

/// The status line's verdict over the stages shown: computing if any is,
/// else cancelled if any was, else up to date.
pub fn overall(states: &[StageState]) -> StageState {
    let first = |f: fn(&StageState) -> bool| states.iter().copied().find(f);
    first(|s| matches!(s, StageState::Computing(_)))
        .or_else(|| first(|s| matches!(s, StageState::Cancelled(_))))
        .or_else(|| first(|s| matches!(s, StageState::Broken)))
        .unwrap_or(StageState::Current)
}

/// Why an export of `panel`'s results cannot be written now (None: it can).
pub fn export_refusal(panel: Panel, state: StageState) -> Option<String> {
    let title = panel.title();
    match state {
        StageState::Current => None,
        StageState::NotShown => Some(format!(
            "Nothing to export: the panel “{title}” is not shown, so it is not computed. Tick it under “Panels shown”, then export."
        )),
        StageState::Computing(_) => Some(format!(
            "Not exported yet: “{title}” is still being computed for the current settings. Export again when it is done."
        )),
        StageState::Cancelled(_) => Some(format!(
            "Not exported: “{title}” was cancelled before it was computed for the current settings. Press “Compute again”, then export."
        )),
        StageState::Broken => Some(format!(
            "Not exported: the computation stopped, so “{title}” is not computed for the current settings."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Fingerprint = Fingerprint(1);
    const OLD: Fingerprint = Fingerprint(2);

    fn stamp(f: Fingerprint, complete: bool) -> Option<Stamp> {
        Some(Stamp {
            fingerprint: f,
            complete,
        })
    }

    #[test]
    fn a_result_is_current_only_when_whole_and_of_the_current_settings() {
        for phase in [Phase::Running, Phase::Done, Phase::Cancelled] {
            assert_eq!(
                StageState::of(true, stamp(NOW, true), NOW, phase),
                StageState::Current
            );
            assert_eq!(
                StageState::of(false, stamp(OLD, true), NOW, phase),
                StageState::NotShown
            );
        }
        assert_eq!(
            StageState::of(true, stamp(OLD, true), NOW, Phase::Running),
            StageState::Computing(Shown::Earlier)
        );
        assert_eq!(
            StageState::of(true, stamp(NOW, false), NOW, Phase::Running),
            StageState::Computing(Shown::Partial)
        );
        assert_eq!(
            StageState::of(true, None, NOW, Phase::Waiting),
            StageState::Computing(Shown::Nothing)
        );
    }

    #[test]
    fn after_cancel_every_unfinished_stage_says_cancelled_and_nothing_says_computing() {
        // The reported case: the table had nothing, the curves part of a
        // sweep, the round was done.
        let states = [
            StageState::of(true, stamp(NOW, true), NOW, Phase::Cancelled),
            StageState::of(true, None, NOW, Phase::Cancelled),
            StageState::of(true, stamp(NOW, false), NOW, Phase::Cancelled),
        ];
        assert_eq!(states[0], StageState::Current);
        assert_eq!(states[1], StageState::Cancelled(Shown::Nothing));
        assert_eq!(states[2], StageState::Cancelled(Shown::Partial));
        assert!(matches!(overall(&states), StageState::Cancelled(_)));
        for s in states {
            assert!(!s
                .note(Stage::Table)
                .unwrap_or_default()
                .contains("Computing"));
        }
        assert!(export_refusal(Panel::Table, states[1])
            .unwrap()
            .contains("cancelled"));
        assert_eq!(export_refusal(Panel::Table, states[0]), None);
    }

    #[test]
    fn the_status_says_computing_while_any_stage_is() {
        let computing = StageState::Computing(Shown::Earlier);
        let cancelled = StageState::Cancelled(Shown::Nothing);
        assert_eq!(
            overall(&[StageState::Current, cancelled, computing]),
            computing
        );
        assert_eq!(
            overall(&[StageState::Current, StageState::NotShown]),
            StageState::Current
        );
        assert_eq!(
            StageState::Computing(Shown::Earlier)
                .note(Stage::Curves)
                .unwrap(),
            "Computing for the new settings: until then the curves show the earlier settings."
        );
    }

    #[test]
    fn an_export_of_a_hidden_panel_is_refused_in_words() {
        let why = export_refusal(Panel::Errors, StageState::NotShown).unwrap();
        assert!(
            why.contains("not shown") && why.contains("Panels shown"),
            "{why}"
        );
    }
}
