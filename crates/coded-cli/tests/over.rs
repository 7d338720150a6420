//! `coded sweep --over SETTING --values LIST`: error against any setting of
//! the core's table of axes (the contract: an N sweep's columns after the
//! setting's value, the study with its `over` on the first line, bad input
//! one line and exit code 2).

mod common;
use common::{assert_refused, coded};

const CONFIG: &str = r#"{"trials": 12, "k": 5, "n": 20, "seed": 3}"#;

fn ok(args: &[&str], stdin: &str) -> String {
    let o = coded(args, Some(stdin));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_setting_by_its_name_or_link_key_gives_its_column_and_the_n_sweeps() {
    let by_name = ok(
        &[
            "sweep",
            "--config",
            "-",
            "--over",
            "noise",
            "--values",
            "0,0.01,0.1",
            "--schemes",
            "bacc,letcc",
        ],
        CONFIG,
    );
    let by_key = ok(
        &[
            "sweep",
            "--config",
            "-",
            "--over",
            "sigma",
            "--values",
            "0,0.01,0.1",
            "--schemes",
            "bacc,letcc",
        ],
        CONFIG,
    );
    assert_eq!(by_name, by_key);
    let mut lines = by_name.lines();
    let study = lines.next().unwrap();
    assert!(
        study.ends_with(r#""over":{"setting":"noise","values":[0.0,0.01,0.1]}}"#),
        "{study}"
    );
    assert_eq!(
        lines.next().unwrap(),
        "noise,scheme,function,n,p,trials,failures,mse_mean,mse_std,rmse_mean,rmse_std,lost_mean,max_error_mean,max_error_std,rel_error_mean,rel_error_std,detection_mean"
    );
    let rows: Vec<&str> = lines.collect();
    let firsts: Vec<String> = rows
        .iter()
        .map(|r| r.split(',').take(2).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(
        firsts,
        [
            "0,bacc",
            "0.01,bacc",
            "0.1,bacc",
            "0,letcc",
            "0.01,letcc",
            "0.1,letcc"
        ]
    );
    // σ = 0 is the configuration's own point: the N sweep's row at its N,
    // byte for byte after the value.
    let plain = ok(
        &["sweep", "--config", "-", "--schemes", "bacc,letcc"],
        CONFIG,
    );
    let plain_rows: Vec<&str> = plain.lines().skip(2).collect();
    assert_eq!(rows[0].strip_prefix("0,").unwrap(), plain_rows[0]);
    assert_eq!(rows[3].strip_prefix("0,").unwrap(), plain_rows[1]);
    // More noise, more error for BACC.
    let mse = |r: &str| r.split(',').nth(7).unwrap().parse::<f64>().unwrap();
    assert!(mse(rows[2]) > mse(rows[0]));
}

#[test]
fn k_and_the_first_line_rerun_it() {
    let csv = ok(
        &[
            "sweep", "--config", "-", "--over", "k", "--values", "2,5,10",
        ],
        CONFIG,
    );
    let ks: Vec<&str> = csv
        .lines()
        .skip(2)
        .map(|r| r.split(',').next().unwrap())
        .collect();
    assert_eq!(ks, ["2", "5", "10"]);
    let study = csv.lines().next().unwrap().strip_prefix("# ").unwrap();
    assert_eq!(ok(&["sweep", "--config", "-"], study), csv);
}

#[test]
fn over_n_is_the_n_sweep_byte_for_byte() {
    let over = coded(
        &["sweep", "--config", "-", "--over", "n", "--values", "20,40"],
        Some(CONFIG),
    );
    let plain = coded(&["sweep", "--config", "-", "--n", "20,40"], Some(CONFIG));
    assert_eq!(over.stdout, plain.stdout);
    assert_eq!(over.stderr, plain.stderr);
    assert!(!String::from_utf8(plain.stdout).unwrap().contains("over"));
}

#[test]
fn unknown_settings_and_bad_values_are_one_line_and_exit_2() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["--over", "colour", "--values", "1"],
            "`colour` is not a setting",
        ),
        (
            &["--over", "k", "--values", "2,x"],
            "--values: `x` is not a number",
        ),
        (
            &["--over", "k", "--values", "2,30"],
            "K = 30 cannot be used",
        ),
        (
            &["--over", "k", "--values", "2.5"],
            "K = 2.5 cannot be used: K takes whole numbers",
        ),
        (
            &["--over", "noise", "--values", "-1"],
            "σ = -1 cannot be used",
        ),
        (&["--values", "1"], "--over"),
        (&["--over", "p", "--p", "0.1"], "--p"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["sweep", "--config", "-"];
        args.extend_from_slice(extra);
        assert_refused(&coded(&args, Some(CONFIG)), needle, &format!("{args:?}"));
    }
}
