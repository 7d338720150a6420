//! Property tests of `Config::from_json`, the parser of the CLI's `--config`
//! and of exported JSON: whatever the text, it never panics; `Ok` is always
//! a configuration that validates (and survives its own JSON); `Err` always
//! names a field, in words (no serde message).
//!
//! Case counts are explicit constants so a run states how much was covered:
//! together they make [`TOTAL_CASES`] (≥ 100 000) parses per `cargo test`.
//! Each case is one small parse, so the whole file runs in a few seconds in
//! a debug build.
#![cfg(not(target_arch = "wasm32"))]

use coded_core::limits::{MAX_K, MAX_N, MAX_SEED, MAX_TRIALS};
use coded_core::{Config, LambdaDec};
use proptest::prelude::*;

use coded_testing::strategies::{any_valid_config, cfg};

/// Arbitrary text (mostly not JSON at all, some of it JSON-like).
const TEXT_CASES: u32 = 20_000;
/// Objects built from the real field names with wild values.
const FIELD_CASES: u32 = 70_000;
/// Arbitrary JSON documents (any shape, nested).
const VALUE_CASES: u32 = 10_000;
/// Valid configurations written with `to_json` and read back.
const ROUNDTRIP_CASES: u32 = 10_000;
/// What one `cargo test` parses in all (the closing note quotes it).
pub const TOTAL_CASES: u32 = TEXT_CASES + FIELD_CASES + VALUE_CASES + ROUNDTRIP_CASES;

// The core's own list: a copy here went stale when `noise` was added.
use coded_core::config::FIELD_NAMES;

/// JSON texts of wild values: numbers at and beyond every limit, numbers
/// that are not numbers in JSON (NaN, 1e999), wrong types, near-miss names.
fn wild_scalar() -> impl Strategy<Value = String> {
    let fixed = prop::sample::select(vec![
        "0",
        "1",
        "-1",
        "2",
        "5",
        "10",
        "40",
        "0.0",
        "1.0",
        "5.0",
        "-0",
        "-0.0",
        "0.5",
        "1e-300",
        "1e-320",
        "5e-324",
        "-5e-324",
        "1e300",
        "1.0000000000000002e300",
        "1e308",
        "1e999",
        "-1e999",
        "1e-999",
        "NaN",
        "nan",
        "Infinity",
        "-Infinity",
        "inf",
        "8192",
        "8193",
        "1024",
        "1025",
        "10000",
        "10001",
        "9007199254740991",
        "9007199254740992",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "340282366920938463463374607431768211456",
        "1e6",
        "1000000.000001",
        "null",
        "true",
        "false",
        "[]",
        "{}",
        "[1]",
        "\"\"",
        "\"gcv\"",
        "\"GCV\"",
        "\"auto\"",
        "\"bacc\"",
        "\"BACC\"",
        "\"letcc\"",
        "\"lcc\"",
        "\"uncoded\"",
        "\"replication\"",
        "\"x_sin_x\"",
        "\"cubic\"",
        "\"abs\"",
        "\"lenet5\"",
        "\"chebyshev\"",
        "\"equispaced\"",
        "\"fixed\"",
        "\"shrink\"",
        "\"iid\"",
        "\"1e-6\"",
        "\"10\"",
        "\"\\u0000\"",
        "\"日本語\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud800\"",
        "0x10",
        "1_000",
        "+1",
        ".5",
        "5.",
        "01",
        "1e",
        "\"",
    ])
    .prop_map(str::to_string);
    prop_oneof![
        4 => fixed,
        1 => any::<i64>().prop_map(|v| v.to_string()),
        1 => any::<u64>().prop_map(|v| v.to_string()),
        1 => any::<f64>().prop_map(|v| if v.is_finite() { format!("{v:e}") } else { "1e999".into() }),
        1 => (0u64..20_000).prop_map(|v| v.to_string()),
        1 => (-1e7f64..1e7).prop_map(|v| v.to_string()),
        1 => "\\PC{0,12}".prop_map(|s| serde_json::Value::String(s).to_string()),
    ]
}

