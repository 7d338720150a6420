//! What a panel is: one [`Contract`] that turns what a stage computed into
//! the panel's view, its sentence, its hover text and its drawing, with the
//! same arguments for every panel.
//!
//! Why one trait: every place that does something "for each panel" (the
//! page's layout, the worker's round stage, the plain-words scan, the
//! fuzz tests that draw and hover every view) is a loop over the registry
//! of panels calling these functions, so a new panel is its module, one
//! registry line and its CSS.

use coded_core::{Config, Round};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

use crate::geometry::Frame;

/// Which of the worker's stages computes a panel's view. They differ in
/// cost and in what they depend on (see `coded-engine`'s `stages`): the
/// round follows the trial shown, the table runs every trial of the
/// configuration, the curves whole sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    Round,
    Table,
    Curves,
}

/// How a panel's plot is shaped, in CSS pixels: what the page's layout
/// gives it, and the least it needs to stay readable.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Width / height on a wide screen.
    pub aspect_ratio: f64,
    /// Width / height on a phone (taller: the same texts in less width).
    pub phone_aspect_ratio: f64,
    /// Charts stacked one above the other in the plot.
    pub charts: u32,
    /// The height each chart needs for its title, ticks and a data area.
    pub min_chart_height: f64,
    /// The height the plot draws around its charts (its title, the x
    /// axis's name, the legend at two columns): the charts keep their
    /// least height only if the plot has this much more.
    pub around: f64,
}

impl Shape {
    /// The least height the whole plot needs to stay readable.
    pub fn min_height(&self) -> f64 {
        self.charts as f64 * self.min_chart_height + self.around
    }
}

/// What the page says of a panel.
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// The plot's accessible name.
    pub label: &'static str,
    /// What the panel explains, as static markup (MathML inside): the page
    /// sets it as inner HTML, so it costs the page's code nothing.
    pub explain: &'static str,
    /// Shown in place of the plot when the panel does not apply to the
    /// configuration ([`Contract::applies`]).
    pub not_shown: &'static str,
}

/// A cursor on a drawn plot: backend pixels, and the device pixel ratio
/// (a pick radius is in CSS pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cursor {
    pub x: f64,
    pub y: f64,
    pub scale: f64,
}

impl Cursor {
    pub fn new(x: f64, y: f64, scale: f64) -> Cursor {
        Cursor { x, y, scale }
    }
}

/// One panel: its view of the results and everything made from the view.
/// Implemented by each panel's module; listed once in the registry.
pub trait Contract: 'static {
    /// Its name in links (`panels=`, `embed=`), element ids and messages.
    const NAME: &'static str;
    /// Its title (headings, the embed dialog, an iframe's title).
    const TITLE: &'static str;
    const SHAPE: Shape;
    const WORDS: Words;
    /// Whether [`Contract::from_round`] needs the round of `config`
    /// decoded: the scheme prepared at N, which runs f on every server.
    fn decodes(_config: &Config) -> bool {
        false
    }

    /// Plot-ready data: only finite numbers, built by the panel's stage.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What a person chooses that changes the drawing, the sentence and
    /// the hover text but never the numbers.
    type Look: Clone + Debug + Default + PartialEq + Send + Sync;

    /// Whether the panel shows a view for `config`; otherwise the page shows
    /// [`Words::not_shown`] in its place and no stage computes its view.
    fn applies(_config: &Config) -> bool {
        true
    }

    /// A round panel's view of a computed round (None: the round was not
    /// decoded and the view needs it). Panels of other stages have none.
    fn from_round(_round: &Round) -> Option<Self::View> {
        None
    }

    /// One sentence from the same view the drawing uses: the plot's text
    /// alternative. A missing value reads as words, never "NaN".
    fn summary(view: &Self::View, look: &Self::Look) -> String;

    /// The words under the cursor, from the view and the frame the drawing
    /// returned.
    fn hover(view: &Self::View, look: &Self::Look, frame: &Frame, at: Cursor) -> Option<String>;

    /// The drawing, generic over the backend; returns where its charts are.
    #[cfg(feature = "draw")]
    fn draw<DB: plotters::prelude::DrawingBackend>(
        area: &crate::Area<DB>,
        theme: &crate::Theme,
        view: &Self::View,
        look: &Self::Look,
    ) -> crate::DrawResult<DB>;

    /// Every look a person can choose for `view` that changes what is drawn
    /// or said: what the tests walk.
    fn looks(_view: &Self::View) -> Vec<Self::Look> {
        vec![Self::Look::default()]
    }
}
