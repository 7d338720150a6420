//! What the panels' plots share: the placeholder drawn before a result
//! (or in place of one that failed), and the three cases of a plot of the
//! round ([`RoundPlot`]).

use coded_panels::chart::common::message;
use coded_panels::round::RoundResult;
use coded_panels::{Area, DrawResult, Theme};
use plotters::prelude::DrawingBackend;

/// What a panel draws while its first result is computed, or when the
/// computation failed.
pub fn placeholder<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    text: &str,
) -> DrawResult<DB> {
    message(area, theme, text, &[])
}

/// What a plot of the round (panels 1–3) has: its view, the round's error,
/// or nothing yet (no round, or one computed for the other detail panel).
///
/// Why one type: each of these plots derives its summary, its drawing and
/// its hover text from the same three cases; they must agree.
pub enum RoundPlot<'a, V: ?Sized> {
    View(&'a V),
    Failed(&'a str),
    /// What to say instead ("Computing…", "Cancelled before anything was
    /// computed.").
    Pending(String),
}

impl<'a, V: ?Sized> RoundPlot<'a, V> {
    /// The case of `round` for the view `pick` takes from a computed round.
    pub fn of(
        round: Option<&'a Result<RoundResult, String>>,
        pick: impl FnOnce(&'a RoundResult) -> Option<&'a V>,
    ) -> Self {
        match round {
            Some(Ok(r)) => pick(r).map_or_else(|| RoundPlot::computing(), RoundPlot::View),
            Some(Err(e)) => RoundPlot::Failed(e),
            None => RoundPlot::computing(),
        }
    }

    fn computing() -> Self {
        RoundPlot::Pending("Computing…".into())
    }

    /// Says `text()` while there is nothing to show (the stage's note).
    pub fn pending(self, text: impl FnOnce() -> String) -> Self {
        match self {
            RoundPlot::Pending(_) => RoundPlot::Pending(text()),
            other => other,
        }
    }

    /// The plot's text alternative.
    pub fn summary(self, sentence: impl FnOnce(&V) -> String) -> String {
        match self {
            RoundPlot::View(v) => sentence(v),
            RoundPlot::Failed(e) => format!("No plot: {e}"),
            RoundPlot::Pending(text) => text,
        }
    }

    /// The drawing, or a placeholder saying why there is none.
    pub fn draw<DB: DrawingBackend>(
        self,
        area: &Area<DB>,
        theme: &Theme,
        draw: impl FnOnce(&V) -> DrawResult<DB>,
    ) -> DrawResult<DB> {
        match self {
            RoundPlot::View(v) => draw(v),
            RoundPlot::Failed(e) => placeholder(area, theme, e),
            RoundPlot::Pending(text) => placeholder(area, theme, &text),
        }
    }

    /// The view, when there is one (for hover).
    pub fn view(self) -> Option<&'a V> {
        match self {
            RoundPlot::View(v) => Some(v),
            _ => None,
        }
    }
}
