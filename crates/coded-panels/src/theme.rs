//! Colours and sizes for drawing plots, in light and dark variants.
//!
//! Why here and not only in CSS: plotters draws pixels (or SVG), so it cannot
//! read CSS variables. The app's CSS (`style/main.css`) uses the same values;
//! keep the two in step. The series colours are the Okabe–Ito palette, which
//! stays distinguishable for the common forms of colour blindness. The app
//! only adds the Leptos context around this (`src/theme.rs`).

use plotters::style::RGBColor;

/// Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design").
pub mod okabe_ito {
    use plotters::style::RGBColor;
    pub const BLACK: RGBColor = RGBColor(0x00, 0x00, 0x00);
    pub const ORANGE: RGBColor = RGBColor(0xE6, 0x9F, 0x00);
    pub const SKY_BLUE: RGBColor = RGBColor(0x56, 0xB4, 0xE9);
    pub const BLUISH_GREEN: RGBColor = RGBColor(0x00, 0x9E, 0x73);
    pub const YELLOW: RGBColor = RGBColor(0xF0, 0xE4, 0x42);
    pub const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xB2);
    pub const VERMILLION: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
    pub const REDDISH_PURPLE: RGBColor = RGBColor(0xCC, 0x79, 0xA7);
}

/// Everything a draw function needs to know about how to look.
///
/// `scale` is the number of canvas pixels per CSS pixel (the
/// `devicePixelRatio` on a canvas): draw functions size fonts and strokes with
/// [`Theme::px`] / [`Theme::font`] so a plot looks the same on every screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    pub dark: bool,
    /// Plot background (the panel's surface colour in CSS).
    pub surface: RGBColor,
    /// Main text: captions.
    pub foreground: RGBColor,
    /// Secondary text: tick labels, axis descriptions.
    pub muted: RGBColor,
    /// Axis lines.
    pub axis: RGBColor,
    /// Major grid lines.
    pub grid: RGBColor,
    /// Series colours, most important first (Okabe–Ito order adapted to the
    /// background so the first ones have the best contrast).
    pub series: [RGBColor; 7],
    /// Marks something that went wrong (a straggler, a wrong prediction).
    pub alert: RGBColor,
    /// Marks something that went right (a returned server, a right prediction).
    pub good: RGBColor,
    pub scale: f64,
    /// Drawn for an exported image (PNG, SVG), which stands alone: what the
    /// page shows beside the canvas (the error plot's legend) is drawn into it.
    pub exported: bool,
    /// The backend paints an image in one call (a canvas): a dense raster
    /// is drawn as one image of its pixels rather than a shape per cell
    /// (see `chart::raster`). Not for SVG, whose images would be a
    /// rectangle per pixel.
    pub images: bool,
    /// Only this part of a drawing made of parts (see [`Frame::parts`]);
    /// None: all of it. A page records a large plot a part a task, so no
    /// task holds the page for all of it.
    ///
    /// [`Frame::parts`]: crate::Frame::parts
    pub part: Option<usize>,
}

impl Theme {
    pub fn light() -> Self {
        use okabe_ito::*;
        Theme {
            dark: false,
            surface: RGBColor(0xFF, 0xFF, 0xFF),
            foreground: RGBColor(0x1B, 0x1B, 0x1F),
            muted: RGBColor(0x55, 0x58, 0x5F),
            axis: RGBColor(0x55, 0x58, 0x5F),
            grid: RGBColor(0xE3, 0xE4, 0xE8),
            series: [
                BLUE,
                VERMILLION,
                BLUISH_GREEN,
                ORANGE,
                REDDISH_PURPLE,
                SKY_BLUE,
                BLACK,
            ],
            alert: VERMILLION,
            good: BLUE,
            scale: 1.0,
            exported: false,
            images: false,
            part: None,
        }
    }