/// A straggler model object with wild parameters, missing ones, extra ones.
fn wild_stragglers() -> impl Strategy<Value = String> {
    let model = prop::sample::select(vec![
        "\"iid\"",
        "\"fixed\"",
        "\"block\"",
        "\"deadline\"",
        "\"zzz\"",
        "1",
        "null",
    ]);
    let key = prop::sample::select(vec![
        "p", "s", "shift", "rate", "deadline", "model", "q", "S",
    ]);
    (
        prop::option::weighted(0.9, model),
        prop::collection::vec((key, wild_scalar()), 0..4),
    )
        .prop_map(|(m, params)| {
            let mut parts: Vec<String> = m.map(|m| format!("\"model\":{m}")).into_iter().collect();
            parts.extend(params.into_iter().map(|(k, v)| format!("\"{k}\":{v}")));
            format!("{{{}}}", parts.join(","))
        })
}

/// A formula object (`"function": {"expr": …}`) with valid, malformed and
/// wild formulas, degrees and keys.
fn wild_formula() -> impl Strategy<Value = String> {
    let expr = prop_oneof![
        prop::sample::select(vec![
            "sin(3*x) + x^2",
            "sin(3*x",
            "-x^2",
            "ln(x)",
            "1/0",
            "y",
            "print(x)",
            "x && 1 % 2",
            "max(x, 1)",
            "",
            "3x",
            "x − 1",
        ])
        .prop_map(str::to_string),
        "\\PC{0,20}",
        (490usize..520).prop_map(|n| "x".repeat(n)),
    ]
    .prop_map(|t| serde_json::Value::String(t).to_string());
    let key = prop::sample::select(vec!["expr", "expr", "degree", "text"]);
    prop::collection::vec((key, prop_oneof![2 => expr, 1 => wild_scalar()]), 0..3).prop_map(
        |pairs| {
            let body: Vec<String> = pairs.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
            format!("{{{}}}", body.join(","))
        },
    )
}

fn wild_value() -> impl Strategy<Value = String> {
    prop_oneof![6 => wild_scalar(), 2 => wild_stragglers(), 1 => wild_formula()]
}

/// `{"field": value, ...}` with real names (sometimes misspelt, sometimes
/// repeated) and wild values.
fn wild_object() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        10 => prop::sample::select(FIELD_NAMES.to_vec()).prop_map(str::to_string),
        1 => prop::sample::select(vec!["K", "N", "Scheme", "lambda", "stragglers ", "", "model"])
            .prop_map(str::to_string),
        1 => "\\PC{0,6}",
    ];
    prop::collection::vec((key, wild_value()), 0..8).prop_map(|pairs| {
        let body: Vec<String> = pairs
            .into_iter()
            .map(|(k, v)| format!("{}: {v}", serde_json::Value::String(k)))
            .collect();
        format!("{{{}}}", body.join(", "))
    })
}

