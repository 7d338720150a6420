//! The straggler model and its parameters: each applies only under its
//! model(s), and each model's parameters are matched exhaustively, so a new
//! model is a compile error here until its parameters are placed.

use coded_core::limits::{
    DEADLINE_RANGE, DEFAULT_DEADLINE, DEFAULT_P, DEFAULT_RATE, DEFAULT_S, DEFAULT_SHIFT, P_RANGE,
    RATE_RANGE, SERVER_RANGE, SHIFT_RANGE, S_RANGE,
};
use coded_core::StragglerModel;

use super::choices::model_choices;
use super::model::{Group, Home, Kind, LinkState, Setting, BASE};
use super::parse::{choice_of, entries, join, number_in, one_of, short_number, whole, whole_in};
use super::parse::{number_words, whole_words};

/// A straggler parameter applies only under the models that have it (`has`:
/// whether the current one does, from `StragglerModel::params`).
fn under(s: &LinkState, has: bool, what: &str) -> Result<(), String> {
    if has {
        Ok(())
    } else {
        let m = s.config.stragglers.name();
        Err(format!(
            "{what} is not a setting of the “{m}” straggler model"
        ))
    }
}

fn p_of(m: &StragglerModel) -> Option<f64> {
    m.params().p
}

fn s_of(m: &StragglerModel) -> Option<usize> {
    m.params().s
}

fn servers_of(m: &StragglerModel) -> Option<&[usize]> {
    m.params().servers
}

fn deadline_of(m: &StragglerModel) -> Option<(f64, f64, f64)> {
    m.params().deadline
}

/// The deadline model's parameters, under it or as its defaults.
fn deadline_params(s: &LinkState) -> (f64, f64, f64) {
    deadline_of(&s.config.stragglers).unwrap_or((DEFAULT_SHIFT, DEFAULT_RATE, DEFAULT_DEADLINE))
}

fn set_deadline(s: &mut LinkState, f: impl FnOnce(&mut (f64, f64, f64)), ok: bool) -> bool {
    if ok {
        let mut d = deadline_params(s);
        f(&mut d);
        s.config.stragglers = StragglerModel::Deadline {
            shift: d.0,
            rate: d.1,
            deadline: d.2,
        };
    }
    ok
}

pub const MODEL: Setting = Setting {
    key: "m",
    id: "model",
    label: "Straggler model",
    name: "The straggler model",
    help: "Which servers fail to answer in a round.",
    group: Group::Stragglers,
    home: Home::Config("stragglers"),
    kind: Kind::Choice(model_choices),
    text: |s| s.config.stragglers.name().to_string(),
    // A new model starts from its defaults; the same model keeps its
    // parameters.
    read: |s, t| match choice_of(model_choices, t) {
        Some(name) if name == s.config.stragglers.name() => true,
        Some(name) => match StragglerModel::parse(name) {
            Some(m) => {
                s.config.stragglers = m;
                true
            }
            None => false,
        },
        None => false,
    },
    rule: |_| one_of(model_choices),
    ..BASE
};

pub const P: Setting = Setting {
    key: "p",
    id: "p",
    label: "p (straggle probability)",
    name: "p",
    help: "Each server straggles independently with this probability.",
    group: Group::Stragglers,
    home: Home::Config("stragglers"),
    kind: Kind::Number,
    text: |s| short_number(p_of(&s.config.stragglers).unwrap_or(DEFAULT_P)),
    read: |s, t| {
        number_in(t, P_RANGE)
            .map(|p| s.config.stragglers = StragglerModel::Iid { p })
            .is_some()
    },
    rule: |_| number_words(P_RANGE),
    applies: |s| under(s, p_of(&s.config.stragglers).is_some(), "p"),
    ..BASE
};

