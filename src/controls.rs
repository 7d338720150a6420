//! The controls column, rendered from the table of settings: one fieldset
//! per group, one control per setting, each in the same frame (label, help,
//! allowed values, message).
//!
//! Why native inputs and selects: they are keyboard operable and read by
//! screen readers without extra work. Each control edits a draft (see
//! `drafts`), and all drafts are read together.

use leptos::prelude::*;

use crate::components::{Field, TypedInput};
use crate::drafts::Draft;
use crate::settings::{
    control_shown, group_shown, Choice, Group, Kind, LinkState, Setting, SETTINGS,
};
use crate::state::AppState;

/// The controls column; in an embed, only the controls `keep` names (a
/// fieldset none of whose controls is shown is hidden, heading and all).
#[component]
pub fn Controls(
    state: AppState,
    #[prop(optional)] keep: Option<Vec<&'static str>>,
) -> impl IntoView {
    let keep = StoredValue::new(keep);
    // The state as the selects now say: a new model shows its parameters
    // at once, even while another field is invalid.
    let shown = Memo::new(move |_| {
        let base = crate::settings::LinkState {
            config: state.config.get(),
            ui: state.ui.get(),
            ..Default::default()
        };
        state.drafts.with_choices(&base)
    });
    // On a phone the controls are a drawer, closed at first, so the plots
    // start within the first screens (the style sheet shows the toggle and
    // hides the closed drawer only at phone widths).
    let open = RwSignal::new(false);
    // A value waiting to be fixed must be seen: the drawer opens for it.
    Effect::new(move |_| {
        if state.invalid.with(|v| !v.is_empty()) {
            open.set(true);
        }
    });
    // On the page, the groups are built one a task, as the panels are: the
    // controls built in one task were a phone's longest task after the
    // wasm's arrival (4× slower CPU). An embed builds its few at once, so
    // the box that holds them never grows under the plot.
    let groups_in = RwSignal::new(0);
    let in_turns = keep.with_value(|k| k.is_none());
    if in_turns {
        crate::components::turns::mount_in_turns(groups_in, Group::SHOWN.len());
    }
    view! {
        <aside class="controls" aria-label="Controls">
            <h2>"Controls"</h2>
            <button
                type="button"
                class="controls-toggle"
                id="controls-toggle"
                aria-controls="controls-body"
                aria-expanded=move || open.get().to_string()
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {move || if open.get() { "Hide the controls" } else { "Show the controls" }}
            </button>
            <div class="controls-body" id="controls-body" class:closed=move || !open.get()>
                {Group::SHOWN
                    .into_iter()
                    .enumerate()
                    .map(|(i, g)| {
                        let hidden = move || {
                            keep.with_value(|k| {
                                shown.with(|s| !group_shown(g, s, k.as_deref()))
                            })
                        };
                        let built = move || !in_turns || groups_in.get() > i;
                        view! {
                            <Show when=built>
                                <fieldset hidden=hidden>
                                    <legend>{g.legend()}</legend>
                                    {SETTINGS
                                        .iter()
                                        .filter(|st| st.group == g)
                                        .map(|st| control(state, st, shown, keep))
                                        .collect_view()}
                                </fieldset>
                            </Show>
                        }
                    })
                    .collect_view()}
            </div>
        </aside>
    }
}

/// One setting's control, hidden while it does not apply (the parameters
/// of the other straggler models) or an embed does not keep it.
fn control(
    state: AppState,
    st: &'static Setting,
    shown: Memo<LinkState>,
    keep: StoredValue<Option<Vec<&'static str>>>,
) -> impl IntoView {
    let draft = state.drafts.of(st.id);
    let range = Signal::derive(move || shown.with(|s| (st.rule)(s)));
    let hidden = move || keep.with_value(|k| shown.with(|s| !control_shown(st, s, k.as_deref())));
    let body = match st.kind {
        Kind::Text | Kind::Whole | Kind::Seed | Kind::Number | Kind::List => {
            typed_field(state, st, draft, range).into_any()
        }
        Kind::NumberOrAuto { .. } => number_or_auto(state, st, draft, range).into_any(),
        // A select offers only allowed values: no line of them.
        Kind::Choice(choices) => view! {
            <Field id=st.id label=st.label help=st.help_text() range=Signal::stored(String::new()) invalid=state.invalid>
                <select
                    id=st.id
                    aria-describedby=format!("{}-help {}-error", st.id, st.id)
                    on:change=move |ev| {
                        draft.text.set(event_target_value(&ev));
                        state.apply();
                    }
                >
                    {options(draft, choices())}
                </select>
            </Field>
        }
        .into_any(),
        Kind::Set { choices, locked } => checks(state, st, draft, choices(), locked).into_any(),
        Kind::Elsewhere => ().into_any(),
    };
    view! { <div class="setting" hidden=hidden>{body}</div> }
}

