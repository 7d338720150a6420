//! The `coded` CLI's contract: JSON of a round, CSV of a sweep, and bad input
//! as one line on stderr with exit code 2.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn coded(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_coded"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn round_prints_the_contract_fields() {
    let o = coded(
        &["round", "--config", "-"],
        Some(r#"{"scheme": "letcc", "k": 4, "n": 12}"#),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let len = |k: &str| v[k].as_array().unwrap().len();
    assert_eq!(len("alphas"), 4);
    assert_eq!(len("betas"), 12);
    assert_eq!(len("inputs"), 4);
    assert_eq!(len("coded_inputs"), 12);
    assert_eq!(len("outputs"), 12);
    assert_eq!(len("exact"), 4);
    let asc = |k: &str| {
        let a: Vec<f64> = v[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        a.windows(2).all(|w| w[0] < w[1])
    };
    assert!(asc("alphas") && asc("betas") && asc("survivors"));
    assert_eq!(v["failed"], false);
    assert!(v["squared_error"].as_f64().unwrap() >= 0.0);
    assert_eq!(len("estimates"), 4);
}

#[test]
fn failed_round_has_null_estimates() {
    let o = coded(
        &["round", "--config", "-"],
        Some(r#"{"stragglers": {"model": "iid", "p": 1}}"#),
    );
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["failed"], true);
    assert!(v["estimates"].is_null() && v["squared_error"].is_null());
}

#[test]
fn sweep_prints_csv_and_slopes() {
    let o = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "20,40,80",
            "--p",
            "0.1,0.3",
            "--schemes",
            "bacc,letcc",
        ],
        Some(r#"{"trials": 20}"#),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "scheme,function,n,p,trials,failures,mse_mean,mse_std,rmse_mean,rmse_std,lost_mean"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2 * 2 * 3);
    assert!(rows[0].starts_with("bacc,x_sin_x,20,0.1,20,0,"));
    assert!(!text.contains("NaN"));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().filter(|l| l.starts_with("slope ")).count(), 4);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: [(&[&str], Option<&str>, &str); 8] = [
        (&["round", "--config", "-"], Some(r#"{"k": 0}"#), "`k`"),
        (
            &["round", "--config", "-"],
            Some(r#"{"n": 10, "k": 20}"#),
            "`k`",
        ),
        (&["round", "--config", "-"], Some("not json"), "JSON"),
        (
            &["round", "--config", "/nonexistent/file.json"],
            None,
            "cannot read",
        ),
        (&["round"], None, "--config"),
        (
            &["sweep", "--config", "-", "--n", "10,abc"],
            Some("{}"),
            "--n",
        ),
        (
            &["sweep", "--config", "-", "--p", "1.5"],
            Some("{}"),
            "stragglers",
        ),
        (&["frobnicate"], None, "unknown command"),
    ];
    for (args, stdin, needle) in cases {
        let o = coded(args, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn sweep_plot_writes_the_error_vs_n_figure() {
    let dir = std::env::temp_dir().join(format!("coded-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("out.svg");
    let plain = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "20,40,80",
            "--p",
            "0.1,0.3",
            "--schemes",
            "bacc,letcc",
        ],
        Some(r#"{"trials": 10}"#),
    );
    let o = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "20,40,80",
            "--p",
            "0.1,0.3",
            "--schemes",
            "bacc,letcc",
            "--plot",
            svg.to_str().unwrap(),
        ],
        Some(r#"{"trials": 10}"#),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The CSV is unchanged by --plot.
    assert_eq!(stdout(&o), stdout(&plain));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{}", &text[..80.min(text.len())]);
    assert!(text.contains("Mean squared error vs N"));
    // Legend: each curve with its fitted slope, as printed on stderr.
    let err = String::from_utf8(o.stderr).unwrap();
    for line in err.lines().filter(|l| l.starts_with("slope bacc p=0.1")) {
        let slope: f64 = line.rsplit(' ').next().unwrap().parse().unwrap();
        let shown = format!("BACC, p = 0.1 (slope {:.2})", slope).replace('-', "−");
        assert!(text.contains(&shown), "{shown} missing");
    }
    assert!(text.contains("abstract, BACC"));
    assert!(!text.contains("NaN"));
    // An unwritable path is a one-line error with exit code 2.
    let bad = coded(
        &["sweep", "--config", "-", "--plot", "/nonexistent-dir/x.svg"],
        Some(r#"{"trials": 2}"#),
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8(bad.stderr)
        .unwrap()
        .contains("cannot write"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn model_reports_provenance_and_measured_accuracy() {
    let o = coded(&["model"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["weights"]["framework"], "candle-nn");
    assert_eq!(v["digits_accuracy"]["total"], 500);
    assert!(v["digits_accuracy"]["accuracy"].as_f64().unwrap() >= 0.95);
}

#[test]
fn lenet_sweep_has_accuracy_columns() {
    let o = coded(
        &["sweep", "--config", "-", "--n", "30"],
        Some(r#"{"function": "lenet5", "scheme": "bacc", "k": 5, "n": 30, "trials": 3}"#),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let header = text.lines().next().unwrap();
    assert!(header.ends_with("rmse_std,rel_acc_mean,rel_acc_std,acc_mean,acc_std,lost_mean"));
    assert_eq!(text.lines().count(), 2);
}
