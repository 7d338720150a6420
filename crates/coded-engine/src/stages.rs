//! The three stages of a recomputation, and what each depends on.
//!
//! Why three stages: they have different costs and triggers. The round (one
//! straggler draw, decoded) follows the trial and is cheap once the answers
//! are cached; the table runs every trial of the configuration; the error
//! curves run whole sweeps. The engine recomputes only the stages whose
//! inputs changed (their keys, below), and posts the cheap ones first. The
//! round is one unit of work; the table and the curves run in slices
//! (`table_run`, `curves_run`).

use crate::session::Session;
use coded_core::{Config, ConfigError, Round};
use coded_panels::RoundResult;
use coded_protocol::UiState;

/// The round stage: the round shown, computed by the core, and the views of
/// the round panels shown (decoded only when one of them needs it).
pub fn round(
    session: &mut Session,
    config: &Config,
    ui: &UiState,
) -> Result<RoundResult, ConfigError> {
    config.validate()?;
    let prepared = if RoundResult::needs_decoding(config, ui.panels) {
        Some(session.prepared(config, config.scheme, config.n)?)
    } else {
        None
    };
    let round = Round::compute(config, ui.trial_in(config), prepared);
    Ok(RoundResult::of(&round, ui.panels))
}

/// What each stage depends on, to skip stages whose inputs did not change
/// (a hidden panel's stage is not run at all): the contract's keys, which
/// the page reads too.
pub use coded_protocol::fingerprint::{curves_key, round_key, table_key};

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::run_round;
    use coded_core::FunctionKind;
    use coded_panels::digits::Digits;
    use coded_panels::encdec::Encdec;
    use coded_panels::{Panel, Panels};

    #[test]
    fn the_round_is_the_cores_round() {
        let mut s = Session::new();
        for text in [
            "{}",
            r#"{"function": "lenet5", "k": 4, "n": 16, "trials": 3}"#,
            r#"{"function": "abs", "scheme": "lcc", "trials": 3}"#,
            r#"{"trials": 5, "stragglers": {"model": "iid", "p": 1}}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let ui = UiState {
                trial: 1,
                ..UiState::default()
            };
            let r = round(&mut s, &c, &ui).unwrap();
            assert_eq!(r, crate::oracle::round(&c, &ui), "{text}");
            // And the numbers are `coded round`'s.
            let report = run_round(&c, 1).unwrap();
            match (r.get::<Digits>(), r.get::<Encdec>(), c.function) {
                (Some(v), None, FunctionKind::Lenet5) => {
                    assert_eq!(v.squared_error, report.squared_error);
                    assert_eq!(v.relative_accuracy, report.relative_accuracy);
                }
                (None, Some(v), f) if f != FunctionKind::Lenet5 => {
                    assert_eq!(v.squared_error, report.squared_error);
                    assert_eq!(v.straggled, report.straggled);
                }
                other => panic!("wrong views {other:?}"),
            }
        }
    }

    #[test]
    fn a_hidden_detail_panel_is_not_computed() {
        let mut s = Session::new();
        let c = Config::default();
        let ui = UiState {
            panels: Panels::only(Panel::Stragglers),
            ..UiState::default()
        };
        let r = round(&mut s, &c, &ui).unwrap();
        assert_eq!(r.views.len(), 1);
        assert!(r.get::<coded_panels::stragglers::Stragglers>().is_some());
        assert_eq!(s.prepare_count, 0, "f was not run");
    }
}
