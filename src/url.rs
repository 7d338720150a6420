//! The page's state in its query string: every `Config` field under a short
//! key, the UI choices (compared schemes, sweep lists, panels, tab, round),
//! and the embed parameters. Defaults are omitted; `v` is the link version.
//!
//! Why pure and separate: links are shared and must restore exactly what the
//! sender saw, and a bad link must never crash the page or change a value
//! silently. Decoding reads each key on its own; a value that does not parse
//! or is out of range falls back to its default with a notice naming it.
//! Everything here is plain Rust (tested natively); notices reach the page
//! only as text.

use coded_core::{Config, ConfigError, LambdaDec, StragglerModel};
use coded_plots::compute::{Panels, UiState};
use coded_plots::views::curves::CurveKind;

use crate::controls::{parse_ns, parse_ps};
use crate::state::json_name;

/// The link format written; older versions are read by the same code as
/// long as their keys keep their meaning.
pub const VERSION: &str = "1";

/// Panels by their URL name (also `embed=` values), in page order.
pub const PANELS: [&str; 5] = ["stragglers", "encdec", "digits", "errors", "table"];

/// Controls that `controls=` can keep visible in embed mode (element ids).
pub const CONTROLS: [&str; 19] = [
    "scheme",
    "compare",
    "function",
    "k",
    "n",
    "points",
    "model",
    "p",
    "s",
    "shift",
    "rate",
    "deadline",
    "lambda-enc",
    "lambda-dec",
    "lambda-rule",
    "trials",
    "seed",
    "sweep-ns",
    "sweep-ps",
];

/// Longest value quoted in a notice (links may carry very long values).
const QUOTE: usize = 40;

/// Everything a link carries.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Shared {
    pub config: Config,
    pub ui: UiState,
    /// `embed=<panel>`: show only this panel.
    pub embed: Option<&'static str>,
    /// `controls=<names>`: controls kept in embed mode.
    pub controls: Vec<&'static str>,
    /// Debugging switches read elsewhere at start (`FLAGS`), kept as given.
    pub flags: Vec<String>,
}

/// Query keys that are not state but switches read by `lib.rs` at start;
/// they pass through unchanged.
pub const FLAGS: [&str; 2] = ["debug-panic", "no-worker"];

pub fn panel_flag<'a>(p: &'a mut Panels, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "stragglers" => &mut p.stragglers,
        "encdec" => &mut p.encdec,
        "digits" => &mut p.digits,
        "errors" => &mut p.errors,
        "table" => &mut p.table,
        _ => return None,
    })
}

/// Only the named panel shown.
pub fn only_panel(name: &str) -> Panels {
    let mut p = Panels {
        stragglers: false,
        encdec: false,
        digits: false,
        errors: false,
        table: false,
    };
    if let Some(f) = panel_flag(&mut p, name) {
        *f = true;
    }
    p
}

fn tab_name(k: CurveKind) -> &'static str {
    match k {
        CurveKind::ErrorVsN => "n",
        CurveKind::ErrorVsP => "p",
        CurveKind::ErrorVsLambda => "lambda",
    }
}

/// The shortest exact text of a number ("1e-12" rather than "0.000000000001").
pub fn num(v: f64) -> String {
    let plain = v.to_string();
    let exp = format!("{v:e}");
    if exp.len() < plain.len() {
        exp
    } else {
        plain
    }
}

fn join<T>(v: &[T], f: impl Fn(&T) -> String) -> String {
    v.iter().map(f).collect::<Vec<_>>().join(",")
}

