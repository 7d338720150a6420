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
use coded_plots::messages::{Panel, Panels, UiState};
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

/// The keys that hold one value each (besides `controls` and the flags).
pub const KEYS: [&str; 25] = [
    "v", "sc", "fn", "k", "n", "pt", "m", "p", "s", "a", "mu", "tau", "le", "ld", "lr", "tr",
    "seed", "cmp", "ns", "ps", "tab", "ref", "r", "panels", "embed",
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

/// Only the named panel shown.
pub fn only_panel(name: &str) -> Panels {
    Panel::parse(name).map_or_else(Panels::none, Panels::only)
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
            // Exactly two hex digits (from_str_radix alone would also take
            // "+5" as 5).
            b'%' if i + 2 < b.len()
                && b[i + 1].is_ascii_hexdigit()
                && b[i + 2].is_ascii_hexdigit() =>
            {
                let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push(hex(b[i + 1]) * 16 + hex(b[i + 2]));
                i += 2;
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
        PANELS
            .iter()
            .filter(|n| p.shows(Panel::parse(n).unwrap()))
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
    // `why` may quote part of the value (a list's bad entry): shorten it too.
    notes.push(format!(
        "`{key}` = {}: {}; using {fallback}",
        quote(v),
        clip(&why, 2 * QUOTE)
    ));
}

/// At most `max` characters of `s`, with "…" when shortened.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(max).collect::<String>())
    }
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
    let mut panels_given: Option<String> = None;
    let mut seen: Vec<String> = Vec::new();
    for pair in q.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (key, v) = (unescape(k), unescape(v));
        let v = v.as_str();
        // A key given twice: say so once (an earlier value is overridden).
        // `controls` lists add up and flags are switches, so they may repeat;
        // unknown keys get a notice each time anyway.
        if KEYS.contains(&key.as_str()) {
            match seen.iter().filter(|s| **s == key).count() {
                0 => seen.push(key.clone()),
                1 => {
                    seen.push(key.clone());
                    notes.push(format!(
                        "`{key}` given more than once: the last valid value is used"
                    ));
                }
                _ => {}
            }
        }
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
                panels_given = Some(v.to_string());
                let mut p = only_panel("");
                let mut ok = true;
                for name in v.split(',').filter(|s| !s.is_empty() && *s != "none") {
                    match Panel::parse(name) {
                        Some(f) => p.set(f, true),
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
            f if FLAGS.contains(&f) => {
                if !out.flags.iter().any(|g| g == f) {
                    out.flags.push(f.to_string())
                }
            }
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
    if out.ui.trial >= c.trials {
        let last = c.trials - 1;
        notes.push(format!(
            "`r` = {}: out of range (rounds 0 – {last} with {} trials); using {last}",
            quote(&out.ui.trial.to_string()),
            c.trials
        ));
        out.ui.trial = last;
    }
    // Embed mode shows its one panel whatever `panels` says (share.rs), and
    // `encode` leaves `panels` out of embed links.
    if let (Some(e), Some(v)) = (out.embed, panels_given) {
        if out.ui.panels != Panels::default() {
            notes.push(format!(
                "`panels` = {} ignored: `embed` = {} shows one panel",
                quote(&v),
                quote(e)
            ));
        }
        out.ui.panels = Panels::default();
    }
    out.config = c;
    cap_notices(&mut notes);
    (out, notes)
}

/// Most notices listed for one link; the rest are counted in a last one.
/// More than the keys the app reads, so a link with every key wrong still
/// names each of them.
pub const MAX_NOTICES: usize = 32;
const _: () = assert!(MAX_NOTICES > KEYS.len() + FLAGS.len() + 1);

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
                panels: {
                    let mut p = Panels::default();
                    p.set(Panel::Digits, false);
                    p
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

// The same random configurations as the core's parser and pipeline fuzzing.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "../crates/coded-core/tests/common/strategies.rs"]
mod strategies;

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
    use super::strategies::{any_valid_config, cfg};
    use super::*;
    use crate::controls::{MAX_SWEEP_NS, MAX_SWEEP_PS};
    use coded_core::config::{MAX_K, MAX_N, MAX_SEED, MAX_TIME, MAX_TRIALS};
    use coded_core::Scheme;
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
        q.strip_prefix('?')
            .unwrap_or(q)
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (unescape(k), unescape(v))
            })
            .collect()
    }

    /// The key a notice names: `k` at its start, or an unknown key quoted.
    fn named_key(note: &str) -> Option<String> {
        if let Some(rest) = note.strip_prefix('`') {
            return rest.split_once('`').map(|(k, _)| k.to_string());
        }
        note.strip_prefix("unknown key “")
            .map(|rest| rest.split(['…', '”']).next().unwrap_or("").to_string())
    }

    /// The state as its link keeps it: the compared schemes as the page
    /// shows them (with the shown scheme), panels only outside embed mode.
    fn canonical(mut s: Shared) -> Shared {
        let du = UiState::default();
        if s.ui.schemes(&s.config) == du.schemes(&s.config) {
            s.ui.compare = du.compare;
        } else {
            s.ui.compare = s.ui.schemes(&s.config);
        }
        if s.embed.is_some() {
            s.ui.panels = Panels::default();
        }
        s
    }

    /// A value was taken as written (`key` appears once and no notice
    /// names it).
    fn taken_as_written(s: &Shared, key: &str, v: &str) -> Result<(), TestCaseError> {
        let c = &s.config;
        let u = |x: usize| v.parse::<u64>().ok() == Some(x as u64);
        let f = |x: f64| v.parse::<f64>().ok() == Some(x);
        let ok = match key {
            "v" => v == VERSION,
            "sc" => json_name(&c.scheme) == v,
            "fn" => json_name(&c.function) == v,
            "pt" => json_name(&c.points) == v,
            "lr" => json_name(&c.lambda_rule) == v,
            "m" => c.stragglers.name() == v,
            "k" => u(c.k),
            "n" => u(c.n),
            "tr" => u(c.trials),
            "seed" => v.parse::<u64>().ok() == Some(c.seed),
            "r" => u(s.ui.trial),
            "le" => f(c.lambda_enc),
            "ld" => match c.lambda_dec {
                LambdaDec::Value(x) => f(x),
                LambdaDec::Auto(_) => v == "gcv",
            },
            "p" => matches!(c.stragglers, StragglerModel::Iid { p } if f(p)),
            "s" => matches!(c.stragglers,
                StragglerModel::Fixed { s } | StragglerModel::Block { s } if u(s)),
            "a" => matches!(c.stragglers, StragglerModel::Deadline { shift, .. } if f(shift)),
            "mu" => matches!(c.stragglers, StragglerModel::Deadline { rate, .. } if f(rate)),
            "tau" => {
                matches!(c.stragglers, StragglerModel::Deadline { deadline, .. } if f(deadline))
            }
            "cmp" => {
                let l: Vec<Scheme> = v
                    .split(',')
                    .filter(|x| !x.is_empty())
                    .filter_map(Scheme::parse)
                    .collect();
                s.ui.compare == l
            }
            "ns" => crate::controls::parse_ns(v).ok().as_ref() == Some(&s.ui.sweep_ns),
            "ps" => crate::controls::parse_ps(v).ok().as_ref() == Some(&s.ui.sweep_ps),
            "tab" => tab_name(s.ui.error_tab) == v,
            "ref" => v == (s.ui.references as u8).to_string(),
            "panels" => {
                let p = s.ui.panels;
                let shown: Vec<&str> = PANELS
                    .iter()
                    .filter(|n| p.shows(Panel::parse(n).unwrap()))
                    .copied()
                    .collect();
                let mut asked: Vec<&str> = v
                    .split(',')
                    .filter(|x| !x.is_empty() && *x != "none")
                    .collect();
                asked.sort_by_key(|a| PANELS.iter().position(|p| p == a));
                asked.dedup();
                shown == asked
            }
            "embed" => s.embed == Some(v),
            _ => true,
        };
        prop_assert!(
            ok,
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
        prop_assert!(s.flags.iter().all(|f| FLAGS.contains(&f.as_str())));
        prop_assert!(s.controls.iter().all(|x| CONTROLS.contains(x)));
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
            let model_keys = ["m", "p", "s", "a", "mu", "tau"];
            prop_assert!(
                if n.starts_with("unknown key") {
                    given.iter().any(|(g, _)| g.starts_with(&key))
                } else {
                    has(&key)
                        || (key == "k" && has("n"))
                        || (key == "m" && model_keys.iter().any(|k| has(k)))
                },
                "{n:?} names `{key}`, not in {q:?}"
            );
            named.push(key);
        }
        // Values without a notice are taken as written; a key given twice
        // (one value overrides the other) has a notice.
        for (k, v) in &given {
            let once = given.iter().filter(|(g, _)| g == k).count() == 1;
            if KEYS.contains(&k.as_str()) {
                if !once {
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

    fn valid_values(key: &'static str) -> BoxedStrategy<String> {
        let pick = |v: &[&'static str]| {
            prop::sample::select(v.to_vec())
                .prop_map(str::to_string)
                .boxed()
        };
        let list = |items: BoxedStrategy<String>, max: usize| {
            prop::collection::vec(items, 0..=max)
                .prop_map(|v| v.join(","))
                .boxed()
        };
        let small_f = || {
            prop_oneof![
                (0.0..=1.0f64).prop_map(|x| x.to_string()),
                (0.0..=1.0f64).prop_map(num),
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
                (0.0..=MAX_TIME).prop_map(num),
                pick(&["0", "1e6", "1000000.000001", "1e-300", "5e-324", "2e6"]),
            ]
            .boxed()
        };
        match key {
            "sc" => pick(&["bacc", "letcc", "lcc", "uncoded"]),
            "cmp" => list(pick(&["bacc", "letcc", "lcc", "uncoded", "BACC", "x"]), 5),
            "fn" => pick(&["x_sin_x", "cubic", "abs", "lenet5"]),
            "pt" => pick(&["chebyshev", "equispaced"]),
            "lr" => pick(&["fixed", "shrink"]),
            "m" => pick(&["iid", "fixed", "block", "deadline"]),
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
                (-320.0f64..301.0).prop_map(|e| num(10f64.powf(e))),
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
            "tab" => pick(&["n", "p", "lambda"]),
            "ref" => pick(&["0", "1"]),
            "embed" => pick(&PANELS),
            "panels" => list(
                prop::sample::select(
                    PANELS
                        .iter()
                        .copied()
                        .chain(["none", "foo"])
                        .collect::<Vec<_>>(),
                )
                .prop_map(str::to_string)
                .boxed(),
                6,
            ),
            "controls" => list(
                prop::sample::select(
                    CONTROLS
                        .iter()
                        .copied()
                        .chain(["lambda_enc", "zzz", ""])
                        .collect::<Vec<_>>(),
                )
                .prop_map(str::to_string)
                .boxed(),
                4,
            ),
            "v" => pick(&["1", "2", ""]),
            _ => pick(&[""]),
        }
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

    const ALL_KEYS: [&str; 28] = [
        "v",
        "sc",
        "fn",
        "k",
        "n",
        "pt",
        "m",
        "p",
        "s",
        "a",
        "mu",
        "tau",
        "le",
        "ld",
        "lr",
        "tr",
        "seed",
        "cmp",
        "ns",
        "ps",
        "tab",
        "ref",
        "r",
        "panels",
        "embed",
        "controls",
        "debug-panic",
        "no-worker",
    ];

    /// One `key=value` piece: a real key (or not) with a valid or wild value,
    /// sometimes percent-encoded, sometimes without `=`.
    fn piece() -> impl Strategy<Value = String> {
        let key = prop_oneof![
            12 => prop::sample::select(ALL_KEYS.to_vec()).prop_map(str::to_string),
            1 => prop::sample::select(vec!["K", "sc ", "ref2", "", "%", "é", "panel"])
                .prop_map(str::to_string),
            1 => "\\PC{0,8}",
        ];
        (key, any::<u8>(), any::<u8>()).prop_flat_map(|(key, form, enc)| {
            let known: Option<&'static str> = ALL_KEYS.iter().find(|k| **k == key).copied();
            let value = match known {
                Some(k) if form % 4 != 0 => valid_values(k),
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
                    1 => escape(&v),
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

    fn valid_shared() -> impl Strategy<Value = Shared> {
        let kinds = vec![
            CurveKind::ErrorVsN,
            CurveKind::ErrorVsP,
            CurveKind::ErrorVsLambda,
        ];
        (
            any_valid_config(),
            prop::sample::subsequence(Scheme::ALL.to_vec(), 0..=4),
            prop::collection::vec(1..=MAX_N, 1..=MAX_SWEEP_NS),
            prop::collection::vec(
                prop_oneof![0.0..=1.0f64, prop::sample::select(vec![0.0, 1.0])],
                1..=MAX_SWEEP_PS,
            ),
            (any::<usize>(), prop::array::uniform5(any::<bool>())),
            (prop::sample::select(kinds), any::<bool>()),
            prop::option::of(prop::sample::select(PANELS.to_vec())),
            prop::sample::subsequence(CONTROLS.to_vec(), 0..=4).prop_shuffle(),
            prop::sample::subsequence(FLAGS.to_vec(), 0..=2),
        )
            .prop_map(
                |(
                    config,
                    compare,
                    ns,
                    ps,
                    (trial, p),
                    (tab, references),
                    embed,
                    controls,
                    flags,
                )| {
                    let ui = UiState {
                        compare,
                        sweep_ns: ns,
                        sweep_ps: ps,
                        trial: trial % config.trials,
                        panels: Panel::ALL
                            .into_iter()
                            .zip(p)
                            .filter(|(_, shown)| *shown)
                            .map(|(panel, _)| panel)
                            .collect(),
                        error_tab: tab,
                        references,
                    };
                    canonical(Shared {
                        config,
                        ui,
                        embed,
                        controls,
                        flags: flags.into_iter().map(str::to_string).collect(),
                    })
                },
            )
    }

    proptest! {
        #![proptest_config(cfg(ROUNDTRIP_CASES))]
        #[test]
        fn every_valid_state_survives_its_link_without_notices(s in valid_shared()) {
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
        // u8::from_str_radix("+5", 16) is Ok(5): "%+5" used to become byte 5.
        // ('+' is a space in a query, as always.)
        assert_eq!(unescape("%+5%-1%x5%+F"), "% 5%-1%x5% F");
        assert_eq!(unescape("%4a%4A%e6%97%a5"), "JJ日");
        let (s, notes) = decode("k=%+5");
        assert_eq!(s.config.k, 10);
        assert!(notes[0].starts_with("`k` = “% 5”"), "{notes:?}");
    }

    #[test]
    fn a_long_bad_list_entry_gives_a_short_notice() {
        // parse_ns quotes the bad entry: 5000 characters used to reach the page.
        let long = "x".repeat(5000);
        for q in [format!("ns={long}"), format!("ps=0.1,{long}")] {
            let (_, notes) = decode(&q);
            assert_eq!(notes.len(), 1);
            assert!(notes[0].chars().count() <= NOTICE_MAX, "{}", notes[0]);
        }
    }

    #[test]
    fn a_round_beyond_the_trials_is_noted() {
        // It used to be clamped silently.
        let (s, notes) = decode("tr=10&r=50");
        assert_eq!(s.ui.trial, 9);
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with("`r` = “50”"), "{notes:?}");
        // An invalid trials count: the round is kept below the default.
        let (s, notes) = decode("tr=0&r=150");
        assert_eq!((s.config.trials, s.ui.trial), (100, 99));
        assert!(notes.iter().any(|n| n.starts_with("`tr`")));
        assert!(notes.iter().any(|n| n.starts_with("`r`")));
        assert_eq!(decode("tr=10&r=9"), decode("r=9&tr=10"));
        assert!(decode("tr=10&r=9").1.is_empty());
    }

    #[test]
    fn panels_in_an_embed_link_are_noted() {
        // Embed mode shows its one panel (share.rs): `panels` used to be kept
        // in the state silently, and dropped from the next link.
        let (s, notes) = decode("embed=errors&panels=table");
        assert_eq!(s.ui.panels, Panels::default());
        assert_eq!(s.embed, Some("errors"));
        assert!(
            notes[0].starts_with("`panels` = “table” ignored"),
            "{notes:?}"
        );
        assert!(decode("embed=errors").1.is_empty());
    }

    #[test]
    fn a_repeated_key_is_noted_once() {
        let (s, notes) = decode("k=5&k=7&k=8&n=20&n=20");
        assert_eq!((s.config.k, s.config.n), (8, 20));
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].starts_with("`k` given more than once"));
        assert!(notes[1].starts_with("`n` given more than once"));
        // The last *valid* value: a bad one has its own notice.
        let (s, notes) = decode("k=5&k=x");
        assert_eq!(s.config.k, 5);
        assert_eq!(notes.len(), 2);
        // Lists of controls add up; flags are switches.
        let (s, notes) = decode("controls=n&controls=p,n&no-worker&no-worker");
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(s.controls, vec!["n", "p"]);
        assert_eq!(s.flags, vec!["no-worker"]);
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
            assert!(
                notes[0].starts_with(&format!("`{key}` = ")),
                "{q}: {notes:?}"
            );
        }
    }
}
