//! What a person reads is plain words: no Rust (`1..=8192`, `Some(…)`), no
//! backticks, no talk of `data-*` attributes, no internal names (`x_sin_x`,
//! `lenet5`, `letcc`). A native scan of every text that can be reached
//! without a browser: the presets, the table of settings (labels, help,
//! rules, messages) in several states, the link's notices, the errors
//! panel's lines, the exported images' caption, and the plots themselves,
//! drawn to SVG (titles, axes, legends) with their summary sentences and
//! notes.

use crate::settings::{Group, Kind, LinkState, SETTINGS};
use coded_core::{Config, FunctionKind, Scheme};
use coded_panels::errors::{Axis, CurvesView};
use coded_panels::walk::walk;
use coded_panels::{Results, Theme};
use coded_protocol::UiState;

/// The internal names a reader must not meet: wire names that are not
/// words (a scheme's name in lower case is an identifier unless it is its
/// own label, as "uncoded"; "cubic" and "abs" are words, or a formula's
/// function).
fn internal_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = FunctionKind::ALL
        .iter()
        .map(FunctionKind::name)
        .filter(|n| n.contains('_') || n.chars().any(|c| c.is_ascii_digit()))
        .collect();
    names.extend(
        Scheme::ALL
            .iter()
            .filter(|s| s.name() != s.label())
            .map(|s| s.name()),
    );
    names
}

/// A letter with one subscript, as the papers write them: x_k, u_dec.
fn is_math_symbol(word: &str) -> bool {
    match word.split_once('_') {
        Some((head, sub)) => head.chars().count() == 1 && !sub.is_empty() && !sub.contains('_'),
        None => false,
    }
}

/// What is wrong with a text, if anything.
fn offences(text: &str) -> Vec<String> {
    let mut found: Vec<String> = ["`", "..=", "data-", "Some(", "None", "::", "{", "}"]
        .iter()
        .filter(|bad| text.contains(*bad))
        .map(|bad| format!("{bad:?}"))
        .collect();
    let names = internal_names();
    // Words of ASCII letters, digits and underscores; "λ_dec" and "x̃_n" are
    // symbols with a subscript, so a word after a non-ASCII letter, or one
    // that starts with the subscript's "_", is not checked.
    // Values in “quotes” are what a link or a person wrote (“bacc” in a
    // notice about a link): they are quoted, not used as words.
    let mut word = String::new();
    let mut after_symbol = false;
    let mut quoted = false;
    for c in text.chars().chain([' ']) {
        match c {
            '“' => quoted = true,
            '”' => quoted = false,
            _ => {}
        }
        if quoted {
            word.clear();
            continue;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() && !after_symbol {
            if names.contains(&word.as_str()) {
                found.push(format!("the internal name {word:?}"));
            } else if word.contains('_') && !word.starts_with('_') && !is_math_symbol(&word) {
                found.push(format!("the identifier {word:?}"));
            }
        }
        word.clear();
        after_symbol = !c.is_ascii() && c.is_alphabetic();
    }
    found
}

/// The contents of every `<text>` element of an SVG document.
fn svg_texts(svg: &str) -> Vec<String> {
    let mut out = vec![];
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        rest = &rest[i..];
        let (Some(open), Some(close)) = (rest.find('>'), rest.find("</text>")) else {
            break;
        };
        out.push(
            rest[open + 1..close]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&"),
        );
        rest = &rest[close..];
    }
    out
}

