//! Configurations the core refuses, by the field the refusal names, and
//! the words of some of them. One table for every reader of a
//! configuration: the core's test reads the refusal from `Config::from_json`
//! (and the formula check the CLI runs after it), the CLI's from `coded`'s
//! standard error, where it reads ``coded: invalid `field`: words``. The
//! words of a refused choice list the choices: those are pinned once, by
//! the core's allowed-text test, so they are not pinned here.

/// Configurations refused, by the field the refusal names.
pub const REFUSED: &[(&str, &[&str])] = &[
    (
        "k",
        &[
            r#"{"k": -0.0}"#,
            r#"{"k": 0}"#,
            r#"{"k": 5.0}"#,
            r#"{"k": 50, "n": 40}"#,
        ],
    ),
    (
        "n",
        &[
            r#"{"n": 100000}"#,
            r#"{"n": "ten"}"#,
            r#"{"n": 18446744073709551616}"#,
        ],
    ),
    (
        "noise",
        &[
            r#"{"noise": "NaN"}"#,
            r#"{"noise": -0.1}"#,
            r#"{"noise": 1e4}"#,
        ],
    ),
    ("scheme", &[r#"{"scheme": "magic"}"#]),
    ("trials", &[r#"{"trials": [1]}"#, r#"{"trials": 0}"#]),
    (
        "seed",
        &[r#"{"seed": 9007199254740992}"#, r#"{"seed": -1}"#],
    ),
    (
        "function",
        &[
            r#"{"function": 3}"#,
            r#"{"function": {"expr": 3}}"#,
            r#"{"function": {"expr": "x", "degree": -1}}"#,
            r#"{"function": {"expr": "sin(3*x"}}"#,
            r#"{"function": {"expr": "y"}}"#,
            r#"{"function": "formula"}"#,
        ],
    ),
    (
        "stragglers",
        &[
            r#"{"stragglers": {"model": "iid", "p": 1.5}}"#,
            r#"{"stragglers": {"model": "zzz"}}"#,
            r#"{"stragglers": {"model": "fixed", "s": -3}}"#,
            r#"{"stragglers": {"model": "iid", "p": 0.5, "s": 3}}"#,
            r#"{"stragglers": {"model": "manual", "servers": [3, 3]}}"#,
            r#"{"n": 20, "stragglers": {"model": "manual", "servers": [2, 20]}}"#,
            r#"{"stragglers": {"model": "manual", "servers": [-1]}}"#,
        ],
    ),
    (
        "lambda_dec",
        &[
            r#"{"lambda_dec": -1}"#,
            r#"{"lambda_dec": "auto"}"#,
            r#"{"lambda_dec": null}"#,
        ],
    ),
    ("lambda_rule", &[r#"{"lambda_rule": "gcv"}"#]),
    (
        "adversaries",
        &[
            r#"{"adversaries": {"exponent": 1}}"#,
            r#"{"adversaries": {"count": 41}}"#,
            r#"{"adversaries": {"count": 1, "bound": 0}}"#,
            r#"{"adversaries": {"count": 1, "bound": -2}}"#,
            r#"{"adversaries": {"count": 1, "attack": "loud"}}"#,
            r#"{"adversaries": {}}"#,
        ],
    ),
    ("bogus", &[r#"{"bogus": 1}"#]),
    (
        "(json)",
        &[
            r#"{"lambda_enc": 1e999}"#,
            r#"{"k": 4, "k": 40}"#,
            "[1]",
            "{",
        ],
    ),
];

/// The words of some of them, as the core says them.
pub const WORDS: &[(&str, &str)] = &[
    (r#"{"k": -0.0}"#, "got -0.0; expected a whole number from 1 to min(n, 1024)"),
    (r#"{"noise": "NaN"}"#, "got the text “NaN”; expected a number in [0, 1e3]"),
    (r#"{"trials": [1]}"#, "got a list; expected a whole number from 1 to 10000"),
    (r#"{"function": {"expr": 3}}"#, "\"expr\" must be a string (the formula in x)"),
    (r#"{"function": {"expr": "x", "degree": -1}}"#, "\"degree\" is not a whole number; expected a whole number from 0 to 64 (or no \"degree\": not a polynomial)"),
    (r#"{"k": 4, "k": 40}"#, "the key “k” appears twice in the outermost object (at line 1, column 12)"),
];

/// Every refused configuration: its JSON, the field named and the words
/// pinned ("" where only the field is).
pub fn refusals() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    REFUSED.iter().flat_map(|&(field, texts)| {
        texts.iter().map(move |&json| {
            let words = WORDS
                .iter()
                .find(|(j, _)| *j == json)
                .map_or("", |(_, w)| w);
            (json, field, words)
        })
    })
}
