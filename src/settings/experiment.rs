//! The settings of the experiment: every `Config` field but the straggler
//! model and its parameters (`stragglers`).

use coded_core::functions::FORMULA_NAME;
use coded_core::lambda::AutoLambda;
use coded_core::limits::{
    k_range, DEGREE_RANGE, K_RANGE, LAMBDA_RANGE, MAX_FORMULA_CHARS, NOISE_RANGE, N_RANGE,
    SEED_RANGE, TRIALS_RANGE,
};
use coded_core::{Config, Formula, FunctionKind, LambdaDec, LambdaRule};

use crate::refused_formulas;

use super::choices::{function_choices, lambda_rule_choices, point_choices, scheme_choices};
use super::model::{
    config_number, config_whole, no_one_value, Group, Home, Kind, LinkState, Setting, BASE,
};
use super::parse::{
    number_in, number_words, one_of, short_number, whole_in, whole_words, wire, wire_name,
};

pub const SCHEME: Setting = Setting {
    key: "sc",
    id: "scheme",
    label: "Scheme shown",
    name: "The scheme",
    help: "Drawn in the round panels; what the CLI's coded round runs.",
    group: Group::Scheme,
    home: Home::Config("scheme"),
    kind: Kind::Choice(scheme_choices),
    text: |s| wire_name(&s.config.scheme),
    read: |s, t| wire(t).map(|v| s.config.scheme = v).is_some(),
    rule: |_| one_of(scheme_choices),
    ..BASE
};

/// The formula when f is one, else the one a person starts from.
fn formula_of(s: &LinkState) -> Formula {
    match s.config.function.formula() {
        Some(f) => f.clone(),
        None => Formula::default_formula(),
    }
}

/// The formula's text and degree apply only when f is a formula.
fn when_formula(s: &LinkState, what: &str) -> Result<(), String> {
    match s.config.function.formula() {
        Some(_) => Ok(()),
        None => Err(format!(
            "{what} is a setting of your own formula only (the function “your own formula”), not of {}",
            s.config.function.title()
        )),
    }
}

pub const FUNCTION: Setting = Setting {
    key: "fn",
    id: "function",
    label: "Function f",
    name: "The function",
    help: "What every server computes on its coded input.",
    group: Group::Computation,
    home: Home::Config("function"),
    kind: Kind::Choice(function_choices),
    text: |s| s.config.function.name().to_string(),
    // Choosing the formula keeps the one there is, or starts from the
    // default (the formula's own field then reads its text).
    read: |s, t| {
        if t.trim() == FORMULA_NAME {
            s.config.function = FunctionKind::Formula(formula_of(s));
            return true;
        }
        FunctionKind::parse(t.trim())
            .map(|f| s.config.function = f)
            .is_some()
    },
    rule: |_| one_of(function_choices),
    ..BASE
};

pub const FORMULA: Setting = Setting {
    key: "expr",
    id: "formula",
    label: "Formula f(x)",
    name: "The formula",
    help: "Your own f(x), x in [−3, 3]: + − * / ^ and brackets, numbers, pi, e, and sin, cos, \
           tan, asin, acos, atan, sinh, cosh, tanh, exp, ln, log (base 10; log(b, v): base b), \
           sqrt, abs, sign, min, max, floor, ceil, round. Write −x² as -(x^2). A round fails \
           where f is not a finite number.",
    group: Group::Computation,
    home: Home::Config("function"),
    kind: Kind::Text,
    text: |s| formula_of(s).text().to_string(),
    // The page checks only the length (it holds no formula reader); the
    // worker checks the rest and its refusals are remembered
    // (`refused_formulas`). The degree declared stays with the new text.
    read: |s, t| match Formula::new(t) {
        Ok(f) if refused_formulas::refusal(t).is_none() => {
            let degree = formula_of(s).degree();
            s.config.function = FunctionKind::Formula(f.with_degree(degree));
            true
        }
        _ => false,
    },
    rule: |_| format!("a formula in x of at most {MAX_FORMULA_CHARS} characters"),
    why: Some(|t| match Formula::new(t) {
        Err(e) => Some(e.message),
        Ok(_) => refused_formulas::refusal(t),
    }),
    applies: |s| when_formula(s, "The formula"),
    ..BASE
};

pub const DEGREE: Setting = Setting {
    key: "deg",
    id: "degree",
    label: "Polynomial degree (for LCC)",
    name: "The degree",
    help: "A formula is not a polynomial unless you say so here: LCC then waits for \
           D(K − 1) + 1 answers instead of K (not checked).",
    group: Group::Computation,
    home: Home::Config("function"),
    kind: Kind::NumberOrAuto {
        auto: "none",
        auto_label: "not a polynomial",
        offer: "3",
        now: no_one_value,
    },
    text: |s| {
        formula_of(s)
            .degree()
            .map_or_else(|| "none".into(), |d| d.to_string())
    },
    read: |s, t| {
        let degree = if t.trim() == "none" {
            None
        } else {
            match whole_in(t, DEGREE_RANGE) {
                Some(d) => Some(d as usize),
                None => return false,
            }
        };
        s.config.function = FunctionKind::Formula(formula_of(s).with_degree(degree));
        true
    },
    rule: |_| format!("{}, or not a polynomial", whole_words(DEGREE_RANGE)),
    applies: |s| when_formula(s, "The degree"),
    ..BASE
};

