//! The page layout: header, controls column, main area.
//!
//! Why one file: it only arranges panels; each panel's logic lives in its own
//! component and draw function.

use leptos::prelude::*;

use crate::components::{PlotCanvas, Slider};
use crate::plots;
use crate::theme::provide_theme;

/// The whole playground.
#[component]
pub fn App() -> impl IntoView {
    provide_theme();
    // Placeholder parameter of the demo plot, until the coded computing panels
    // bring their own.
    let frequency = RwSignal::new(8.0_f64);

    view! {
        <div class="app">
            <header class="app-header">
                <h1>"Coded Computing Playground"</h1>
                <p class="tagline">
                    "Coded computing encodes a job's inputs across many servers so that the "
                    "results can still be recovered, approximately, when some servers are "
                    "too slow to answer: try it here, in your browser."
                </p>
            </header>
            <div class="layout">
                <aside class="controls" aria-label="Controls">
                    <h2>"Controls"</h2>
                    <Slider
                        id="frequency"
                        label="Frequency a"
                        value=frequency
                        min=1.0
                        max=30.0
                        step=0.5
                    />
                </aside>
                <main class="main-area">
                    <section class="panel" aria-labelledby="demo-title">
                        <h2 id="demo-title">"Demo plot"</h2>
                        <PlotCanvas
                            id="demo-plot"
                            label="Plot of f(x) = x times sin(a x) for x from -1 to 1"
                            draw=move |area, theme| plots::xsin::draw(area, theme, frequency.get())
                        />
                        <p class="note">
                            "A placeholder panel: the curve follows the frequency slider."
                        </p>
                    </section>
                </main>
            </div>
        </div>
    }
}