/// Percent-encodes a query value (unreserved characters and `,` stay).
fn escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~,".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                match u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16)
                {
                    Ok(v) => {
                        out.push(v);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The query string (without `?`) for a state: defaults omitted.
pub fn encode(s: &Shared) -> String {
    let d = Config::default();
    let du = UiState::default();
    let c = &s.config;
    let mut q: Vec<(&str, String)> = vec![("v", VERSION.to_string())];
    let mut put = |k: &'static str, v: String, def: String| {
        if v != def {
            q.push((k, v));
        }
    };
    put("sc", json_name(&c.scheme), json_name(&d.scheme));
    put("fn", json_name(&c.function), json_name(&d.function));
    put("k", c.k.to_string(), d.k.to_string());
    put("n", c.n.to_string(), d.n.to_string());
    put("pt", json_name(&c.points), json_name(&d.points));
    put("m", c.stragglers.name().into(), d.stragglers.name().into());
    match c.stragglers {
        StragglerModel::Iid { p } => put("p", num(p), num(0.2)),
        StragglerModel::Fixed { s } | StragglerModel::Block { s } => {
            put("s", s.to_string(), "5".into())
        }
        StragglerModel::Deadline {
            shift,
            rate,
            deadline,
        } => {
            put("a", num(shift), num(1.0));
            put("mu", num(rate), num(1.0));
            put("tau", num(deadline), num(1.5));
        }
    }
    put("le", num(c.lambda_enc), num(d.lambda_enc));
    let ld = match c.lambda_dec {
        LambdaDec::Value(v) => num(v),
        LambdaDec::Auto(_) => "gcv".into(),
    };
    put("ld", ld, "gcv".into());
    put("lr", json_name(&c.lambda_rule), json_name(&d.lambda_rule));
    put("tr", c.trials.to_string(), d.trials.to_string());
    put("seed", c.seed.to_string(), d.seed.to_string());
    let u = &s.ui;
    // The compared set as the page shows it (the shown scheme always is).
    let cmp = |u: &UiState, c: &Config| join(&u.schemes(c), |s| s.name().to_string());
    put("cmp", cmp(u, c), cmp(&du, c));
    put(
        "ns",
        join(&u.sweep_ns, |n| n.to_string()),
        join(&du.sweep_ns, |n| n.to_string()),
    );
    put(
        "ps",
        join(&u.sweep_ps, |p| num(*p)),
        join(&du.sweep_ps, |p| num(*p)),
    );
    put(
        "tab",
        tab_name(u.error_tab).into(),
        tab_name(du.error_tab).into(),
    );
    put(
        "ref",
        (u.references as u8).to_string(),
        (du.references as u8).to_string(),
    );
    put("r", u.trial.to_string(), du.trial.to_string());
    let shown = |p: &Panels| {
        let mut p = *p;
        PANELS
            .iter()
            .filter(|n| *panel_flag(&mut p, n).unwrap())
            .copied()
            .collect::<Vec<_>>()
            .join(",")
    };
    if s.embed.is_none() {
        let v = shown(&u.panels);
        put(
            "panels",
            if v.is_empty() { "none".into() } else { v },
            shown(&du.panels),
        );
    }
    if let Some(e) = s.embed {
        q.push(("embed", e.to_string()));
    }
    if !s.controls.is_empty() {
        q.push(("controls", s.controls.join(",")));
    }
    let mut parts: Vec<String> = q
        .iter()
        .map(|(k, v)| format!("{k}={}", escape(v)))
        .collect();
    parts.extend(s.flags.iter().map(|f| escape(f.as_str())));
    parts.join("&")
}

fn bad(notes: &mut Vec<String>, key: &str, v: &str, why: String, fallback: String) {
    notes.push(format!("`{key}` = {}: {why}; using {fallback}", quote(v)));
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

/// Reads a query string (with or without `?`). Returns the state and one
/// notice per value that was ignored (each names its key).
pub fn decode(query: &str) -> (Shared, Vec<String>) {
    let mut out = Shared::default();
    let mut notes = Vec::new();
    let d = Config::default();
    let q = query.strip_prefix('?').unwrap_or(query);
    let mut c = d.clone();
    let mut model = d.stragglers.name().to_string();
    let mut params: Vec<(&'static str, String, String)> = Vec::new(); // (json key, url key, value)
    let mut cmp: Option<Vec<coded_core::Scheme>> = None;
    for pair in q.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (key, v) = (unescape(k), unescape(v));
        let v = v.as_str();
        macro_rules! enum_field {
            ($f:ident, $def:expr) => {
                match serde_json::from_value(serde_json::Value::String(v.to_string())) {
                    Ok(x) => c.$f = x,
                    Err(_) => bad(
                        &mut notes,
                        &key,
                        v,
                        "not one of the choices".into(),
                        format!("the default {}", $def),
                    ),
                }
            };
        }
        match key.as_str() {
            "v" => {
                if v != VERSION {
                    notes.push(format!(
                        "`v` = {}: unknown link version; read as version {VERSION}",
                        quote(v)
                    ));
                }
            }
            "sc" => enum_field!(scheme, json_name(&d.scheme)),
            "fn" => enum_field!(function, json_name(&d.function)),
            "pt" => enum_field!(points, json_name(&d.points)),
            "lr" => enum_field!(lambda_rule, json_name(&d.lambda_rule)),
            // usize for counts: on wasm32 a larger number must not wrap.
            "k" | "n" | "tr" | "seed" => match (v.parse::<usize>(), v.parse::<u64>()) {
                (Ok(x), _) if key == "k" => c.k = x,
                (Ok(x), _) if key == "n" => c.n = x,
                (Ok(x), _) if key == "tr" => c.trials = x,
                (_, Ok(x)) if key == "seed" => c.seed = x,
                _ => {
                    let def = match key.as_str() {
                        "k" => d.k as u64,
                        "n" => d.n as u64,
                        "tr" => d.trials as u64,
                        _ => d.seed,
                    };
                    bad(
                        &mut notes,
                        &key,
                        v,
                        "not a whole number".into(),
                        format!("the default {def}"),
                    )
                }
            },
            "le" | "ld" => {
                if key == "ld" && v == "gcv" {
                    c.lambda_dec = LambdaDec::default();
                    continue;
                }
                match v.parse::<f64>() {
                    Ok(x) if x.is_finite() => {
                        if key == "le" {
                            c.lambda_enc = x
                        } else {
                            c.lambda_dec = LambdaDec::Value(x)
                        }
                    }
                    _ => {
                        let def = if key == "le" {
                            num(d.lambda_enc)
                        } else {
                            "gcv".into()
                        };
                        bad(
                            &mut notes,
                            &key,
                            v,
                            "not a finite number".into(),
                            format!("the default {def}"),
                        )
                    }
                }
            }
            "m" => {
                if ["iid", "fixed", "block", "deadline"].contains(&v) {
                    model = v.to_string();
                } else {
                    bad(
                        &mut notes,
                        &key,
                        v,
                        "not a straggler model".into(),
                        format!("the default {}", d.stragglers.name()),
                    );
                }
            }
            "p" => params.push(("p", key.clone(), v.to_string())),
            "s" => params.push(("s", key.clone(), v.to_string())),
            "a" => params.push(("shift", key.clone(), v.to_string())),
            "mu" => params.push(("rate", key.clone(), v.to_string())),
            "tau" => params.push(("deadline", key.clone(), v.to_string())),
            "cmp" => {
                let list: Option<Vec<_>> = v
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(coded_core::Scheme::parse)
                    .collect();
                match list {
                    Some(l) => cmp = Some(l),
                    None => bad(
                        &mut notes,
                        &key,
                        v,
                        "not a list of schemes".into(),
                        "the default comparison".into(),
                    ),
                }
            }
            "ns" => match parse_ns(v) {
                Ok(l) => out.ui.sweep_ns = l,
                Err(e) => bad(&mut notes, &key, v, e, "the default N values".into()),
            },
            "ps" => match parse_ps(v) {
                Ok(l) => out.ui.sweep_ps = l,
                Err(e) => bad(&mut notes, &key, v, e, "the default p values".into()),
            },
            "tab" => match v {
                "n" => out.ui.error_tab = CurveKind::ErrorVsN,
                "p" => out.ui.error_tab = CurveKind::ErrorVsP,
                "lambda" => out.ui.error_tab = CurveKind::ErrorVsLambda,
                _ => bad(
                    &mut notes,
                    &key,
                    v,
                    "not one of n, p, lambda".into(),
                    "error vs N".into(),
                ),
            },
            "ref" => match v {
                "1" => out.ui.references = true,
                "0" => out.ui.references = false,
                _ => bad(
                    &mut notes,
                    &key,
                    v,
                    "not 0 or 1".into(),
                    "the default 1".into(),
                ),
            },
            "r" => match v.parse::<usize>() {
                Ok(x) => out.ui.trial = x,
                Err(_) => bad(
                    &mut notes,
                    &key,
                    v,
                    "not a whole number".into(),
                    "the first round".into(),
                ),
            },
            "panels" => {
                let mut p = only_panel("");
                let mut ok = true;
                for name in v.split(',').filter(|s| !s.is_empty() && *s != "none") {
                    match panel_flag(&mut p, name) {
                        Some(f) => *f = true,
                        None => ok = false,
                    }
                }
                if ok {
                    out.ui.panels = p;
                } else {
                    bad(
                        &mut notes,
                        &key,
                        v,
                        format!("not a list of {}", PANELS.join(", ")),
                        "every panel".into(),
                    );
                }
            }
            "embed" => match PANELS.iter().find(|p| **p == v) {
                Some(p) => out.embed = Some(p),
                None => bad(
                    &mut notes,
                    &key,
                    v,
                    format!("not one of {}", PANELS.join(", ")),
                    "the whole page".into(),
                ),
            },
            "controls" => {
                for name in v.split(',').filter(|s| !s.is_empty()) {
                    let norm = name.replace('_', "-");
                    match CONTROLS.iter().find(|c| **c == norm) {
                        Some(c) if !out.controls.contains(c) => out.controls.push(c),
                        Some(_) => {}
                        None => bad(
                            &mut notes,
                            &key,
                            name,
                            "not a control".into(),
                            "no such control".into(),
                        ),
                    }
                }
            }
            f if FLAGS.contains(&f) => out.flags.push(f.to_string()),
            _ => notes.push(format!("unknown key {} ignored", quote(&key))),
        }
    }
    // The straggler model with its parameters, each checked on its own.
    let mut obj = serde_json::Map::new();
    obj.insert("model".into(), model.clone().into());
    for (json_key, url_key, v) in params {
        let wanted = match model.as_str() {
            "iid" => json_key == "p",
            "fixed" | "block" => json_key == "s",
            _ => ["shift", "rate", "deadline"].contains(&json_key),
        };
        if !wanted {
            notes.push(format!(
                "`{url_key}` = {} ignored: not a parameter of the {model} model",
                quote(&v)
            ));
            continue;
        }
        let value: Option<serde_json::Value> = if json_key == "s" {
            v.parse::<u64>().ok().map(Into::into)
        } else {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .and_then(|x| serde_json::Number::from_f64(x).map(Into::into))
        };
        let mut trial = obj.clone();
        let accepted = value.and_then(|val| {
            trial.insert(json_key.into(), val);
            serde_json::from_value::<StragglerModel>(trial.clone().into())
                .ok()
                .filter(|m| coded_core::config::validate_stragglers(m).is_ok())
        });
        match accepted {
            Some(_) => obj = trial,
            None => {
                let def: StragglerModel =
                    serde_json::from_value(serde_json::json!({ "model": model })).expect("model");
                let dv = serde_json::to_value(def)
                    .ok()
                    .and_then(|j| j.get(json_key).cloned());
                notes.push(format!(
                    "`{url_key}` = {}: out of range ({}); using the default {}",
                    quote(&v),
                    match json_key {
                        "p" => "0 – 1",
                        "s" => "a whole number 0 – 8192",
                        "rate" => "above 0, at most 1e6",
                        _ => "0 – 1e6",
                    },
                    dv.map(|x| x.to_string()).unwrap_or_default()
                ));
            }
        }
    }
    c.stragglers = serde_json::from_value(obj.into()).unwrap_or_default();
    // Ranges that involve several fields (K ≤ N), checked by the core; each
    // offending field goes back to its default.
    for _ in 0..12 {
        let Err(e) = c.validate() else { break };
        fall_back(&mut c, &e, &mut notes);
    }
    if c.validate().is_err() {
        c = Config::default();
    }
    if let Some(l) = cmp {
        out.ui.compare = l;
    }
    out.ui.trial = out.ui.trial.min(c.trials - 1);
    out.config = c;
    (out, notes)
}

fn allowed(field: &str) -> &'static str {
    coded_core::config::FIELDS
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, a)| *a)
        .unwrap_or("")
}

