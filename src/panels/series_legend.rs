//! The error plot's legend on the page: one toggle button per series (a
//! curve, a claimed rate, a level), under the canvas.
//!
//! Why HTML and not the canvas: a button is reached by Tab and pressed with
//! Enter or Space like any other, says whether its series is shown
//! (`aria-pressed`), and wraps its label on a phone where the canvas would
//! cut it. The canvas then draws no legend (exported images still do: see
//! `Theme::exported`). The entries come from the same function as the
//! canvas's legend, `coded_panels::errors::legend_entries`, of the view the
//! canvas draws (a study file's saved curves too).
//!
//! For tests and the e2e suite: the list is `ul#errors-legend`; each series
//! is a `button.series-toggle` with `data-series="<key>"` (the key a link's
//! `hide=` lists) and `aria-pressed="true"` while the series is shown.

use coded_panels::chart::common::Stroke;
use coded_panels::errors::{legend_entries, shown, CurvesLook, CurvesView, LegendEntry};
use coded_panels::Theme;
use coded_protocol::UiState;
use leptos::prelude::*;
use std::sync::Arc;

use crate::state::AppState;
use crate::theme::use_theme;

/// The view in the statistic and with the slopes' range the page's
/// choices say (the legend, the export).
pub fn as_chosen(v: &CurvesView, ui: &UiState) -> CurvesView {
    shown(v, ui.statistic, ui.slope_range)
}

/// The look of the error plot for the page's choices; `legend`: whether the
/// canvas draws its own (exported images), or the page shows this one.
pub fn curves_look(ui: &UiState, legend: bool) -> CurvesLook {
    CurvesLook {
        band: ui.band,
        hidden: ui.hidden.clone(),
        legend,
    }
}

/// `hidden` with `key` toggled: added at the end, or taken out.
pub fn toggle_series(hidden: &mut Vec<String>, key: &str) {
    match hidden.iter().position(|k| k == key) {
        Some(i) => {
            hidden.remove(i);
        }
        None => hidden.push(key.to_string()),
    }
}

