//! How an embedded page looks on a lecturer's slide: its colours, the plot
//! without its explanation text, and a size that fits a 16:9 slide. Link
//! keys only (`theme=`, `plot-only=`, `size=`, their entries in `view`): the
//! Embed dialog writes them.

/// The colours: the viewer's system setting, or fixed, so that an embed on
/// a white slide stays light when the viewer's system is dark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    pub const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    pub fn name(self) -> &'static str {
        match self {
            ThemeChoice::System => "system",
            ThemeChoice::Light => "light",
            ThemeChoice::Dark => "dark",
        }
    }

    pub fn parse(text: &str) -> Option<ThemeChoice> {
        Self::ALL.into_iter().find(|t| t.name() == text.trim())
    }

    /// Dark colours, given whether the viewer's system prefers them.
    pub fn is_dark(self, system_dark: bool) -> bool {
        match self {
            ThemeChoice::System => system_dark,
            ThemeChoice::Light => false,
            ThemeChoice::Dark => true,
        }
    }
}

/// The embed's size: as wide as the host page and as tall as its content,
/// or a slide: the box the host gives it (16:9 unless the host says
/// otherwise), never scrolling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Size {
    #[default]
    Page,
    Slide,
}

impl Size {
    pub const ALL: [Size; 2] = [Size::Page, Size::Slide];
    /// The slide, in CSS pixels.
    pub const SLIDE: (u32, u32) = (1280, 720);

    pub fn name(self) -> &'static str {
        match self {
            Size::Page => "page",
            Size::Slide => "slide",
        }
    }

    pub fn parse(text: &str) -> Option<Size> {
        Self::ALL.into_iter().find(|s| s.name() == text.trim())
    }
}

/// An embed's look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    pub theme: ThemeChoice,
    /// The plot alone: no explanation text below it.
    pub plot_only: bool,
    pub size: Size,
    /// Clicks on the straggler plot make servers straggle or answer. Off
    /// by default: a click on an embed in front of a class must not change
    /// the experiment unless the lecturer made the embed for that.
    pub picks: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for t in ThemeChoice::ALL {
            assert_eq!(ThemeChoice::parse(t.name()), Some(t));
        }
        for s in Size::ALL {
            assert_eq!(Size::parse(s.name()), Some(s));
        }
        assert_eq!(ThemeChoice::parse("blue"), None);
        assert!(ThemeChoice::Dark.is_dark(false) && !ThemeChoice::Light.is_dark(true));
        assert!(ThemeChoice::System.is_dark(true) && !ThemeChoice::System.is_dark(false));
    }
}