/// Resets the field `e` names to its default, with a notice.
fn fall_back(c: &mut Config, e: &ConfigError, notes: &mut Vec<String>) {
    let d = Config::default();
    let (key, got, def) = match e.field.as_str() {
        "n" => {
            let got = c.n.to_string();
            c.n = d.n;
            ("n", got, d.n.to_string())
        }
        "k" => {
            let got = c.k.to_string();
            c.k = d.k.min(c.n).max(1);
            ("k", got, c.k.to_string())
        }
        "trials" => {
            let got = c.trials.to_string();
            c.trials = d.trials;
            ("tr", got, d.trials.to_string())
        }
        "seed" => {
            let got = c.seed.to_string();
            c.seed = d.seed;
            ("seed", got, d.seed.to_string())
        }
        "lambda_enc" => {
            let got = num(c.lambda_enc);
            c.lambda_enc = d.lambda_enc;
            ("le", got, num(d.lambda_enc))
        }
        "lambda_dec" => {
            let got = match c.lambda_dec {
                LambdaDec::Value(v) => num(v),
                LambdaDec::Auto(_) => "gcv".into(),
            };
            c.lambda_dec = d.lambda_dec;
            ("ld", got, "gcv".into())
        }
        _ => {
            c.stragglers = d.stragglers;
            ("m", c.stragglers.name().into(), "the default model".into())
        }
    };
    notes.push(format!(
        "`{key}` = {}: out of range ({}); using {def}",
        quote(&got),
        allowed(&e.field)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{FunctionKind, LambdaRule, PointSet, Scheme};

    fn every_field() -> Shared {
        Shared {
            config: Config {
                scheme: Scheme::Letcc,
                function: FunctionKind::Cubic,
                k: 7,
                n: 33,
                points: PointSet::Equispaced,
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
            },
            ui: UiState {
                compare: vec![Scheme::Lcc, Scheme::Letcc],
                sweep_ns: vec![10, 30, 90],
                sweep_ps: vec![0.05, 0.5],
                trial: 3,
                panels: Panels {
                    digits: false,
                    ..Panels::default()
                },
                error_tab: CurveKind::ErrorVsLambda,
                references: false,
            },
            embed: None,
            controls: vec![],
            flags: vec![],
        }
    }

    #[test]
    fn defaults_give_a_short_link_and_every_field_round_trips() {
        assert_eq!(encode(&Shared::default()), "v=1");
        assert_eq!(decode("?v=1"), (Shared::default(), vec![]));
        assert_eq!(decode(""), (Shared::default(), vec![]));
        let s = every_field();
        let q = encode(&s);
        assert!(
            q.contains("ld=1e-12") && q.contains("seed=9007199254740991"),
            "{q}"
        );
        let (back, notes) = decode(&q);
        assert_eq!(notes, Vec::<String>::new());
        assert_eq!(back.config, s.config);
        assert_eq!(back.ui.sweep_ns, s.ui.sweep_ns);
        assert_eq!(back.ui.sweep_ps, s.ui.sweep_ps);
        assert_eq!(back.ui.schemes(&back.config), s.ui.schemes(&s.config));
        assert_eq!((back.ui.trial, back.ui.panels), (3, s.ui.panels));
        assert_eq!(
            (back.ui.error_tab, back.ui.references),
            (CurveKind::ErrorVsLambda, false)
        );
        assert_eq!(encode(&back), q);
        for m in [
            StragglerModel::Fixed { s: 9 },
            StragglerModel::Block { s: 0 },
            StragglerModel::Iid { p: 1.0 },
        ] {
            let s = Shared {
                config: Config {
                    stragglers: m,
                    lambda_enc: 1e300,
                    ..Config::default()
                },
                ..Shared::default()
            };
            assert_eq!(decode(&encode(&s)).0.config, s.config);
        }
        let e = Shared {
            embed: Some("errors"),
            controls: vec!["n", "p"],
            ..Shared::default()
        };
        assert_eq!(encode(&e), "v=1&embed=errors&controls=n,p");
        let (f, notes) = decode("?no-worker&n=20");
        assert!(notes.is_empty());
        assert_eq!(encode(&f), "v=1&n=20&no-worker");
        assert_eq!(decode(&encode(&e)).0, e);
    }

    #[test]
    fn bad_values_fall_back_to_defaults_with_a_notice_naming_them() {
        let (s, notes) = decode(
            "v=9&k=abc&n=99999&sc=magic&m=iid&p=1.5&le=-1&ld=NaN&tr=0&seed=9007199254740992\
             &ns=1,x&ps=2&tab=q&ref=7&r=-1&panels=foo&embed=bar&controls=zzz&bogus=1",
        );
        assert_eq!(s.config, Config::default());
        assert_eq!(s.ui, UiState::default());
        assert_eq!(s.embed, None);
        for key in [
            "`v`",
            "`k`",
            "`n`",
            "`sc`",
            "`p`",
            "`le`",
            "`ld`",
            "`tr`",
            "`seed`",
            "`ns`",
            "`ps`",
            "`tab`",
            "`ref`",
            "`r`",
            "`panels`",
            "`embed`",
            "`controls`",
            "“bogus”",
        ] {
            assert!(
                notes.iter().any(|n| n.contains(key)),
                "{key} missing in {notes:#?}"
            );
        }
        // K > N: K goes back (to at most N).
        let (s, notes) = decode("k=50&n=20");
        assert_eq!((s.config.k, s.config.n), (10, 20));
        assert!(notes[0].contains("`k` = “50”"), "{notes:?}");
        let (s, _) = decode("k=50&n=5");
        assert_eq!((s.config.k, s.config.n), (5, 5));
        // Parameters of another model, long values, markup: text only.
        let long = "9".repeat(5000);
        let (s, notes) = decode(&format!(
            "m=fixed&p=0.3&s={long}&sc=%3Cscript%3Ealert(1)%3C/script%3E"
        ));
        assert_eq!(s.config.stragglers, StragglerModel::Fixed { s: 5 });
        assert_eq!(notes.len(), 3, "{notes:#?}");
        assert!(notes.iter().all(|n| n.chars().count() < 200), "{notes:#?}");
        assert!(notes.iter().any(|n| n.contains("<script>")));
        // Unescaping.
        assert_eq!(unescape("a%2Cb+c%zz%4"), "a,b c%zz%4");
        assert_eq!(escape("<a&b=1>"), "%3Ca%26b%3D1%3E");
    }
}
