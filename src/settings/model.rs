//! What a setting is: its kind, where it lives, and the functions that
//! read, write and explain its value; and the state they work on.

use coded_core::limits::FloatRange;
use coded_core::Config;
use coded_panels::{Panel, RoundResult};
use coded_protocol::UiState;

use super::choices::Choice;

/// Everything a link carries: the experiment, the view, and the embed
/// parameters.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LinkState {
    pub config: Config,
    pub ui: UiState,
    /// `embed=<panel>`: show only this panel.
    pub embed: Option<Panel>,
    /// `controls=<ids>`: controls kept in embed mode.
    pub controls: Vec<&'static str>,
    /// `theme=`, `plot-only=`, `size=`: how an embed looks.
    pub look: super::look::Look,
    /// `preset=<id>`: the preset these settings came from (its note is
    /// shown, or says that the settings changed since).
    pub preset: Option<&'static str>,
}

/// The lengths of the error plot's lists (the core's limits: a study file's
/// results are bounded by them too).
pub use coded_core::limits::{MAX_SWEEP_NS, MAX_SWEEP_PS, MAX_SWEEP_VALUES};

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
    /// The values of the error plot's setting: their default is that
    /// setting's (the core's table of axes), so it is judged against the
    /// setting plotted.
    Plotted,
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
    /// A number, or `auto` (a checkbox beside the field). While the box is
    /// checked the field shows `now`: the value automatic stands for, as
    /// the round computed it (None: not known, or no one value), and never
    /// a number that is not in use. When it is cleared the field starts
    /// from the last number given, else from `now`, else from `offer`.
    NumberOrAuto {
        auto: &'static str,
        auto_label: &'static str,
        offer: &'static str,
        now: fn(&RoundResult) -> Option<String>,
    },
    /// A select.
    Choice(fn() -> Vec<Choice>),
    /// A text field for a comma-separated list.
    List,
    /// A wide text field for free text (a formula).
    Text,
    /// Checkboxes: the text is the comma-separated set of checked values;
    /// `locked` is a value that is always checked (and disabled).
    Set {
        choices: fn() -> Vec<Choice>,
        locked: fn(&LinkState) -> Option<&'static str>,
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
            Kind::Whole
                | Kind::Seed
                | Kind::Number
                | Kind::NumberOrAuto { .. }
                | Kind::List
                | Kind::Text
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
    /// Said after `help` when it is built from the core's lists (each
    /// choice of a rule described), so a new choice is described the day
    /// it exists; see [`Setting::help_text`].
    pub details: Option<fn() -> String>,
    pub group: Group,
    pub home: Home,
    pub kind: Kind,
    /// Its value as text: what the control shows and the link carries.
    pub text: fn(&LinkState) -> String,
    /// Reads a text into the state; false when the text is not an allowed
    /// value (the state is then unchanged, except that a list keeps the
    /// entries it could read).
    pub read: fn(&mut LinkState, &str) -> bool,
    /// The allowed values in plain words ("a whole number from 1 to N (now
    /// 40)"): messages say "<name> must be <rule>".
    pub rule: fn(&LinkState) -> String,
    /// What is wrong with a text it refused, when the rule alone cannot say
    /// (a formula: where it goes wrong, and why); None: the rule's message.
    pub why: Option<fn(&str) -> Option<String>>,
    /// Whether it is part of the state at all (p only under the
    /// independent model), and if not, why.
    pub applies: fn(&LinkState) -> Result<(), String>,
    /// A rule that involves other settings, checked once all are read.
    pub check: fn(&LinkState) -> bool,
    /// The value taken instead of an invalid one (by default, the default).
    pub fallback: Option<fn(&LinkState) -> String>,
    /// A link may give it several times and the values add up (the embed's
    /// controls); any other key given twice has a notice.
    pub adds_up: bool,
    /// A plain number's range (the core's, which its rule puts in words):
    /// the link's fuzz tests draw values at, inside and past its ends, so
    /// a new number setting is fuzzed the day it exists.
    pub range: Option<FloatRange>,
}

/// A setting that is a `Config` field holding a number in one of the
/// core's ranges: its text, reading, rule and range are those of every
/// such field, so an entry gives only what a person reads (key, id,
/// label, name, help, group).
macro_rules! config_number {
    ($field:ident in $range:expr, { $($entry:tt)* }) => {
        $crate::settings::Setting {
            home: $crate::settings::Home::Config(stringify!($field)),
            kind: $crate::settings::Kind::Number,
            text: |s| $crate::settings::short_number(s.config.$field),
            read: |s, t| {
                $crate::settings::parse::number_in(t, $range)
                    .map(|v| s.config.$field = v)
                    .is_some()
            },
            rule: |_| $crate::settings::parse::number_words($range),
            range: Some($range),
            $($entry)*
            ..$crate::settings::model::BASE
        }
    };
}
pub(crate) use config_number;

