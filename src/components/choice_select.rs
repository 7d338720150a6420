//! A select of a few choices of one setting, bound to the state: it shows
//! the current choice and sets the one picked.

use leptos::prelude::*;

/// A select `id` of the `options` (value `name`, shown as `text`):
/// `chosen` says whether an option is the current choice (read
/// reactively), `choose` sets the one picked.
pub fn choice_select<T: Copy + PartialEq + Send + Sync + 'static>(
    id: &'static str,
    options: impl IntoIterator<Item = T>,
    name: fn(T) -> &'static str,
    text: fn(T) -> &'static str,
    chosen: impl Fn(T) -> bool + Copy + Send + Sync + 'static,
    choose: impl Fn(T) + Send + Sync + 'static,
) -> impl IntoView {
    let options: Vec<T> = options.into_iter().collect();
    let all = options.clone();
    let on_change = move |ev| {
        let value = event_target_value(&ev);
        if let Some(&v) = all.iter().find(|&&o| name(o) == value) {
            choose(v);
        }
    };
    view! {
        <select id=id on:change=on_change>
            {options
                .into_iter()
                .map(|o| {
                    view! {
                        <option value=name(o) selected=move || chosen(o)>
                            {text(o)}
                        </option>
                    }
                })
                .collect_view()}
        </select>
    }
}
