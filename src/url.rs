//! The page's state in its query string, derived from the table of
//! settings (`settings`): every setting whose value is not its default,
//! under its key, in the table's order; `v` is the link version.
//!
//! Why pure and separate: links are shared and must restore exactly what the
//! sender saw, and a bad link must never crash the page or change a value
//! silently. Decoding reads each key on its own; a value that does not parse
//! or is out of range keeps its default, with a notice that names its key
//! and says in words what is allowed. Percent coding is `form_urlencoded`'s
//! (rust-url). Notices reach the page only as text.

use crate::settings::{broken, LinkState, Setting, SETTINGS};

/// The link format written; older versions are read by the same code as
/// long as their keys keep their meaning.
pub const VERSION: &str = "1";

/// Longest value quoted in a notice (links may carry very long values).
const QUOTE: usize = 40;

/// Most notices listed for one link; the rest are counted in a last one.
/// More than the keys the app reads, so a link with every key wrong still
/// names each of them.
pub const MAX_NOTICES: usize = 48;
const _: () = assert!(MAX_NOTICES > SETTINGS.len() + 1);

/// Percent-encodes a value. Commas stay as they are: they are allowed in a
/// query and keep lists ("ns=10,20,40") readable.
fn escape(v: &str) -> String {
    form_urlencoded::byte_serialize(v.as_bytes())
        .collect::<String>()
        .replace("%2C", ",")
}

/// The query string (without `?`) for a state: defaults omitted.
pub fn encode(s: &LinkState) -> String {
    let mut parts = vec![format!("v={VERSION}")];
    for st in SETTINGS {
        if (st.applies)(s).is_ok() && !st.is_default(s) {
            parts.push(format!("{}={}", st.key, escape(&(st.text)(s))));
        }
    }
    parts.join("&")
}

/// A value for a notice: quoted, shortened.
fn quote(v: &str) -> String {
    let short: String = v.chars().take(QUOTE).collect();
    if short.len() < v.len() {
        format!("“{short}…” ({} characters)", v.chars().count())
    } else {
        format!("“{short}”")
    }
}

/// "k = “50”: K must be a whole number from 1 to N (now 20; at most 1024); using 10".
fn refused(st: &Setting, given: &str, message: &str, using: &str) -> String {
    format!(
        "{} = {}: {message}; using {}",
        st.key,
        quote(given),
        quote(using)
    )
}

/// Reads a query string (with or without `?`). Returns the state and one
/// notice per value that was ignored or replaced (each names its key).
pub fn decode(query: &str) -> (LinkState, Vec<String>) {
    let q = query.strip_prefix('?').unwrap_or(query);
    let mut notes = Vec::new();
    // (index in the table, value), in the link's order.
    let mut given: Vec<(usize, String)> = Vec::new();
    let mut repeated: Vec<&str> = Vec::new();
    for (key, value) in form_urlencoded::parse(q.as_bytes()) {
        if key == "v" {
            if value != VERSION {
                notes.push(format!(
                    "v = {}: an unknown link version, read as version {VERSION}",
                    quote(&value)
                ));
            }
            continue;
        }
        let Some(i) = SETTINGS.iter().position(|s| s.key == key) else {
            notes.push(format!("unknown key {} ignored", quote(&key)));
            continue;
        };
        let st = &SETTINGS[i];
        if !st.adds_up && given.iter().any(|(j, _)| *j == i) && !repeated.contains(&st.key) {
            repeated.push(st.key);
            notes.push(format!(
                "{} given more than once: the last valid value is used",
                st.key
            ));
        }
        given.push((i, value.into_owned()));
    }
    // In the table's order, so that a setting is read after those its rules
    // depend on (the sort is stable: the link's order within a key stays).
    given.sort_by_key(|(i, _)| *i);
    let mut s = LinkState::default();
    for (i, v) in &given {
        let st = &SETTINGS[*i];
        if let Err(why) = (st.applies)(&s) {
            notes.push(format!("{} = {} ignored: {why}", st.key, quote(v)));
        } else if !(st.read)(&mut s, v) {
            notes.push(refused(st, v, &st.refusal(&s, v), &(st.text)(&s)));
        }
    }
    // Rules that involve several settings (K ≤ N, the round below the
    // trials): the setting that breaks one takes its fallback.
    for _ in 0..SETTINGS.len() {
        let Some(st) = broken(&s) else { break };
        let (got, message, fallback) = ((st.text)(&s), st.message(&s), st.fallback_text(&s));
        if !(st.read)(&mut s, &fallback) || got == fallback {
            break;
        }
        notes.push(refused(st, &got, &message, &fallback));
    }
    if broken(&s).is_some() {
        s = LinkState {
            embed: s.embed,
            controls: s.controls,
            look: s.look,
            ..LinkState::default()
        };
    }
    cap_notices(&mut notes);
    (s, notes)
}

