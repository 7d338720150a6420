//! The one table of settings: every value a person can set (in a control or
//! a link), described once: its URL key, where it lives, its control's id,
//! label and help, its kind, its rule in plain words, and how it reads and
//! writes its text. Defaults come from `Config::default()` and
//! `UiState::default()`, limits from the core's constants.
//!
//! Why one table: the URL codec (`url`), the controls (`controls`), the
//! drafts (`drafts`), loading a preset or a link, the embed `controls=` ids,
//! the fuzz tests and the README's key table are all derived from it, so a
//! new setting is its `Config` field (with validation) plus one entry here.
//! Pure Rust: tested natively.

mod choices;
mod experiment;
mod parse;
mod view;

use coded_core::Config;
use coded_plots::compute::UiState;

pub use choices::{no_panels, only_panel, show_panel, Choice, PANELS};
pub use parse::{num, number, whole, wire_name};

/// Everything a link carries: the experiment, the view, and the embed
/// parameters.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Shared {
    pub config: Config,
    pub ui: UiState,
    /// `embed=<panel>`: show only this panel.
    pub embed: Option<&'static str>,
    /// `controls=<ids>`: controls kept in embed mode.
    pub controls: Vec<&'static str>,
}

/// Most N values (and p values) in an error-vs-N sweep: each is a full
/// Monte-Carlo run, all in the one worker.
pub const MAX_SWEEP_NS: usize = 12;
pub const MAX_SWEEP_PS: usize = 6;

/// The fieldset a control sits in, in page order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Scheme,
    Computation,
    Stragglers,
    Smoothing,
    MonteCarlo,
    Panels,
    /// Its control is in a panel (the round, the error tabs), or it has
    /// none (embed parameters).
    Elsewhere,
}

impl Group {
    pub const SHOWN: [Group; 6] = [
        Group::Scheme,
        Group::Computation,
        Group::Stragglers,
        Group::Smoothing,
        Group::MonteCarlo,
        Group::Panels,
    ];

    pub fn legend(self) -> &'static str {
        match self {
            Group::Scheme => "Scheme",
            Group::Computation => "Computation",
            Group::Stragglers => "Stragglers",
            Group::Smoothing => "Smoothing (LeTCC)",
            Group::MonteCarlo => "Monte Carlo",
            Group::Panels => "Panels shown",
            Group::Elsewhere => "",
        }
    }
}

/// Where a setting's value lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    /// A `Config` field: the name the core's `ConfigError` uses for it.
    Config(&'static str),
    /// The view (`UiState`): its default does not depend on the `Config`.
    Ui,
    /// The link only (embed mode).
    Link,
}

/// What kind of control edits the value, and so how its text looks.
#[derive(Clone, Copy)]
pub enum Kind {
    /// A text field for a whole number.
    Whole,
    /// A text field for a whole number, with a button for a random one.
    Seed,
    /// A text field for a number (decimals and exponents).
    Number,
    /// A number, or `auto` (a checkbox beside the field); `offer` is the
    /// number the field starts from when the checkbox is cleared.
    NumberOrAuto {
        auto: &'static str,
        auto_label: &'static str,
        offer: &'static str,
    },
    /// A select.
    Choice(fn() -> Vec<Choice>),
    /// A text field for a comma-separated list.
    List,
    /// Checkboxes: the text is the comma-separated set of checked values;
    /// `locked` is a value that is always checked (and disabled).
    Set {
        choices: fn() -> Vec<Choice>,
        locked: fn(&Shared) -> Option<&'static str>,
    },
    /// Edited elsewhere on the page, or by no control at all.
    Elsewhere,
}

impl Kind {
    /// Whether the control keeps a text draft (everything in the controls
    /// column does).
    pub fn has_draft(self) -> bool {
        !matches!(self, Kind::Elsewhere)
    }

    /// A text field that a person types into (parsed when complete).
    pub fn is_typed(self) -> bool {
        matches!(
            self,
            Kind::Whole | Kind::Seed | Kind::Number | Kind::NumberOrAuto { .. } | Kind::List
        )
    }
}