/// A field typed into: it keeps what is typed and reads it after a pause,
/// on Enter or on leaving, with the message under it. Free text (the
/// formula) gets a wide field and the text keyboard; whole numbers step
/// with the arrow keys; the seed has a button for a new one.
fn typed_field(
    state: AppState,
    st: &'static Setting,
    draft: Draft,
    range: Signal<String>,
) -> impl IntoView {
    let (row, mode) = match st.kind {
        Kind::Text => ("row wide", "text"),
        _ if matches!(st.id, "sweep-ps" | "slope-range") => ("row", "decimal"),
        Kind::Number => ("row", "decimal"),
        _ => ("row", "numeric"),
    };
    view! {
        <Field id=st.id label=st.label help=st.help_text() range=range invalid=state.invalid>
            <div class=row>
                <TypedInput
                    id=st.id
                    draft=draft
                    commit=move || state.apply()
                    editing=state.editing
                    inputmode=mode
                    steps=matches!(st.kind, Kind::Whole | Kind::Seed)
                />
                {matches!(st.kind, Kind::Seed).then(|| reroll(state, draft))}
            </div>
        </Field>
    }
}

fn options(draft: Draft, choices: Vec<Choice>) -> impl IntoView {
    choices
        .into_iter()
        .map(|c| {
            view! {
                <option value=c.value selected=move || draft.text.get() == c.value>
                    {c.label}
                </option>
            }
        })
        .collect_view()
}

fn reroll(state: AppState, draft: Draft) -> impl IntoView {
    view! {
        <button
            type="button"
            id="reroll"
            title="A new random seed"
            on:click=move |_| {
                let seed = (js_sys::Math::random() * 1e9).floor() as u64;
                draft.replace(seed.to_string());
                state.apply();
            }
        >
            "Re-roll"
        </button>
    }
}

/// A number or automatic (λ_dec, the degree, the box M): a checkbox for
/// the automatic choice, and the number otherwise.
fn number_or_auto(
    state: AppState,
    st: &'static Setting,
    draft: Draft,
    range: Signal<String>,
) -> impl IntoView {
    let Kind::NumberOrAuto {
        auto,
        auto_label,
        offer,
        now,
    } = st.kind
    else {
        return ().into_any();
    };
    let is_auto = move || draft.text.with(|t| t.trim() == auto);
    // What automatic now stands for, from the round the worker computed.
    let in_use = Memo::new(move |_| {
        state
            .round
            .with(|r| r.as_deref().and_then(|r| r.as_ref().ok()).and_then(now))
    });
    // The last number given (typed, or from a link or a preset).
    let given = StoredValue::new(None::<String>);
    // The field: while the checkbox is on, what automatic uses (empty when
    // that is not known); otherwise the number.
    let number = Draft {
        text: RwSignal::new(String::new()),
        reset: RwSignal::new(0),
    };
    // A preset or a link replaces the draft: follow it.
    Effect::new(move |_| {
        draft.reset.track();
        let t = draft.text.get_untracked();
        if t.trim() != auto {
            given.set_value(Some(t.clone()));
            number.replace(t);
        }
    });
    Effect::new(move |_| {
        if is_auto() {
            number.replace(in_use.get().unwrap_or_default());
        }
    });
    let commit = move || {
        let t = number.text.get_untracked();
        given.set_value(Some(t.clone()));
        draft.text.set(t);
        state.apply();
    };
    let auto_id = format!("{}-auto", st.id);
    let auto_for = auto_id.clone();
    view! {
        <Field id=st.id label=st.label help=st.help_text() range=range invalid=state.invalid>
            <label class="check" for=auto_for>
                <input
                    type="checkbox"
                    id=auto_id
                    prop:checked=is_auto
                    on:change=move |ev| {
                        let text = if event_target_checked(&ev) {
                            auto.to_string()
                        } else {
                            let text = given
                                .get_value()
                                .or_else(|| in_use.get_untracked())
                                .unwrap_or_else(|| offer.to_string());
                            number.replace(text.clone());
                            text
                        };
                        draft.text.set(text);
                        state.apply();
                    }
                />
                {auto_label}
            </label>
            <TypedInput
                id=st.id
                draft=number
                commit=commit
                editing=state.editing
                inputmode="decimal"
                disabled=Signal::derive(is_auto)
            />
        </Field>
    }
    .into_any()
}

/// A set of checkboxes (compared schemes, panels shown).
fn checks(
    state: AppState,
    st: &'static Setting,
    draft: Draft,
    choices: Vec<Choice>,
    locked: fn(&crate::settings::LinkState) -> Option<&'static str>,
) -> impl IntoView {
    let label_id = format!("{}-label", st.id);
    let all: Vec<&'static str> = choices.iter().map(|c| c.value).collect();
    let locked_now = move || locked(&state.link_state_tracked());
    let has = move |v: &str| draft.text.with(|t| t.split(',').any(|x| x.trim() == v));
    view! {
        <div class="control" data-setting=st.id>
            <span class="label" id=label_id.clone()>{st.label}</span>
            <div class="checks" role="group" aria-labelledby=label_id>
                {choices
                    .into_iter()
                    .map(|c| {
                        let id = format!("{}-{}", st.id, c.value);
                        let for_id = id.clone();
                        let all = all.clone();
                        view! {
                            <label class="check" for=for_id>
                                <input
                                    type="checkbox"
                                    id=id
                                    prop:checked=move || has(c.value) || locked_now() == Some(c.value)
                                    prop:disabled=move || locked_now() == Some(c.value)
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        // In the choices' order, so the text is canonical.
                                        let text: Vec<&str> = all
                                            .iter()
                                            .copied()
                                            .filter(|v| if *v == c.value { on } else { has(v) })
                                            .collect();
                                        draft.text.set(text.join(","));
                                        state.apply();
                                    }
                                />
                                {c.label}
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="help">{st.help_text()}</p>
        </div>
    }
}
