//! The one table of settings: every value a person can set (in a control or
//! a link), described once: its URL key, where it lives, its control's id,
//! label and help, its kind, its rule in plain words, and how it reads and
//! writes its text. Defaults come from `Config::default()` and
//! `UiState::default()`, limits from the core's constants.
//!
//! Why one table: the URL codec (`url`), the controls (`controls`), the
//! drafts (`drafts`), loading a preset or a link, the embed `controls=` ids,
//! the fuzz tests and the docs' key table are all derived from it, so a
//! new setting is its `Config` field (with validation) plus one entry here.
//! Pure Rust: tested natively.

mod adversaries;
mod caption;
mod choices;
mod experiment;
pub mod look;
mod model;
mod parse;
mod stragglers;
mod view;

pub use choices::{panel_names, show_panel, Choice};
use model::BASE;
pub use model::{
    capitalised, Group, Home, Kind, LinkState, Setting, MAX_SWEEP_NS, MAX_SWEEP_PS,
    MAX_SWEEP_VALUES,
};
use parse::entries;
pub use parse::{number, short_number, whole, wire_name};
pub use view::{default_workers, tab_name};

/// Every setting, in the order links are read: a setting comes after those
/// its rules depend on (embed before panels, the model before its
/// parameters, the trials before the round), and the controls appear in this
/// order within their fieldsets.
pub const SETTINGS: &[Setting] = &[
    view::EMBED,
    CONTROLS,
    view::THEME,
    view::PLOT_ONLY,
    view::SIZE,
    view::PICKS,
    view::PRESET,
    experiment::SCHEME,
    view::COMPARE,
    experiment::FUNCTION,
    experiment::FORMULA,
    experiment::DEGREE,
    experiment::K,
    experiment::N,
    experiment::POINTS,
    experiment::NOISE,
    stragglers::MODEL,
    stragglers::P,
    stragglers::S,
    stragglers::SHIFT,
    stragglers::RATE,
    stragglers::DEADLINE,
    stragglers::SERVERS,
    adversaries::COUNT,
    adversaries::EXPONENT,
    adversaries::BOUND,
    adversaries::ATTACK,
    adversaries::PLACEMENT,
    adversaries::TOLERANCE,
    experiment::LAMBDA_ENC,
    experiment::LAMBDA_DEC,
    experiment::LAMBDA_RULE,
    experiment::TRIALS,
    experiment::SEED,
    view::SWEEP_NS,
    view::SWEEP_PS,
    view::STATISTIC,
    view::SLOPE,
    view::WORKERS,
    view::PANELS_SHOWN,
    view::TAB,
    view::SWEEP_VALUES,
    view::REFERENCES,
    view::BAND,
    view::HIDDEN,
    view::ROUND,
];

/// The controls an embed keeps: it names the table's own controls, so it
/// is defined beside the table.
const CONTROLS: Setting = Setting {
    key: "controls",
    id: "controls",
    name: "controls",
    label: "Controls kept in embed mode",
    text: |s| s.controls.join(","),
    // Lists add up (a link may name controls in several values);
    // unknown names are left out.
    read: |s, t| {
        let (known, unknown) = controls_named(t);
        for c in known {
            if !s.controls.contains(&c) {
                s.controls.push(c);
            }
        }
        unknown.is_empty()
    },
    rule: |_| {
        "names of controls of the controls column (their labels or link keys, in any case), separated by commas"
            .into()
    },
    adds_up: true,
    ..BASE
};

/// The settings of the experiment that differ from the defaults, in words:
/// the caption of an exported image (see `caption`).
pub fn differences_from_default(s: &LinkState) -> String {
    caption::differences(SETTINGS, s)
}

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
    controls().map(|s| s.id)
}

fn controls() -> impl Iterator<Item = &'static Setting> {
    SETTINGS
        .iter()
        .filter(|s| s.group != Group::Elsewhere && s.group != Group::Panels)
}