pub const K: Setting = Setting {
    key: "k",
    id: "k",
    label: "K (inputs)",
    name: "K",
    help: "How many inputs x_k the master wants f of.",
    group: Group::Computation,
    home: Home::Config("k"),
    kind: Kind::Whole,
    text: |s| s.config.k.to_string(),
    read: |s, t| {
        whole_in(t, K_RANGE)
            .map(|v| s.config.k = v as usize)
            .is_some()
    },
    rule: |s| {
        let r = k_range(s.config.n);
        if r.max < K_RANGE.max {
            format!(
                "a whole number from {} to N (now {}; at most {})",
                r.min, s.config.n, K_RANGE.max
            )
        } else {
            whole_words(r)
        }
    },
    check: |s| k_range(s.config.n).contains(s.config.k as u64),
    // The default K, or N when that is smaller.
    fallback: Some(|s| Config::default().k.min(s.config.n).max(1).to_string()),
    ..BASE
};

pub const N: Setting = config_whole!(Whole n in N_RANGE, {
    key: "n",
    id: "n",
    label: "N (servers)",
    name: "N",
    help: "How many servers compute, each on one coded input.",
    group: Group::Computation,
});

pub const POINTS: Setting = Setting {
    key: "pt",
    id: "points",
    label: "Point set",
    name: "The point set",
    help: "Where the α's (data) and β's (servers) sit in [−1, 1].",
    group: Group::Computation,
    home: Home::Config("points"),
    kind: Kind::Choice(point_choices),
    text: |s| wire_name(&s.config.points),
    read: |s, t| wire(t).map(|v| s.config.points = v).is_some(),
    rule: |_| one_of(point_choices),
    ..BASE
};

pub const NOISE: Setting = config_number!(noise in NOISE_RANGE, {
    key: "sigma",
    id: "noise",
    label: "Noise σ",
    name: "The noise σ",
    help: "Every answer gets independent N(0, σ²) noise; 0 for exact servers.",
    group: Group::Computation,
});

pub const LAMBDA_ENC: Setting = config_number!(lambda_enc in LAMBDA_RANGE, {
    key: "le",
    id: "lambda-enc",
    label: "λ_enc",
    name: "λ_enc",
    help: "Encoder smoothing; 0 interpolates the inputs exactly.",
    group: Group::Smoothing,
});

pub const LAMBDA_DEC: Setting = Setting {
    key: "ld",
    id: "lambda-dec",
    label: "λ_dec",
    name: "λ_dec",
    help: "Decoder smoothing: fit against smoothness.",
    group: Group::Smoothing,
    home: Home::Config("lambda_dec"),
    kind: Kind::NumberOrAuto {
        auto: "gcv",
        auto_label: "automatic (GCV, per round)",
        offer: "1e-6",
        now: no_one_value,
    },
    text: |s| match s.config.lambda_dec {
        LambdaDec::Value(v) => short_number(v),
        LambdaDec::Auto(a) => a.name().into(),
    },
    read: |s, t| {
        if let Some(a) = AutoLambda::parse(t.trim()) {
            s.config.lambda_dec = LambdaDec::Auto(a);
            return true;
        }
        number_in(t, LAMBDA_RANGE)
            .map(|v| s.config.lambda_dec = LambdaDec::Value(v))
            .is_some()
    },
    rule: |_| format!("{}, or automatic", number_words(LAMBDA_RANGE)),
    ..BASE
};

pub const LAMBDA_RULE: Setting = Setting {
    key: "lr",
    id: "lambda-rule",
    label: "λ_dec rule",
    name: "The λ_dec rule",
    help: "How λ_dec changes with N and the adversaries.",
    details: Some(lambda_rule_details),
    group: Group::Smoothing,
    home: Home::Config("lambda_rule"),
    kind: Kind::Choice(lambda_rule_choices),
    text: |s| wire_name(&s.config.lambda_rule),
    read: |s, t| wire(t).map(|v| s.config.lambda_rule = v).is_some(),
    rule: |_| one_of(lambda_rule_choices),
    ..BASE
};

/// Every rule of λ_dec, by its label, with what it does (the core's words).
fn lambda_rule_details() -> String {
    LambdaRule::ALL
        .iter()
        .map(|r| format!("{}: {}.", r.label(), r.about()))
        .collect::<Vec<_>>()
        .join(" ")
}

pub const TRIALS: Setting = config_whole!(Whole trials in TRIALS_RANGE, {
    key: "tr",
    id: "trials",
    label: "Trials",
    name: "The number of trials",
    help: "Straggler draws averaged in the table and the curves.",
    group: Group::MonteCarlo,
});

pub const SEED: Setting = config_whole!(Seed seed in SEED_RANGE, {
    key: "seed",
    id: "seed",
    label: "Seed",
    name: "The seed",
    help: "Fixes the inputs and every straggler draw.",
    group: Group::MonteCarlo,
});
