//! The five panels. Each owns its canvas (or table) and a short
//! explanation with formulas in MathML (rendered by the browser, no script).
//!
//! Why they only read signals: every number comes from the worker (see
//! `runner`) through `state::AppState`; a panel chooses a draw function and a hover
//! description, nothing else.

pub mod digits;
pub mod encdec;
pub mod errors;
pub mod round_detail;
pub mod stragglers;
pub mod table;

use coded_panels::chart::common::message;
use coded_panels::round::RoundResult;
use coded_panels::Panel;
use coded_panels::{Area, DrawResult, Theme};
use leptos::prelude::*;
use plotters::prelude::DrawingBackend;

use crate::state::AppState;
use errors::ErrorsPanel;
use round_detail::RoundDetailPanel;
use stragglers::StragglersPanel;
use table::TablePanel;

/// The component of `panel`: the one place that maps a panel to its view
/// (the page shows each in turn, embed mode one).
pub fn panel_view(panel: Panel, state: AppState) -> AnyView {
    match panel {
        Panel::Stragglers => view! { <StragglersPanel state=state /> }.into_any(),
        Panel::Encdec => {
            view! { <RoundDetailPanel state=state detail=&encdec::ENCDEC /> }.into_any()
        }
        Panel::Digits => {
            view! { <RoundDetailPanel state=state detail=&digits::DIGITS /> }.into_any()
        }
        Panel::Errors => view! { <ErrorsPanel state=state /> }.into_any(),
        Panel::Table => view! { <TablePanel state=state /> }.into_any(),
    }
}

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
    Pending,
}

impl<'a, V: ?Sized> RoundPlot<'a, V> {
    /// The case of `round` for the view `pick` takes from a computed round.
    pub fn of(
        round: Option<&'a Result<RoundResult, String>>,
        pick: impl FnOnce(&'a RoundResult) -> Option<&'a V>,
    ) -> Self {
        match round {
            Some(Ok(r)) => pick(r).map_or(RoundPlot::Pending, RoundPlot::View),
            Some(Err(e)) => RoundPlot::Failed(e),
            None => RoundPlot::Pending,
        }
    }

    /// The plot's text alternative.
    pub fn summary(self, sentence: impl FnOnce(&V) -> String) -> String {
        match self {
            RoundPlot::View(v) => sentence(v),
            RoundPlot::Failed(e) => format!("No plot: {e}"),
            RoundPlot::Pending => "Computing…".to_string(),
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
            RoundPlot::Pending => placeholder(area, theme, "Computing…"),
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
