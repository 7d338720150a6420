//! Panel 4's look: what the page chooses that changes the drawing, the
//! summary and the hover text but never the numbers (the line and band, the
//! hidden series), the legend built from it, and what a curve or a dashed
//! line shows in each mode of the line and band. Every description of the
//! line and band is here ([`Band`]): the legend's, the page's menu and
//! explanation, the link setting's rule.
//!
//! Separate from the views, which the worker builds: the look is the
//! page's, applied to a view as it is drawn.

use super::view::{slope_text, Curve, CurvePoint, CurvesView, Reference};
use crate::series::Stroke;
use serde::{Deserialize, Serialize};

/// What the line and the shaded band of an error curve show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Band {
    /// The mean, and its 95 % bootstrap interval (percentiles of the means
    /// of resampled rounds: never below 0, as lopsided as the errors).
    #[default]
    Mean95,
    /// The median, and the 10–90 % quantiles of the rounds' errors.
    Quantiles,
}

impl Band {
    pub const ALL: [Band; 2] = [Band::Mean95, Band::Quantiles];

    /// Its name in a link.
    pub fn name(self) -> &'static str {
        match self {
            Band::Mean95 => "ci",
            Band::Quantiles => "quantiles",
        }
    }

    pub fn parse(text: &str) -> Option<Band> {
        Band::ALL.into_iter().find(|b| b.name() == text)
    }

    /// What the line and the band are, in words (the legend's first row).
    pub fn words(self) -> &'static str {
        match self {
            Band::Mean95 => "line: mean; band: 95\u{a0}% bootstrap interval of the mean",
            Band::Quantiles => "line: median; band: 10–90\u{a0}% of the rounds",
        }
    }

    /// Its entry in the page's “Line and band” menu.
    pub fn choice_text(self) -> &'static str {
        match self {
            Band::Mean95 => "mean, 95\u{a0}% interval",
            Band::Quantiles => "median, 10–90\u{a0}% of rounds",
        }
    }

    /// What its name in a link stands for (the setting's rule).
    pub fn meaning(self) -> &'static str {
        match self {
            Band::Mean95 => "the mean and its 95 % bootstrap interval",
            Band::Quantiles => "the median and 10–90 % of the rounds",
        }
    }

    /// How the line and the band are made, with what the plot does with
    /// failed rounds and exact answers: the error plot's explanation, after
    /// the sentence before it (so it starts with a space).
    pub fn explanation(self) -> &'static str {
        match self {
            Band::Mean95 => " The line is the mean over the rounds that decoded, and the shaded band its 95 % bootstrap interval: the rounds are drawn again at random, with repeats, 1000 times, and the band holds the middle 95 % of those means. It never reaches 0, and it is as lopsided as the errors are (a few rounds much worse than the rest stretch it upwards). Failed rounds are left out of the mean and counted: their share is drawn in the strip below the plot, and a point with failed rounds has a hollow marker. Errors at rounding level (below 10⁻¹⁴ of the outputs' mean squared size: an exact decoder, such as LCC with enough answers) are drawn on the floor marked “exact”.",
            Band::Quantiles => " The line is the median over the rounds that decoded, and the shaded band holds the middle 80 % of them (from the 10 % to the 90 % quantile): where the mean is pulled up by a few bad rounds, the median shows the typical round. Failed rounds are left out and counted: their share is drawn in the strip below the plot, and a point with failed rounds has a hollow marker. Errors at rounding level (below 10⁻¹⁴ of the outputs' mean squared size: an exact decoder, such as LCC with enough answers) are drawn on the floor marked “exact”.",
        }
    }
}

impl CurvePoint {
    /// The value the line goes through.
    pub fn centre(&self, band: Band) -> f64 {
        match band {
            Band::Mean95 => self.mean,
            Band::Quantiles => self.median,
        }
    }

    /// The band's ends (above 0 wherever an error is).
    pub fn band(&self, band: Band) -> (f64, f64) {
        match band {
            Band::Mean95 => (self.ci_lo, self.ci_hi),
            Band::Quantiles => (self.q10, self.q90),
        }
    }
}

/// How the error plot is shown: what the page chooses that changes the
/// drawing, the summary and the hover text, never the numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct CurvesLook {
    pub band: Band,
    /// The keys ([`Curve::key`], [`Reference::key`]) of the series not drawn.
    pub hidden: Vec<String>,
    /// Whether the legend is drawn into the image: the page shows its own
    /// (buttons that hide and show the series); exported images and the
    /// CLI's figure draw it.
    pub legend: bool,
}

