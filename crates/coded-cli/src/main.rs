//! `coded`: rounds and sweeps of coded computing experiments from the command
//! line, with the same `Config` JSON as the playground's URL and export.

mod cli;
mod plot;
mod usage_error;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command, SweepArgs};
use coded_core::{run_round, Config};
use coded_sweep::job::Computed;
use coded_sweep::{merge, slopes, Job, Request, Source, Watch};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Bad input must give one line and exit code 2, never a panic trace.
    std::panic::set_hook(Box::new(|info| {
        let msg = coded_sweep::panic_words(info.payload());
        eprintln!("coded: internal error: {msg}");
        std::process::exit(2);
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help`, `--version`: on stdout, exit code 0.
        Err(e) if !e.use_stderr() => {
            // A closed pipe (`coded --help | head -1`) is not an error.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let argv: Vec<String> = std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            eprintln!(
                "coded: {}",
                usage_error::one_line(&e, &Cli::command(), &argv)
            );
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("coded: {msg}");
            ExitCode::from(2)
        }
    }
}

fn read_input(path: &str) -> Result<String, String> {
    match path {
        "-" => std::io::read_to_string(std::io::stdin())
            .map_err(|e| format!("cannot read standard input: {e}")),
        p => std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}")),
    }
}

fn load_config(path: Option<&str>) -> Result<Config, String> {
    let Some(path) = path else {
        return Ok(Config::default());
    };
    // A study's configuration too: `round` and `config` read the page's
    // study export as well as a plain Config.
    Ok(load_study(path)?.config().clone())
}

/// What `sweep --config` read: the page's study export, or a plain Config.
fn load_study(path: &str) -> Result<Source, String> {
    Source::read(&read_input(path)?)
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Round(a) => {
            let config = load_config(Some(&a.config))?;
            let report = run_round(&config, a.trial).map_err(|e| e.to_string())?;
            println!(
                "{}",
                serde_json::to_string(&report).map_err(|e| e.to_string())?
            );
        }
        Command::Sweep(a) => sweep_command(a)?,
        Command::Merge(a) => {
            // File names, not options: `coded merge part*.csv`.
            if let Some(f) = a.files.iter().find(|f| f.starts_with("--")) {
                return Err(format!("merge takes shard files, not options (`{f}`)"));
            }
            print!("{}", merge::merge(&a.files)?);
        }
        Command::Model => println!("{}", model_report()?),
        Command::Config(a) => println!("{}", load_config(a.config.as_deref())?.to_json()),
        Command::Completions(a) => completions(a.shell),
    }
    Ok(())
}

/// `coded completions SHELL`: the shell's completion script on stdout.
fn completions(shell: cli::Shell) {
    use clap_complete::{generate, shells};
    let (cmd, out) = (&mut Cli::command(), &mut std::io::stdout());
    match shell {
        cli::Shell::Bash => generate(shells::Bash, cmd, "coded", out),
        cli::Shell::Zsh => generate(shells::Zsh, cmd, "coded", out),
        cli::Shell::Fish => generate(shells::Fish, cmd, "coded", out),
    }
}

/// `coded sweep`: the whole sweep (CSV, slopes, optionally the figure), or
/// with `--shard I/M` part I of it (CSV only: a part prints no slopes,
/// they need whole curves).
fn sweep_command(a: SweepArgs) -> Result<(), String> {
    let threads = coded_sweep::args::threads(a.threads);
    if a.shard.is_some() && a.plot.is_some() {
        // A part has some points of some curves: its figure would mislead.
        return Err("--plot draws the whole sweep: run it without --shard".into());
    }
    let along = a.over.is_some_and(|axis| axis != coded_core::Axis::N);
    if along && (a.shard.is_some() || a.plot.is_some()) {
        return Err("--over runs without --shard and --plot".into());
    }
    let request = Request {
        ns: a.n,
        ps: a.p,
        schemes: a.schemes,
        over: a.over,
        values: a.values,
    };
    let job = Job::plan(load_study(&a.config)?, request)?;
    if let Job::Points { study, below_k, .. } = &job {
        if !below_k.is_empty() {
            eprintln!("N below K = {} left out: {below_k:?}", study.config.k);
        }
    }
    let output = coded_sweep::run(&job, a.shard, threads, &coded_sweep::builtin, &Watch::new())?;
    print!("{}", output.csv);
    if let (Computed::Points(points), Job::Points { study, plan, .. }) = (&output.computed, &job) {
        let range = a.slope_range.unwrap_or_default();
        for slope in slopes::of(points, range) {
            eprintln!("{}", slope.line());
        }
        if let Some(path) = &a.plot {
            plot::write_error_vs_n(path, &study.config, plan, points, range)?;
        }
    }
    Ok(())
}

/// LeNet-5's provenance records and its accuracy on the compiled-in digits,
/// computed by running the network now (not copied from the record).
fn model_report() -> Result<String, String> {
    let start = std::time::Instant::now();
    let (correct, total) = coded_core::lenet::digits_accuracy()?;
    let seconds = start.elapsed().as_secs_f64();
    let (weights, digits) = coded_core::lenet::provenance();
    let report = serde_json::json!({
        "model": "LeNet-5",
        "weights": weights,
        "digits": digits,
        "digits_accuracy": {
            "correct": correct,
            "total": total,
            "accuracy": correct as f64 / total as f64,
            "seconds": seconds,
        },
    });
    serde_json::to_string_pretty(&report).map_err(|e| e.to_string())
}
