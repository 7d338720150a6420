//! Panel 1: the straggler pattern, with play / pause / step through rounds.

use coded_core::stragglers::{manual_pattern, manual_toggled};
use coded_panels::stragglers::{hover::server_at, Look, Stragglers};
use coded_panels::{Contract, Cursor, Registered};
use leptos::prelude::*;

use crate::components::{PlotCanvas, TypedInput};
use crate::drafts::Draft;
use crate::panels::shown::with_shown;
use crate::settings::whole;
use crate::state::AppState;

const PANEL: coded_panels::Panel = Stragglers::PANEL;

/// Whether clicks and keys on the plot make servers straggle or answer:
/// always on the page; in an embed only when it was made for that (a
/// click in front of a class must not change the experiment).
#[derive(Clone, Copy, Debug)]
pub struct Picks(pub bool);

#[component]
pub fn StragglersPanel(state: AppState) -> impl IntoView {
    let picks = use_context::<Picks>().is_none_or(|p| p.0);
    let trials = move || state.config.with(|c| c.trials);
    let trial = move || state.ui.with(|u| u.trial.min(trials().saturating_sub(1)));
    let step = move |delta: i64| {
        let t = trials() as i64;
        state
            .ui
            .update(|u| u.trial = (((u.trial as i64 + delta) % t + t) % t) as usize);
    };
    let trial_error = RwSignal::new(None::<String>);
    // The round field counts from 1; Play and the step buttons move it.
    let round = Draft {
        text: RwSignal::new((trial() + 1).to_string()),
        reset: RwSignal::new(0),
    };
    Effect::new(move |_| round.replace((trial() + 1).to_string()));
    let commit = move || {
        state.editing.set(false);
        match whole(&round.text.get_untracked()) {
            Some(t) if t >= 1 && t <= trials() as u64 => {
                trial_error.set(None);
                state.ui.update(|u| u.trial = t as usize - 1);
            }
            _ => trial_error.set(Some(format!(
                "The round must be a whole number from 1 to {}.",
                trials()
            ))),
        }
    };
    // Click-to-straggle: a click (or Enter/Space on the keyboard's cursor)
    // flips one server of the pattern shown, which becomes a hand-made one.
    // The pattern shown: a hand-made one is the configuration itself (so two
    // quick clicks never act on a round still being computed); any other is
    // the worker's round as drawn (the page draws no random pattern).
    let shown = move || {
        let manual = state.config.with(|c| {
            c.stragglers
                .params()
                .servers
                .map(|servers| manual_pattern(servers, c.n))
        });
        manual.or_else(|| {
            with_shown::<Stragglers, _>(&state, true, |s| s.view().map(|v| v.straggled.clone()))
        })
    };
    let toggle = move |server: usize| {
        let Some(pattern) = shown() else { return };
        let mut s = state.link_state();
        s.config.stragglers = manual_toggled(&pattern, server);
        state.playing.set(false);
        state.load(&s);
    };
    let servers = move || state.config.with(|c| c.n);
    // The server the person is on, one for every way of moving it: a tap,
    // a click, the arrow keys and the picked-server bar's arrows all set it,
    // and the plot's frame, the slider's value and both texts read it, so
    // they always name the same server. None: no frame drawn.
    let on = RwSignal::new(None::<usize>);
    // Whether a finger's tap opened the picked-server bar below the plot.
    let bar = RwSignal::new(false);
    // `on` within the servers there are (N may have shrunk since).
    let at = move || on.get().map(|at| at.min(servers().saturating_sub(1)));
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let n = servers();
        if n == 0 {
            return;
        }
        let at = on.get_untracked().unwrap_or(0).min(n - 1);
        let page = (n / 10).max(1);
        let next = match ev.key().as_str() {
            "ArrowRight" | "ArrowUp" => (at + 1).min(n - 1),
            "ArrowLeft" | "ArrowDown" => at.saturating_sub(1),
            "PageUp" => (at + page).min(n - 1),
            "PageDown" => at.saturating_sub(page),
            "Home" => 0,
            "End" => n - 1,
            "Enter" | " " => {
                ev.prevent_default();
                toggle(at);
                on.set(Some(at));
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        on.set(Some(next));
    };
    let down_at = move || at().and_then(|at| shown().and_then(|p| p.get(at).copied()));
    let picked_text = move || match (at(), down_at()) {
        (Some(at), Some(true)) => format!(
            "Server {at} (of 0 to {}) straggles.",
            servers().saturating_sub(1)
        ),
        (Some(at), Some(false)) => format!(
            "Server {at} (of 0 to {}) answers.",
            servers().saturating_sub(1)
        ),
        _ => String::new(),
    };
    let step_pick = move |d: i64| {
        let n = servers() as i64;
        on.update(|p| {
            if let Some(at) = p {
                *at = (*at as i64 + d).clamp(0, (n - 1).max(0)) as usize;
            }
        })
    };
    let cursor_text = move || {
        let at = at().unwrap_or(0);
        let down = shown().and_then(|p| p.get(at).copied());
        match down {
            Some(true) => format!("server {at}: straggles; Enter or Space makes it answer"),
            Some(false) => format!("server {at}: answers; Enter or Space makes it straggle"),
            None => String::new(),
        }
    };
    view! {
        <section class="panel" id="panel-stragglers" aria-labelledby="stragglers-title">
            <h2 id="stragglers-title">{PANEL.heading()}</h2>
            <crate::components::StageNote state=state panel=PANEL />
            <div class="toolbar" role="group" aria-label="Rounds">
                // The arrows are decoration (aria-hidden): each name is its
                // visible word, so speech input ("click Previous") works.
                <button type="button" id="step-back" on:click=move |_| step(-1) title="Previous round">
                    <span aria-hidden="true">"◀ "</span>
                    "Previous"
                </button>
                // Says what a press will do, as a media player's button does
                // ("Pause" while playing): its name changes with it, so it
                // has no aria-pressed (a toggle's name must not change).
                <button
                    type="button"
                    id="play"
                    title="Play or pause the rounds"
                    data-playing=move || state.playing.get().to_string()
                    on:click=move |_| state.playing.update(|p| *p = !*p)
                >
                    <span aria-hidden="true">
                        {move || if state.playing.get() { "❚❚ " } else { "▶ " }}
                    </span>
                    {move || if state.playing.get() { "Pause" } else { "Play" }}
                </button>
                <button type="button" id="step-forward" on:click=move |_| step(1) title="Next round">
                    "Next"
                    <span aria-hidden="true">" ▶"</span>
                </button>
                <label for="trial">"Round"</label>
                <TypedInput
                    id="trial"
                    draft=round
                    commit=commit
                    editing=state.editing
                    inputmode="numeric"
                    steps=true
                    described_by="trial-error".to_string()
                />
                <span>{move || format!("of {}", trials())}</span>
            </div>
            <p class="field-error" id="trial-error" role="alert">{move || trial_error.get()}</p>
            // The servers as one keyboard control: the arrows move a frame
            // from server to server, Enter or Space toggles the framed one.
            <div
                class="server-picker"
                id="server-picker"
                // Where clicks pick nothing (an embed not made for it),
                // the plot is no control: no focus, no role.
                tabindex=picks.then_some("0")
                role=picks.then_some("slider")
                aria-roledescription=picks.then_some("server picker")
                aria-label=picks.then_some("Servers in β order: the arrow keys choose one, Enter or Space makes it straggle or answer")
                aria-valuemin=picks.then_some("0")
                aria-valuemax=move || picks.then(|| servers().saturating_sub(1).to_string())
                aria-valuenow=move || picks.then(|| at().unwrap_or(0).to_string())
                aria-valuetext=move || picks.then(cursor_text)
                aria-keyshortcuts=picks.then_some("Enter Space")
                on:keydown=move |ev| {
                    if picks {
                        on_key(ev)
                    }
                }
                on:focus=move |_| on.update(|c| *c = Some(c.unwrap_or(0)))
                // The frame leaves with the keyboard, but stays while the
                // bar (whose buttons take the focus) is on a server.
                on:blur=move |_| if !bar.get_untracked() { on.set(None) }
            >
            <PlotCanvas
                id="stragglers-plot"
                label=Stragglers::WORDS.label
                shape=Stragglers::SHAPE
                summary=Signal::derive(move || {
                    with_shown::<Stragglers, _>(&state, true, |s| {
                        s.pending(|| state.pending_text(PANEL.stage()))
                            .summary(|v| Stragglers::summary(v, &Look::default()))
                    })
                })
                quiet=Signal::derive(move || state.playing.get())
                draw=move |area, theme| {
                    let look = Look { focus: at() };
                    with_shown::<Stragglers, _>(&state, true, |s| {
                        s.pending(|| state.pending_text(PANEL.stage()))
                            .draw(area, theme, |v| Stragglers::draw(area, theme, v, &look))
                    })
                }
                hover=move |f, x, y, scale| {
                    with_shown::<Stragglers, _>(&state, false, |s| {
                        s.view().and_then(|v| {
                            Stragglers::hover(v, &Look::default(), f, Cursor::new(x, y, scale))
                        })
                    })
                }
                click=picks.then(|| Callback::new(move |(f, x, y, touch): (coded_panels::Frame, f64, f64, bool)| {
                    let server = with_shown::<Stragglers, _>(&state, false, |s| {
                        s.view().and_then(|v| server_at(v, &f, x, y))
                    });
                    match server {
                        // A finger covers several servers at large N: the
                        // tap picks one and says which; the bar below
                        // moves it and toggles it.
                        Some(server) if touch => {
                            on.set(Some(server));
                            bar.set(true);
                        }
                        Some(server) => {
                            on.set(Some(server));
                            toggle(server);
                        }
                        None => {}
                    }
                }))
            />
            </div>
            <div class="server-pick" id="server-pick" role="group" aria-label="Picked server" hidden=move || !bar.get() || at().is_none()>
                <span id="server-pick-text" role="status">{picked_text}</span>
                <button type="button" id="server-pick-left" aria-label="The server before" on:click=move |_| step_pick(-1)>"◀"</button>
                <button type="button" id="server-pick-right" aria-label="The server after" on:click=move |_| step_pick(1)>"▶"</button>
                <button type="button" id="server-pick-toggle" on:click=move |_| {
                    if let Some(at) = untrack(at) {
                        toggle(at);
                    }
                }>{move || if down_at() == Some(true) { "Make it answer" } else { "Make it straggle" }}</button>
                <button type="button" id="server-pick-close" on:click=move |_| {
                    bar.set(false);
                    on.set(None);
                }>"Done"</button>
            </div>
            <div class="panel-about" tabindex="-1">
                <p class="explain" inner_html=Stragglers::WORDS.explain></p>
            </div>
        </section>
    }
}