/// A colour as CSS writes it.
fn css_colour(c: plotters::style::RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// The swatch's colour: the series', or the muted one (the band's row).
fn swatch_colour(theme: &Theme, e: &LegendEntry) -> String {
    css_colour(e.color.map_or(theme.muted, |c| theme.series[c % 7]))
}

/// An SVG dash pattern (CSS pixels) for a stroke, or none (solid).
fn dash_array(stroke: Stroke) -> Option<String> {
    let pattern: Vec<String> = stroke.pattern().iter().map(f64::to_string).collect();
    (!pattern.is_empty()).then(|| pattern.join(" "))
}

/// The swatch: a shaded box for the band, a line (dashed for a reference,
/// dash-dotted for a saved curve) with the curve's marker shape.
fn swatch(e: LegendEntry) -> impl IntoView {
    let theme = use_theme();
    let band = e.key.is_none();
    let colour = {
        let e = e.clone();
        move || swatch_colour(&theme.get(), &e)
    };
    let marker = e.shape.map(|shape| {
        let fill = colour.clone();
        match shape % 4 {
            0 => view! { <circle cx="13" cy="7" r="4" fill=fill></circle> }.into_any(),
            1 => view! { <polygon points="13,2.5 17.5,10.5 8.5,10.5" fill=fill></polygon> }
                .into_any(),
            2 => view! { <rect x="9" y="3" width="8" height="8" fill=fill></rect> }.into_any(),
            _ => view! {
                <path d="M9 3 L17 11 M17 3 L9 11" stroke=fill stroke-width="2"></path>
            }
            .into_any(),
        }
    });
    let body = if band {
        view! {
            <rect x="0" y="2" width="26" height="10" fill=colour.clone() fill-opacity="0.25"></rect>
        }
        .into_any()
    } else {
        view! {
            <line
                x1="0"
                y1="7"
                x2="26"
                y2="7"
                stroke=colour.clone()
                stroke-width="2"
                stroke-dasharray=dash_array(e.stroke)
            ></line>
        }
        .into_any()
    };
    view! {
        <svg class="swatch" width="26" height="14" viewBox="0 0 26 14" aria-hidden="true">
            {body}
            {marker}
        </svg>
    }
}

/// One entry: the band's row is text; a series is a toggle button.
fn entry(state: AppState, e: LegendEntry) -> impl IntoView {
    let label = e.label.clone();
    match e.key.clone() {
        None => view! {
            <li class="series-band">{swatch(e)}<span>{label}</span></li>
        }
        .into_any(),
        Some(key) => {
            let shown = {
                let key = key.clone();
                move || state.sweep_ui.with(|u| !u.hidden.contains(&key))
            };
            let on_click = {
                let key = key.clone();
                move |_| state.ui.update(|u| toggle_series(&mut u.hidden, &key))
            };
            view! {
                <li>
                    <button
                        type="button"
                        class="series-toggle"
                        data-series=key
                        aria-pressed=move || shown().to_string()
                        on:click=on_click
                    >
                        {swatch(e)}
                        <span>{label}</span>
                    </button>
                </li>
            }
            .into_any()
        }
    }
}

/// The legend of the error plot shown (`drawn`: the view the canvas draws),
/// as toggle buttons. The entries are rebuilt when the view or the band
/// changes, not when a series is toggled (so the button pressed keeps the
/// focus).
#[component]
pub fn SeriesLegend(
    state: AppState,
    #[prop(into)] drawn: Signal<Option<Arc<Result<CurvesView, String>>>>,
) -> impl IntoView {
    let entries = Memo::new(move |_| {
        let band = state.sweep_ui.with(|u| u.band);
        match drawn.get().as_deref() {
            Some(Ok(v)) => legend_entries(v, &band.into())
                .into_iter()
                .map(|e| LegendEntry { hidden: false, ..e })
                .collect(),
            _ => vec![],
        }
    });
    view! {
        <ul
            class="series-legend"
            id="errors-legend"
            aria-label="Series of the error plot: press one to hide or show it"
        >
            <For
                each=move || entries.get()
                key=|e: &LegendEntry| (e.key.clone(), e.label.clone(), e.color, e.stroke, e.shape)
                children=move |e| entry(state, e)
            />
        </ul>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggling_adds_and_removes_a_key() {
        let mut hidden = vec!["bacc-0.1".to_string()];
        toggle_series(&mut hidden, "claim-letcc");
        assert_eq!(hidden, ["bacc-0.1", "claim-letcc"]);
        toggle_series(&mut hidden, "bacc-0.1");
        assert_eq!(hidden, ["claim-letcc"]);
        toggle_series(&mut hidden, "claim-letcc");
        assert!(hidden.is_empty());
    }

    #[test]
    fn swatches_follow_the_canvas_colours_and_dashes() {
        let theme = Theme::light();
        let e = LegendEntry {
            key: Some("bacc".into()),
            label: "BACC".into(),
            color: Some(1),
            stroke: Stroke::Dashed(1),
            shape: None,
            hidden: false,
        };
        assert_eq!(swatch_colour(&theme, &e), css_colour(theme.series[1]));
        assert_eq!(dash_array(e.stroke).as_deref(), Some("2 3"));
        assert_eq!(dash_array(Stroke::DashDot).as_deref(), Some("6 2.5 2 2.5"));
        assert_eq!(dash_array(Stroke::Solid), None);
        let band = LegendEntry {
            key: None,
            color: None,
            ..e
        };
        assert_eq!(swatch_colour(&theme, &band), css_colour(theme.muted));
        assert_eq!(
            css_colour(plotters::style::RGBColor(0, 0x72, 0xb2)),
            "#0072b2"
        );
    }

    #[test]
    fn the_page_look_draws_no_legend_and_keeps_the_hidden_keys() {
        let ui = UiState {
            hidden: vec!["letcc-0.3".into()],
            band: coded_panels::errors::Band::Quantiles,
            ..UiState::default()
        };
        let look = curves_look(&ui, false);
        assert!(!look.legend && look.hides("letcc-0.3") && !look.hides("letcc"));
        assert_eq!(look.band, ui.band);
    }
}
