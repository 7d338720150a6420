//! The one place that maps a panel of the registry (`coded_panels::Panel`)
//! to its component: the page shows each panel in turn, embed mode one.

use coded_panels::Panel;
use leptos::prelude::*;

use super::errors::ErrorsPanel;
use super::round_detail::RoundDetailPanel;
use super::stragglers::StragglersPanel;
use super::table::TablePanel;
use super::{digits, encdec};
use crate::state::AppState;

/// The component of `panel`.
pub fn panel_view(panel: Panel, state: AppState) -> AnyView {
    match panel {
        Panel::Stragglers => view! { <StragglersPanel state=state /> }.into_any(),
        Panel::Encdec => {
            view! { <RoundDetailPanel state=state detail=&encdec::ENCDEC /> }.into_any()
        }
        Panel::Digits => {
            view! { <RoundDetailPanel state=state detail=&digits::DIGITS /> }.into_any()
        }
        Panel::Errors => view! { <ErrorsPanel state=state /> }.into_any(),
        Panel::Table => view! { <TablePanel state=state /> }.into_any(),
    }
}
