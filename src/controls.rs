//! The controls column: every parameter of the experiment and of the views.
//!
//! Why native inputs and selects: they are keyboard operable and read by
//! screen readers without extra work. Each control edits a draft (see
//! `state`), and the core validates the whole configuration.

use coded_core::config::{MAX_K, MAX_LAMBDA, MAX_N, MAX_SEED, MAX_TIME, MAX_TRIALS};
use coded_core::Scheme;
use coded_plots::messages::Panel;
use coded_plots::views::curves::scheme_label;
use leptos::prelude::*;

use crate::components::{Field, FieldError};
use crate::state::AppState;

/// Most N values (and p values) in an error-vs-N sweep: each is a full
/// Monte-Carlo run, all on the page's one thread.
pub const MAX_SWEEP_NS: usize = 12;
pub const MAX_SWEEP_PS: usize = 6;

/// Parses "10, 20, 40" into N values for the sweep.
pub fn parse_ns(text: &str) -> Result<Vec<usize>, String> {
    let v: Vec<usize> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<usize>() {
            Ok(n) if (1..=MAX_N).contains(&n) => Ok(n),
            _ => Err(format!("`{s}` is not a whole number in 1 – {MAX_N}")),
        })
        .collect::<Result<_, _>>()?;
    match v.len() {
        0 => Err("enter at least one N".into()),
        l if l > MAX_SWEEP_NS => Err(format!("at most {MAX_SWEEP_NS} values")),
        _ => Ok(v),
    }
}

/// Parses "0.1, 0.3" into p values for the sweep.
pub fn parse_ps(text: &str) -> Result<Vec<f64>, String> {
    let v: Vec<f64> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<f64>() {
            Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
            _ => Err(format!("`{s}` is not a number in 0 – 1")),
        })
        .collect::<Result<_, _>>()?;
    match v.len() {
        0 => Err("enter at least one p".into()),
        l if l > MAX_SWEEP_PS => Err(format!("at most {MAX_SWEEP_PS} values")),
        _ => Ok(v),
    }
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

/// `<option>`s of a select bound to `draft`.
fn options(draft: RwSignal<String>, choices: &[(&'static str, &'static str)]) -> impl IntoView {
    choices
        .iter()
        .map(|&(value, text)| {
            view! {
                <option value=value selected=move || draft.get() == value>
                    {text}
                </option>
            }
        })
        .collect_view()
}

