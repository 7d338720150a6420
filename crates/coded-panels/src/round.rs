//! The round stage's views: the straggler pattern of the trial shown, and
//! the detail of its decoding (panel 2 for a scalar f, panel 3 for
//! LeNet-5), built from the core's own round.

use crate::digits::view::DigitsView;
use crate::encdec::view::EncDecView;
use crate::stragglers::view::StragglerView;
use crate::{Panel, Panels};
use coded_core::problem::{draw_stragglers, Prepared, RoundOutcome};
use coded_core::{Config, FunctionKind, Problem};
use serde::{Deserialize, Serialize};

/// Panel 2 or panel 3, depending on the function.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Detail {
    /// Boxed: much larger than the digits view (curves on a dense grid).
    Scalar(Box<EncDecView>),
    Digits(DigitsView),
}

impl Detail {
    /// The panel that shows a function's detail: the coded digits for
    /// LeNet-5, encode → decode for a scalar function.
    pub fn panel(function: &FunctionKind) -> Panel {
        if *function == FunctionKind::Lenet5 {
            Panel::Digits
        } else {
            Panel::Encdec
        }
    }

    /// The detail view of one decoded round (the view's own builder; this
    /// only picks which view the function has).
    pub fn build(
        problem: &Problem,
        prepared: &Prepared,
        straggled: &[bool],
        trial: usize,
        outcome: &RoundOutcome,
    ) -> Detail {
        if Detail::panel(&problem.config.function) == Panel::Digits {
            Detail::Digits(DigitsView::build(
                problem, prepared, straggled, trial, outcome,
            ))
        } else {
            Detail::Scalar(Box::new(EncDecView::build(
                problem, prepared, straggled, trial, outcome,
            )))
        }
    }
}

/// The cheap stage: the current round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundResult {
    pub stragglers: StragglerView,
    /// None when both detail panels are hidden.
    pub detail: Option<Detail>,
}

impl RoundResult {
    /// Whether the views of the panels shown need the round decoded (its
    /// detail panel is shown): then [`RoundResult::build`] needs the
    /// problem and the configuration's scheme prepared at its N, which
    /// cost f on every server (N forward passes for LeNet-5).
    pub fn needs_decoding(config: &Config, panels: Panels) -> bool {
        panels.shows(Detail::panel(&config.function))
    }

    /// The views of round `trial` of `config`: the straggler pattern, and
    /// the detail when `decoded` holds the problem and the prepared scheme
    /// (see [`RoundResult::needs_decoding`]). The one place a round's views
    /// are assembled: the worker's stage, and every test, build them here.
    pub fn build(
        config: &Config,
        trial: usize,
        decoded: Option<(&Problem, &Prepared)>,
    ) -> RoundResult {
        let detail = decoded.map(|(problem, prepared)| {
            let draw = draw_stragglers(&config.stragglers, config.seed, config.n, trial);
            let outcome = problem.evaluate(prepared, &draw.straggled, trial);
            Detail::build(problem, prepared, &draw.straggled, trial, &outcome)
        });
        RoundResult {
            stragglers: StragglerView::build(config, trial),
            detail,
        }
    }
}
