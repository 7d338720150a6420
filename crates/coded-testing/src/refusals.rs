//! Configurations the core refuses: the JSON, the field the refusal names
//! and, where a test pins them, its words. One table for every reader of a
//! configuration: the core's test reads the refusal from `Config::from_json`
//! (and the formula check the CLI runs after it), the CLI's from `coded`'s
//! standard error, where it reads ``coded: invalid `field`: words``. The
//! words of a refused choice list the choices: those are pinned once, by
//! the core's allowed-text test, so they are not pinned here.

/// (JSON, field, words): `words` is "" where only the field is pinned.
pub const REFUSALS: &[(&str, &str, &str)] = &[
    (
        r#"{"k": -0.0}"#,
        "k",
        "got -0.0; expected a whole number from 1 to min(n, 1024)",
    ),
    (r#"{"k": 0}"#, "k", ""),
    (r#"{"k": 5.0}"#, "k", ""),
    (r#"{"k": 50, "n": 40}"#, "k", ""),
    (r#"{"n": 100000}"#, "n", ""),
    (r#"{"n": "ten"}"#, "n", ""),
    (r#"{"n": 18446744073709551616}"#, "n", ""),
    (
        r#"{"noise": "NaN"}"#,
        "noise",
        "got the text “NaN”; expected a number in [0, 1e3]",
    ),
    (r#"{"noise": -0.1}"#, "noise", ""),
    (r#"{"noise": 1e4}"#, "noise", ""),
    (r#"{"scheme": "magic"}"#, "scheme", ""),
    (
        r#"{"trials": [1]}"#,
        "trials",
        "got a list; expected a whole number from 1 to 10000",
    ),
    (r#"{"trials": 0}"#, "trials", ""),
    (r#"{"seed": 9007199254740992}"#, "seed", ""),
    (r#"{"seed": -1}"#, "seed", ""),
    (r#"{"function": 3}"#, "function", ""),
    (
        r#"{"function": {"expr": 3}}"#,
        "function",
        "\"expr\" must be a string (the formula in x)",
    ),
    (
        r#"{"function": {"expr": "x", "degree": -1}}"#,
        "function",
        "\"degree\" is not a whole number; expected a whole number from 0 to 64 (or no \"degree\": not a polynomial)",
    ),
    (r#"{"function": {"expr": "sin(3*x"}}"#, "function", ""),
    (r#"{"function": {"expr": "y"}}"#, "function", ""),
    (r#"{"function": "formula"}"#, "function", ""),
    (r#"{"stragglers": {"model": "iid", "p": 1.5}}"#, "stragglers", ""),
    (r#"{"stragglers": {"model": "zzz"}}"#, "stragglers", ""),
    (r#"{"stragglers": {"model": "fixed", "s": -3}}"#, "stragglers", ""),
    (r#"{"stragglers": {"model": "iid", "p": 0.5, "s": 3}}"#, "stragglers", ""),
    (
        r#"{"stragglers": {"model": "manual", "servers": [3, 3]}}"#,
        "stragglers",
        "",
    ),
    (
        r#"{"n": 20, "stragglers": {"model": "manual", "servers": [2, 20]}}"#,
        "stragglers",
        "",
    ),
    (
        r#"{"stragglers": {"model": "manual", "servers": [-1]}}"#,
        "stragglers",
        "",
    ),
    (r#"{"lambda_dec": -1}"#, "lambda_dec", ""),
    (r#"{"lambda_dec": "auto"}"#, "lambda_dec", ""),
    (r#"{"lambda_dec": null}"#, "lambda_dec", ""),
    (r#"{"lambda_rule": "gcv"}"#, "lambda_rule", ""),
    (r#"{"adversaries": {"exponent": 1}}"#, "adversaries", ""),
    (r#"{"adversaries": {"count": 41}}"#, "adversaries", ""),
    (r#"{"adversaries": {"count": 1, "bound": 0}}"#, "adversaries", ""),
    (r#"{"adversaries": {"count": 1, "bound": -2}}"#, "adversaries", ""),
    (r#"{"adversaries": {"count": 1, "attack": "loud"}}"#, "adversaries", ""),
    (r#"{"adversaries": {}}"#, "adversaries", ""),
    (r#"{"bogus": 1}"#, "bogus", ""),
    (r#"{"lambda_enc": 1e999}"#, "(json)", ""),
    (
        r#"{"k": 4, "k": 40}"#,
        "(json)",
        "the key “k” appears twice in the outermost object (at line 1, column 12)",
    ),
    ("[1]", "(json)", ""),
    ("{", "(json)", ""),
];
