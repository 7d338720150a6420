//! The settings of the adversarial servers (the `adversaries` field of the
//! configuration): how many (a count γ, or an exponent a with γ = ⌈N^a⌉),
//! the box M, the attack and the placement.
//!
//! Why a count of 0 and an empty exponent mean "none": without adversaries
//! the field is absent, and a link or a preset without these keys keeps its
//! text (no key of these settings is written for it).

use coded_core::adversaries::{Adversaries, AdversaryCount, Attack, Placement};
use coded_core::limits::IntRange;
use coded_core::limits::{ADV_BOUND_RANGE, ADV_COUNT_RANGE, ADV_EXPONENT_END, N_RANGE};
use coded_core::robust::{AutoTolerance, Tolerance};
use coded_panels::format::f4;
use coded_panels::RoundResult;

use super::choices::{attack_choices, placement_choices};
use super::model::{no_one_value, Group, Home, Kind, LinkState, Setting, BASE};
use super::parse::{number, number_in, one_of, short_number, whole_in, wire, wire_name};
use super::parse::{number_words, whole_words};

/// The adversaries, created with their defaults if there are none yet.
fn adversaries(s: &mut LinkState) -> &mut Adversaries {
    s.config
        .adversaries
        .get_or_insert_with(|| Adversaries::count(0))
}

/// Only with adversaries: the others have nothing to act on.
fn with_adversaries(s: &LinkState) -> Result<(), String> {
    match s.config.adversaries {
        Some(_) => Ok(()),
        None => Err("only with adversaries (a count or an exponent above)".into()),
    }
}

/// The wire name of one choice of the adversaries (`of`), its default
/// without them.
fn choice_text<T: Default + serde::Serialize>(s: &LinkState, of: fn(&Adversaries) -> T) -> String {
    wire_name(&s.config.adversaries.as_ref().map_or(T::default(), of))
}

/// Reads one choice of the adversaries from its wire name and sets it
/// (`set`); false for a name that is none of them.
fn read_choice<T: serde::de::DeserializeOwned>(
    s: &mut LinkState,
    t: &str,
    set: fn(&mut Adversaries, T),
) -> bool {
    match (wire::<T>(t), s.config.adversaries.as_mut()) {
        (Some(v), Some(a)) => {
            set(a, v);
            true
        }
        // Without adversaries it is kept out (`applies` then says why).
        (Some(_), None) => true,
        (None, _) => false,
    }
}

pub const COUNT: Setting = Setting {
    key: "adv",
    id: "adversaries",
    label: "Adversaries γ",
    name: "The number of adversaries",
    help: "Servers that answer wrongly on purpose, inside [−M, M]; 0 for none.",
    group: Group::Stragglers,
    home: Home::Config("adversaries"),
    kind: Kind::Whole,
    text: |s| match s.config.adversaries.as_ref().map(|a| a.size) {
        Some(AdversaryCount::Count(c)) => c.to_string(),
        Some(AdversaryCount::Exponent(_)) | None => "0".into(),
    },
    read: |s, t| {
        let Some(c) = whole_in(t, ADV_COUNT_RANGE).filter(|&c| c <= s.config.n as u64) else {
            return false;
        };
        match (c, s.config.adversaries.as_ref().map(|a| a.size)) {
            (0, Some(AdversaryCount::Count(_))) => s.config.adversaries = None,
            (0, _) => {}
            (c, _) => adversaries(s).size = AdversaryCount::Count(c as usize),
        }
        true
    },
    rule: |s| {
        format!(
            "{}, at most N (now {})",
            whole_words(ADV_COUNT_RANGE),
            s.config.n
        )
    },
    check: |s| match s.config.adversaries.as_ref().map(|a| a.size) {
        Some(AdversaryCount::Count(c)) => c <= s.config.n,
        Some(AdversaryCount::Exponent(_)) | None => true,
    },
    ..BASE
};

pub const EXPONENT: Setting = Setting {
    key: "adv_exp",
    id: "adversaries-exponent",
    label: "… or exponent a (γ = ⌈N^a⌉)",
    name: "The adversaries' exponent",
    help: "Adversaries growing with N, γ = ⌈N^a⌉ (the paper's setting); empty for a count.",
    group: Group::Stragglers,
    home: Home::Config("adversaries"),
    kind: Kind::Text,
    text: |s| match s.config.adversaries.as_ref().map(|a| a.size) {
        Some(AdversaryCount::Exponent(a)) => short_number(a),
        Some(AdversaryCount::Count(_)) | None => String::new(),
    },
    read: |s, t| {
        if t.trim().is_empty() {
            if let Some(AdversaryCount::Exponent(_)) = s.config.adversaries.as_ref().map(|a| a.size)
            {
                s.config.adversaries = None;
            }
            return true;
        }
        // A count and an exponent together: the exponent is refused (its
        // notice says so) rather than one silently replacing the other.
        if let Some(AdversaryCount::Count(_)) = s.config.adversaries.as_ref().map(|a| a.size) {
            return false;
        }
        match number(t).filter(|a| (0.0..ADV_EXPONENT_END).contains(a)) {
            Some(a) => {
                adversaries(s).size = AdversaryCount::Exponent(a);
                true
            }
            None => false,
        }
    },
    rule: |_| {
        format!("a number from 0 to below {ADV_EXPONENT_END}, or empty, and not with a count")
    },
    ..BASE
};

