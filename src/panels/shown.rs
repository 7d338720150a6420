//! What a panel of the registry shows now: its view in its stage's latest
//! result, that stage's error, or words while there is none ([`Shown`]);
//! and the placeholder drawn in place of a plot.

use std::sync::Arc;

use coded_panels::chart::common::message;
use coded_panels::{Area, DrawResult, Registered, Results, Stage, Theme};
use leptos::prelude::*;
use plotters::prelude::DrawingBackend;

use crate::state::{AppState, Output};

/// What a panel draws while its first result is computed, or when the
/// computation failed.
pub fn placeholder<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    text: &str,
) -> DrawResult<DB> {
    message(area, theme, text, &[])
}

/// A panel's three cases: its view, its stage's error, or what to say
/// instead ("Computing…", "Cancelled before anything was computed.").
///
/// Why one type: a plot derives its summary, its drawing and its hover text
/// from the same three cases; they must agree.
pub enum Shown<'a, V> {
    View(&'a V),
    Failed(&'a str),
    Pending(String),
}

/// `P`'s case in one stage's output: the results hold only that stage's.
fn of<'a, P: Registered, T>(
    output: &'a Option<Arc<Result<T, String>>>,
    results: impl FnOnce(&'a T) -> Results<'a>,
) -> Shown<'a, P::View> {
    match output.as_deref() {
        Some(Ok(t)) => P::view(&results(t)).map_or_else(Shown::computing, Shown::View),
        Some(Err(e)) => Shown::Failed(e),
        None => Shown::computing(),
    }
}

/// `f` of `P`'s case now, reading only its own stage's output: tracked (a
/// plot's drawing and sentence follow it) or not (hover, clicks).
pub fn with_shown<P: Registered, R>(
    state: &AppState,
    tracked: bool,
    f: impl FnOnce(Shown<'_, P::View>) -> R,
) -> R {
    fn read<T, R>(
        out: &Output<T>,
        tracked: bool,
        f: impl FnOnce(&Option<Arc<Result<T, String>>>) -> R,
    ) -> R
    where
        T: Send + Sync + 'static,
    {
        if tracked {
            out.with(f)
        } else {
            out.with_untracked(f)
        }
    }
    match P::PANEL.stage() {
        Stage::Round => read(&state.round, tracked, |o| {
            f(of::<P, _>(o, |r| Results {
                round: Some(r),
                ..Results::default()
            }))
        }),
        Stage::Table => read(&state.table, tracked, |o| {
            f(of::<P, _>(o, |t| Results {
                table: Some(t),
                ..Results::default()
            }))
        }),
        Stage::Curves => read(&state.curves, tracked, |o| {
            f(of::<P, _>(o, |c| Results {
                curves: Some(c),
                ..Results::default()
            }))
        }),
    }
}

impl<'a, V> Shown<'a, V> {
    fn computing() -> Self {
        Shown::Pending("Computing…".into())
    }

    /// Says `text()` while there is nothing to show (the stage's note).
    pub fn pending(self, text: impl FnOnce() -> String) -> Self {
        match self {
            Shown::Pending(_) => Shown::Pending(text()),
            other => other,
        }
    }

    /// The plot's text alternative.
    pub fn summary(self, sentence: impl FnOnce(&V) -> String) -> String {
        match self {
            Shown::View(v) => sentence(v),
            Shown::Failed(e) => format!("No plot: {e}"),
            Shown::Pending(text) => text,
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
            Shown::View(v) => draw(v),
            Shown::Failed(e) => placeholder(area, theme, e),
            Shown::Pending(text) => placeholder(area, theme, &text),
        }
    }

    /// The view, when there is one (for hover).
    pub fn view(self) -> Option<&'a V> {
        match self {
            Shown::View(v) => Some(v),
            _ => None,
        }
    }
}
