//! The registry of panels: each panel's contract ([`crate::contract`]),
//! listed once, in page order, with the stage that computes its view.
//!
//! Why one list: the page's layout, the embed mode, the links (`panels=`,
//! `embed=`), the worker (which stages to run, which views a round holds)
//! and the tests all loop over this list, so adding a panel is its module
//! (its contract), one line below and its CSS.

use coded_core::{Config, Round};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::contract::{Contract, Shape, Stage, Words};
use crate::errors::CurvesView;
use crate::table::TableView;

/// What the stages computed that the panels show: the page's latest
/// results, or a test's.
#[derive(Clone, Copy, Debug, Default)]
pub struct Results<'a> {
    pub round: Option<&'a RoundResult>,
    pub table: Option<&'a TableView>,
    pub curves: Option<&'a CurvesView>,
}

/// The round stage's result: the views of the round panels shown that
/// apply to the configuration, in page order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundResult {
    pub views: Vec<PanelView>,
    /// The adversaries' automatic box M for this round's data, which the
    /// controls show while M is automatic (None: no adversaries, or the
    /// round was not decoded).
    pub automatic_adversary_bound: Option<f64>,
}

/// A contract listed in the registry.
pub trait Registered: Contract {
    const PANEL: Panel;
    /// Its view in the stages' results (None: not computed yet, or not for
    /// this configuration).
    fn view<'a>(results: &Results<'a>) -> Option<&'a Self::View>;
    /// Its view as a round holds it.
    fn wrap(view: Self::View) -> PanelView;
}

/// Something done for one panel, whatever its contract: how every "for
/// each panel" place loops over the registry ([`Panel::visit`]).
pub trait Visit {
    type Output;
    fn visit<P: Registered>(self) -> Self::Output;
}

macro_rules! registry {
    ($($variant:ident => $contract:ty, $stage:ident;)+) => {
        /// One of the page's panels.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Panel {
            $($variant,)+
        }

        /// One panel's view, as a stage's result holds it.
        // A round holds two or three views in a list: their sizes differ,
        // boxing them would only add indirection.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub enum PanelView {
            $($variant(<$contract as Contract>::View),)+
        }

        impl Panel {
            /// Every panel, in page order.
            pub const ALL: [Panel; 0 $(+ registry!(@one $variant))+] = [$(Panel::$variant,)+];

            /// Does `visit` with this panel's contract.
            pub fn visit<V: Visit>(self, visit: V) -> V::Output {
                match self {
                    $(Panel::$variant => visit.visit::<$contract>(),)+
                }
            }

            /// Its name in links (`panels=`, `embed=`), ids and messages.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Panel::$variant => <$contract as Contract>::NAME,)+
                }
            }

            /// Its title (headings, the embed dialog, an iframe's title).
            pub const fn title(self) -> &'static str {
                match self {
                    $(Panel::$variant => <$contract as Contract>::TITLE,)+
                }
            }

            /// The stage that computes its view.
            pub const fn stage(self) -> Stage {
                match self {
                    $(Panel::$variant => Stage::$stage,)+
                }
            }

            /// How its plot is shaped.
            pub const fn shape(self) -> Shape {
                match self {
                    $(Panel::$variant => <$contract as Contract>::SHAPE,)+
                }
            }

            /// What the page says of it.
            pub const fn words(self) -> Words {
                match self {
                    $(Panel::$variant => <$contract as Contract>::WORDS,)+
                }
            }

            /// Whether it shows a view for `config` (else its note).
            pub fn applies(self, config: &Config) -> bool {
                match self {
                    $(Panel::$variant => <$contract as Contract>::applies(config),)+
                }
            }

            /// Whether its view of `config`'s round needs the round decoded.
            fn decodes(self, config: &Config) -> bool {
                match self {
                    $(Panel::$variant => <$contract as Contract>::decodes(config),)+
                }
            }
        }

        $(
            impl Registered for $contract {
                const PANEL: Panel = Panel::$variant;
                fn view<'a>(results: &Results<'a>) -> Option<&'a Self::View> {
                    registry!(@view $stage, $variant, results)
                }
                fn wrap(view: Self::View) -> PanelView {
                    PanelView::$variant(view)
                }
            }
        )+
    };
    (@one $variant:ident) => {
        1
    };
    (@view Round, $variant:ident, $results:ident) => {
        $results.round?.views.iter().find_map(|v| match v {
            PanelView::$variant(v) => Some(v),
            #[allow(unreachable_patterns)]
            _ => None,
        })
    };
    (@view Table, $variant:ident, $results:ident) => {
        $results.table
    };
    (@view Curves, $variant:ident, $results:ident) => {
        $results.curves
    };
}