#[component]
pub fn Controls(state: AppState) -> impl IntoView {
    let d = state.drafts;
    let err = state.error;
    // Sweep lists are UI state, validated here rather than by the core.
    let ui_err: FieldError = RwSignal::new(None);
    let ns_text = RwSignal::new(join(&state.ui.get_untracked().sweep_ns));
    let ps_text = RwSignal::new(join(&state.ui.get_untracked().sweep_ps));
    // A preset or a link may replace the lists: follow when they change,
    // unless the text already says the same.
    let lists = Memo::new(move |_| state.ui.with(|u| (u.sweep_ns.clone(), u.sweep_ps.clone())));
    Effect::new(move |_| {
        let (ns, ps) = lists.get();
        if parse_ns(&ns_text.get_untracked()).ok() != Some(ns.clone()) {
            ns_text.set(join(&ns));
        }
        if parse_ps(&ps_text.get_untracked()).ok() != Some(ps.clone()) {
            ps_text.set(join(&ps));
        }
    });

    let text_input = move |id: &'static str, draft: RwSignal<String>, mode: &'static str| {
        view! {
            <input
                type="text"
                id=id
                inputmode=mode
                autocomplete="off"
                spellcheck="false"
                aria-describedby=format!("{id}-help {id}-error")
                prop:value=move || draft.get()
                on:input=move |ev| {
                    draft.set(event_target_value(&ev));
                    state.apply();
                }
            />
        }
    };
    let number_input =
        move |id: &'static str, draft: RwSignal<String>, min: f64, max: f64, step: &'static str| {
            view! {
                <input
                    type="number"
                    id=id
                    min=min
                    max=max
                    step=step
                    aria-describedby=format!("{id}-help {id}-error")
                    prop:value=move || draft.get()
                    on:input=move |ev| {
                        draft.set(event_target_value(&ev));
                        state.apply();
                    }
                />
            }
        };
    let select = move |id: &'static str,
                       draft: RwSignal<String>,
                       choices: &'static [(&'static str, &'static str)]| {
        view! {
            <select
                id=id
                aria-describedby=format!("{id}-help {id}-error")
                on:change=move |ev| {
                    draft.set(event_target_value(&ev));
                    state.apply();
                }
            >
                {options(draft, choices)}
            </select>
        }
    };
    let model = d.model;

    view! {
        <aside class="controls" aria-label="Controls">
            <h2>"Controls"</h2>
            <Show when=move || err.with(Option::is_some)>
                <p class="invalid-banner" role="status">
                    "Invalid value (see the highlighted control): the plots keep showing the last valid configuration."
                </p>
            </Show>

            <fieldset>
                <legend>"Scheme"</legend>
                <Field id="scheme" label="Scheme shown" fields="scheme" errors=err
                    help="Drawn in the round panels; what `coded round` runs."
                    range="BACC, LeTCC, LCC or uncoded">
                    {select("scheme", d.scheme, &[
                        ("bacc", "BACC (Berrut)"),
                        ("letcc", "LeTCC (smoothing splines)"),
                        ("lcc", "LCC (Lagrange)"),
                        ("uncoded", "Uncoded (replication)"),
                    ])}
                </Field>
                <div class="control">
                    <span class="label" id="compare-label">"Compare"</span>
                    <div class="checks" role="group" aria-labelledby="compare-label">
                        {Scheme::ALL
                            .into_iter()
                            .map(|s| {
                                let id = format!("compare-{}", s.name());
                                let for_id = id.clone();
                                view! {
                                    <label class="check" for=for_id>
                                        <input
                                            type="checkbox"
                                            id=id
                                            prop:checked=move || {
                                                state.ui.with(|u| u.compare.contains(&s))
                                                    || state.config.with(|c| c.scheme == s)
                                            }
                                            prop:disabled=move || state.config.with(|c| c.scheme == s)
                                            on:change=move |ev| {
                                                let on = event_target_checked(&ev);
                                                state.ui.update(|u| {
                                                    u.compare.retain(|x| *x != s);
                                                    if on {
                                                        u.compare.push(s);
                                                    }
                                                });
                                            }
                                        />
                                        {scheme_label(s)}
                                    </label>
                                }
                            })
                            .collect_view()}
                    </div>
                    <p class="help">"Schemes in the table and the error curves (the shown one always is)."</p>
                </div>
            </fieldset>

            <fieldset>
                <legend>"Computation"</legend>
                <Field id="function" label="Function f" fields="function" errors=err
                    help="What every server computes on its coded input."
                    range="x·sin x, x³ − 2x, |x|, LeNet-5">
                    {select("function", d.function, &[
                        ("x_sin_x", "x · sin x"),
                        ("cubic", "x³ − 2x (polynomial)"),
                        ("abs", "|x| (not smooth)"),
                        ("lenet5", "LeNet-5 on digits"),
                    ])}
                </Field>
                <Field id="k" label="K (inputs)" fields="k" errors=err
                    help="How many inputs x_k the master wants f of."
                    range=format!("1 – min(N, {MAX_K})")>
                    {number_input("k", d.k, 1.0, MAX_K as f64, "1")}
                </Field>
                <Field id="n" label="N (servers)" fields="n" errors=err
                    help="How many servers compute, each on one coded input."
                    range=format!("K – {MAX_N}")>
                    {number_input("n", d.n, 1.0, MAX_N as f64, "1")}
                </Field>
                <Field id="points" label="Point set" fields="points" errors=err
                    help="Where the α's (data) and β's (servers) sit in [−1, 1]."
                    range="Chebyshev or equispaced">
                    {select("points", d.points, &[
                        ("chebyshev", "Chebyshev (the papers')"),
                        ("equispaced", "Equispaced"),
                    ])}
                </Field>
            </fieldset>

            <fieldset>
                <legend>"Stragglers"</legend>
                <Field id="model" label="Straggler model" fields="model" errors=err
                    help="Which servers fail to answer in a round."
                    range="independent, exactly S, block of S, deadline">
                    {select("model", d.model, &[
                        ("iid", "Independent, probability p"),
                        ("fixed", "Exactly S at random"),
                        ("block", "Block of S consecutive"),
                        ("deadline", "Deadline (shifted exponential)"),
                    ])}
                </Field>
                <div hidden=move || model.get() != "iid">
                    <Field id="p" label="p (straggle probability)" fields="stragglers" errors=err
                        help="Each server straggles independently with this probability."
                        range="0 – 1">
                        {number_input("p", d.p, 0.0, 1.0, "0.05")}
                    </Field>
                </div>
                <div hidden=move || model.get() != "fixed" && model.get() != "block">
                    <Field id="s" label="S (stragglers)" fields="stragglers" errors=err
                        help="How many servers straggle (all of them if S ≥ N)."
                        range=format!("0 – {MAX_N}")>
                        {number_input("s", d.s, 0.0, MAX_N as f64, "1")}
                    </Field>
                </div>
                <div hidden=move || model.get() != "deadline">
                    <Field id="shift" label="Shift a" fields="stragglers" errors=err
                        help="No server finishes before time a."
                        range=format!("0 – {MAX_TIME:e}")>
                        {text_input("shift", d.shift, "decimal")}
                    </Field>
                    <Field id="rate" label="Rate μ" fields="stragglers" errors=err
                        help="Finish time is a + Exp(μ): larger μ, faster servers."
                        range=format!("above 0, at most {MAX_TIME:e}")>
                        {text_input("rate", d.rate, "decimal")}
                    </Field>
                    <Field id="deadline" label="Deadline τ" fields="stragglers" errors=err
                        help="Answers after τ are lost: p = exp(−μ(τ − a))."
                        range=format!("0 – {MAX_TIME:e}")>
                        {text_input("deadline", d.deadline, "decimal")}
                    </Field>
                </div>
            </fieldset>

            <fieldset>
                <legend>"Smoothing (LeTCC)"</legend>
                <Field id="lambda-enc" label="λ_enc" fields="lambda_enc" errors=err
                    help="Encoder smoothing; 0 interpolates the inputs exactly."
                    range=format!("0 – {MAX_LAMBDA:e}")>
                    {text_input("lambda-enc", d.lambda_enc, "decimal")}
                </Field>
                <Field id="lambda-dec" label="λ_dec" fields="lambda_dec" errors=err
                    help="Decoder smoothing: fit against smoothness."
                    range=format!("0 – {MAX_LAMBDA:e}, or automatic")>
                    <label class="check" for="lambda-auto">
                        <input
                            type="checkbox"
                            id="lambda-auto"
                            prop:checked=move || d.lambda_auto.get()
                            on:change=move |ev| {
                                d.lambda_auto.set(event_target_checked(&ev));
                                state.apply();
                            }
                        />
                        "automatic (GCV, per round)"
                    </label>
                    <input
                        type="text"
                        id="lambda-dec"
                        inputmode="decimal"
                        autocomplete="off"
                        aria-describedby="lambda-dec-help lambda-dec-error"
                        prop:disabled=move || d.lambda_auto.get()
                        prop:value=move || d.lambda_dec.get()
                        on:input=move |ev| {
                            d.lambda_dec.set(event_target_value(&ev));
                            state.apply();
                        }
                    />
                </Field>
                <Field id="lambda-rule" label="λ_dec rule" fields="lambda_rule" errors=err
                    help="In sweeps: keep λ_dec, or shrink it like (N₀/N)⁴."
                    range="fixed or shrink">
                    {select("lambda-rule", d.lambda_rule, &[
                        ("fixed", "Fixed at every N"),
                        ("shrink", "Shrink with N"),
                    ])}
                </Field>
            </fieldset>

            <fieldset>
                <legend>"Monte Carlo"</legend>
                <Field id="trials" label="Trials" fields="trials" errors=err
                    help="Straggler draws averaged in the table and the curves."
                    range=format!("1 – {MAX_TRIALS}")>
                    {number_input("trials", d.trials, 1.0, MAX_TRIALS as f64, "1")}
                </Field>
                <Field id="seed" label="Seed" fields="seed" errors=err
                    help="Fixes the inputs and every straggler draw."
                    range=format!("0 – {MAX_SEED}")>
                    <div class="row">
                        {number_input("seed", d.seed, 0.0, MAX_SEED as f64, "1")}
                        <button
                            type="button"
                            id="reroll"
                            title="A new random seed"
                            on:click=move |_| {
                                let seed = (js_sys::Math::random() * 1e9).floor() as u64;
                                d.seed.set(seed.to_string());
                                state.apply();
                            }
                        >
                            "Re-roll"
                        </button>
                    </div>
                </Field>
                <Field id="sweep-ns" label="N values (error vs N)" fields="sweep_ns" errors=ui_err
                    help="Comma-separated; values below K are left out."
                    range=format!("each 1 – {MAX_N}, at most {MAX_SWEEP_NS}")>
                    <input
                        type="text"
                        id="sweep-ns"
                        inputmode="numeric"
                        autocomplete="off"
                        aria-describedby="sweep-ns-help sweep-ns-error"
                        prop:value=move || ns_text.get()
                        on:input=move |ev| {
                            let t = event_target_value(&ev);
                            ns_text.set(t.clone());
                            match parse_ns(&t) {
                                Ok(v) => {
                                    ui_err.set(None);
                                    state.ui.update(|u| u.sweep_ns = v);
                                }
                                Err(e) => ui_err.set(Some(("sweep_ns".into(), e))),
                            }
                        }
                    />
                </Field>
                <Field id="sweep-ps" label="p values (error vs N)" fields="sweep_ps" errors=ui_err
                    help="Comma-separated; one curve per scheme and p."
                    range=format!("each 0 – 1, at most {MAX_SWEEP_PS}")>
                    <input
                        type="text"
                        id="sweep-ps"
                        inputmode="decimal"
                        autocomplete="off"
                        aria-describedby="sweep-ps-help sweep-ps-error"
                        prop:value=move || ps_text.get()
                        on:input=move |ev| {
                            let t = event_target_value(&ev);
                            ps_text.set(t.clone());
                            match parse_ps(&t) {
                                Ok(v) => {
                                    ui_err.set(None);
                                    state.ui.update(|u| u.sweep_ps = v);
                                }
                                Err(e) => ui_err.set(Some(("sweep_ps".into(), e))),
                            }
                        }
                    />
                </Field>
            </fieldset>

            <fieldset>
                <legend>"Panels shown"</legend>
                <div class="checks">
                    {panel_check(state, "show-stragglers", "Straggler pattern", Panel::Stragglers)}
                    {panel_check(state, "show-encdec", "Encode → decode", Panel::Encdec)}
                    {panel_check(state, "show-digits", "Coded digits", Panel::Digits)}
                    {panel_check(state, "show-errors", "Error curves", Panel::Errors)}
                    {panel_check(state, "show-table", "Results table", Panel::Table)}
                </div>
                <p class="help">"Hidden panels are not computed."</p>
            </fieldset>
        </aside>
    }
}

fn panel_check(
    state: AppState,
    id: &'static str,
    text: &'static str,
    flag: Panel,
) -> impl IntoView {
    view! {
        <label class="check" for=id>
            <input
                type="checkbox"
                id=id
                prop:checked=move || state.ui.with(|u| u.panels.shows(flag))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    state.ui.update(|u| u.panels.set(flag, on));
                }
            />
            {text}
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_lists_parse_and_refuse() {
        assert_eq!(parse_ns("10, 20,40").unwrap(), vec![10, 20, 40]);
        assert!(parse_ns("10, x").unwrap_err().contains("`x`"));
        assert!(parse_ns("0").is_err());
        assert!(parse_ns("").is_err());
        assert!(parse_ns(&"5,".repeat(13)).unwrap_err().contains("at most"));
        assert_eq!(parse_ps("0.1, 0.3").unwrap(), vec![0.1, 0.3]);
        assert!(parse_ps("1.5").is_err());
    }
}
