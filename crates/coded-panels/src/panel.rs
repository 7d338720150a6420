//! The registry of panels: what each of the page's panels is called (in
//! links and headings), and which of the worker's stages computes it.
//!
//! Why one table: the page's layout, the embed mode, the links
//! (`panels=`, `embed=`), the worker (which stages to run for the panels
//! shown) and the tests all read a panel's facts from here, so adding a
//! panel is its module (`crate::<panel>`), one variant and one row below,
//! its component in the app, its CSS and its tests.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the page's panels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Panel {
    Stragglers,
    Encdec,
    Digits,
    Errors,
    Table,
}

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

/// A panel's facts.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// Its name in links (`panels=`, `embed=`) and messages.
    pub name: &'static str,
    /// Its title (embed dialog, embedded page, iframe title).
    pub title: &'static str,
    /// The stage that computes its view.
    pub stage: Stage,
}

impl Panel {
    /// Every panel, in page order.
    pub const ALL: [Panel; 5] = [
        Panel::Stragglers,
        Panel::Encdec,
        Panel::Digits,
        Panel::Errors,
        Panel::Table,
    ];

    /// The one row of the registry for this panel.
    pub const fn about(self) -> About {
        let (name, title, stage) = match self {
            Panel::Stragglers => ("stragglers", "Straggler pattern", Stage::Round),
            Panel::Encdec => ("encdec", "Encode → compute → decode", Stage::Round),
            Panel::Digits => ("digits", "Coded digits (LeNet-5)", Stage::Round),
            Panel::Errors => ("errors", "Error curves", Stage::Curves),
            Panel::Table => ("table", "Results table", Stage::Table),
        };
        About { name, title, stage }
    }

    /// Its name in URLs (`panels=`, `embed=`) and in messages.
    pub const fn name(self) -> &'static str {
        self.about().name
    }

    /// The panel of a [`Panel::name`].
    pub fn parse(name: &str) -> Option<Panel> {
        Panel::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Its title (embed dialog, embedded page, iframe title).
    pub const fn title(self) -> &'static str {
        self.about().title
    }

    /// Its number on the page (headings read "1 · Straggler pattern").
    pub fn number(self) -> usize {
        Panel::ALL
            .iter()
            .position(|p| *p == self)
            .map_or(0, |i| i + 1)
    }

    /// Its heading on the page: "1 · Straggler pattern".
    pub fn heading(self) -> String {
        format!("{} · {}", self.number(), self.title())
    }

    /// The stage that computes its view.
    pub const fn stage(self) -> Stage {
        self.about().stage
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

// `Panels` holds one bit per panel in a u8.
const _: () = assert!(Panel::ALL.len() <= 8, "more panels than bits in Panels");

impl Serialize for Panel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Panel {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Panel::parse(&name).ok_or_else(|| serde::de::Error::custom(format!("no panel `{name}`")))
    }
}

/// Which panels are shown (hidden ones are not computed). Serialised as the
/// list of shown panels' names, in page order.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Panels {
    shown: u8,
}

impl Panels {
    /// No panel shown.
    pub fn none() -> Panels {
        Panels { shown: 0 }
    }

    /// Only `panel` shown.
    pub fn only(panel: Panel) -> Panels {
        Panels { shown: panel.bit() }
    }

    pub fn shows(&self, panel: Panel) -> bool {
        self.shown & panel.bit() != 0
    }

    pub fn set(&mut self, panel: Panel, shown: bool) {
        if shown {
            self.shown |= panel.bit();
        } else {
            self.shown &= !panel.bit();
        }
    }

    /// The shown panels, in page order.
    pub fn iter_shown(&self) -> impl Iterator<Item = Panel> + '_ {
        Panel::ALL.into_iter().filter(|p| self.shows(*p))
    }

    /// Whether a shown panel's view is computed by `stage`.
    pub fn need(&self, stage: Stage) -> bool {
        self.iter_shown().any(|p| p.stage() == stage)
    }
}

/// Every panel shown.
impl Default for Panels {
    fn default() -> Self {
        Panels {
            shown: Panel::ALL.iter().fold(0, |b, p| b | p.bit()),
        }
    }
}

impl FromIterator<Panel> for Panels {
    fn from_iter<I: IntoIterator<Item = Panel>>(iter: I) -> Self {
        let mut p = Panels::none();
        for panel in iter {
            p.set(panel, true);
        }
        p
    }
}

impl std::fmt::Debug for Panels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter_shown()).finish()
    }
}

impl Serialize for Panels {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // A list of known length: postcard writes the length first.
        let shown: Vec<Panel> = self.iter_shown().collect();
        s.collect_seq(shown)
    }
}

impl<'de> Deserialize<'de> for Panels {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Panel>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panel_names_parse_back_and_titles_differ() {
        for p in Panel::ALL {
            assert_eq!(Panel::parse(p.name()), Some(p));
            assert!(!p.title().is_empty());
        }
        assert_eq!(Panel::parse("Table"), None);
        assert_eq!(Panel::parse(""), None);
        assert_eq!(
            Panel::ALL.map(|x| x.name()),
            ["stragglers", "encdec", "digits", "errors", "table"]
        );
        assert_eq!(Panel::ALL.map(|x| x.number()), [1, 2, 3, 4, 5]);
        let mut titles = Panel::ALL.map(|x| x.title()).to_vec();
        titles.dedup();
        assert_eq!(titles.len(), Panel::ALL.len());
    }

    #[test]
    fn panels_are_a_set() {
        let all = Panels::default();
        assert!(Panel::ALL.iter().all(|p| all.shows(*p)));
        assert_eq!(Panels::none().iter_shown().count(), 0);
        let mut p = Panels::only(Panel::Errors);
        assert_eq!(p.iter_shown().collect::<Vec<_>>(), [Panel::Errors]);
        assert!(!p.need(Stage::Round));
        assert!(p.need(Stage::Curves));
        p.set(Panel::Stragglers, true);
        p.set(Panel::Errors, false);
        p.set(Panel::Errors, false);
        assert_eq!(p.iter_shown().collect::<Vec<_>>(), [Panel::Stragglers]);
        assert!(p.need(Stage::Round) && !p.need(Stage::Curves) && !p.need(Stage::Table));
        assert_eq!(format!("{p:?}"), "{Stragglers}");
    }

    #[test]
    fn panels_serialise_as_the_shown_names() {
        let p: Panels = [Panel::Table, Panel::Stragglers].into_iter().collect();
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(text, r#"["stragglers","table"]"#);
        assert_eq!(serde_json::from_str::<Panels>(&text).unwrap(), p);
        assert_eq!(
            serde_json::from_str::<Panels>("[]").unwrap(),
            Panels::none()
        );
        assert!(serde_json::from_str::<Panels>(r#"["nope"]"#).is_err());
    }
}
