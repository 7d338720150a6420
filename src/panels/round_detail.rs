//! The round's detail panel: one plot of how the round went for the
//! current kind of function, with a note in its place for the other kind.
//!
//! Why one component for two panels: panel 2 (encode → compute → decode,
//! scalar functions) and panel 3 (coded digits, LeNet-5) differ only in
//! their words, their view of the round and the functions that draw,
//! summarise and describe it; each is a [`RoundDetail`] constant.

use coded_core::FunctionKind;
use coded_panels::round::RoundResult;
use coded_panels::{Frame, Panel};
use leptos::prelude::*;

use crate::components::{CanvasArea, CanvasResult, PlotCanvas};
use crate::panels::round_plot::RoundPlot;
use crate::state::AppState;
use crate::theme::Theme;
use coded_panels::Stage;

/// What one detail panel is: its words, and its view `V` of the round.
pub struct RoundDetail<V: 'static> {
    /// Which panel it is: its name is the element ids' stem (`panel-<name>`,
    /// `<name>-title`, `<name>-note`, `<name>-plot`), its heading the
    /// registry's.
    pub panel: Panel,
    /// The canvas' accessible name.
    pub label: &'static str,
    /// The plot's width / height.
    pub aspect_ratio: f64,
    /// Shown in place of the plot when the function is of the other kind.
    pub other_kind_note: &'static str,
    /// What the panel explains, as static markup set as inner HTML: written
    /// as view! elements its MathML cost kilobytes of the page's wasm code;
    /// as text it compresses.
    pub explain: &'static str,
    /// Shown when the function is LeNet-5 (else when it is scalar).
    pub for_lenet: bool,
    /// This panel's view in a computed round (None: computed for the other
    /// panel).
    pub pick: fn(&RoundResult) -> Option<&V>,
    pub draw: fn(&CanvasArea<'_>, &Theme, &V) -> CanvasResult,
    /// The plot's text alternative.
    pub summary: fn(&V) -> String,
    /// The words under the cursor: (view, frame, x, y, device pixel ratio).
    pub hover: fn(&V, &Frame, f64, f64, f64) -> Option<String>,
}

/// The panel `detail` describes.
#[component]
pub fn RoundDetailPanel<V: 'static>(
    state: AppState,
    detail: &'static RoundDetail<V>,
) -> impl IntoView {
    let d = detail;
    let id = d.panel.name();
    let shown = move || {
        state
            .config
            .with(|c| (c.function == FunctionKind::Lenet5) == d.for_lenet)
    };
    view! {
        <section class="panel" id=format!("panel-{id}") aria-labelledby=format!("{id}-title")>
            <h2 id=format!("{id}-title")>{d.panel.heading()}</h2>
            <crate::components::StageNote state=state panel=d.panel />
            <Show
                when=shown
                fallback=move || {
                    view! {
                        <p class="note panel-note" id=format!("{id}-note")>
                            {d.other_kind_note}
                        </p>
                    }
                }
            >
                <PlotCanvas
                    id=format!("{id}-plot")
                    label=d.label
                    aspect_ratio=d.aspect_ratio
                    summary=Signal::derive(move || {
                        RoundPlot::of(state.round.get().as_deref(), d.pick)
                            .pending(|| state.pending_text(Stage::Round))
                            .summary(d.summary)
                    })
                    quiet=Signal::derive(move || state.playing.get())
                    draw=move |area, theme| {
                        RoundPlot::of(state.round.get().as_deref(), d.pick)
                            .pending(|| state.pending_text(Stage::Round))
                            .draw(area, theme, |v| (d.draw)(area, theme, v))
                    }
                    hover=move |f, x, y, scale| {
                        state.round.with_untracked(|r| {
                            RoundPlot::of(r.as_deref(), d.pick)
                                .view()
                                .and_then(|v| (d.hover)(v, f, x, y, scale))
                        })
                    }
                />
            </Show>
            <p class="explain" inner_html=d.explain></p>
        </section>
    }
}