/// The states the scan reads the settings, the link and the plots in:
/// every built-in function, a formula, every straggler model.
fn states() -> Vec<LinkState> {
    let c = Config::default();
    let configs = [
        c.clone(),
        Config::from_json(r#"{"function": "lenet5", "k": 4, "n": 12, "scheme": "letcc"}"#).unwrap(),
        Config::from_json(r#"{"function": "cubic", "k": 4, "n": 16, "scheme": "lcc"}"#).unwrap(),
        Config::from_json(r#"{"function": "abs", "stragglers": {"model": "fixed", "s": 5}}"#)
            .unwrap(),
        Config::from_json(r#"{"stragglers": {"model": "block", "s": 4}, "noise": 0.1}"#).unwrap(),
        Config::from_json(r#"{"stragglers": {"model": "deadline", "shift": 1, "rate": 1, "deadline": 1.5}, "lambda_dec": 1e-6}"#).unwrap(),
        Config::from_json(r#"{"stragglers": {"model": "manual", "servers": [3, 4, 5]}}"#).unwrap(),
    ];
    configs
        .into_iter()
        .map(|config| LinkState {
            config: Config {
                trials: 3,
                ..config
            },
            ..LinkState::default()
        })
        .collect()
}

fn setting_texts(s: &LinkState) -> Vec<String> {
    let mut out: Vec<String> = Group::SHOWN
        .iter()
        .map(|g| g.legend().to_string())
        .collect();
    for st in SETTINGS {
        out.extend([st.label, st.name].map(String::from));
        out.push(st.help_text());
        out.push((st.rule)(s));
        out.push(st.message(s));
        if let Err(why) = (st.applies)(s) {
            out.push(why);
        }
        match st.kind {
            Kind::Choice(choices) | Kind::Set { choices, .. } => {
                out.extend(choices().into_iter().map(|c| c.label.to_string()))
            }
            Kind::NumberOrAuto { auto_label, .. } => out.push(auto_label.into()),
            _ => {}
        }
    }
    out
}

/// Links with a wrong value for most keys, an unknown key and a repeated one.
fn link_notices() -> Vec<String> {
    let links = [
        "k=50&n=20",
        "fn=x_sin&sc=nope&cmp=bacc,x&m=other&pt=x",
        "p=NaN&tr=0&seed=-1&ns=3,x&ps=2&le=-1&ld=x&lr=x",
        "m=fixed&p=0.3&s=99999&tau=x&mu=0&a=-1&down=1,1",
        "zzz=1&n=10&n=20&panels=x&tab=x&ref=2&r=500&w=99&embed=x&controls=x",
        "fn=formula&expr=sin(&deg=x&sigma=x",
    ];
    links.iter().flat_map(|q| crate::url::decode(q).1).collect()
}

fn curves_views(c: &Config) -> Vec<CurvesView> {
    Axis::ALL
        .into_iter()
        .map(|axis| {
            // The setting's own values, and values it refuses (notes).
            let mut values = (axis.entry().defaults)();
            values.extend([-1.0, 2.5, 5000.0]);
            let ui = UiState {
                axis,
                sweep_ns: vec![12, 24],
                sweep_ps: vec![0.1, 1.0],
                sweep_values: Some(values),
                references: true,
                ..UiState::default()
            };
            coded_engine::curves(&mut coded_engine::Session::new(), c, &ui).unwrap()
        })
        .collect()
}

/// What the sweep planner refuses, as the page shows it, from bad inputs on
/// every tab: lists the page's settings accept but the plot cannot use (N
/// values all below K, none, an empty or out-of-range p list) and
/// configurations the settings refuse (K = 0, N below K, a bad p).
fn planner_refusals() -> Vec<String> {
    let c = Config::default();
    let lists: [(&[usize], &[f64]); 5] = [
        (&[3, 5], &[0.1]),
        (&[], &[0.1]),
        (&[20], &[]),
        (&[20], &[1.5]),
        (&[9000, 9], &[0.2]),
    ];
    let configs = [
        Config { k: 0, ..c.clone() },
        Config { n: 5, ..c.clone() },
        Config {
            stragglers: coded_core::StragglerModel::Iid { p: 2.0 },
            ..c.clone()
        },
    ];
    let mut cases: Vec<(Config, UiState)> = lists
        .iter()
        .map(|(ns, ps)| {
            let ui = UiState {
                sweep_ns: ns.to_vec(),
                sweep_ps: ps.to_vec(),
                ..UiState::default()
            };
            (c.clone(), ui)
        })
        .collect();
    cases.extend(configs.into_iter().map(|c| (c, UiState::default())));
    // Values that no setting but N takes.
    let refused = UiState {
        sweep_values: Some(vec![-1.0, 1e9]),
        ..UiState::default()
    };
    cases.push((c.clone(), refused));
    let mut out = vec![];
    for (config, ui) in cases {
        for axis in Axis::ALL {
            let ui = ui.along(axis);
            if let Err(e) = coded_engine::plan::Plan::new(&config, &ui) {
                out.push(coded_engine::plan::words(&e));
            }
        }
    }
    // Every bad list is refused on its tab, every bad configuration on all.
    assert!(out.len() >= 5 + 3 * 3, "{out:?}");
    out
}

/// The names a text quotes (“N values”) that are not the start of a
/// setting's label: a text names a setting as the page labels it.
fn unknown_settings(text: &str) -> Vec<String> {
    text.split('“')
        .skip(1)
        .filter_map(|rest| rest.split_once('”').map(|(name, _)| name))
        .filter(|name| !SETTINGS.iter().any(|st| st.label.starts_with(name)))
        .map(String::from)
        .collect()
}

/// Every text of the plots of a configuration: every panel of the
/// registry in every look, drawn, summarised and hovered; and the curves'
/// notes.
fn plot_texts(c: &Config) -> Vec<String> {
    let theme = Theme::light();
    let ui = UiState::default();
    let round = coded_engine::stages::round(&mut coded_engine::Session::new(), c, &ui).unwrap();
    let table = coded_engine::table(&mut coded_engine::Session::new(), c, &ui).unwrap();
    let curves = curves_views(c);
    let mut sets = vec![Results {
        round: Some(&round),
        table: Some(&table),
        curves: None,
    }];
    sets.extend(curves.iter().map(|v| Results {
        curves: Some(v),
        ..Results::default()
    }));
    let mut out = vec![];
    for results in &sets {
        for w in walk(results, &theme, (640, 480)).unwrap() {
            let texts = svg_texts(&w.svg);
            assert!(!texts.is_empty(), "{:?} drew no text", w.panel);
            out.extend(texts);
            out.push(w.summary);
            out.extend(w.hovers);
        }
    }
    for v in &curves {
        out.extend(v.notes.iter().cloned());
    }
    out
}

#[test]
fn what_a_person_reads_is_plain_words() {
    let mut texts: Vec<(String, String)> = vec![];
    let mut add = |place: &str, items: Vec<String>| {
        texts.extend(items.into_iter().map(|t| (place.to_string(), t)));
    };
    for p in crate::presets::all() {
        add(
            &format!("preset {}", p.id),
            vec![p.title.into(), p.look.into()],
        );
    }
    add("link notices", link_notices());
    let refusals = planner_refusals();
    for r in &refusals {
        assert_eq!(unknown_settings(r), Vec::<String>::new(), "{r}");
    }
    add("sweep planner", refusals);
    add(
        "embed dialog",
        vec![crate::share::snippet::unknown_controls_note("N, foo, bar_baz").unwrap()],
    );
    add(
        "errors panel",
        vec![
            coded_panels::errors::Band::Mean95.explanation().into(),
            coded_panels::errors::Band::Quantiles.explanation().into(),
            crate::panels::errors::P_TAB_TEXT.into(),
            crate::panels::errors::LAMBDA_TAB_TEXT.into(),
        ],
    );
    for s in states() {
        let place = format!("with {}", s.config.function.title());
        add(&format!("settings {place}"), setting_texts(&s));
        add(
            &format!("exported images' caption {place}"),
            vec![crate::settings::differences_from_default(&s)],
        );
        for kind in Axis::ALL {
            let ui = UiState {
                axis: kind,
                ..UiState::default()
            };
            add(
                "errors panel",
                vec![crate::panels::errors::uses_sentence(&s.config, &ui)],
            );
        }
        add(&format!("plots {place}"), plot_texts(&s.config));
    }
    // Why rounds failed: f not finite at an input fails every round.
    let ln = Config::from_json(r#"{"function": {"expr": "ln(x)"}, "trials": 3}"#).unwrap();
    let ln_notes: Vec<String> = curves_views(&ln)
        .into_iter()
        .flat_map(|v| v.notes)
        .collect();
    assert!(ln_notes.iter().any(|n| n.contains("not a finite number")));
    add("plots with ln(x)", ln_notes);
    let table = coded_engine::table(&mut coded_engine::Session::new(), &ln, &UiState::default());
    add("table with ln(x)", table.unwrap().failure_notes);
    // The scan reads real texts: plots, notices and settings by the hundred.
    assert!(texts.len() > 500, "{} texts", texts.len());
    let bad: Vec<String> = texts
        .iter()
        .filter_map(|(place, t)| {
            let o = offences(t);
            (!o.is_empty()).then(|| format!("{place}: {o:?} in {t:?}"))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} texts are not plain words:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_scan_finds_what_it_looks_for() {
    for bad in [
        "an integer in 1..=min(n, 1024)",
        "Mean squared error vs N (x_sin_x, K = 10)",
        "f is lenet5",
        "the scheme letcc",
        "in the table's data-config attribute",
        "use `coded sweep`",
        "Some(3)",
        "error_tab",
        "one of x_sin_x, cubic",
    ] {
        assert!(!offences(bad).is_empty(), "{bad}");
    }
    for good in [
        "LeTCC, λ_dec by GCV: 0.001",
        "x·sin x with K = 10",
        "Replication (uncoded) recovered 9 of K = 10 values",
        "trials 1 to min(N, 1024)",
        "sc = “nope”: The scheme must be one of “bacc”, “letcc”; using “bacc”",
        "estimate u_dec(α_k) of f(x_k)",
    ] {
        assert_eq!(offences(good), Vec::<String>::new(), "{good}");
    }
    assert_eq!(
        unknown_settings("add one to “N values”, or to “p values”; or “Nonsense”"),
        ["Nonsense"]
    );
    assert_eq!(
        svg_texts(r#"<svg><text x="1">a &lt; b</text><rect/><text>c</text></svg>"#),
        ["a < b", "c"]
    );
}