impl Default for CurvesLook {
    fn default() -> Self {
        CurvesLook {
            band: Band::default(),
            hidden: vec![],
            legend: true,
        }
    }
}

impl From<Band> for CurvesLook {
    fn from(band: Band) -> Self {
        CurvesLook {
            band,
            ..CurvesLook::default()
        }
    }
}

impl CurvesLook {
    pub fn hides(&self, key: &str) -> bool {
        self.hidden.iter().any(|k| k == key)
    }

    /// The view without its hidden series: what is drawn and hovered.
    pub fn visible(&self, view: &CurvesView) -> CurvesView {
        CurvesView {
            curves: view
                .curves
                .iter()
                .filter(|c| !self.hides(&c.key))
                .cloned()
                .collect(),
            references: view
                .references
                .iter()
                .filter(|r| !self.hides(&r.key))
                .cloned()
                .collect(),
            ..view.clone()
        }
    }
}

/// One entry of the error plot's legend: the canvas draws these, and the
/// page shows the same as buttons.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    /// The series' key; None for the row that says what the band is.
    pub key: Option<String>,
    pub label: String,
    /// Index into the theme's series colours; None: the muted colour.
    pub color: Option<usize>,
    /// How its line is stroked (solid for the band's row, which has none).
    pub stroke: Stroke,
    /// A marker shape (a curve's).
    pub shape: Option<usize>,
    pub hidden: bool,
}

/// The legend of a view: what the band is, every curve, every dashed line.
pub fn legend_entries(view: &CurvesView, look: &CurvesLook) -> Vec<LegendEntry> {
    let mut out = vec![LegendEntry {
        key: None,
        label: look.band.words().to_string(),
        color: None,
        stroke: Stroke::Solid,
        shape: None,
        hidden: false,
    }];
    for c in &view.curves {
        out.push(LegendEntry {
            key: Some(c.key.clone()),
            label: c.legend(look.band),
            color: Some(c.color),
            stroke: c.stroke(),
            shape: Some(c.shape),
            hidden: look.hides(&c.key),
        });
    }
    for r in &view.references {
        out.push(LegendEntry {
            key: Some(r.key.clone()),
            label: r.legend(look.band),
            color: Some(r.color),
            stroke: Stroke::Dashed(r.dash),
            shape: None,
            hidden: look.hides(&r.key),
        });
    }
    out
}

impl Curve {
    /// How its line is stroked: a saved run's dash-dotted beside the
    /// current run's solid ones (the chart and the legends).
    pub fn stroke(&self) -> Stroke {
        if self.saved {
            Stroke::DashDot
        } else {
            Stroke::Solid
        }
    }

    /// Its name: the label without the slope.
    pub fn name(&self) -> &str {
        self.label.split(" (").next().unwrap_or(&self.label)
    }

    /// The fitted slope of the statistic the line shows.
    pub fn slope_of(&self, band: Band) -> Option<f64> {
        match band {
            Band::Mean95 => self.slope,
            Band::Quantiles => self.median_slope,
        }
    }

    /// The 95 % interval of that slope, where it has one (the means'
    /// slope; the medians' has none).
    pub fn slope_interval_of(&self, band: Band) -> Option<(f64, f64)> {
        match band {
            Band::Mean95 => self.slope_interval,
            Band::Quantiles => None,
        }
    }

    /// The legend's text: with the slope of the statistic the line shows,
    /// where the curve has slopes (error vs N).
    pub fn legend(&self, band: Band) -> String {
        if band == Band::Mean95 || self.name() == self.label {
            return self.label.clone();
        }
        format!(
            "{} (median's {})",
            self.name(),
            slope_text(self.median_slope)
        )
    }
}

impl Reference {
    /// The line drawn with the statistic the curves' line shows.
    pub fn line(&self, band: Band) -> &[(f64, f64)] {
        match band {
            Band::Mean95 => &self.points,
            Band::Quantiles => &self.median_points,
        }
    }

    /// The legend's text; a level's ends with its value in that statistic.
    pub fn legend(&self, band: Band) -> String {
        match self.line(band).first() {
            Some((_, y)) if self.level => format!("{}: {}", self.label, crate::format::sig(*y, 4)),
            _ => self.label.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_text_says_how_the_interval_is_made() {
        let text = Band::Mean95.explanation();
        let count = coded_core::metrics::BOOTSTRAP_RESAMPLES.to_string();
        assert!(text.contains(&format!("{count} times")), "{text}");
        assert!(text.contains("bootstrap") && !text.contains("1.96"));
    }
}