/// One setting. Every function takes the whole state, because some rules
/// depend on other settings (K on N, p on the straggler model).
#[derive(Clone, Copy)]
pub struct Setting {
    /// Its key in a link.
    pub key: &'static str,
    /// Its control's element id; also its name in an embed's `controls=`.
    pub id: &'static str,
    pub label: &'static str,
    /// How messages name it ("K", "p", "λ_dec").
    pub name: &'static str,
    /// One line: what it does.
    pub help: &'static str,
    pub group: Group,
    pub home: Home,
    pub kind: Kind,
    /// Its value as text: what the control shows and the link carries.
    pub text: fn(&Shared) -> String,
    /// Reads a text into the state; false when the text is not an allowed
    /// value (the state is then as before, except that a list keeps the
    /// entries it could read).
    pub read: fn(&mut Shared, &str) -> bool,
    /// The allowed values in plain words ("a whole number from 1 to N (now
    /// 40)"): messages say "<name> must be <rule>".
    pub rule: fn(&Shared) -> String,
    /// Whether it is part of the state at all (p only under the
    /// independent model), and if not, why.
    pub applies: fn(&Shared) -> Result<(), String>,
    /// A rule that involves other settings, checked once all are read.
    pub check: fn(&Shared) -> bool,
    /// The value taken instead of an invalid one (by default, the default).
    pub fallback: Option<fn(&Shared) -> String>,
    /// A link may give it several times and the values add up (the embed's
    /// controls); any other key given twice has a notice.
    pub adds_up: bool,
}

pub(crate) fn always(_: &Shared) -> Result<(), String> {
    Ok(())
}

pub(crate) fn no_check(_: &Shared) -> bool {
    true
}

pub(crate) fn none_locked(_: &Shared) -> Option<&'static str> {
    None
}

fn not_applicable(s: &Shared) -> String {
    let _ = s;
    String::new()
}

fn never(_: &mut Shared, _: &str) -> bool {
    false
}

/// The fields most entries leave as they are.
pub(crate) const BASE: Setting = Setting {
    key: "",
    id: "",
    label: "",
    name: "",
    help: "",
    group: Group::Elsewhere,
    home: Home::Link,
    kind: Kind::Elsewhere,
    text: not_applicable,
    read: never,
    rule: not_applicable,
    applies: always,
    check: no_check,
    fallback: None,
    adds_up: false,
};

impl Setting {
    /// The state whose value of this setting is its default: the defaults,
    /// except that a view setting is judged against the current `Config`
    /// (the compared schemes always include the shown one).
    fn default_state(&self, s: &Shared) -> Shared {
        match self.home {
            Home::Ui => Shared {
                config: s.config.clone(),
                ..Shared::default()
            },
            _ => Shared::default(),
        }
    }

    /// The default's text (in the context of `s`).
    pub fn default_text(&self, s: &Shared) -> String {
        (self.text)(&self.default_state(s))
    }

    pub fn is_default(&self, s: &Shared) -> bool {
        (self.text)(s) == self.default_text(s)
    }

    /// What an invalid value is replaced by.
    pub fn fallback_text(&self, s: &Shared) -> String {
        match self.fallback {
            Some(f) => f(s),
            None => self.default_text(s),
        }
    }

    /// "K must be a whole number from 1 to N (now 40)".
    pub fn message(&self, s: &Shared) -> String {
        format!("{} must be {}", self.name, (self.rule)(s))
    }

    /// The range line under the control.
    pub fn range_text(&self, s: &Shared) -> String {
        let rule = (self.rule)(s);
        let mut c = rule.chars();
        match c.next() {
            Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
            None => String::new(),
        }
    }
}

/// Every setting, in the order links are read: a setting comes after those
/// its rules depend on (embed before panels, the model before its
/// parameters, the trials before the round), and the controls appear in this
/// order within their fieldsets.
pub const SETTINGS: &[Setting] = &[
    view::EMBED,
    view::CONTROLS,
    experiment::SCHEME,
    view::COMPARE,
    experiment::FUNCTION,
    experiment::K,
    experiment::N,
    experiment::POINTS,
    experiment::MODEL,
    experiment::P,
    experiment::S,
    experiment::SHIFT,
    experiment::RATE,
    experiment::DEADLINE,
    experiment::LAMBDA_ENC,
    experiment::LAMBDA_DEC,
    experiment::LAMBDA_RULE,
    experiment::TRIALS,
    experiment::SEED,
    view::SWEEP_NS,
    view::SWEEP_PS,
    view::PANELS_SHOWN,
    view::TAB,
    view::REFERENCES,
    view::ROUND,
];

/// The setting of a URL key.
pub fn by_key(key: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.key == key)
}

/// The setting of a control id.
pub fn by_id(id: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.id == id)
}

/// The controls of the controls column: what an embed's `controls=` names.
pub fn control_ids() -> impl Iterator<Item = &'static str> {
    SETTINGS
        .iter()
        .filter(|s| s.group != Group::Elsewhere && s.group != Group::Panels)
        .map(|s| s.id)
}