/// A link with thousands of bad or unknown keys must not fill the page with
/// thousands of notices (one per key): the first ones name what was wrong,
/// the last says how many more there were.
fn cap_notices(notes: &mut Vec<String>) {
    if notes.len() > MAX_NOTICES {
        let more = notes.len() - (MAX_NOTICES - 1);
        notes.truncate(MAX_NOTICES - 1);
        notes.push(format!("… and {more} more values of the link ignored"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::by_key;
    use crate::settings::look::{Look, ThemeChoice};
    use coded_core::{
        Config, Formula, FunctionKind, LambdaDec, LambdaRule, Scheme, StragglerModel,
    };
    use coded_panels::errors::Axis;
    use coded_panels::Panels;
    use coded_protocol::UiState;

    fn every_field() -> LinkState {
        LinkState {
            config: Config {
                scheme: Scheme::Letcc,
                function: FunctionKind::Formula(
                    Formula::new("max(x, 1) % 2 + 3 − x && 1")
                        .unwrap()
                        .with_degree(Some(5)),
                ),
                k: 7,
                n: 33,
                stragglers: StragglerModel::Deadline {
                    shift: 0.5,
                    rate: 2.0,
                    deadline: 1.25,
                },
                lambda_enc: 1e-3,
                lambda_dec: LambdaDec::Value(1e-12),
                lambda_rule: LambdaRule::Shrink,
                trials: 17,
                seed: (1 << 53) - 1,
                noise: 0.25,
                adversaries: Some(coded_core::Adversaries {
                    bound: Some(2.5),
                    attack: coded_core::Attack::Flip,
                    placement: coded_core::Placement::Nearest,
                    ..coded_core::Adversaries::exponent(0.3)
                }),
                // The point set (its example is equispaced) and any field
                // added to the table are at their examples.
                ..Config::every_example()
            },
            ui: UiState {
                compare: vec![Scheme::Lcc, Scheme::Letcc],
                sweep_ns: vec![10, 30, 90],
                sweep_ps: vec![0.05, 0.5],
                trial: 3,
                panels: {
                    let mut p = Panels::default();
                    p.set(coded_panels::Panel::Digits, false);
                    p
                },
                axis: Axis::LambdaDec,
                sweep_values: Some(vec![1e-9, 1e-3, 0.5]),
                references: false,
                band: coded_panels::errors::Band::Quantiles,
                statistic: coded_core::statistic::Statistic::Max,
                slope_range: coded_panels::errors::SlopeRange::parse("40-320").unwrap(),
                hidden: vec!["bacc-0.1".into(), "claim-letcc".into()],
                workers: Some(3),
            },
            embed: None,
            controls: vec![],
            preset: Some(crate::presets::all()[1].id),
            look: Look {
                theme: ThemeChoice::Dark,
                ..Look::default()
            },
        }
    }

    #[test]
    fn defaults_give_a_short_link_and_every_field_round_trips() {
        assert_eq!(encode(&LinkState::default()), "v=1");
        assert_eq!(decode("?v=1"), (LinkState::default(), vec![]));
        assert_eq!(decode(""), (LinkState::default(), vec![]));
        let s = every_field();
        let q = encode(&s);
        assert!(
            q.contains("ld=1e-12") && q.contains("seed=9007199254740991"),
            "{q}"
        );
        assert!(q.contains("ns=10,30,90"), "lists keep their commas: {q}");
        let (back, notes) = decode(&q);
        assert_eq!(notes, Vec::<String>::new());
        assert_eq!(back.config, s.config);
        assert_eq!(back.ui.sweep_ns, s.ui.sweep_ns);
        assert_eq!(back.ui.sweep_ps, s.ui.sweep_ps);
        assert_eq!(back.ui.schemes(&back.config), s.ui.schemes(&s.config));
        assert_eq!((back.ui.trial, back.ui.panels), (3, s.ui.panels));
        assert_eq!(
            (back.ui.axis, back.ui.references, back.ui.band),
            (
                Axis::LambdaDec,
                false,
                coded_panels::errors::Band::Quantiles
            )
        );
        assert!(q.contains("hide=bacc-0.1,claim-letcc"), "{q}");
        assert!(q.contains("stat=max") && q.contains("slope=40-320"), "{q}");
        assert_eq!(
            (back.ui.statistic, back.ui.slope_range),
            (s.ui.statistic, s.ui.slope_range)
        );
        assert_eq!(back.ui.hidden, s.ui.hidden);
        assert_eq!(encode(&back), q);
        for m in [
            StragglerModel::Fixed { s: 9 },
            StragglerModel::Block { s: 0 },
            StragglerModel::Iid { p: 1.0 },
        ] {
            let s = LinkState {
                config: Config {
                    stragglers: m,
                    lambda_enc: 1e300,
                    ..Config::default()
                },
                ..LinkState::default()
            };
            assert_eq!(decode(&encode(&s)).0.config, s.config);
        }
        let e = LinkState {
            embed: Some(coded_panels::Panel::Errors),
            controls: vec!["n", "p"],
            ..LinkState::default()
        };
        assert_eq!(encode(&e), "v=1&embed=errors&controls=n,p");
        assert_eq!(decode(&encode(&e)).0, e);
    }

    #[test]
    fn no_key_is_a_switch_and_test_hooks_are_unknown_keys() {
        // Every key goes through the table, wherever it stands in the query:
        // a name a link might try as a switch is an unknown key, noted.
        for q in ["debug-panic", "no-worker", "fn=debug-panic"] {
            let (s, notes) = decode(q);
            assert_eq!(s, LinkState::default(), "{q}");
            assert_eq!(notes.len(), 1, "{q}: {notes:?}");
        }
        assert!(decode("debug-panic").1[0].starts_with("unknown key “debug-panic”"));
    }

    /// A formula with every character a link must carry, in the state.
    fn with_formula(text: &str, degree: Option<usize>) -> LinkState {
        LinkState {
            config: Config {
                function: FunctionKind::Formula(Formula::new(text).unwrap().with_degree(degree)),
                ..Config::default()
            },
            ..LinkState::default()
        }
    }

    #[test]
    fn formula_text_survives_its_link_exactly() {
        for text in [
            "sin(3*x) + x^2",
            "x && 1 + 2",
            "100 % 7 + x%2",
            "x + 1 ++ 2",
            "max(x, 1, 2) + min(x,0)",
            "  x   − 1 ",
            "2×x · 3 ÷ 4",
            "(x > 0) * x",
        ] {
            for degree in [None, Some(0), Some(64)] {
                let s = with_formula(text, degree);
                let q = encode(&s);
                assert!(q.contains("fn=formula"), "{q}");
                let (back, notes) = decode(&q);
                assert_eq!(notes, Vec::<String>::new(), "{q}");
                assert_eq!(back, s, "{q}");
                assert_eq!(back.config.function.formula().unwrap().text(), text, "{q}");
                assert_eq!(encode(&back), q);
            }
        }
        // The default formula is not written out: `fn=formula` alone.
        let s = with_formula(coded_core::formula::DEFAULT_FORMULA, None);
        assert_eq!(encode(&s), "v=1&fn=formula");
        assert_eq!(decode("fn=formula").0, s);
        assert_eq!(
            encode(&with_formula("x^2", Some(2))),
            "v=1&fn=formula&expr=x%5E2&deg=2"
        );
    }

    #[test]
    fn a_bad_formula_in_a_link_says_where_and_keeps_the_default() {
        // The page has no formula reader: a malformed formula is taken as
        // it is, and the worker's refusal puts the message by the field
        // (state.rs tests that). Once refused, a link says so at once.
        let (s, notes) = decode("fn=formula&expr=sin(3*x%20-%201");
        assert_eq!(s.config.function.formula().unwrap().text(), "sin(3*x - 1");
        assert_eq!(notes, Vec::<String>::new());
        crate::refused_formulas::remember("sin(3*x - 1", "“sin(” is not closed");
        let (s, notes) = decode("fn=formula&expr=sin(3*x%20-%201");
        assert_eq!(
            s.config.function.formula().unwrap().text(),
            coded_core::formula::DEFAULT_FORMULA
        );
        assert_eq!(
            notes,
            ["expr = “sin(3*x - 1”: “sin(” is not closed; using “sin(3*x) + x^2”"]
        );
        let (s, notes) = decode(&format!("fn=formula&expr={}", "x".repeat(501)));
        assert!(s.config.function.formula().is_some());
        assert!(notes[0].contains("at most 500"), "{notes:?}");
        // Without fn=formula the formula is not part of the state.
        let (s, notes) = decode("expr=x%5E2");
        assert_eq!(s, LinkState::default());
        assert!(notes[0].starts_with("expr = “x^2” ignored"), "{notes:?}");
        let (_, notes) = decode("fn=formula&deg=65");
        assert!(notes[0].starts_with("deg = “65”: The degree must be a whole number from 0 to 64"));
    }

    #[test]
    fn formulas_and_any_text_survive_the_percent_coding() {
        for v in ["sin(3*x) + x^2", "a&b=c", "100%", "日本 ✓", "x,y", "%2C"] {
            let q = format!("k={}", escape(v));
            let (key, back) = form_urlencoded::parse(q.as_bytes()).next().unwrap();
            assert_eq!((key.as_ref(), back.as_ref()), ("k", v), "{q}");
        }
    }

    #[test]
    fn thousands_of_bad_keys_give_a_bounded_list_of_notices() {
        let q: Vec<String> = (0..5000).map(|i| format!("junk{i}=<b>{i}</b>")).collect();
        let (s, notes) = decode(&format!("n=7&k=3&{}", q.join("&")));
        assert_eq!((s.config.n, s.config.k), (7, 3));
        assert_eq!(notes.len(), MAX_NOTICES);
        assert!(notes[0].contains("junk0"));
        let more = 5000 - (MAX_NOTICES - 1);
        assert_eq!(
            notes[MAX_NOTICES - 1],
            format!("… and {more} more values of the link ignored")
        );
        // At the cap exactly: no summary line.
        let q: Vec<String> = (0..MAX_NOTICES).map(|i| format!("junk{i}=1")).collect();
        let (_, notes) = decode(&q.join("&"));
        assert_eq!(notes.len(), MAX_NOTICES);
        assert!(notes.iter().all(|n| n.contains("junk")));
    }

    #[test]
    fn bad_values_fall_back_to_defaults_with_a_notice_in_words() {
        let (s, notes) = decode(
            "v=9&k=abc&n=99999&sc=magic&m=iid&p=1.5&le=-1&ld=NaN&tr=0&seed=9007199254740992\
             &ns=1,x&ps=2&tab=q&ref=7&r=-1&panels=foo&embed=bar&controls=zzz&bogus=1",
        );
        assert_eq!(s.config, Config::default());
        assert_eq!(s.ui, UiState::default());
        assert_eq!(s.embed, None);
        for key in [
            "v", "k", "n", "sc", "p", "le", "ld", "tr", "seed", "ns", "ps", "tab", "ref", "r",
            "panels", "embed", "controls",
        ] {
            assert!(
                notes.iter().any(|n| n.starts_with(&format!("{key} = “"))),
                "{key} missing in {notes:#?}"
            );
        }
        assert!(notes.iter().any(|n| n.contains("“bogus”")));
        for n in &notes {
            for internal in ["`", "..", "{", "invalid", "Config", "lambda_dec"] {
                assert!(!n.contains(internal), "{n}");
            }
        }
        // K > N: K goes back (to at most N), and the notice says why.
        let (s, notes) = decode("k=50&n=20");
        assert_eq!((s.config.k, s.config.n), (10, 20));
        assert_eq!(
            notes,
            ["k = “50”: K must be a whole number from 1 to N (now 20; at most 1024); using “10”"]
        );
        let (s, _) = decode("k=50&n=5");
        assert_eq!((s.config.k, s.config.n), (5, 5));
        // Parameters of another model, long values, markup: text only.
        let long = "9".repeat(5000);
        let (s, notes) = decode(&format!(
            "m=fixed&p=0.3&s={long}&sc=%3Cscript%3Ealert(1)%3C/script%3E"
        ));
        assert_eq!(s.config.stragglers, StragglerModel::Fixed { s: 5 });
        assert_eq!(notes.len(), 3, "{notes:#?}");
        assert!(notes.iter().all(|n| n.chars().count() < 300), "{notes:#?}");
        assert!(notes.iter().any(|n| n.contains("<script>")));
        assert!(notes
            .iter()
            .any(|n| n.starts_with("p = “0.3” ignored: p is not a setting of the “fixed”")));
    }

    #[test]
    fn every_setting_alone_round_trips() {
        let all = every_field();
        for st in SETTINGS {
            let mut one = LinkState::default();
            if (st.applies)(&one).is_err()
                || !(st.read)(&mut one, &(st.text)(&all))
                || crate::settings::broken(&one).is_some()
                || one == LinkState::default()
            {
                continue;
            }
            let q = encode(&one);
            let (back, notes) = decode(&q);
            assert!(notes.is_empty(), "{q}: {notes:?}");
            assert_eq!(encode(&back), q);
            assert_eq!((st.text)(&back), (st.text)(&one), "{q}");
        }
        assert!(by_key("panels").is_some());
    }
}

/// Property tests of the codec: any query string decodes without a panic to
/// a valid state, every value ignored or changed has a notice naming its key
/// (of bounded length), every value without one is taken as written, and
/// every state survives its own link.
///
/// Case counts are explicit constants (together [`fuzz::TOTAL_CASES`],
/// ≥ 100 000 decodes per `cargo test`): a link is whatever a user pastes, so
/// the decoder gets far more random input than any other parser here, and
/// one decode is a few microseconds, so the whole module takes seconds.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod fuzz {
    use super::*;
    use crate::settings::look::{Look, Size, ThemeChoice};
    use crate::settings::{
        by_key, control_ids, panel_names, short_number, MAX_SWEEP_NS, MAX_SWEEP_PS,
        MAX_SWEEP_VALUES,
    };
    use coded_core::config::{MAX_K, MAX_N, MAX_SEED, MAX_TIME, MAX_TRIALS};
    use coded_core::Scheme;
    use coded_panels::errors::Axis;
    use coded_panels::Panels;
    use coded_protocol::UiState;
    use coded_testing::strategies::{any_valid_config, cfg};
    use proptest::prelude::*;

    /// Arbitrary strings (any Unicode, and strings over the query alphabet).
    const ARBITRARY_CASES: u32 = 30_000;
    /// Queries built from the real keys with valid, extreme and wild values.
    const KEYED_CASES: u32 = 60_000;
    /// Valid states: decode(encode(s)) == s with no notice.
    const ROUNDTRIP_CASES: u32 = 20_000;
    pub const TOTAL_CASES: u32 = ARBITRARY_CASES + KEYED_CASES + ROUNDTRIP_CASES;

    /// Longest notice: a quoted value is cut at QUOTE characters, a reason
    /// at 2·QUOTE; the longest fixed text (the straggler models' ranges)
    /// is about 160.
    const NOTICE_MAX: usize = 300;

    /// (key, value) pairs of a query, unescaped as `decode` reads them.
    fn pairs(q: &str) -> Vec<(String, String)> {
        let q = q.strip_prefix('?').unwrap_or(q);
        form_urlencoded::parse(q.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }

    /// The key a notice names: the key at its start ("k = …", "k given
    /// more than once"), or an unknown key quoted.
    fn named_key(note: &str) -> Option<String> {
        if let Some(rest) = note.strip_prefix("unknown key “") {
            return Some(rest.split(['…', '”']).next().unwrap_or("").to_string());
        }
        let key = note.split(' ').next()?;
        (key == "v" || by_key(key).is_some()).then(|| key.to_string())
    }

    /// The state as its link keeps it: the compared schemes as the page
    /// shows them (with the shown scheme), panels only outside embed mode.
    fn canonical(mut s: LinkState) -> LinkState {
        let du = UiState::default();
        if s.ui.schemes(&s.config) == du.schemes(&s.config) {
            s.ui.compare = du.compare;
        } else {
            s.ui.compare = s.ui.schemes(&s.config);
        }
        if s.embed.is_some() {
            s.ui.panels = Panels::default();
        } else {
            // Only an embed has a size and a plot-only view.
            s.look = Look {
                theme: s.look.theme,
                ..Look::default()
            };
        }
        s
    }

    /// A value was taken as written: reading it again into the decoded
    /// state changes nothing.
    fn taken_as_written(s: &LinkState, key: &str, v: &str) -> Result<(), TestCaseError> {
        if key == "v" {
            prop_assert_eq!(v, VERSION);
            return Ok(());
        }
        let st = by_key(key).expect("a key of the table");
        let mut again = s.clone();
        prop_assert!(
            (st.read)(&mut again, v) && again == *s,
            "`{key}` = {v:?} taken silently as something else: {s:?}"
        );
        Ok(())
    }

    /// Every property of one decode.
    fn check(q: &str) -> Result<(), TestCaseError> {
        let (s, notes) = decode(q);
        let c = &s.config;
        // A sane state.
        prop_assert!(c.validate().is_ok(), "{q:?} → invalid {c:?}");
        prop_assert!(s.ui.trial < c.trials);
        prop_assert!((1..=MAX_SWEEP_NS).contains(&s.ui.sweep_ns.len()));
        prop_assert!(s.ui.sweep_ns.iter().all(|n| (1..=MAX_N).contains(n)));
        prop_assert!((1..=MAX_SWEEP_PS).contains(&s.ui.sweep_ps.len()));
        prop_assert!(s.ui.sweep_ps.iter().all(|p| (0.0..=1.0).contains(p)));
        prop_assert!(s.controls.iter().all(|x| control_ids().any(|c| c == *x)));
        // Notices: bounded, each naming a key of the query.
        let given = pairs(q);
        let has = |k: &str| given.iter().any(|(g, _)| g == k);
        let mut named = vec![];
        for n in &notes {
            prop_assert!(
                n.chars().count() <= NOTICE_MAX,
                "notice of {} characters: {n}",
                n.chars().count()
            );
            let key = named_key(n);
            prop_assert!(key.is_some(), "{n:?} names no key");
            let key = key.unwrap();
            // A rule across settings (K ≤ N, the round below the trials)
            // may name a setting the link did not give.
            let across = by_key(&key).is_some_and(|st| st.fallback.is_some());
            prop_assert!(
                if n.starts_with("unknown key") {
                    given.iter().any(|(g, _)| g.starts_with(&key))
                } else {
                    has(&key) || across
                },
                "{n:?} names `{key}`, not in {q:?}"
            );
            named.push(key);
        }
        // Values without a notice are taken as written; a key given twice
        // (one value overrides the other) has a notice.
        for (k, v) in &given {
            let once = given.iter().filter(|(g, _)| g == k).count() == 1;
            let repeatable = by_key(k).is_some_and(|st| st.adds_up) || k == "v";
            if k == "v" || by_key(k).is_some() {
                if !once && !repeatable {
                    prop_assert!(named.contains(k), "`{k}` repeated silently in {q:?}");
                } else if !named.contains(k) {
                    taken_as_written(&s, k, v)?;
                }
            }
        }
        // The state survives its own link, silently.
        let link = encode(&s);
        let (back, again) = decode(&link);
        prop_assert!(again.is_empty(), "{link}: {again:?}");
        prop_assert_eq!(&back, &canonical(s.clone()), "{}", link);
        prop_assert_eq!(encode(&back), link);
        Ok(())
    }

    fn percent_encode_all(s: &str) -> String {
        s.bytes().map(|b| format!("%{b:02X}")).collect()
    }

    /// Values of a key: valid ones, its limits and just past them. A
    /// plain number setting's come from its range; None: a key with no
    /// values (a test hook).
    fn valid_values(key: &'static str) -> Option<BoxedStrategy<String>> {
        let pick = |v: &[&'static str]| {
            prop::sample::select(v.to_vec())
                .prop_map(str::to_string)
                .boxed()
        };
        let schemes = Scheme::ALL.map(|s| s.name());
        let list = |items: BoxedStrategy<String>, max: usize| {
            prop::collection::vec(items, 0..=max)
                .prop_map(|v| v.join(","))
                .boxed()
        };
        let small_f = || {
            prop_oneof![
                (0.0..=1.0f64).prop_map(|x| x.to_string()),
                (0.0..=1.0f64).prop_map(short_number),
                pick(&[
                    "0",
                    "1",
                    "0.5",
                    "-0",
                    "1e-300",
                    "5e-324",
                    "0.1",
                    "1.0000000000000002"
                ]),
            ]
            .boxed()
        };
        let time = || {
            prop_oneof![
                (0.0..=MAX_TIME).prop_map(short_number),
                pick(&["0", "1e6", "1000000.000001", "1e-300", "5e-324", "2e6"]),
            ]
            .boxed()
        };
        let values = match key {
            // Every scheme and model by its wire name (and names that are none).
            "sc" => pick(&schemes),
            "cmp" => list(
                pick(&[&schemes[..], &["BACC", "x"]].concat()),
                Scheme::ALL.len() + 1,
            ),
            "fn" => pick(&["x_sin_x", "cubic", "abs", "lenet5", "formula"]),
            // Valid formulas with every character a link must carry (& % +
            // space , and non-ASCII), and malformed ones.
            "expr" => prop_oneof![
                pick(&[
                    "sin(3*x) + x^2",
                    "x && 1",
                    "x % 2 + 1",
                    "max(x, 1)",
                    "x − 1",
                    "2×x · 3",
                    "exp(-(x^2))",
                    " x ",
                    "ln(x)",
                    "1/x",
                    "sin(3*x",
                    "-x^2",
                    "y",
                    "",
                    "print(x)",
                ]),
                (1usize..200).prop_map(|n| format!("x{}", "+x".repeat(n))),
            ]
            .boxed(),
            "deg" => pick(&["none", "0", "3", "64", "65", "-1", "2.5", "1e1"]),
            "pt" => pick(&["chebyshev", "equispaced"]),
            "w" => pick(&["0", "1", "2", "4", "8", "9", "2.0", "auto"]),
            "lr" => pick(&["fixed", "shrink", "adversarial"]),
            "adv" => pick(&["0", "1", "3", "40", "8192", "8193", "-1", "2.5"]),
            "adv_exp" => pick(&["", "0", "0.3", "0.5", "0.999", "1", "-0.1", "0."]),
            "adv_bound" => pick(&["auto", "1", "3", "1e12", "1e13", "0", "-1"]),
            "attack" => pick(&["random", "edge", "flip", "loud"]),
            "placement" => pick(&["random", "block", "nearest", "far"]),
            "tol" => pick(&["auto", "0", "3", "10", "41", "9000", "-1", "most"]),
            "m" => pick(&coded_core::StragglerModel::ALL.map(|m| m.name())),
            "k" | "n" | "s" => prop_oneof![
                (0usize..=MAX_N + 2).prop_map(|x| x.to_string()),
                (0usize..=40).prop_map(|x| x.to_string()),
                pick(&["1", "8192", "8193", "1024", "1025"]),
            ]
            .boxed(),
            "tr" | "r" => prop_oneof![
                (0usize..=MAX_TRIALS + 2).prop_map(|x| x.to_string()),
                (0usize..=12).prop_map(|x| x.to_string()),
                pick(&["10000", "10001", "9999"]),
            ]
            .boxed(),
            "seed" => prop_oneof![
                (0..=MAX_SEED + 2).prop_map(|x| x.to_string()),
                pick(&[
                    "0",
                    "9007199254740991",
                    "9007199254740992",
                    "18446744073709551615"
                ]),
            ]
            .boxed(),
            "p" => small_f(),
            "a" | "tau" | "mu" => time(),
            // Server numbers: repeats and numbers past N are refused.
            "down" => list(
                prop_oneof![
                    (0usize..=40).prop_map(|x| x.to_string()),
                    pick(&["8191", "8192", "0"]),
                ]
                .boxed(),
                12,
            ),
            "le" | "ld" => prop_oneof![
                pick(&[
                    "0",
                    "1e-300",
                    "1e300",
                    "1.0000000000000002e300",
                    "2e300",
                    "gcv",
                    "1e-6"
                ]),
                (-320.0f64..301.0).prop_map(|e| short_number(10f64.powf(e))),
            ]
            .boxed(),
            "ns" => list(
                prop_oneof![
                    (1usize..=MAX_N).prop_map(|x| x.to_string()),
                    pick(&["0", "8193", " 10", "x"])
                ]
                .boxed(),
                MAX_SWEEP_NS + 1,
            ),
            "ps" => list(small_f(), MAX_SWEEP_PS + 1),
            "tab" => pick(&[
                "n", "p", "lambda", "ld", "le", "sigma", "noise", "k", "deadline", "x",
            ]),
            "vals" => list(
                prop_oneof![
                    pick(&["0", "1", "2", "0.5", "1e-6", "-1", "2.5", "x", "1e999"]),
                    small_f(),
                ]
                .boxed(),
                MAX_SWEEP_VALUES + 1,
            ),
            "ref" => pick(&["0", "1"]),
            "band" => pick(&["ci", "quantiles"]),
            "stat" => pick(&["mse", "max", "rel", "mean"]),
            "slope" => pick(&["", "20-320", "40-", "-160", "80-20", "20.", "20..320"]),
            "hide" => list(
                pick(&[
                    "bacc-0.1",
                    "letcc",
                    "claim-bacc",
                    "level-gcv",
                    "BACC",
                    "a b",
                    "",
                ]),
                4,
            ),
            "theme" => pick(&["system", "light", "dark", " dark"]),
            "plot-only" => pick(&["0", "1"]),
            "size" => pick(&["page", "slide"]),
            "pick" => pick(&["0", "1"]),
            "preset" => prop::sample::select(
                crate::presets::all()
                    .iter()
                    .map(|p| p.id)
                    .collect::<Vec<_>>(),
            )
            .prop_map(str::to_string)
            .boxed(),
            "embed" => pick(&panel_names()),
            "panels" => list(
                prop::sample::select(
                    panel_names()
                        .into_iter()
                        .chain(["none", "foo"])
                        .collect::<Vec<_>>(),
                )
                .prop_map(str::to_string)
                .boxed(),
                6,
            ),
            "controls" => list(
                prop::sample::select(
                    control_ids()
                        .chain(["lambda_enc", "zzz", ""])
                        .collect::<Vec<_>>(),
                )
                .prop_map(str::to_string)
                .boxed(),
                4,
            ),
            "v" => pick(&["1", "2", ""]),
            _ => return by_key(key).and_then(|s| s.range).map(range_values),
        };
        Some(values)
    }

    /// A number range's values: inside it, at its ends, just past them.
    fn range_values(r: coded_core::limits::FloatRange) -> BoxedStrategy<String> {
        // About one step of the floats at x (at least the smallest one).
        let past = |x: f64| (x.abs() * f64::EPSILON).max(5e-324);
        let edges = vec![
            r.min,
            r.max,
            (r.min + r.max) / 2.0,
            r.min - past(r.min),
            r.max + past(r.max),
            r.max * 2.0 + 1.0,
            r.min - 1.0,
            1e-300,
            -0.0,
        ];
        prop_oneof![
            (r.min..=r.max).prop_map(short_number),
            prop::sample::select(edges).prop_map(short_number),
            Just("x".to_string()),
        ]
        .boxed()
    }

    fn wild_value() -> BoxedStrategy<String> {
        let fixed = prop::sample::select(vec![
            "",
            "-1",
            "0",
            "-0",
            "1e999",
            "-1e999",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "infinity",
            "1e-400",
            "18446744073709551616",
            "9007199254740992",
            "+5",
            " 5",
            "5 ",
            "0x10",
            "1_000",
            "%",
            "%zz",
            "%ff",
            "%+5",
            "%C3%A9",
            "%E6%97%A5",
            "é",
            "日本",
            "\u{202e}abc",
            "😀",
            "<script>alert(1)</script>",
            "a,b",
            ",,",
            "1,2,,3",
            "gcv",
            "GCV",
            "=",
            "==",
            "%26",
            "%3D",
            "\u{0}",
            "1.5",
            "-1.5",
            "1e6",
            "1e300",
            "1e-300",
        ])
        .prop_map(str::to_string);
        prop_oneof![
            8 => fixed,
            2 => "\\PC{0,12}",
            1 => any::<f64>().prop_map(|x| x.to_string()),
            1 => any::<i64>().prop_map(|x| x.to_string()),
            1 => (1usize..3000).prop_map(|n| "9".repeat(n)),
            1 => (1usize..500).prop_map(|n| format!("1{}", "0".repeat(n))),
            1 => (1usize..200).prop_map(|n| "日".repeat(n)),
        ]
        .boxed()
    }

    /// Every key the app reads, and names a link might try as switches
    /// (unknown keys).
    fn all_keys() -> Vec<&'static str> {
        let mut keys: Vec<&'static str> = SETTINGS.iter().map(|s| s.key).collect();
        keys.extend(["v", "debug-panic", "no-worker"]);
        keys
    }

    #[test]
    fn every_key_has_fuzz_values() {
        for key in all_keys() {
            if !["debug-panic", "no-worker"].contains(&key) {
                assert!(valid_values(key).is_some(), "no valid values for `{key}`");
            }
        }
    }

    /// One `key=value` piece: a real key (or not) with a valid or wild value,
    /// sometimes percent-encoded, sometimes without `=`.
    fn piece() -> impl Strategy<Value = String> {
        let key = prop_oneof![
            12 => prop::sample::select(all_keys()).prop_map(str::to_string),
            1 => prop::sample::select(vec!["K", "sc ", "ref2", "", "%", "é", "panel"])
                .prop_map(str::to_string),
            1 => "\\PC{0,8}",
        ];
        (key, any::<u8>(), any::<u8>()).prop_flat_map(|(key, form, enc)| {
            let known: Option<&'static str> = all_keys().into_iter().find(|k| *k == key);
            let value = match known {
                Some(k) if form % 4 != 0 => valid_values(k).unwrap_or_else(wild_value),
                _ => wild_value(),
            };
            value.prop_map(move |v| {
                let k = if enc % 5 == 0 {
                    percent_encode_all(&key)
                } else {
                    key.replace(['&', '='], "")
                };
                let v = match enc % 7 {
                    0 => percent_encode_all(&v),
                    1 => super::escape(&v),
                    _ => v.replace('&', "%26"),
                };
                match form % 13 {
                    0 => k,
                    1 => format!("{k}={v}={v}"),
                    2 => format!("{k}=={v}"),
                    _ => format!("{k}={v}"),
                }
            })
        })
    }

    fn keyed_query() -> impl Strategy<Value = String> {
        (
            prop::collection::vec(piece(), 0..10),
            any::<bool>(),
            prop::sample::select(vec!["&", "&&"]),
        )
            .prop_map(|(p, mark, sep)| format!("{}{}", if mark { "?" } else { "" }, p.join(sep)))
    }

    proptest! {
        #![proptest_config(cfg(ARBITRARY_CASES))]
        #[test]
        fn decode_of_arbitrary_strings_is_valid_and_explained(
            q in prop_oneof![
                "\\PC{0,60}",
                "[a-z=&%?0-9.,+ -]{0,60}",
                ".{0,30}",
                prop::collection::vec(any::<u8>(), 0..40)
                    .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
            ]
        ) {
            check(&q)?;
        }
    }

    proptest! {
        #![proptest_config(cfg(KEYED_CASES))]
        #[test]
        fn decode_of_real_keys_with_wild_values_is_valid_and_explained(q in keyed_query()) {
            check(&q)?;
        }
    }

    fn valid_link_state() -> impl Strategy<Value = LinkState> {
        let kinds = Axis::ALL.to_vec();
        (
            any_valid_config(),
            prop::sample::subsequence(Scheme::ALL.to_vec(), 0..=Scheme::ALL.len()),
            prop::collection::vec(1..=MAX_N, 1..=MAX_SWEEP_NS),
            prop::collection::vec(
                prop_oneof![0.0..=1.0f64, prop::sample::select(vec![0.0, 1.0])],
                1..=MAX_SWEEP_PS,
            ),
            (
                any::<usize>(),
                prop::collection::vec(any::<bool>(), coded_panels::Panel::ALL.len()),
            ),
            (
                prop::sample::select(kinds),
                any::<bool>(),
                prop::sample::select(coded_panels::errors::Band::ALL.to_vec()),
                prop::sample::subsequence(
                    vec!["bacc-0.1", "letcc-0.3", "claim-bacc", "level-gcv", "lcc"],
                    0..=3,
                ),
            ),
            prop::option::of(prop::sample::select(coded_panels::Panel::ALL.to_vec())),
            (
                prop::sample::subsequence(control_ids().collect::<Vec<_>>(), 0..=4).prop_shuffle(),
                (
                    prop::sample::select(ThemeChoice::ALL.to_vec()),
                    any::<bool>(),
                    prop::sample::select(Size::ALL.to_vec()),
                    any::<bool>(),
                ),
            ),
        )
            .prop_map(
                |(
                    config,
                    compare,
                    ns,
                    ps,
                    (trial, p),
                    (tab, references, band, hidden),
                    embed,
                    (controls, (theme, plot_only, size, picks)),
                )| {
                    let ui = UiState {
                        compare,
                        sweep_ns: ns,
                        sweep_ps: ps,
                        trial: trial % config.trials,
                        panels: {
                            let mut shown = Panels::none();
                            for (panel, on) in coded_panels::Panel::ALL.into_iter().zip(p) {
                                shown.set(panel, on);
                            }
                            shown
                        },
                        axis: tab,
                        // Whole values fit every setting's list.
                        sweep_values: (tab != Axis::N && trial % 2 == 0)
                            .then(|| vec![2.0, (trial % 50) as f64 + 3.0]),
                        references,
                        band,
                        statistic: coded_core::statistic::Statistic::ALL[trial % 3],
                        slope_range: coded_panels::errors::SlopeRange::parse(
                            ["", "20-320", "40-", "-160.5"][trial / 3 % 4],
                        )
                        .unwrap(),
                        hidden: hidden.into_iter().map(String::from).collect(),
                        // Unset, or a number other than the native default (1).
                        workers: (trial % 3 > 0).then_some(2 + trial % 7),
                    };
                    // Some links name the preset they came from.
                    let presets = crate::presets::all();
                    let preset = (trial % 3 == 1).then(|| presets[trial % presets.len()].id);
                    canonical(LinkState {
                        config,
                        ui,
                        embed,
                        controls,
                        preset,
                        look: Look {
                            theme,
                            plot_only,
                            size,
                            picks,
                        },
                    })
                },
            )
    }

    proptest! {
        #![proptest_config(cfg(ROUNDTRIP_CASES))]
        #[test]
        fn every_valid_state_survives_its_link_without_notices(s in valid_link_state()) {
            let link = encode(&s);
            let (back, notes) = decode(&link);
            prop_assert!(notes.is_empty(), "{link}: {notes:?}");
            prop_assert_eq!(&back, &s, "{}", link);
            check(&link)?;
        }
    }

    // At least 10⁵ decodes per run, checked when compiling.
    const _: () = assert!(TOTAL_CASES >= 100_000);

    // Regressions found by the properties above, and named edge cases.

    #[test]
    fn percent_escapes_take_exactly_two_hex_digits() {
        // u8::from_str_radix("+5", 16) is Ok(5): a sign is no hex digit, so
        // "%+5" must not become byte 5.
        // ('+' is a space in a query, as always.)
        let unescape = |q: &str| pairs(&format!("k={q}"))[0].1.clone();
        assert_eq!(unescape("%+5%-1%x5%+F"), "% 5%-1%x5% F");
        assert_eq!(unescape("%4a%4A%e6%97%a5"), "JJ日");
        let (s, notes) = decode("k=%+5");
        assert_eq!(s.config.k, 10);
        assert!(notes[0].starts_with("k = “% 5”"), "{notes:?}");
    }

    #[test]
    fn a_long_bad_list_entry_gives_a_short_notice() {
        // parse_ns quotes the bad entry: the notice must not carry all 5000
        // characters to the page.
        let long = "x".repeat(5000);
        for q in [format!("ns={long}"), format!("ps=0.1,{long}")] {
            let (_, notes) = decode(&q);
            assert_eq!(notes.len(), 1);
            assert!(notes[0].chars().count() <= NOTICE_MAX, "{}", notes[0]);
        }
    }

    #[test]
    fn a_tiny_slope_bound_is_quoted_short_when_a_later_one_is_refused() {
        // The fuzzer's case: the first bound was accepted and its text, the
        // value "using" quotes, was 1.6e-300 written out in 300 zeros.
        let tiny = format!("0.{}15945141573711143", "0".repeat(299));
        let q = format!("slope=-{tiny}&slope={}", "1".repeat(400));
        let (s, notes) = decode(&q);
        let text = s.ui.slope_range.text();
        assert!(text.starts_with("-1.59451415737111") && text.ends_with("e-300"));
        let refused = notes.iter().find(|n| n.starts_with("slope = ")).unwrap();
        assert!(
            notes.iter().all(|n| n.chars().count() <= NOTICE_MAX),
            "{notes:?}"
        );
        assert!(refused.ends_with(&format!("using “{text}”")), "{refused}");
    }

    #[test]
    fn a_round_beyond_the_trials_is_noted() {
        // Clamped, and said so: a silent clamp shows another round than the
        // link asked for.
        let (s, notes) = decode("tr=10&r=50");
        assert_eq!(s.ui.trial, 9);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with("r = “50”"), "{notes:?}");
        // An invalid trials count: the round is kept below the default.
        let (s, notes) = decode("tr=0&r=150");
        assert_eq!((s.config.trials, s.ui.trial), (100, 99));
        assert!(notes.iter().any(|n| n.starts_with("tr = ")));
        assert!(notes.iter().any(|n| n.starts_with("r = ")));
        assert_eq!(decode("tr=10&r=9"), decode("r=9&tr=10"));
        assert!(decode("tr=10&r=9").1.is_empty());
    }

    #[test]
    fn panels_in_an_embed_link_are_noted() {
        // Embed mode shows its one panel (share/link.rs): `panels` kept in the
        // state unseen would be dropped from the next link, so it is noted.
        let (s, notes) = decode("embed=errors&panels=table");
        assert_eq!(s.ui.panels, Panels::default());
        assert_eq!(s.embed, Some(coded_panels::Panel::Errors));
        assert!(
            notes[0].starts_with("panels = “table” ignored"),
            "{notes:?}"
        );
        assert!(decode("embed=errors").1.is_empty());
    }

    #[test]
    fn a_repeated_key_is_noted_once() {
        let (s, notes) = decode("k=5&k=7&k=8&n=20&n=20");
        assert_eq!((s.config.k, s.config.n), (8, 20));
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].starts_with("k given more than once"));
        assert!(notes[1].starts_with("n given more than once"));
        // The last *valid* value: a bad one has its own notice.
        let (s, notes) = decode("k=5&k=x");
        assert_eq!(s.config.k, 5);
        assert_eq!(notes.len(), 2);
        // Lists of controls add up.
        let (s, notes) = decode("controls=n&controls=p,n");
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(s.controls, vec!["n", "p"]);
    }

    #[test]
    fn limits_pass_and_values_past_them_fall_back_with_a_notice() {
        let (s, notes) =
            decode("n=8192&k=1024&tr=10000&seed=9007199254740991&le=1e300&ld=1e300&m=fixed&s=8192");
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(
            (s.config.n, s.config.k, s.config.trials),
            (MAX_N, MAX_K, MAX_TRIALS)
        );
        assert_eq!(s.config.seed, MAX_SEED);
        for (q, key) in [
            ("n=8193", "n"),
            ("n=8192&k=1025", "k"),
            ("tr=10001", "tr"),
            ("seed=9007199254740992", "seed"),
            ("le=1e301", "le"),
            ("ld=2e300", "ld"),
            ("le=1e999", "le"),
            ("ld=-1e-300", "ld"),
            ("m=fixed&s=8193", "s"),
            ("m=block&s=18446744073709551616", "s"),
            ("p=NaN", "p"),
            ("p=1.0000000000000002", "p"),
            ("m=deadline&mu=0", "mu"),
            ("m=deadline&mu=1000000.000001", "mu"),
            ("m=deadline&tau=inf", "tau"),
            ("m=deadline&a=-1", "a"),
            ("r=18446744073709551616", "r"),
            ("k=-1", "k"),
            ("n=0", "n"),
        ] {
            let (s, notes) = decode(q);
            assert!(s.config.validate().is_ok());
            assert_eq!(notes.len(), 1, "{q}: {notes:?}");
            assert!(notes[0].starts_with(&format!("{key} = ")), "{q}: {notes:?}");
        }
    }
}