/// A name as compared: lower case, `_` as `-`, spaces single.
///
/// Lower case of the letters names are made of, ASCII and Greek
/// (“Σ” is “σ”), not `str::to_lowercase`: Unicode's case table would add
/// about 3 kB (gzip) to the page.
fn folded(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .map(|c| match c {
            '_' => '-',
            // Greek capitals Α … Ω; their small letters are 32 places on.
            'Α'..='Ω' => char::from_u32(c as u32 + 32).unwrap_or(c),
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The control a person names (in an embed's controls): by its id or link
/// key, its label (with or without the part in brackets) or its name, in
/// any case; else by one word of its label or name that no other control
/// has (“σ” for “Noise σ”).
pub fn control_named(name: &str) -> Option<&'static str> {
    let want = folded(name);
    let whole = |st: &Setting| {
        let short_label = st.label.split(" (").next().unwrap_or(st.label);
        let short_name = st.name.strip_prefix("The ").unwrap_or(st.name);
        [st.id, st.key, st.label, short_label, st.name, short_name]
            .iter()
            .any(|form| folded(form) == want)
    };
    if let Some(st) = controls().find(|st| whole(st)) {
        return Some(st.id);
    }
    let has_word = |st: &&Setting| {
        st.label
            .split_whitespace()
            .chain(st.name.split_whitespace())
            .any(|w| folded(w) == want)
    };
    let mut by_word = controls().filter(has_word);
    match (by_word.next(), by_word.next()) {
        (Some(st), None) => Some(st.id),
        _ => None,
    }
}

/// The controls a comma-separated text names, in its order (each once),
/// and the entries that name none.
pub fn controls_named(text: &str) -> (Vec<&'static str>, Vec<String>) {
    let (mut known, mut unknown) = (vec![], vec![]);
    for entry in entries(text) {
        match control_named(entry) {
            Some(id) if !known.contains(&id) => known.push(id),
            Some(_) => {}
            None => unknown.push(entry.to_string()),
        }
    }
    (known, unknown)
}

/// Whether a setting's control is shown: it applies in state `s`, and an
/// embed that keeps only some controls (`keep`) keeps it.
pub fn control_shown(st: &Setting, s: &LinkState, keep: Option<&[&str]>) -> bool {
    (st.applies)(s).is_ok() && keep.is_none_or(|k| k.contains(&st.id))
}

/// Whether a fieldset is shown: some control in it is (a heading over
/// nothing is not).
pub fn group_shown(g: Group, s: &LinkState, keep: Option<&[&str]>) -> bool {
    SETTINGS.iter().any(|st| {
        st.group == g && !matches!(st.kind, Kind::Elsewhere) && control_shown(st, s, keep)
    })
}

/// The first rule the state breaks that involves several settings: the
/// core's validation (named by its field), then the view's own checks.
pub fn broken(s: &LinkState) -> Option<&'static Setting> {
    // The settings' own cross-checks first: they name the exact setting
    // where the core's error names only its field (several settings share
    // "stragglers").
    if let Some(st) = SETTINGS.iter().find(|st| !(st.check)(s)) {
        return Some(st);
    }
    if let Err(e) = s.config.validate() {
        let named = SETTINGS
            .iter()
            .find(|st| matches!(st.home, Home::Config(f) if f == e.field));
        // Every Config field has an entry (a test checks it); the model is
        // the last resort for a field that had none.
        return Some(named.unwrap_or_else(|| by_key("m").expect("the model's entry")));
    }
    None
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
        let fields = serde_json::to_value(coded_core::Config::default()).unwrap();
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
    fn controls_are_named_by_label_or_key_in_any_case() {
        let (known, unknown) =
            controls_named("N, sigma, foo, p, σ, Trials, n, λ_dec, S (stragglers)");
        assert_eq!(known, ["n", "noise", "p", "trials", "lambda-dec", "s"]);
        assert_eq!(unknown, ["foo"]);
        // Every control by its id, key, label and name, in any case.
        for st in controls() {
            for form in [st.id, st.key, st.label, st.name] {
                for form in [form.to_string(), form.to_uppercase(), form.to_lowercase()] {
                    assert_eq!(control_named(&form), Some(st.id), "{form}");
                }
            }
        }
        // Not a control of the controls column, or a word of several.
        assert_eq!(control_named("show"), None);
        assert_eq!(control_named("values"), None);
    }

    #[test]
    fn a_heading_is_shown_only_over_a_shown_control() {
        let mut s = LinkState::default();
        s.config.stragglers = coded_core::StragglerModel::Fixed { s: 3 };
        let keep: &[&str] = &["n", "p"];
        // Under the S model p does not apply: no "Stragglers" heading.
        assert!(!group_shown(Group::Stragglers, &s, Some(keep)));
        assert!(group_shown(Group::Computation, &s, Some(keep)));
        assert!(!group_shown(Group::Scheme, &s, Some(keep)));
        assert!(group_shown(
            Group::Stragglers,
            &LinkState::default(),
            Some(keep)
        ));
        // The page (no embed) shows every group.
        for g in Group::SHOWN {
            assert!(group_shown(g, &s, None), "{g:?}");
        }
    }

    #[test]
    fn every_default_reads_back_to_the_default() {
        let d = LinkState::default();
        for st in SETTINGS {
            // Their default is "none", which is not a value to read.
            if (st.applies)(&d).is_err() || ["embed", "controls", "preset"].contains(&st.key) {
                continue;
            }
            let mut s = d.clone();
            assert!((st.read)(&mut s, &(st.text)(&d)), "{}", st.key);
            assert_eq!(s, d, "{}", st.key);
            assert!(st.is_default(&d));
        }
    }

    /// The round the worker would send for `text`'s configuration, decoded.
    fn decoded_round(text: &str) -> coded_panels::RoundResult {
        let c = coded_core::Config::from_json(text).unwrap();
        let problem = coded_core::Problem::new(&c).unwrap();
        let prepared = problem.prepare(c.scheme, c.n);
        let round = coded_core::Round::compute(&c, 0, Some((&problem, &prepared)));
        coded_panels::RoundResult::of(&round, coded_panels::Panels::default())
    }

    #[test]
    fn an_automatic_box_m_shows_the_m_the_adversaries_answer_with() {
        let Kind::NumberOrAuto { now, auto, .. } = adversaries::BOUND.kind else {
            panic!("M is a number or automatic");
        };
        // At the box's edge every adversary that answers sends +M: the value
        // the field shows is the one the answers were corrupted with.
        let text = r#"{"adversaries": {"count": 3, "attack": "edge"}}"#;
        let round = decoded_round(text);
        let encdec = round.get::<coded_panels::encdec::Encdec>().unwrap();
        let m = encdec.answers[encdec.adversarial_servers[0]].unwrap();
        let shown = now(&round).unwrap();
        assert_eq!(shown, coded_panels::format::f4(m));
        // The default data's largest |f(x_k)|, as people met it.
        assert_eq!(shown, "1.654");
        let s = LinkState {
            config: coded_core::Config::from_json(text).unwrap(),
            ..LinkState::default()
        };
        assert_eq!((adversaries::BOUND.text)(&s), auto);
        // Another function, another M; none without adversaries, or when the
        // round was not decoded (no data to take it from).
        let abs = decoded_round(r#"{"function": "abs", "adversaries": {"count": 3}}"#);
        assert_ne!(now(&abs), Some(shown));
        assert_eq!(now(&decoded_round("{}")), None);
        let c = coded_core::Config::from_json(text).unwrap();
        let undecoded = coded_core::Round::compute(&c, 0, None);
        let undecoded = coded_panels::RoundResult::of(&undecoded, coded_panels::Panels::default());
        assert_eq!(now(&undecoded), None);
        // The other automatic values are no one number: nothing shown.
        for st in [&experiment::LAMBDA_DEC, &experiment::DEGREE] {
            let Kind::NumberOrAuto { now, .. } = st.kind else {
                panic!("{} is a number or automatic", st.key);
            };
            assert_eq!(now(&round), None, "{}", st.key);
        }
    }

    #[test]
    fn the_lambda_rule_help_describes_every_rule() {
        let help = experiment::LAMBDA_RULE.help_text();
        assert!(help.starts_with(experiment::LAMBDA_RULE.help), "{help}");
        for rule in coded_core::LambdaRule::ALL {
            let said = format!("{}: {}.", rule.label(), rule.about());
            assert!(help.contains(&said), "{said:?} is not in {help:?}");
        }
        // The numbers of the adversarial rule are the core's.
        assert!(help.contains(&format!(
            "c·(γ/N)^{}",
            coded_core::limits::short_number(coded_core::lambda::ADVERSARIAL_EXPONENT)
        )));
        assert!(help.contains(&coded_core::limits::short_number(
            coded_core::lambda::ADVERSARIAL_SCALE
        )));
        // A setting without details says its one line.
        assert_eq!(experiment::TRIALS.help_text(), experiment::TRIALS.help);
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
        let s = LinkState::default();
        assert_eq!(
            by_key("k").unwrap().message(&s),
            "K must be a whole number from 1 to N (now 40; at most 1024)"
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

    /// The table of link keys in docs/reference.md, as the table of
    /// settings gives it.
    fn key_table() -> String {
        let d = LinkState::default();
        let mut out = String::from(
            "| key | control | setting | allowed | default |\n| --- | --- | --- | --- | --- |\n",
        );
        let cell = |t: &str| t.replace('|', "\\|");
        for st in SETTINGS {
            let rule = (st.rule)(&d);
            // "from 1 to N (now 40; at most 1024)": the current N belongs to the page.
            let rule = match rule.split_once(" (now ") {
                Some((a, b)) => match b.split_once("; ") {
                    Some((_, rest)) => format!("{a} ({rest}"),
                    None => format!("{a}{}", b.split_once(')').map_or("", |x| x.1)),
                },
                None => rule,
            };
            let control = match st.kind {
                Kind::Elsewhere if st.group == Group::Elsewhere && st.home == Home::Link => {
                    "—".to_string()
                }
                _ => format!("`{}`", st.id),
            };
            // The pool's default is the browser's, not a number of the table.
            let default = if st.key == view::WORKERS.key {
                format!("one per core, at most {}", coded_protocol::MAX_WORKERS)
            } else {
                st.default_text(&d)
            };
            out.push_str(&format!(
                "| `{}` | {control} | {} | {} | {} |\n",
                st.key,
                cell(st.label),
                cell(&rule),
                if default.is_empty() {
                    "none".to_string()
                } else if st.key == view::WORKERS.key {
                    default
                } else {
                    format!("`{}`", cell(&default))
                }
            ));
        }
        out
    }

    #[test]
    fn the_docs_list_every_key_as_the_table_says() {
        let docs = include_str!("../../docs/reference.md");
        let start = "<!-- settings table: generated from src/settings, checked by a test -->\n";
        let end = "<!-- end of the settings table -->";
        let (_, rest) = docs
            .split_once(start)
            .expect("the settings table in docs/reference.md");
        let (table, _) = rest.split_once(end).expect("the end of the settings table");
        let want = key_table();
        assert!(
            table.trim_end() == want.trim_end(),
            "docs/reference.md's settings table differs from src/settings; it should read:\n{want}"
        );
    }
}
