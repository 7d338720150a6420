//! The caption line of an exported plot: a band of text under the plot
//! that says which settings the image was made with (the page writes the
//! text: the settings that differ from the defaults).
//!
//! Why a band of its own and not part of each draw function: an image
//! leaves the page, where the controls said what it shows; every panel's
//! image needs the same line, and the plot above it keeps its size (the
//! image grows by the band).

use super::common::{draw_lines, font, wrap, AreaError};
use crate::theme::Theme;
use crate::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The caption's font size, in CSS pixels.
const CAPTION_PX: f64 = 12.0;

/// A caption laid out for an image `width` canvas pixels wide.
#[derive(Clone, Debug, PartialEq)]
pub struct Caption {
    /// The text wrapped to the width.
    pub lines: Vec<String>,
    line_h: u32,
    pad: u32,
}

impl Caption {
    /// `text` wrapped to `width` canvas pixels in the caption's font of
    /// `theme` (whose scale is the image's).
    pub fn new(text: &str, theme: &Theme, width: u32) -> Caption {
        let pad = theme.px(8.0);
        let lines = if text.trim().is_empty() {
            vec![]
        } else {
            wrap(text, theme.font(CAPTION_PX), width.saturating_sub(2 * pad))
        };
        Caption {
            lines,
            line_h: theme.px(CAPTION_PX * 1.35),
            pad,
        }
    }

    /// The band's height in canvas pixels (0 for no text).
    pub fn height(&self) -> u32 {
        if self.lines.is_empty() {
            0
        } else {
            self.lines.len() as u32 * self.line_h + 2 * self.pad
        }
    }

    /// Draws the caption at the bottom of `area` (whose height includes
    /// the band) and returns the area above it, for the plot.
    pub fn draw_below<DB: DrawingBackend>(
        &self,
        area: &Area<DB>,
        theme: &Theme,
    ) -> Result<Area<DB>, AreaError<DB>> {
        let (_, h) = area.dim_in_pixel();
        if self.lines.is_empty() {
            return Ok(area.clone());
        }
        let (plot, band) = area.split_vertically(h.saturating_sub(self.height()));
        band.fill(&theme.surface)?;
        let style = font(theme, CAPTION_PX)
            .color(&theme.foreground)
            .pos(Pos::new(HPos::Left, VPos::Top));
        let at = (self.pad as i32, self.pad as i32);
        draw_lines(&band, &self.lines, at, self.line_h as i32, &style)?;
        Ok(plot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caption_wraps_to_the_width_and_sizes_its_band() {
        let theme = Theme::light().with_scale(2.0);
        let text = "Settings other than the defaults: Noise σ = 0.1; Trials = 7; Seed = 2";
        let wide = Caption::new(text, &theme, 4000);
        assert_eq!(wide.lines, [text]);
        assert_eq!(wide.height(), theme.px(12.0 * 1.35) + 2 * theme.px(8.0));
        let narrow = Caption::new(text, &theme, 400);
        assert!(narrow.lines.len() > 1, "{:?}", narrow.lines);
        assert_eq!(narrow.lines.join(" "), text, "every word kept");
        assert!(narrow.height() > wide.height());
        assert_eq!(Caption::new(" ", &theme, 400).height(), 0);
    }

    #[test]
    fn the_caption_is_drawn_under_the_plot_as_text() {
        let theme = Theme::light();
        let caption = Caption::new("Noise σ = 0.1", &theme, 300);
        let (svg, _) = crate::to_svg(300, 200, |area| {
            let plot = caption.draw_below(area, &theme)?;
            assert_eq!(plot.dim_in_pixel(), (300, 200 - caption.height()));
            Ok(crate::Frame::default())
        })
        .unwrap();
        assert!(svg.contains("Noise σ = 0.1"), "{svg}");
    }
}