/// A setting that is a `Config` field holding a whole number in one of the
/// core's ranges, edited in a field of `kind` (`Whole`, or `Seed` for a
/// field with a random button), as [`config_number!`] is for numbers.
macro_rules! config_whole {
    ($kind:ident $field:ident in $range:expr, { $($entry:tt)* }) => {
        $crate::settings::Setting {
            home: $crate::settings::Home::Config(stringify!($field)),
            kind: $crate::settings::Kind::$kind,
            text: |s| s.config.$field.to_string(),
            read: |s, t| {
                $crate::settings::parse::whole_in(t, $range)
                    .and_then(|v| v.try_into().ok())
                    .map(|v| s.config.$field = v)
                    .is_some()
            },
            rule: |_| $crate::settings::parse::whole_words($range),
            $($entry)*
            ..$crate::settings::model::BASE
        }
    };
}
pub(crate) use config_whole;

pub fn always(_: &LinkState) -> Result<(), String> {
    Ok(())
}

pub fn no_check(_: &LinkState) -> bool {
    true
}

pub fn none_locked(_: &LinkState) -> Option<&'static str> {
    None
}

/// The `now` of an automatic value that is no one number (GCV's λ_dec,
/// chosen per round; a formula that is not a polynomial).
pub fn no_one_value(_: &RoundResult) -> Option<String> {
    None
}

fn not_applicable(s: &LinkState) -> String {
    let _ = s;
    String::new()
}

fn never(_: &mut LinkState, _: &str) -> bool {
    false
}

/// The fields most entries leave as they are.
pub const BASE: Setting = Setting {
    key: "",
    id: "",
    label: "",
    name: "",
    help: "",
    details: None,
    group: Group::Elsewhere,
    home: Home::Link,
    kind: Kind::Elsewhere,
    text: not_applicable,
    read: never,
    rule: not_applicable,
    why: None,
    applies: always,
    check: no_check,
    fallback: None,
    adds_up: false,
    range: None,
};

impl Setting {
    /// What the control says under it: `help`, then its `details`.
    pub fn help_text(&self) -> String {
        match self.details {
            Some(details) => format!("{} {}", self.help, details()),
            None => self.help.to_string(),
        }
    }

    /// The state whose value of this setting is its default: the defaults,
    /// except that a view setting is judged against the current `Config`
    /// (the compared schemes always include the shown one).
    fn default_state(&self, s: &LinkState) -> LinkState {
        match self.home {
            Home::Ui => LinkState {
                config: s.config.clone(),
                ..LinkState::default()
            },
            Home::Plotted => LinkState {
                config: s.config.clone(),
                ui: UiState {
                    axis: s.ui.axis,
                    ..UiState::default()
                },
                ..LinkState::default()
            },
            _ => LinkState::default(),
        }
    }

    /// The default's text (in the context of `s`).
    pub fn default_text(&self, s: &LinkState) -> String {
        (self.text)(&self.default_state(s))
    }

    pub fn is_default(&self, s: &LinkState) -> bool {
        (self.text)(s) == self.default_text(s)
    }

    /// What an invalid value is replaced by.
    pub fn fallback_text(&self, s: &LinkState) -> String {
        match self.fallback {
            Some(f) => f(s),
            None => self.default_text(s),
        }
    }

    /// "K must be a whole number from 1 to N (now 40; at most 1024)".
    pub fn message(&self, s: &LinkState) -> String {
        format!("{} must be {}", self.name, (self.rule)(s))
    }

    /// The message for a text it refused: [`Setting::why`] when it has
    /// one (capitalised: it starts a sentence), else [`Setting::message`].
    pub fn refusal(&self, s: &LinkState, text: &str) -> String {
        match self.why.and_then(|why| why(text)) {
            Some(why) => capitalised(&why),
            None => self.message(s),
        }
    }

    /// The range line under the control.
    pub fn range_text(&self, s: &LinkState) -> String {
        let rule = (self.rule)(s);
        if rule.is_empty() {
            String::new()
        } else {
            format!("{}.", capitalised(&rule))
        }
    }
}

/// The text with its first letter in capitals. ASCII only: every rule,
/// message and heading starts with an English word (or a Greek letter
/// that stays as it is: "λ_dec"), and `char::to_uppercase` would bring
/// Unicode's case table (14 kB) into the page's wasm.
pub fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => format!("{}{}", f.to_ascii_uppercase(), c.as_str()),
        None => String::new(),
    }
}
