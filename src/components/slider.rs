//! A labelled range input bound to an `f64` signal.
//!
//! Why a component: every panel has numeric parameters; this keeps their look,
//! accessibility (label tied to the input, live value) and parsing in one place.

use leptos::prelude::*;

#[component]
pub fn Slider(
    /// Element id of the `<input>`; also ties the `<label>` to it.
    #[prop(into)]
    id: String,
    #[prop(into)] label: String,
    value: RwSignal<f64>,
    min: f64,
    max: f64,
    step: f64,
    /// Decimals shown next to the label.
    #[prop(default = 1)]
    decimals: usize,
) -> impl IntoView {
    let output_id = format!("{id}-value");
    view! {
        <div class="control">
            <label for=id.clone()>
                <span>{label}</span>
                <output id=output_id for=id.clone()>
                    {move || format!("{:.*}", decimals, value.get())}
                </output>
            </label>
            <input
                type="range"
                id=id
                min=min
                max=max
                step=step
                prop:value=move || value.get().to_string()
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                        value.set(v.clamp(min, max));
                    }
                }
            />
        </div>
    }
}
