//! `coded sweep --threads T` and `--shard I/M`, and `coded merge`: the same
//! bytes for every T, merged parts equal to the whole sweep byte for byte,
//! and every refusal one line with exit code 2.

mod common;

use common::{assert_refused, coded};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Small sweeps (debug builds run them): scalar and classifier functions,
/// iid p lists and non-iid models, a formula whose text spans two lines.
const SWEEPS: [(&str, &[&str]); 5] = [
    (
        r#"{"trials": 12, "noise": 0.01}"#,
        &[
            "--n",
            "10,20,40",
            "--p",
            "0.1,0.3",
            "--schemes",
            "bacc,letcc",
        ],
    ),
    (
        r#"{"function": "lenet5", "k": 3, "trials": 3}"#,
        &["--n", "6,9", "--p", "0.2", "--schemes", "bacc,letcc"],
    ),
    (
        r#"{"k": 5, "trials": 10, "stragglers": {"model": "fixed", "s": 2}}"#,
        &["--n", "8,16,32,64", "--schemes", "bacc,letcc,lcc"],
    ),
    (
        r#"{"k": 5, "trials": 10, "stragglers": {"model": "deadline"}}"#,
        &["--n", "10,30", "--schemes", "letcc"],
    ),
    (
        // A comma and a newline in the quoted `function` cell.
        r#"{"function": {"expr": "max(x, 0.5) +\n sin(x)"}, "k": 4, "trials": 6}"#,
        &["--n", "8,16", "--p", "0.1,0.2"],
    ),
];