pub const S: Setting = Setting {
    key: "s",
    id: "s",
    label: "S (stragglers)",
    name: "S",
    help: "How many servers straggle (all of them if S ≥ N).",
    group: Group::Stragglers,
    home: Home::Config("stragglers"),
    kind: Kind::Whole,
    text: |s| s_of(&s.config.stragglers).unwrap_or(DEFAULT_S).to_string(),
    read: |s, t| {
        let Some(v) = whole_in(t, S_RANGE).map(|v| v as usize) else {
            return false;
        };
        // S typed under another model makes the fixed model's S.
        s.config.stragglers = s
            .config
            .stragglers
            .with_s(v)
            .unwrap_or(StragglerModel::Fixed { s: v });
        true
    },
    rule: |_| whole_words(S_RANGE),
    applies: |s| under(s, s_of(&s.config.stragglers).is_some(), "S"),
    ..BASE
};

/// The deadline model's three numbers: they differ only in their words,
/// their range and which of (a, μ, τ) they are.
macro_rules! deadline_number {
    ($key:literal, $id:literal, $label:literal, $name:literal, $help:literal, $range:expr, $i:tt) => {
        Setting {
            key: $key,
            id: $id,
            label: $label,
            name: $name,
            help: $help,
            group: Group::Stragglers,
            home: Home::Config("stragglers"),
            kind: Kind::Number,
            text: |s| short_number(deadline_params(s).$i),
            read: |s, t| {
                let v = number_in(t, $range);
                set_deadline(s, |d| d.$i = v.unwrap_or_default(), v.is_some())
            },
            rule: |_| number_words($range),
            applies: |s| under(s, deadline_of(&s.config.stragglers).is_some(), $name),
            ..BASE
        }
    };
}

pub const SHIFT: Setting = deadline_number!(
    "a",
    "shift",
    "Shift a",
    "The shift a",
    "No server finishes before time a.",
    SHIFT_RANGE,
    0
);

pub const RATE: Setting = deadline_number!(
    "mu",
    "rate",
    "Rate μ",
    "The rate μ",
    "Finish time is a + Exp(μ): larger μ, faster servers.",
    RATE_RANGE,
    1
);

pub const DEADLINE: Setting = deadline_number!(
    "tau",
    "deadline",
    "Deadline τ",
    "The deadline τ",
    "Answers after τ are lost: p = exp(−μ(τ − a)).",
    DEADLINE_RANGE,
    2
);

/// Distinct server numbers, ascending; None if an entry is not one.
fn server_list(text: &str) -> Option<Vec<usize>> {
    let mut v: Vec<usize> = entries(text)
        .map(|e| {
            whole(e)
                .filter(|i| SERVER_RANGE.contains(*i))
                .map(|i| i as usize)
        })
        .collect::<Option<_>>()?;
    let count = v.len();
    v.sort_unstable();
    v.dedup();
    (v.len() == count).then_some(v)
}

pub const SERVERS: Setting = Setting {
    key: "down",
    id: "servers",
    label: "Straggling servers",
    name: "The list of straggling servers",
    help: "Server numbers in β order, from 0; or click servers in the straggler panel.",
    group: Group::Stragglers,
    home: Home::Config("stragglers"),
    kind: Kind::List,
    text: |s| {
        servers_of(&s.config.stragglers).map_or(String::new(), |v| join(v, |i| i.to_string()))
    },
    read: |s, t| {
        server_list(t)
            .map(|servers| s.config.stragglers = StragglerModel::Manual { servers })
            .is_some()
    },
    rule: |s| {
        format!(
            "distinct server numbers from 0 to N − 1 (now {}), separated by commas",
            s.config.n.saturating_sub(1)
        )
    },
    applies: |s| {
        under(
            s,
            servers_of(&s.config.stragglers).is_some(),
            "The list of straggling servers",
        )
    },
    // N is read first: every number must name one of its servers.
    check: |s| servers_of(&s.config.stragglers).is_none_or(|v| v.iter().all(|&i| i < s.config.n)),
    ..BASE
};
