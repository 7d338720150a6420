//! A panel that is one plot of its view: its heading, its stage's note, the
//! plot (or, where it does not apply, a note in its place) and what it
//! explains, all from its contract. Panels 2 and 3, and any new panel
//! without controls of its own, are this component.

use coded_panels::{Cursor, Registered};
use leptos::prelude::*;

use crate::components::PlotCanvas;
use crate::panels::shown::with_shown;
use crate::state::AppState;

/// The plot panel of `P`.
pub fn plot_panel<P: Registered>(state: AppState) -> impl IntoView {
    let panel = P::PANEL;
    let id = panel.name();
    let words = P::WORDS;
    let stage = panel.stage();
    let applies = move || state.config.with(P::applies);
    let look = P::Look::default();
    let draw_look = look.clone();
    view! {
        <section class="panel" id=format!("panel-{id}") aria-labelledby=format!("{id}-title")>
            <h2 id=format!("{id}-title")>{panel.heading()}</h2>
            <crate::components::StageNote state=state panel=panel />
            <Show
                when=applies
                fallback=move || {
                    view! { <p class="note panel-note" id=format!("{id}-note")>{words.not_shown}</p> }
                }
            >
                <PlotCanvas
                    id=format!("{id}-plot")
                    label=words.label
                    shape=P::SHAPE
                    summary=Signal::derive({
                        let look = look.clone();
                        move || {
                            with_shown::<P, _>(&state, true, |s| {
                                s.pending(|| state.pending_text(stage))
                                    .summary(|v| P::summary(v, &look))
                            })
                        }
                    })
                    quiet=Signal::derive(move || state.playing.get())
                    draw={
                        let look = draw_look.clone();
                        move |area, theme| {
                            with_shown::<P, _>(&state, true, |s| {
                                s.pending(|| state.pending_text(stage))
                                    .draw(area, theme, |v| P::draw(area, theme, v, &look))
                            })
                        }
                    }
                    hover={
                        let look = draw_look.clone();
                        move |f, x, y, scale| {
                            with_shown::<P, _>(&state, false, |s| {
                                s.view().and_then(|v| P::hover(v, &look, f, Cursor::new(x, y, scale)))
                            })
                        }
                    }
                />
            </Show>
            <p class="explain" inner_html=words.explain></p>
        </section>
    }
}
