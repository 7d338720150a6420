//! The one place that maps a panel of the registry (`coded_panels::Panel`)
//! to its component: the page shows each panel in turn, embed mode one.
//! A panel with controls of its own has its component; every other panel
//! is a plot of its view ([`plot_panel`]), so a new panel needs nothing here.

use coded_panels::{Panel, Registered, Visit};
use leptos::prelude::*;

use super::errors::ErrorsPanel;
use super::plot_panel::plot_panel;
use super::stragglers::StragglersPanel;
use super::table::TablePanel;
use crate::state::AppState;

/// The component of `panel`.
pub fn panel_view(panel: Panel, state: AppState) -> AnyView {
    panel.visit(Component(state))
}

struct Component(AppState);

impl Visit for Component {
    type Output = AnyView;
    fn visit<P: Registered>(self) -> AnyView {
        let state = self.0;
        // A match on the contract's constant: each panel's copy keeps only
        // its own arm, so the plot component is compiled only for the
        // panels that are plots.
        match P::PANEL {
            Panel::Stragglers => view! { <StragglersPanel state=state /> }.into_any(),
            Panel::Errors => view! { <ErrorsPanel state=state /> }.into_any(),
            Panel::Table => view! { <TablePanel state=state /> }.into_any(),
            _ => plot_panel::<P>(state).into_any(),
        }
    }
}