/// Any JSON document, nested.
fn any_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>().prop_map(serde_json::Value::from),
        "\\PC{0,8}".prop_map(serde_json::Value::from),
        prop::sample::select(FIELD_NAMES.to_vec()).prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![
                        prop::sample::select(FIELD_NAMES.to_vec()).prop_map(str::to_string),
                        "\\PC{0,6}"
                    ],
                    inner
                ),
                0..6
            )
            .prop_map(|kv| serde_json::Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// The keys of the text's top-level object, if it is one.
fn object_keys(text: &str) -> Option<Vec<String>> {
    match serde_json::from_str::<serde_json::Value>(text).ok()? {
        serde_json::Value::Object(m) => Some(m.keys().cloned().collect()),
        _ => None,
    }
}

/// Equal, bit for bit in every float (PartialEq, and -0 ≠ 0 would matter
/// only for signs, which validation keeps non-negative).
fn same_config(a: &Config, b: &Config) -> bool {
    a == b
}

/// What serde's own messages say and a person's must not: its names of
/// Rust's types and its quotes.
const SERDE_WORDS: [&str; 11] = [
    "invalid type",
    "invalid value",
    "unknown variant",
    "variant",
    "u64",
    "f64",
    "usize",
    "i64",
    "`",
    "EOF",
    "struct",
];

/// The contract every parse must keep, whatever the text.
fn check(text: &str) -> Result<(), TestCaseError> {
    match Config::from_json(text) {
        Ok(c) => {
            prop_assert!(c.validate().is_ok(), "accepted but invalid: {text} → {c:?}");
            let again = Config::from_json(&c.to_json());
            prop_assert!(
                again.as_ref().is_ok_and(|b| same_config(b, &c)),
                "{text}: its own JSON does not read back: {again:?}"
            );
        }
        Err(e) => {
            let shown = e.to_string();
            prop_assert!(
                shown.contains(&format!("`{}`", e.field)) && !e.message.is_empty(),
                "{text}: {shown}"
            );
            // In words: none of serde's names of Rust's types or its quotes
            // (unless the text itself holds them, which a message may quote).
            for rust in SERDE_WORDS.iter().filter(|w| !text.contains(*w)) {
                prop_assert!(!e.message.contains(rust), "{text}: {}", e.message);
            }
            // A key given twice: the document is at fault, naming the key.
            if e.field == "(json)" && e.message.contains("appears twice") {
                return Ok(());
            }
            match object_keys(text) {
                // Not an object: the document as a whole is at fault.
                None => prop_assert_eq!(e.field.as_str(), "(json)", "{}", text),
                // An object: the error names one of its keys, or K when the
                // object's N is below the default K (the pair is checked as K).
                Some(keys) => prop_assert!(
                    keys.contains(&e.field) || (e.field == "k" && keys.iter().any(|k| k == "n")),
                    "{text}: error names `{}`, not a key of the object",
                    e.field
                ),
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cfg(TEXT_CASES))]
    #[test]
    fn from_json_of_arbitrary_text_never_panics(
        text in prop_oneof![
            "\\PC{0,40}",
            "[\\{\\}\\[\\]\":,0-9a-z_ .eE+-]{0,40}",
            ".{0,20}",
        ]
    ) {
        check(&text)?;
    }
}

proptest! {
    #![proptest_config(cfg(FIELD_CASES))]
    #[test]
    fn from_json_of_real_fields_with_wild_values_is_valid_or_names_a_field(
        text in wild_object()
    ) {
        check(&text)?;
    }
}

proptest! {
    #![proptest_config(cfg(VALUE_CASES))]
    #[test]
    fn from_json_of_any_json_document_is_valid_or_names_a_field(v in any_json()) {
        check(&v.to_string())?;
        // The same value handed over without text: the same answer.
        prop_assert_eq!(Config::from_value(&v), Config::from_json(&v.to_string()));
    }
}

proptest! {
    #![proptest_config(cfg(ROUNDTRIP_CASES))]
    #[test]
    fn every_valid_config_survives_its_json(c in any_valid_config()) {
        prop_assert!(c.validate().is_ok(), "{c:?}");
        let back = Config::from_json(&c.to_json());
        prop_assert!(back.as_ref().is_ok_and(|b| same_config(b, &c)), "{c:?} → {back:?}");
        check(&c.to_json())?;
    }
}

// At least 10⁵ parses per run, checked when compiling.
const _: () = assert!(TOTAL_CASES >= 100_000);

// Regression and named edge cases of the parser.

#[test]
fn limits_are_accepted_and_one_past_them_rejected_naming_field_and_limit() {
    let ok = [
        format!(r#"{{"n": {MAX_N}, "k": {MAX_K}}}"#),
        format!(r#"{{"trials": {MAX_TRIALS}}}"#),
        format!(r#"{{"seed": {MAX_SEED}}}"#),
        r#"{"lambda_enc": 1e300, "lambda_dec": 1e300}"#.to_string(),
        r#"{"lambda_enc": 0, "lambda_dec": 0}"#.to_string(),
        format!(r#"{{"stragglers": {{"model": "fixed", "s": {MAX_N}}}}}"#),
        r#"{"stragglers": {"model": "deadline", "shift": 1e6, "rate": 1e6, "deadline": 1e6}}"#
            .to_string(),
    ];
    for text in &ok {
        let c = Config::from_json(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        c.validate().unwrap();
    }
    let bad = [
        (format!(r#"{{"n": {}}}"#, MAX_N + 1), "n", "8192"),
        (
            format!(r#"{{"n": {MAX_N}, "k": {}}}"#, MAX_K + 1),
            "k",
            "1024",
        ),
        (
            format!(r#"{{"trials": {}}}"#, MAX_TRIALS + 1),
            "trials",
            "10000",
        ),
        (
            format!(r#"{{"seed": {}}}"#, MAX_SEED + 1),
            "seed",
            "9007199254740991",
        ),
        (
            r#"{"lambda_enc": 1.0000000000000001e301}"#.to_string(),
            "lambda_enc",
            "1e300",
        ),
        (
            r#"{"lambda_dec": 2e300}"#.to_string(),
            "lambda_dec",
            "1e300",
        ),
        (
            r#"{"lambda_dec": -1e-300}"#.to_string(),
            "lambda_dec",
            "[0, 1e300]",
        ),
        (
            format!(
                r#"{{"stragglers": {{"model": "block", "s": {}}}}}"#,
                MAX_N + 1
            ),
            "stragglers",
            "8192",
        ),
        (
            r#"{"stragglers": {"model": "deadline", "rate": 1000000.000001}}"#.to_string(),
            "stragglers",
            "1e6",
        ),
        (
            r#"{"stragglers": {"model": "deadline", "rate": 0}}"#.to_string(),
            "stragglers",
            "(0,1e6]",
        ),
        (
            r#"{"stragglers": {"model": "iid", "p": 1.0000000000000002}}"#.to_string(),
            "stragglers",
            "0..1",
        ),
        (r#"{"n": 0}"#.to_string(), "n", "8192"),
        (r#"{"k": 0}"#.to_string(), "k", "1024"),
        (r#"{"trials": 0}"#.to_string(), "trials", "10000"),
    ];
    for (text, field, limit) in &bad {
        let e = Config::from_json(text).unwrap_err();
        assert_eq!(&e.field, field, "{text}: {e}");
        let shown = e.to_string();
        assert!(
            shown.contains(&format!("`{field}`")) && shown.contains(limit),
            "{text}: `{shown}` should name `{field}` and the limit {limit}"
        );
    }
}

#[test]
fn config_json_reads_back_bit_for_bit_when_the_core_is_built_alone() {
    // Found by `from_json_of_any_json_document_…`: serde_json's default float
    // parser read 1.6364862833472497e-249 as …495e-249. The CLI is built
    // without the app (whose serde_json has float_roundtrip), so an exported
    // configuration could come back one ulp off. coded-core now asks for
    // float_roundtrip itself.
    for v in [
        1.6364862833472497e-249,
        0.30000000000000004,
        9.999999999999999e299,
    ] {
        let c = Config {
            lambda_enc: v,
            lambda_dec: LambdaDec::Value(v),
            ..Config::default()
        };
        assert_eq!(Config::from_json(&c.to_json()).unwrap(), c);
        let t = format!(r#"{{"lambda_enc": {v:e}}}"#);
        assert_eq!(
            Config::from_json(&t).unwrap().lambda_enc.to_bits(),
            v.to_bits()
        );
    }
}
