//! The `coded` CLI's contract for your own f, `"function": {"expr": …}`:
//! a valid formula runs and its numbers are the formula's; a malformed one
//! is one line on stderr naming `function` and the position, exit code 2;
//! over 500 characters is refused; where the formula is not a finite
//! number the round fails with a reason and a sweep counts it, with no NaN
//! anywhere in the output.

mod common;

use common::assert_refused;
use serde_json::Value;
use std::process::Output;

/// `coded` with a configuration on standard input.
fn coded(args: &[&str], stdin: &str) -> Output {
    common::coded(args, Some(stdin))
}

fn config(expr: &str, rest: &str) -> String {
    let f = serde_json::json!({ "expr": expr });
    format!(r#"{{"function": {f}{rest}}}"#)
}

fn round(cfg: &str) -> Value {
    let o = coded(&["round", "--config", "-"], cfg);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
    serde_json::from_str(&text).unwrap()
}

fn column(v: &Value, key: &str) -> Vec<Option<f64>> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[0].as_f64())
        .collect()
}

/// The round's exact values and every server's answer are the formula at
/// the round's own inputs and coded inputs, computed here in Rust.
#[test]
fn a_formula_runs_and_its_values_are_the_formula() {
    use std::f64::consts::{E, PI};
    type Case = (&'static str, fn(f64) -> f64);
    let cases: [Case; 6] = [
        ("sin(3*x) + x^2", |x| (3.0 * x).sin() + x.powf(2.0)),
        ("pi*x^2 - e", |x| PI * x.powf(2.0) - E),
        ("2^x + x^3", |x| 2f64.powf(x) + x.powf(3.0)),
        ("min(x, 0.5) + max(x^2, 1, -x)", |x| {
            x.min(0.5) + x.powf(2.0).max(1.0).max(-x)
        }),
        ("exp(-(x^2)/2) * cos(pi()*x) + e()", |x| {
            (-(x.powf(2.0)) / 2.0).exp() * (PI * x).cos() + E
        }),
        ("sqrt(abs(x)) + ln(1 + x^2) - log(100)", |x| {
            x.abs().sqrt() + (1.0 + x.powf(2.0)).ln() - 2.0
        }),
    ];
    for scheme in ["bacc", "letcc"] {
        for (expr, f) in cases {
            let v = round(&config(
                expr,
                &format!(r#", "scheme": "{scheme}", "k": 6, "n": 24"#),
            ));
            assert_eq!(v["function"]["expr"], expr);
            assert_eq!(v["failed"], false, "{expr}: {}", v["failure"]);
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs().max(1.0);
            for (x, y) in column(&v, "inputs").into_iter().zip(column(&v, "exact")) {
                let (x, y) = (x.unwrap(), y.unwrap());
                assert!((-3.0..=3.0).contains(&x), "inputs drawn from [−3, 3]");
                assert!(close(y, f(x)), "{expr} at {x}: {y} vs {}", f(x));
            }
            let coded_inputs = column(&v, "coded_inputs");
            assert_eq!(coded_inputs.len(), 24);
            for (x, y) in coded_inputs.into_iter().zip(column(&v, "outputs")) {
                let (x, y) = (x.unwrap(), y.unwrap());
                assert!(close(y, f(x)), "{expr} at {x}: {y} vs {}", f(x));
            }
            assert!(v["squared_error"].as_f64().unwrap().is_finite());
        }
    }
    // `coded config` prints the formula back exactly.
    let text = config("min(x, 1) + 100 % 7 − x", r#", "k": 3"#);
    let o = coded(&["config", "--config", "-"], &text);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["function"]["expr"], "min(x, 1) + 100 % 7 − x");
}

#[test]
fn a_malformed_formula_is_one_line_naming_function_and_where() {
    let cases = [
        ("sin(3*x", "at the end (character 8"),
        ("3x + 1", "character 2"),
        ("x + * 2", "character 5"),
        ("sin(x) + y", "character 10"),
        ("-x^2", "character 3"),
        ("", "empty"),
    ];
    for (expr, place) in cases {
        for command in ["round", "sweep", "config"] {
            let o = coded(&[command, "--config", "-"], &config(expr, ""));
            let err = assert_refused(&o, "`function`", expr);
            assert!(err.contains(place), "{expr}: {err}");
        }
    }
    let o = coded(&["round", "--config", "-"], &config("sin(3*x", ""));
    assert_eq!(
        String::from_utf8(o.stderr).unwrap().trim_end(),
        "coded: invalid `function`: the formula is not valid at the end (character 8, after \
         “sin(3*x”): “sin(” is not closed: a “)” is missing"
    );
    // Not a formula object, or a bad degree: the field is named too.
    for text in [
        r#"{"function": {"expr": 5}}"#,
        r#"{"function": {"expr": "x", "degree": 65}}"#,
        r#"{"function": {"text": "x"}}"#,
        r#"{"function": "formula"}"#,
    ] {
        assert_refused(
            &coded(&["round", "--config", "-"], text),
            "`function`",
            text,
        );
    }
}

#[test]
fn over_500_characters_is_refused() {
    let at_limit = format!("x{}", " + x".repeat(124)); // 497 characters
    assert!(at_limit.len() <= 500);
    let v = round(&config(&at_limit, r#", "k": 3, "n": 6"#));
    assert_eq!(v["failed"], false);
    let long = format!("{at_limit} + 1.0");
    assert_eq!(long.chars().count(), 503);
    let o = coded(&["round", "--config", "-"], &config(&long, ""));
    let err = assert_refused(&o, "503 characters; at most 500", "503 characters");
    assert!(err.contains("`function`"), "{err}");
}

#[test]
fn a_formula_that_is_not_finite_fails_its_rounds_with_a_reason() {
    // ln(x) at the negative inputs, and 1/0 everywhere: every round fails.
    for (expr, why) in [
        ("ln(x)", "f is not a finite number at the input x = -"),
        ("1/0 + x", "f is not a finite number at the input x = "),
    ] {
        let v = round(&config(expr, r#", "k": 8, "n": 20"#));
        assert_eq!(v["failed"], true, "{expr}");
        let failure = v["failure"].as_str().unwrap();
        assert!(failure.starts_with(why), "{expr}: {failure}");
        assert!(failure.ends_with("so the error cannot be measured"));
        assert!(v["estimates"].is_null() && v["squared_error"].is_null());
        // The values that are not numbers are null, never NaN.
        assert!(column(&v, "exact").iter().any(Option::is_none), "{expr}");
        let o = coded(
            &["sweep", "--config", "-", "--n", "10,20", "--p", "0.1"],
            &config(expr, r#", "k": 8, "n": 20, "trials": 7"#),
        );
        assert!(o.status.success());
        let csv = String::from_utf8(o.stdout).unwrap();
        assert!(!csv.contains("NaN") && !csv.contains("inf"), "{csv}");
        // The study line, the header, then the rows.
        assert!(csv.starts_with("# {"), "{csv}");
        for row in csv.lines().skip(2) {
            // scheme,"formula",n,p,trials,failures,mse_mean,…: all 7 failed,
            // no error to average (the formulas here have no comma).
            let cells: Vec<&str> = row.split(',').collect();
            assert_eq!(cells[1], format!("\"{expr}\""), "{row}");
            assert_eq!(&cells[4..7], ["7", "7", ""], "{row}");
        }
    }
    // ln(2.5 − x) is finite at every input of seed 2, but BACC's coded
    // inputs pass 2.5 at some servers: the rounds in which one of those
    // answers fail (named), the others decode, and the sweep counts them.
    let text = config(
        "ln(2.5 - x)",
        r#", "k": 5, "n": 20, "seed": 2, "trials": 20, "stragglers": {"model": "iid", "p": 0.3}"#,
    );
    let o = coded(
        &["sweep", "--config", "-", "--schemes", "bacc,letcc"],
        &text,
    );
    assert!(o.status.success());
    let csv = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(2)
        .map(|r| r.split(',').collect())
        .collect();
    let failures = |scheme: &str| -> usize {
        rows.iter().find(|r| r[0] == scheme).unwrap()[5]
            .parse()
            .unwrap()
    };
    assert!((1..20).contains(&failures("bacc")), "{csv}");
    assert_eq!(failures("letcc"), 0, "{csv}");
    assert!(!csv.contains("NaN"));
    let mut named = false;
    for trial in 0..20 {
        let trial = trial.to_string();
        let o = coded(
            &["round", "--config", "-", "--trial", &trial],
            &text.replace("{\"function\"", "{\"scheme\": \"bacc\", \"function\""),
        );
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(!out.contains("NaN"));
        let v: Value = serde_json::from_str(&out).unwrap();
        if v["failed"] == true {
            let failure = v["failure"].as_str().unwrap();
            assert!(
                failure.starts_with("f is not a finite number at server ")
                    && failure.contains("coded input x̃ = "),
                "{failure}"
            );
            named = true;
        }
    }
    assert!(named);
}
