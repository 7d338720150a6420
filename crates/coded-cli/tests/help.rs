//! `coded --help`, `coded <command> --help`, `--version`, completions, and
//! refused command lines: help on stdout with exit code 0, the same text on
//! every terminal (the docs embed it); a bad option or value one line on
//! stderr with exit code 2.

mod common;

use common::{assert_refused, coded};
use std::process::{Command, Output};

/// Each command and what its help must mention: every option it takes.
const COMMANDS: [(&str, &[&str]); 7] = [
    (
        "",
        &[
            "round",
            "sweep",
            "merge",
            "model",
            "config",
            "completions",
            "--version",
        ],
    ),
    ("round", &["--config <FILE>", "--trial <T>"]),
    (
        "sweep",
        &[
            "--config <FILE>",
            "--n <N,...>",
            "--p <P,...>",
            "--schemes <SCHEME,...>",
            "--plot <FILE>",
            "--threads <T>",
            "--shard <I/M>",
        ],
    ),
    ("merge", &["[FILE]..."]),
    ("model", &[]),
    ("config", &["--config <FILE>"]),
    ("completions", &["<SHELL>", "bash, zsh, fish"]),
];

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `coded [command] flag`, with the terminal width the environment claims.
fn help(command: &str, flag: &str, columns: &str) -> Output {
    let args: Vec<&str> = [command, flag]
        .into_iter()
        .filter(|a| !a.is_empty())
        .collect();
    Command::new(env!("CARGO_BIN_EXE_coded"))
        .args(args)
        .env("COLUMNS", columns)
        .output()
        .unwrap()
}

#[test]
fn every_command_has_help_naming_each_option() {
    for (command, options) in COMMANDS {
        let o = help(command, "--help", "100");
        assert_eq!(o.status.code(), Some(0), "{command}");
        assert!(o.stderr.is_empty(), "{command}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(out.contains("Usage: coded"), "{command}: {out}");
        assert!(out.contains("-h, --help"), "{command}: {out}");
        for option in options {
            assert!(
                out.contains(option),
                "{command} --help lacks {option}: {out}"
            );
        }
        // The same text for -h, for `coded help <command>`, and on any
        // terminal: no colour, no wrapping to the window.
        for (flag, columns) in [("-h", "100"), ("--help", "40")] {
            let other = help(command, flag, columns);
            assert_eq!(
                text(&other.stdout),
                out,
                "{command} {flag} COLUMNS={columns}"
            );
        }
        if !command.is_empty() {
            let o = coded(&["help", command], None);
            assert_eq!(text(&o.stdout), out, "coded help {command}");
        }
        assert!(!out.contains('\u{1b}'), "{command}: escape codes");
        for line in out.lines() {
            assert!(line.chars().count() <= 100, "{command}: too wide: {line}");
        }
    }
}

#[test]
fn help_states_defaults_and_the_checked_ranges() {
    use coded_core::limits::{N_RANGE, P_RANGE, TRIALS_RANGE};
    let sweep = text(&help("sweep", "--help", "100").stdout);
    for needle in [
        format!("each {N_RANGE}"),
        format!("each in {P_RANGE}"),
        "bacc, letcc, lcc, uncoded".into(),
        "1 <= I <= M".into(),
        "[default: every core]".into(),
        "[default: the configuration's scheme, or the study's list]".into(),
    ] {
        assert!(
            sweep.contains(&needle),
            "sweep --help lacks {needle}: {sweep}"
        );
    }
    let round = text(&help("round", "--help", "100").stdout);
    assert!(round.contains(&format!("trials {TRIALS_RANGE}")), "{round}");
    assert!(round.contains("[default: 0]"), "{round}");
}

#[test]
fn version_is_the_package_version() {
    for flag in ["--version", "-V"] {
        let o = coded(&[flag], None);
        assert_eq!(o.status.code(), Some(0));
        let expected = format!("coded {}\n", env!("CARGO_PKG_VERSION"));
        assert_eq!(text(&o.stdout), expected);
        assert!(o.stderr.is_empty());
    }
}

#[test]
fn completions_are_scripts_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let o = coded(&["completions", shell], None);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let out = text(&o.stdout);
        assert!(out.contains("sweep") && out.contains("shard"), "{shell}");
    }
}

#[test]
fn a_bad_option_or_value_is_one_line_naming_it() {
    let cases: [(&[&str], &[&str]); 12] = [
        (&[], &["no command given", "round, sweep"]),
        (
            &["swep"],
            &["unknown command `swep`", "did you mean `sweep`"],
        ),
        (
            &["round", "--tral", "3"],
            &["`--tral`", "--trial", "allowed: --config, --trial"],
        ),
        (&["round", "--config"], &["--config needs a value"]),
        (
            &["round", "--config", "-", "--trial", "-1"],
            &["--trial: `-1`"],
        ),
        (&["round", "extra"], &["unexpected argument `extra`"]),
        (
            &["sweep", "--config", "-", "--schemes", "bacc,x"],
            &["--schemes: `x`", "letcc"],
        ),
        (
            &["sweep", "--config", "-", "--p", "0.1,x"],
            &["--p: `x` is not a number"],
        ),
        (
            &["sweep", "--config", "-", "--n", "1", "--n", "2"],
            &["--n given twice"],
        ),
        (&["model", "--n", "2"], &["model takes no options", "--n"]),
        (&["completions", "tcsh"], &["`tcsh`", "bash, zsh, fish"]),
        (&["--verbose"], &["unknown option `--verbose`"]),
    ];
    for (args, needles) in cases {
        let err = assert_refused(&coded(args, None), "coded: ", &format!("{args:?}"));
        assert!(err.starts_with("coded: "), "{args:?}: {err}");
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: {err} lacks {needle}");
        }
    }
}

/// The help texts as docs/reference.md shows them: each command's
/// `--help`, in a fenced block under its own heading.
fn help_section() -> String {
    let mut out = String::new();
    for (command, _) in COMMANDS {
        let out_of = help(command, "--help", "100");
        let shown = if command.is_empty() {
            "coded --help".to_string()
        } else {
            format!("coded {command} --help")
        };
        out.push_str(&format!(
            "#### `{shown}`\n\n```text\n{}```\n\n",
            text(&out_of.stdout)
        ));
    }
    out
}

#[test]
fn the_docs_show_every_help_text_as_the_cli_prints_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/reference.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- coded help: begin -->\n", "<!-- coded help: end -->");
    let start = docs.find(begin).expect("the help section's begin marker") + begin.len();
    let stop = docs[start..].find(end).expect("its end marker") + start;
    let want = format!("\n{}", help_section());
    assert!(
        docs[start..stop] == want,
        "docs/reference.md's help texts differ from the CLI's; between the markers it should read:\n{want}"
    );
}
