//! The `coded` CLI's contract: JSON of a round, CSV of a sweep, and bad input
//! as one line on stderr with exit code 2.

mod common;

use coded_testing::refusals::refusals;
use common::{assert_refused, coded};
use std::process::Output;

/// BACC and LeTCC at N = 20, 40, 80 and p = 0.1, 0.3, the configuration
/// from standard input.
const SWEEP_TWO_P: [&str; 9] = [
    "sweep",
    "--config",
    "-",
    "--n",
    "20,40,80",
    "--p",
    "0.1,0.3",
    "--schemes",
    "bacc,letcc",
];

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// `coded` refuses `args` in one line that says `needle` (returned).
fn refused(args: &[&str], stdin: Option<&str>, needle: &str) -> String {
    assert_refused(&coded(args, stdin), needle, &format!("{args:?} {stdin:?}"))
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
    let o = coded(&SWEEP_TWO_P, Some(r#"{"trials": 20}"#));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let mut lines = text.lines();
    // First the study the rows come from: `# ` and one line of JSON.
    let study: serde_json::Value =
        serde_json::from_str(lines.next().unwrap().strip_prefix("# ").unwrap()).unwrap();
    assert_eq!(study["config"]["trials"], 20);
    assert_eq!(study["config"]["noise"], 0.0, "every field, defaults too");
    assert_eq!(study["schemes"], serde_json::json!(["bacc", "letcc"]));
    assert_eq!(study["n"], serde_json::json!([20, 40, 80]));
    assert_eq!(study["p"], serde_json::json!([0.1, 0.3]));
    assert_eq!(
        lines.next().unwrap(),
        "scheme,function,n,p,trials,failures,mse_mean,mse_std,rmse_mean,rmse_std,lost_mean,\
         max_error_mean,max_error_std,rel_error_mean,rel_error_std,detection_mean"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2 * 2 * 3);
    assert!(rows[0].starts_with("bacc,x_sin_x,20,0.1,20,0,"));
    assert!(!text.contains("NaN"));
    let err = String::from_utf8(o.stderr).unwrap();
    let slopes: Vec<&str> = err.lines().filter(|l| l.starts_with("slope ")).collect();
    assert_eq!(slopes.len(), 4);
    // Each with its 95 % interval around it: "-2.905 [-3.012, -2.801]".
    for line in &slopes {
        let (_, numbers) = line.split_once(": ").unwrap();
        let v: Vec<f64> = numbers
            .split([' ', '[', ']', ','])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        assert!(v.len() == 3 && v[1] < v[0] && v[0] < v[2], "{line}");
    }
    // Over a range: other slopes; a range that is not one: exit 2.
    let ranged = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "20,40,80",
            "--slope-range",
            "40..80",
        ],
        Some(r#"{"trials": 20}"#),
    );
    assert!(ranged.status.success());
    let ranged = String::from_utf8(ranged.stderr).unwrap();
    assert!(ranged.starts_with("slope bacc p=0.2: "), "{ranged}");
    refused(
        &["sweep", "--config", "-", "--slope-range", "80..40"],
        Some(r#"{"trials": 2}"#),
        "not a range of N",
    );
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
        refused(args, stdin, needle);
    }
}

#[test]
fn sweep_plot_writes_the_error_vs_n_figure() {
    let dir = std::env::temp_dir().join(format!("coded-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("out.svg");
    let plain = coded(&SWEEP_TWO_P, Some(r#"{"trials": 10}"#));
    let o = coded(
        &[&SWEEP_TWO_P[..], &["--plot", svg.to_str().unwrap()]].concat(),
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
        let printed = line.split(": ").nth(1).unwrap();
        let slope: f64 = printed.split(' ').next().unwrap().parse().unwrap();
        let shown = format!("BACC, p = 0.1 (slope {:.2} [", slope).replace('-', "−");
        assert!(text.contains(&shown), "{shown} missing");
    }
    assert!(text.contains("abstract, BACC"));
    assert!(!text.contains("NaN"));
    // An unwritable path is an error with exit code 2 (its line follows the
    // slopes': the sweep ran before the plot is written).
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
    let header = text.lines().nth(1).unwrap();
    assert!(header.ends_with(
        "rmse_std,rel_acc_mean,rel_acc_std,acc_mean,acc_std,lost_mean,\
         max_error_mean,max_error_std,rel_error_mean,rel_error_std,detection_mean"
    ));
    assert_eq!(text.lines().count(), 3);
}

/// The CSV's lines after its study line (`# {…}`), which is checked.
fn table_lines(csv: &str) -> std::str::Lines<'_> {
    let (study, rest) = csv.split_once('\n').unwrap();
    assert!(study.starts_with("# {"), "{study}");
    rest.lines()
}

/// The CSV's rows as (scheme, n, mse_mean).
fn mse_rows(csv: &str) -> Vec<(String, usize, f64)> {
    let mut lines = table_lines(csv);
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (s, n, m) = (col("scheme"), col("n"), col("mse_mean"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (
                f[s].to_string(),
                f[n].parse().unwrap(),
                f[m].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn noise_reaches_the_answers_and_bacc_floors_while_letcc_falls() {
    let config = r#"{"scheme": "letcc", "noise": 0.1, "trials": 20,
                     "stragglers": {"model": "iid", "p": 0.1}}"#;
    let o = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "160,640,2560",
            "--schemes",
            "bacc,letcc",
        ],
        Some(config),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = mse_rows(&stdout(&o));
    let of =
        |scheme: &str| -> Vec<f64> { rows.iter().filter(|r| r.0 == scheme).map(|r| r.2).collect() };
    let (bacc, letcc) = (of("bacc"), of("letcc"));
    assert!(bacc[2] > bacc[0] / 2.0, "BACC floors: {bacc:?}");
    assert!(letcc[2] < letcc[0] / 6.0, "LeTCC falls: {letcc:?}");
    // `coded config` fills in noise 0, and a round carries noisy answers.
    let o = coded(&["config", "--config", "-"], Some("{}"));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["noise"], 0.0);
    let o = coded(
        &["round", "--config", "-"],
        Some(r#"{"n": 20, "noise": 0.5}"#),
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let quiet = coded(&["round", "--config", "-"], Some(r#"{"n": 20}"#));
    let q: serde_json::Value = serde_json::from_str(&stdout(&quiet)).unwrap();
    assert_eq!(v["coded_inputs"], q["coded_inputs"]);
    assert_ne!(v["outputs"], q["outputs"]);
}

#[test]
fn a_manual_pattern_straggles_exactly_its_servers() {
    let o = coded(
        &["round", "--config", "-", "--trial", "7"],
        Some(r#"{"n": 16, "k": 4, "stragglers": {"model": "manual", "servers": [12, 3, 7]}}"#),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let down: Vec<usize> = v["straggled"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.as_bool().unwrap())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(down, [3, 7, 12]);
    let survivors: Vec<u64> = v["survivors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(survivors.len(), 13);
    assert!(survivors.iter().all(|s| ![3, 7, 12].contains(s)));
    assert_eq!(v["longest_straggler_run"], 1);
    // In a sweep, N = 8 keeps servers 3 and 7; every trial is the same
    // pattern, so the error has no spread.
    let o = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "8,16,32",
            "--schemes",
            "bacc",
        ],
        Some(r#"{"k": 4, "trials": 5, "stragglers": {"model": "manual", "servers": [3, 7, 12]}}"#),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = stdout(&o);
    let header: Vec<&str> = table_lines(&csv).next().unwrap().split(',').collect();
    let std_col = header.iter().position(|h| *h == "mse_std").unwrap();
    for line in table_lines(&csv).skip(1) {
        let std: f64 = line.split(',').nth(std_col).unwrap().parse().unwrap();
        assert_eq!(std, 0.0, "{line}");
    }
}

#[test]
fn bad_noise_and_manual_patterns_are_one_line_naming_the_field() {
    let cases = [
        (r#"{"noise": -1}"#, "`noise`"),
        (r#"{"noise": 1e9}"#, "`noise`"),
        (r#"{"noise": "loud"}"#, "`noise`"),
        (
            r#"{"stragglers": {"model": "manual", "servers": [1, 1]}}"#,
            "listed twice",
        ),
        (
            r#"{"n": 10, "stragglers": {"model": "manual", "servers": [10]}}"#,
            "server 10 does not exist",
        ),
        (
            r#"{"stragglers": {"model": "manual", "servers": "1,2"}}"#,
            "`stragglers`",
        ),
        (
            r#"{"stragglers": {"model": "manual", "servers": [1], "p": 0.5}}"#,
            "`stragglers`",
        ),
    ];
    for (config, needle) in cases {
        let err = refused(&["round", "--config", "-"], Some(config), needle);
        assert!(err.contains("stragglers") || err.contains("noise"), "{err}");
    }
}

#[test]
fn a_study_reruns_its_lists_and_plain_configs_still_work() {
    let config = r#"{"trials": 12, "k": 6, "n": 30}"#;
    let flags = coded(
        &[
            "sweep",
            "--config",
            "-",
            "--n",
            "10,20",
            "--p",
            "0.1,0.3",
            "--schemes",
            "bacc,letcc",
        ],
        Some(config),
    );
    assert!(
        flags.status.success(),
        "{}",
        String::from_utf8_lossy(&flags.stderr)
    );
    // The page's export: N below K (here 4) is left out as the page does.
    let study = format!(
        r#"{{"config": {config}, "schemes": ["bacc", "letcc"], "n": [20, 4, 10], "p": [0.1, 0.3]}}"#
    );
    let o = coded(&["sweep", "--config", "-"], Some(&study));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), stdout(&flags));
    assert!(String::from_utf8_lossy(&o.stderr).contains("N below K = 6 left out: [4]"));
    // Flags replace the study's lists.
    let o = coded(
        &["sweep", "--config", "-", "--schemes", "letcc"],
        Some(&study),
    );
    let text = stdout(&o);
    assert_eq!(table_lines(&text).count(), 1 + 2 * 2);
    assert!(table_lines(&text).skip(1).all(|l| l.starts_with("letcc,")));
    // A plain Config: its own N, model and scheme.
    let o = coded(&["sweep", "--config", "-"], Some(config));
    let text = stdout(&o);
    assert_eq!(table_lines(&text).count(), 2);
    assert!(table_lines(&text)
        .nth(1)
        .unwrap()
        .starts_with("bacc,x_sin_x,30,"));
    // Its first line is a study that reruns it: the same bytes.
    let first = text.lines().next().unwrap().strip_prefix("# ").unwrap();
    let again = coded(&["sweep", "--config", "-"], Some(first));
    assert_eq!(stdout(&again), text);
    // A study with the page's saved results: the CLI reruns it and
    // ignores them.
    let saved = format!(
        r#"{{"config": {config}, "results": {{"curves": {{"curves": []}}, "table": null}}}}"#
    );
    let o = coded(&["sweep", "--config", "-"], Some(&saved));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), text);
    // A bad study is one line naming its key.
    refused(
        &["sweep", "--config", "-"],
        Some(r#"{"config": {}, "n": "x"}"#),
        "`n`",
    );
}

#[test]
fn refusals_are_words_and_a_key_given_twice_is_named() {
    // The core's table, then what only a file read by the CLI can hold: a
    // study around the configuration, brackets nested past the reader's
    // depth.
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let mut cases: Vec<(&str, &str, &str)> = refusals().collect();
    cases.extend([
        (
            r#"{"config": {"stragglers": {"model": "iid", "p": 0.1, "p": 0.3}}}"#,
            "(json)",
            "the key “p” appears twice in “config.stragglers” (at line 1, column 56)",
        ),
        (
            nested.as_str(),
            "(json)",
            "not valid JSON: its brackets nest more than 128 deep (at line 1, column 128)",
        ),
    ]);
    for (config, field, words) in cases {
        let head = format!("coded: invalid `{field}`: ");
        for command in ["round", "sweep"] {
            let o = coded(&[command, "--config", "-"], Some(config));
            assert_eq!(o.status.code(), Some(2), "{config}");
            let err = String::from_utf8(o.stderr).unwrap();
            let err = err.trim_end();
            assert!(err.starts_with(&head), "{command} {config}: {err}");
            if !words.is_empty() {
                assert_eq!(&err[head.len()..], words, "{command} {config}");
            }
        }
    }
}

#[test]
fn the_study_line_lists_the_p_it_ran_under_independent_stragglers_only() {
    let iid = r#"{"trials": 3, "stragglers": {"model": "iid", "p": 0.05}}"#;
    let o = coded(&["sweep", "--config", "-", "--schemes", "bacc"], Some(iid));
    let text = stdout(&o);
    let first = text.lines().next().unwrap();
    assert!(
        first.ends_with(r#""schemes":["bacc"],"n":[40],"p":[0.05]}"#),
        "{first}"
    );
    // The line reruns to the same bytes.
    let again = coded(
        &["sweep", "--config", "-"],
        Some(first.strip_prefix("# ").unwrap()),
    );
    assert_eq!(stdout(&again), text);
    let fixed = r#"{"trials": 3, "stragglers": {"model": "fixed", "s": 2}}"#;
    let o = coded(&["sweep", "--config", "-"], Some(fixed));
    assert!(stdout(&o)
        .lines()
        .next()
        .unwrap()
        .ends_with(r#""n":[40],"p":null}"#));
}
