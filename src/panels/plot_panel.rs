//! A panel that is one plot of its view: its heading, its stage's note, the
//! plot (or, where it does not apply, a note in its place) and what it
//! explains, all from its contract. Panels 2 and 3, and any new panel
//! without controls of its own, are this component.

use coded_panels::{Cursor, Frame, Panel, Registered};
use leptos::prelude::*;

use crate::components::{CanvasArea, CanvasResult, PlotCanvas};
use crate::panels::shown::with_shown;
use crate::state::AppState;
use crate::theme::Theme;

/// What the component needs of a contract, as plain functions: the
/// component itself is compiled once, not once per panel (each copy cost
/// kilobytes of the page's wasm).
struct Plot {
    panel: Panel,
    applies: fn(&coded_core::Config) -> bool,
    summary: fn(&AppState) -> String,
    draw: fn(&CanvasArea<'_>, &Theme, &AppState) -> CanvasResult,
    hover: fn(&AppState, &Frame, Cursor) -> Option<String>,
}

fn summary<P: Registered>(state: &AppState) -> String {
    with_shown::<P, _>(state, true, |s| {
        s.pending(|| state.pending_text(P::PANEL.stage()))
            .summary(|v| P::summary(v, &P::Look::default()))
    })
}

fn draw<P: Registered>(area: &CanvasArea<'_>, theme: &Theme, state: &AppState) -> CanvasResult {
    with_shown::<P, _>(state, true, |s| {
        s.pending(|| state.pending_text(P::PANEL.stage()))
            .draw(area, theme, |v| {
                P::draw(area, theme, v, &P::Look::default())
            })
    })
}

fn hover<P: Registered>(state: &AppState, frame: &Frame, at: Cursor) -> Option<String> {
    with_shown::<P, _>(state, false, |s| {
        s.view()
            .and_then(|v| P::hover(v, &P::Look::default(), frame, at))
    })
}

/// The plot panel of `P`.
pub fn plot_panel<P: Registered>(state: AppState) -> AnyView {
    shown(
        state,
        Plot {
            panel: P::PANEL,
            applies: P::applies,
            summary: summary::<P>,
            draw: draw::<P>,
            hover: hover::<P>,
        },
    )
}

fn shown(state: AppState, plot: Plot) -> AnyView {
    let Plot {
        panel,
        applies,
        summary,
        draw,
        hover,
    } = plot;
    let id = panel.name();
    let words = panel.words();
    view! {
        <section class="panel" id=format!("panel-{id}") aria-labelledby=format!("{id}-title")>
            <h2 id=format!("{id}-title")>{panel.heading()}</h2>
            <crate::components::StageNote state=state panel=panel />
            <Show
                when=move || state.config.with(applies)
                fallback=move || {
                    view! { <p class="note panel-note" id=format!("{id}-note")>{words.not_shown}</p> }
                }
            >
                <PlotCanvas
                    id=format!("{id}-plot")
                    label=words.label
                    shape=panel.shape()
                    summary=Signal::derive(move || summary(&state))
                    quiet=Signal::derive(move || state.playing.get())
                    draw=move |area, theme| draw(area, theme, &state)
                    hover=move |f, x, y, scale| hover(&state, f, Cursor::new(x, y, scale))
                />
            </Show>
            <div class="panel-about" tabindex="-1">
                <p class="explain" inner_html=words.explain></p>
            </div>
        </section>
    }
    .into_any()
}