fn sweep(config: &str, extra: &[&str], more: &[&str]) -> Output {
    let mut args = vec!["sweep", "--config", "-"];
    args.extend_from_slice(extra);
    args.extend_from_slice(more);
    let o = coded(&args, Some(config));
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("coded-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

/// The parts 1..=m of a sweep, written to files.
fn shards(dir: &Path, tag: &str, config: &str, extra: &[&str], m: usize) -> Vec<String> {
    (1..=m)
        .map(|i| {
            let part = format!("{i}/{m}");
            let o = sweep(config, extra, &["--shard", &part]);
            // A part prints no slopes: they need whole curves.
            assert!(
                o.stderr.is_empty(),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
            write(dir, &format!("{tag}-{i}-of-{m}.csv"), &o.stdout)
        })
        .collect()
}

fn merge(files: &[String]) -> Output {
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    coded(&args, None)
}

#[test]
fn every_thread_count_prints_the_same_bytes() {
    for (config, extra) in SWEEPS {
        let default = sweep(config, extra, &[]);
        assert!(!default.stderr.is_empty());
        for t in ["1", "2", "4"] {
            let o = sweep(config, extra, &["--threads", t]);
            assert_eq!(o.stdout, default.stdout, "{config} --threads {t}");
            assert_eq!(o.stderr, default.stderr, "{config} --threads {t}");
        }
    }
    // And the figure.
    let dir = scratch("threads-plot");
    let (config, extra) = SWEEPS[0];
    let svg = |t: &str| {
        let path = dir.join(format!("t{t}.svg"));
        sweep(
            config,
            extra,
            &["--threads", t, "--plot", path.to_str().unwrap()],
        );
        std::fs::read(path).unwrap()
    };
    assert_eq!(svg("1"), svg("3"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn merged_shards_are_the_whole_sweep_byte_for_byte() {
    let dir = scratch("shards");
    for (s, (config, extra)) in SWEEPS.iter().enumerate() {
        let whole = sweep(config, extra, &[]).stdout;
        for m in [1, 2, 3, 5] {
            let mut files = shards(&dir, &format!("s{s}"), config, extra, m);
            // Any order: reversed, then the first moved to the end.
            files.reverse();
            files.rotate_left(1);
            let o = merge(&files);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            assert!(o.stderr.is_empty());
            assert_eq!(
                String::from_utf8(o.stdout).unwrap(),
                String::from_utf8(whole.clone()).unwrap(),
                "{config} in {m} parts"
            );
        }
    }
    // The shard format: a mark, the study, the `point` column, the rows'
    // indices.
    let (config, extra) = SWEEPS[0];
    let text = String::from_utf8(sweep(config, extra, &["--shard", "2/3"]).stdout).unwrap();
    let mut lines = text.lines();
    let mark = lines.next().unwrap();
    assert!(
        mark.starts_with("# coded sweep shard 2/3 of sweep ") && mark.ends_with(", 12 points"),
        "{mark}"
    );
    let whole = String::from_utf8(sweep(config, extra, &[]).stdout).unwrap();
    assert_eq!(
        lines.next(),
        whole.lines().next(),
        "the whole sweep's study line"
    );
    assert!(lines
        .next()
        .unwrap()
        .starts_with("point,scheme,function,n,"));
    assert_eq!(lines.count(), 4, "12 points of equal-ish weight in 3 parts");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn merge_refuses_anything_but_every_part_of_one_sweep_once() {
    let dir = scratch("merge-refusals");
    let (config, extra) = SWEEPS[0];
    let parts = shards(&dir, "a", config, extra, 4);
    let other = shards(&dir, "b", r#"{"trials": 13}"#, extra, 4);
    let three = shards(&dir, "c", config, extra, 3);
    let garbage = write(&dir, "garbage.csv", b"scheme,function\nbacc,x_sin_x\n");
    let whole = write(&dir, "whole.csv", &sweep(config, extra, &[]).stdout);
    let empty = write(&dir, "empty.csv", b"");
    let text = std::fs::read_to_string(&parts[1]).unwrap();
    let cut = write(&dir, "cut.csv", text.trim_end().as_bytes());
    // The first row's index replaced by `x`.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let row = lines[3].split_once(',').unwrap().1;
    let unindexed = format!(
        "{}{}{}x,{row}{}",
        lines[0],
        lines[1],
        lines[2],
        lines[4..].concat()
    );
    let no_index = write(&dir, "no-index.csv", unindexed.as_bytes());
    // The last row twice.
    let doubled = format!("{text}{}", lines.last().unwrap());
    let doubled = write(&dir, "doubled.csv", doubled.as_bytes());
    // Another study line (a list in another order) under the same mark.
    let restudied = text.replacen("\"schemes\":[", "\"schemes\":[\"lcc\",", 1);
    assert_ne!(restudied, text);
    let restudied = write(&dir, "restudied.csv", restudied.as_bytes());
    let missing_file = dir.join("no-such.csv").to_str().unwrap().to_string();
    let p = |i: usize| parts[i].clone();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![p(0), p(1), other[2].clone(), p(3)], "different sweeps"),
        (vec![p(0), p(1), p(3)], "part 3 of 4 is missing"),
        (vec![p(3), p(0)], "parts 2, 3 of 4 are missing"),
        (
            vec![p(0), p(1), p(2), p(3), p(1)],
            "part 2 of 4 is given twice",
        ),
        (vec![p(0), p(1), three[2].clone()], "split two ways"),
        (vec![p(0), garbage.clone()], "is not a shard"),
        (vec![whole], "is not a shard"),
        (vec![empty], "is not a shard"),
        (vec![p(0), cut, p(2), p(3)], "cut short"),
        (vec![p(0), no_index, p(2), p(3)], "point index"),
        (vec![p(0), doubled, p(2), p(3)], "is in both"),
        (vec![p(0), restudied, p(2), p(3)], "different studies"),
        (vec![p(0), missing_file, p(2), p(3)], "cannot read"),
        (vec![], "needs the shard files"),
        (vec!["--threads".into(), "2".into()], "not options"),
    ];
    for (files, needle) in cases {
        assert_refused(&merge(&files), needle, &format!("{files:?}"));
    }
    // And the right parts still merge.
    assert!(merge(&parts).status.success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_threads_and_shards_are_one_line_and_exit_2() {
    let dir = scratch("bad-options");
    let svg = dir.join("x.svg");
    let cases: [(&[&str], &str); 10] = [
        (&["--threads", "0"], "--threads: must be at least 1"),
        (&["--threads", "two"], "--threads: `two`"),
        (&["--threads", "-1"], "--threads"),
        (&["--shard", "0/3"], "--shard: `0/3`"),
        (&["--shard", "4/3"], "--shard: `4/3`"),
        (&["--shard", "x/y"], "--shard: `x/y`"),
        (&["--shard", "1/0"], "--shard: `1/0`"),
        (&["--shard", "2"], "--shard: `2`"),
        (&["--shard", "1/2/3"], "--shard"),
        (
            &["--shard", "1/2", "--plot", svg.to_str().unwrap()],
            "--plot draws the whole sweep",
        ),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["sweep", "--config", "-"];
        args.extend_from_slice(extra);
        // No standard input: the options are refused before the config is read
        // (writing to a `coded` that has exited would fail).
        assert_refused(&coded(&args, None), needle, &format!("{extra:?}"));
    }
    assert!(!svg.exists());
    std::fs::remove_dir_all(&dir).ok();
}