/// The first rule the state breaks that involves several settings: the
/// core's validation (named by its field), then the view's own checks.
pub fn broken(s: &Shared) -> Option<&'static Setting> {
    if let Err(e) = s.config.validate() {
        let named = SETTINGS
            .iter()
            .find(|st| matches!(st.home, Home::Config(f) if f == e.field));
        // Every Config field has an entry (a test checks it); the model is
        // the last resort for a field that had none.
        return Some(named.unwrap_or_else(|| by_key("m").expect("the model's entry")));
    }
    SETTINGS.iter().find(|st| !(st.check)(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_ids_are_unique_and_every_config_field_has_an_entry() {
        for (i, a) in SETTINGS.iter().enumerate() {
            for b in &SETTINGS[i + 1..] {
                assert_ne!(a.key, b.key);
                assert_ne!(a.id, b.id);
            }
        }
        let fields = serde_json::to_value(Config::default()).unwrap();
        for f in fields.as_object().unwrap().keys() {
            assert!(
                SETTINGS
                    .iter()
                    .any(|s| matches!(s.home, Home::Config(h) if h == f)),
                "no setting for the Config field {f}"
            );
        }
    }

    #[test]
    fn every_default_reads_back_to_the_default() {
        let d = Shared::default();
        for st in SETTINGS {
            if (st.applies)(&d).is_err() || st.key == "embed" || st.key == "controls" {
                continue;
            }
            let mut s = d.clone();
            assert!((st.read)(&mut s, &(st.text)(&d)), "{}", st.key);
            assert_eq!(s, d, "{}", st.key);
            assert!(st.is_default(&d));
        }
    }

    #[test]
    fn whole_numbers_and_numbers_as_people_type_them() {
        assert_eq!(whole(" 40 "), Some(40));
        assert_eq!(whole("1e3"), Some(1000));
        assert_eq!(whole("2.5"), None);
        assert_eq!(whole("-3"), None);
        assert_eq!(whole("0."), Some(0));
        assert_eq!(whole(""), None);
        assert_eq!(whole("1e"), None);
        assert_eq!(whole("inf"), None);
        assert_eq!(whole("999999999999999.5"), None);
        assert_eq!(number("0."), Some(0.0));
        assert_eq!(number("-"), None);
        assert_eq!(number("1e-6"), Some(1e-6));
        assert_eq!(number("NaN"), None);
        assert_eq!(number("1e999"), None);
    }

    #[test]
    fn messages_are_plain_words() {
        let s = Shared::default();
        assert_eq!(
            by_key("k").unwrap().message(&s),
            "K must be a whole number from 1 to N (now 40)"
        );
        assert_eq!(
            by_key("p").unwrap().message(&s),
            "p must be a number from 0 to 1"
        );
        for st in SETTINGS {
            let m = st.message(&s);
            for bad in ["`", "..", "{", "}", "_dec\"", "Config"] {
                assert!(!m.contains(bad), "{m}");
            }
        }
    }

    /// The README's table of link keys, as the table of settings gives it.
    fn readme_table() -> String {
        let d = Shared::default();
        let mut out = String::from(
            "| key | control | setting | allowed | default |\n| --- | --- | --- | --- | --- |\n",
        );
        let cell = |t: &str| t.replace('|', "\\|");
        for st in SETTINGS {
            let rule = (st.rule)(&d);
            // "from 1 to N (now 40)": the current N belongs to the page.
            let rule = match rule.split_once(" (now ") {
                Some((a, b)) => format!("{a}{}", b.split_once(')').map_or("", |x| x.1)),
                None => rule,
            };
            let control = match st.kind {
                Kind::Elsewhere if st.group == Group::Elsewhere && st.home == Home::Link => {
                    "—".to_string()
                }
                _ => format!("`{}`", st.id),
            };
            let default = st.default_text(&d);
            out.push_str(&format!(
                "| `{}` | {control} | {} | {} | {} |\n",
                st.key,
                cell(st.label),
                cell(&rule),
                if default.is_empty() {
                    "none".to_string()
                } else {
                    format!("`{}`", cell(&default))
                }
            ));
        }
        out
    }

    #[test]
    fn the_readme_lists_every_key_as_the_table_says() {
        let readme = include_str!("../../README.md");
        let start = "<!-- settings table: generated from src/settings, checked by a test -->\n";
        let end = "<!-- end of the settings table -->";
        let (_, rest) = readme
            .split_once(start)
            .expect("the README's settings table");
        let (table, _) = rest.split_once(end).expect("the end of the settings table");
        let want = readme_table();
        assert!(
            table.trim_end() == want.trim_end(),
            "README.md's settings table differs from src/settings; it should read:\n{want}"
        );
    }
}