registry! {
    Stragglers => crate::stragglers::Stragglers, Round;
    Encdec => crate::encdec::Encdec, Round;
    Digits => crate::digits::Digits, Round;
    Errors => crate::errors::Errors, Curves;
    Table => crate::table::Table, Table;
}

impl Panel {
    /// The panel of a [`Panel::name`].
    pub fn parse(name: &str) -> Option<Panel> {
        Panel::ALL.into_iter().find(|p| p.name() == name)
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

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

impl RoundResult {
    /// Whether the views of the panels shown need the round decoded: then
    /// [`RoundResult::of`] needs a round computed with the problem and the
    /// configuration's scheme prepared at its N, which cost f on every
    /// server (N forward passes for LeNet-5).
    pub fn needs_decoding(config: &Config, panels: Panels) -> bool {
        panels
            .iter_shown()
            .any(|p| p.stage() == Stage::Round && p.decodes(config) && p.applies(config))
    }

    /// The views of `round` for the round panels shown that apply to its
    /// configuration: the one place a round's views are assembled.
    pub fn of(round: &Round, panels: Panels) -> RoundResult {
        struct FromRound<'r, 'c>(&'r Round<'c>);
        impl Visit for FromRound<'_, '_> {
            type Output = Option<PanelView>;
            fn visit<P: Registered>(self) -> Option<PanelView> {
                P::applies(self.0.config)
                    .then(|| P::from_round(self.0))
                    .flatten()
                    .map(P::wrap)
            }
        }
        let views = panels
            .iter_shown()
            .filter(|p| p.stage() == Stage::Round)
            .filter_map(|p| p.visit(FromRound(round)))
            .collect();
        RoundResult {
            views,
            automatic_adversary_bound: round.automatic_adversary_bound(),
        }
    }

    /// The view of the round panel `P`, if the round holds one.
    pub fn get<P: Registered>(&self) -> Option<&P::View> {
        P::view(&Results {
            round: Some(self),
            ..Results::default()
        })
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
        Panel::parse(&name).ok_or_else(|| serde::de::Error::custom(format!("no panel “{name}”")))
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
        // The shapes give every chart room: a plot is never shorter than
        // its charts need.
        for p in Panel::ALL {
            let shape = p.shape();
            assert!(shape.aspect_ratio > shape.phone_aspect_ratio, "{p:?}");
            assert!(shape.min_height() >= 100.0, "{p:?}");
        }
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

    /// Every panel that applies to a configuration has a view in its stage's
    /// results, and its whole contract works on it: drawn in every look,
    /// summarised in words, hovered.
    #[cfg(feature = "draw")]
    #[test]
    fn every_panel_is_walked_through_its_contract() {
        use crate::testing::{bacc_letcc_table, bacc_letcc_vs_n, cfg, no_nan, round};
        use crate::theme::Theme;
        for text in [
            r#"{"trials": 4, "n": 40, "adversaries": {"count": 3}}"#,
            r#"{"function": "lenet5", "k": 4, "n": 12, "trials": 3}"#,
        ] {
            let c = cfg(text);
            let r = round(&c, 1);
            let table = bacc_letcc_table(&c, 1);
            let curves = bacc_letcc_vs_n(&cfg(r#"{"trials": 4}"#), &[0.2]);
            let results = Results {
                round: Some(&r),
                table: Some(&table),
                curves: Some(&curves),
            };
            let walked = crate::walk::walk(&results, &Theme::light(), (800, 600)).unwrap();
            for p in Panel::ALL {
                let seen = walked.iter().filter(|w| w.panel == p).count();
                assert_eq!(seen > 0, p.applies(&c), "{p:?} in {text}");
            }
            for w in &walked {
                assert!(w.svg.contains("<text"), "{:?} drew no text", w.panel);
                no_nan(&w.summary);
                assert!(!w.summary.is_empty());
            }
            // Hover reads the values of every plot that has charts.
            for p in [Panel::Stragglers, Panel::Errors] {
                assert!(
                    walked.iter().any(|w| w.panel == p && !w.hovers.is_empty()),
                    "{p:?}"
                );
            }
            // A round holds only the views of the round panels shown.
            assert!(r.views.len() == 2, "{:?}", r.views.len());
        }
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