pub const BOUND: Setting = Setting {
    key: "adv_bound",
    id: "adversaries-bound",
    label: "Box M",
    name: "The adversaries' bound M",
    help: "Adversaries answer inside [−M, M]; automatic: the largest |f(x_k)| over the data \
           points x_k, or 1 if every f(x_k) is 0.",
    group: Group::Stragglers,
    home: Home::Config("adversaries"),
    kind: Kind::NumberOrAuto {
        auto: "auto",
        auto_label: "automatic (largest |f(x_k)|)",
        offer: "3",
        now: automatic_bound,
    },
    text: |s| match s.config.adversaries.as_ref().and_then(|a| a.bound) {
        Some(m) => short_number(m),
        None => "auto".into(),
    },
    read: |s, t| {
        let bound = if t.trim() == "auto" {
            None
        } else {
            match number_in(t, ADV_BOUND_RANGE) {
                Some(m) => Some(m),
                None => return false,
            }
        };
        // Without adversaries it is kept out (`applies` then says why).
        if let Some(a) = s.config.adversaries.as_mut() {
            a.bound = bound;
        }
        true
    },
    rule: |_| format!("{}, or automatic", number_words(ADV_BOUND_RANGE)),
    applies: with_adversaries,
    ..BASE
};

/// e from 0 to the most servers (a value above N is refused by the check).
const TOLERANCE_RANGE: IntRange = IntRange {
    min: 0,
    max: N_RANGE.max,
};

pub const TOLERANCE: Setting = Setting {
    key: "tol",
    id: "tolerance",
    label: "Tolerance e",
    name: "The tolerance e",
    help: "How many adversaries ApproxIFER and the median drop try to find in a round; \
           automatic: as many as the round's answers leave room for, at most 10.",
    group: Group::Stragglers,
    home: Home::Config("tolerance"),
    kind: Kind::NumberOrAuto {
        auto: "auto",
        auto_label: "automatic (as many as the answers allow, at most 10)",
        offer: "3",
        now: no_one_value,
    },
    text: |s| s.config.tolerance.to_string(),
    read: |s, t| {
        if let Some(a) = AutoTolerance::parse(t.trim()) {
            s.config.tolerance = Tolerance::Auto(a);
            return true;
        }
        match whole_in(t, TOLERANCE_RANGE).filter(|&e| e <= s.config.n as u64) {
            Some(e) => {
                s.config.tolerance = Tolerance::Value(e as usize);
                true
            }
            None => false,
        }
    },
    rule: |s| {
        format!(
            "{}, at most N (now {}), or automatic",
            whole_words(TOLERANCE_RANGE),
            s.config.n
        )
    },
    check: |s| match s.config.tolerance {
        Tolerance::Value(e) => e <= s.config.n,
        Tolerance::Auto(_) => true,
    },
    ..BASE
};

/// The box M automatic stands for, as the worker's round computed it from
/// the data (the core's rule, never the page's).
fn automatic_bound(r: &RoundResult) -> Option<String> {
    r.automatic_adversary_bound.map(f4)
}

pub const ATTACK: Setting = Setting {
    key: "attack",
    id: "attack",
    label: "Attack",
    name: "The attack",
    help: "What an adversary sends (the playground's choices).",
    group: Group::Stragglers,
    home: Home::Config("adversaries"),
    kind: Kind::Choice(attack_choices),
    text: |s| choice_text(s, |a| a.attack),
    read: |s, t| read_choice(s, t, |a, v: Attack| a.attack = v),
    rule: |_| one_of(attack_choices),
    applies: with_adversaries,
    ..BASE
};

pub const PLACEMENT: Setting = Setting {
    key: "placement",
    id: "placement",
    label: "Placement",
    name: "The placement",
    help: "Which servers are adversarial (the playground's choices).",
    group: Group::Stragglers,
    home: Home::Config("adversaries"),
    kind: Kind::Choice(placement_choices),
    text: |s| choice_text(s, |a| a.placement),
    read: |s, t| read_choice(s, t, |a, v: Placement| a.placement = v),
    rule: |_| one_of(placement_choices),
    applies: with_adversaries,
    ..BASE
};
