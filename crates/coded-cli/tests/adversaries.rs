//! The CLI's contract for adversarial servers: a round names them and shows
//! what they sent, a sweep runs them, and bad settings are one line naming
//! `adversaries` with exit code 2.

mod common;

use common::{assert_refused, coded};

#[test]
fn a_round_names_its_adversaries_and_what_they_sent() {
    let config = r#"{"n": 30, "k": 5, "stragglers": {"model": "fixed", "s": 3},
        "adversaries": {"count": 4, "bound": 7, "attack": "edge", "placement": "block"}}"#;
    let o = coded(&["round", "--config", "-", "--trial", "2"], Some(config));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let adv: Vec<usize> = serde_json::from_value(v["adversaries"].clone()).unwrap();
    assert_eq!(adv.len(), 4);
    // A block: adjacent servers (β in order of the index or its reverse).
    assert_eq!(adv[3] - adv[0], 3, "{adv:?}");
    for &s in &adv {
        assert_eq!(v["outputs"][s][0], 7.0, "the box's edge");
    }
    // Without adversaries the field is left out: a round's JSON without
    // them has no field for them.
    let o = coded(&["round", "--config", "-"], Some(r#"{"n": 30}"#));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.get("adversaries").is_none());
    let o = coded(&["config", "--config", "-"], Some("{}"));
    assert!(!String::from_utf8_lossy(&o.stdout).contains("adversaries"));
}

#[test]
fn a_sweep_with_an_exponent_runs_and_prints_its_slopes() {
    let config = r#"{"k": 10, "trials": 3, "lambda_rule": "adversarial",
        "stragglers": {"model": "fixed", "s": 0},
        "adversaries": {"exponent": 0.3, "placement": "nearest"}}"#;
    let args = [
        "sweep",
        "--config",
        "-",
        "--n",
        "40,160",
        "--schemes",
        "bacc,letcc",
    ];
    let o = coded(&args, Some(config));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("slope letcc"), "{err}");
    let csv = String::from_utf8(o.stdout).unwrap();
    assert!(
        csv.lines().next().unwrap().contains("\"adversaries\""),
        "the study line records them"
    );
}

#[test]
fn bad_adversaries_are_one_line_naming_the_setting_and_exit_2() {
    let cases = [
        (r#"{"adversaries": {"exponent": 1}}"#, "exponent 1"),
        (r#"{"adversaries": {"exponent": -0.5}}"#, "exponent -0.5"),
        (
            r#"{"n": 20, "adversaries": {"count": 21}}"#,
            "more than the 20 servers",
        ),
        (r#"{"adversaries": {"count": 2, "bound": 0}}"#, "bound 0"),
        (r#"{"adversaries": {"count": 2, "bound": -3}}"#, "bound -3"),
        (r#"{"adversaries": {"count": 2, "bound": 1e13}}"#, "bound"),
        (
            r#"{"adversaries": {"count": 2, "attack": "loud"}}"#,
            "`adversaries`",
        ),
        (
            r#"{"adversaries": {"count": 2, "exponent": 0.2}}"#,
            "exactly one",
        ),
    ];
    for (config, needle) in cases {
        for command in ["round", "sweep"] {
            let o = coded(&[command, "--config", "-"], Some(config));
            let err = assert_refused(&o, needle, &format!("{command} {config}"));
            assert!(err.contains("adversaries"), "{err}");
        }
    }
    // γ above a sweep's N is refused too.
    let o = coded(
        &["sweep", "--config", "-", "--n", "10,40"],
        Some(r#"{"k": 5, "adversaries": {"count": 12}}"#),
    );
    assert_eq!(o.status.code(), Some(2));
}