    pub fn dark() -> Self {
        use okabe_ito::*;
        Theme {
            dark: true,
            surface: RGBColor(0x1E, 0x21, 0x25),
            foreground: RGBColor(0xE6, 0xE6, 0xE6),
            muted: RGBColor(0xA8, 0xAC, 0xB3),
            axis: RGBColor(0xA8, 0xAC, 0xB3),
            grid: RGBColor(0x33, 0x37, 0x3D),
            // Okabe–Ito blue and black are too dark on a dark surface.
            series: [
                SKY_BLUE,
                ORANGE,
                BLUISH_GREEN,
                YELLOW,
                REDDISH_PURPLE,
                VERMILLION,
                RGBColor(0xFF, 0xFF, 0xFF),
            ],
            alert: ORANGE,
            good: SKY_BLUE,
            scale: 1.0,
            exported: false,
            images: false,
            part: None,
        }
    }

    pub fn for_scheme(dark: bool) -> Self {
        if dark {
            Self::dark()
        } else {
            Self::light()
        }
    }

    /// The same theme for a canvas with `scale` canvas pixels per CSS pixel.
    pub fn with_scale(mut self, scale: f64) -> Self {
        self.scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        self
    }

    /// The same theme for an exported image.
    pub fn for_export(mut self) -> Self {
        self.exported = true;
        self
    }

    /// The same theme for a backend that paints images in one call.
    pub fn with_images(mut self) -> Self {
        self.images = true;
        self
    }

    /// The same theme, drawing part `k` of a drawing only.
    pub fn with_part(mut self, k: usize) -> Self {
        self.part = Some(k);
        self
    }

    /// Whether part `k` of a drawing is drawn (see [`Theme::part`]).
    pub fn draws(&self, k: usize) -> bool {
        self.part.is_none_or(|p| p == k)
    }

    /// A length of `css_px` CSS pixels, in canvas pixels (at least 1).
    pub fn px(&self, css_px: f64) -> u32 {
        (css_px * self.scale).round().max(1.0) as u32
    }

    /// A font size of `css_px` CSS pixels, in canvas pixels.
    pub fn font(&self, css_px: f64) -> f64 {
        css_px * self.scale
    }

    /// A colour between the surface (t = 0) and the foreground (t = 1): the
    /// grey levels of digit images, readable in light and dark mode alike.
    pub fn ink(&self, t: f64) -> RGBColor {
        self.on_surface(self.foreground, t)
    }

    /// `color` at opacity `t` over the surface, as the opaque colour that
    /// shows: the same look as `color.mix(t)` on the plot's background, and
    /// marks of one shade can be filled together (see the page's batched
    /// canvas backend), which translucent ones cannot.
    pub fn on_surface(&self, color: RGBColor, t: f64) -> RGBColor {
        let t = if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
        RGBColor(
            mix(self.surface.0, color.0),
            mix(self.surface.1, color.1),
            mix(self.surface.2, color.2),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn px_scales_and_never_vanishes() {
        let t = Theme::light().with_scale(2.0);
        assert_eq!(t.px(1.5), 3);
        assert_eq!(t.px(0.1), 1);
        assert_eq!(t.font(12.0), 24.0);
        assert_eq!(Theme::dark().with_scale(f64::NAN).scale, 1.0);
    }

    #[test]
    fn a_colour_on_the_surface_goes_from_the_surface_to_itself() {
        let t = Theme::dark();
        let c = RGBColor(200, 100, 0);
        assert_eq!(t.on_surface(c, 0.0), t.surface);
        assert_eq!(t.on_surface(c, 1.0), c);
        assert_eq!(t.on_surface(c, f64::NAN), t.surface);
        let half = Theme::light().on_surface(RGBColor(1, 101, 255), 0.5);
        assert_eq!(half, RGBColor(128, 178, 255));
        assert_eq!(t.ink(0.25), t.on_surface(t.foreground, 0.25));
    }

    #[test]
    fn light_and_dark_differ_in_surface() {
        assert_ne!(Theme::light().surface, Theme::dark().surface);
        assert!(Theme::for_scheme(true).dark);
    }

    #[test]
    fn ink_runs_from_surface_to_foreground() {
        let t = Theme::dark();
        assert_eq!(t.ink(0.0), t.surface);
        assert_eq!(t.ink(1.0), t.foreground);
        assert_eq!(t.ink(f64::NAN), t.surface);
        assert_eq!(t.ink(7.0), t.foreground);
    }
}
