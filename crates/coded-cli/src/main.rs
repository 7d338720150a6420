//! `coded`: rounds and sweeps of coded computing experiments from the command
//! line, with the same `Config` JSON as the playground's URL and export.

mod cli;
mod merge;
mod over;
mod parallel;
mod plot;
mod shard;
mod usage_error;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command, SweepArgs};
use coded_core::metrics::curves;
use coded_core::statistic::{fit_slope, FitPoint, Slope};
use coded_core::SweepPoint;
use coded_core::{run_round, Config, Study, SweepPlan};
use coded_panels::errors::SlopeRange;
use coded_panels::format::{decimals, interval_texts};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Bad input must give one line and exit code 2, never a panic trace.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
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
    Ok(match load_study(path)? {
        Loaded::Study(study) => study.config,
        Loaded::Config(config) => config,
    })
}

/// What `sweep --config` read: the page's study export, or a plain Config.
enum Loaded {
    Study(Study),
    Config(Config),
}

fn load_study(path: &str) -> Result<Loaded, String> {
    let text = read_input(path)?;
    let value = coded_core::json::parse(&text)
        .map_err(|m| coded_core::ConfigError::new("(json)", m).to_string())?;
    let loaded = if Study::is_study(&value) {
        Loaded::Study(Study::from_value(value).map_err(|e| e.to_string())?)
    } else {
        Loaded::Config(Config::from_value(&value).map_err(|e| e.to_string())?)
    };
    let (Loaded::Study(Study { config, .. }) | Loaded::Config(config)) = &loaded;
    config.check_formula().map_err(|e| e.to_string())?;
    Ok(loaded)
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
/// with `--shard I/M` part I of it (CSV only, see `shard`).
fn sweep_command(a: SweepArgs) -> Result<(), String> {
    let threads = match a.threads {
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = a.shard;
    if shard.is_some() && a.plot.is_some() {
        // A part has some points of some curves: its figure would mislead.
        return Err("--plot draws the whole sweep: run it without --shard".into());
    }
    let (mut ns, ps, mut schemes) = (a.n, a.p, a.schemes);
    let over = match a.over {
        // Along N: the N sweep of these N, byte for byte.
        Some(coded_core::Axis::N) => {
            if let Some(values) = &a.values {
                ns = Some(over::whole_ns(values)?);
            }
            None
        }
        Some(axis) => Some(over::OverArgs {
            axis,
            values: a.values,
        }),
        None => None,
    };
    if over.is_some() && (shard.is_some() || a.plot.is_some()) {
        return Err("--over runs without --shard and --plot".into());
    }
    // The study the CSV's first line names: what this run computed, so
    // that `coded sweep --config` of that line reruns it.
    let (study, plan) = match load_study(&a.config)? {
        // A study (the page's export) plans its points as the page does;
        // flags replace its lists.
        Loaded::Study(mut study) => {
            // A study along a setting reruns along it (flags replace it).
            let saved = study.over.take();
            if let Some(over) = over {
                print!("{}", over::run(study, over, schemes)?);
                return Ok(());
            }
            if let (Some(o), None) = (saved, &ns) {
                let axis = o.axis().map_err(|e| e.to_string())?;
                let args = over::OverArgs {
                    axis,
                    values: Some(o.values),
                };
                print!("{}", over::run(study, args, schemes.take())?);
                return Ok(());
            }
            study.n = ns.unwrap_or(study.n);
            study.p = ps.or(study.p);
            study.schemes = schemes.unwrap_or(study.schemes);
            let planned = study.plan().map_err(|e| e.to_string())?;
            if !planned.below_k.is_empty() {
                eprintln!(
                    "N below K = {} left out: {:?}",
                    study.config.k, planned.below_k
                );
            }
            (study.as_run(), planned.plan)
        }
        Loaded::Config(config) => {
            if let Some(over) = over {
                print!("{}", over::run(Study::of_config(config), over, schemes)?);
                return Ok(());
            }
            let plan = SweepPlan::new(&config, ns.as_deref(), ps.as_deref(), schemes.as_deref())
                .map_err(|e| e.to_string())?;
            (Study::of_plan(config, &plan, ps), plan)
        }
    };
    let config = &study.config;
    let ids = parallel::point_ids(&plan);
    let Some((part, of)) = shard else {
        let points = parallel::sweep(config, &plan, &ids, threads)?;
        print!(
            "{}",
            coded_core::csv::sweep_csv(&study, &points, config.function.is_classifier())
        );
        let range = a.slope_range.unwrap_or_default();
        for curve in curves(&points) {
            eprintln!(
                "slope {} p={}: {}",
                curve[0].scheme.name(),
                curve[0].p,
                slope_line(&curve, range)
            );
        }
        if let Some(path) = &a.plot {
            plot::write_error_vs_n(path, config, &plan, &points, range)?;
        }
        return Ok(());
    };
    // A part prints no slopes: they need whole curves (merge the parts).
    let weights: Vec<u64> = ids
        .iter()
        .map(|&id| parallel::weight(&plan, config.trials, id))
        .collect();
    let mine = shard::split(&weights, of).swap_remove(part - 1);
    let my_ids: Vec<_> = mine.iter().map(|&i| ids[i]).collect();
    let points = parallel::sweep(config, &plan, &my_ids, threads)?;
    let fingerprint = shard::fingerprint(config, &plan);
    print!(
        "{}",
        shard::shard_csv(&study, (part, of), &fingerprint, ids.len(), &mine, &points)
    );
    Ok(())
}

/// A curve's fitted slope of the mean squared error over `range`, with its
/// 95 % bootstrap interval: "-2.905 [-3.012, -2.801]".
fn slope_line(curve: &[&SweepPoint], range: SlopeRange) -> String {
    let fit: Vec<FitPoint> = curve
        .iter()
        .filter_map(|p| {
            p.mse.map(|m| FitPoint {
                x: p.n as f64,
                mean: m.mean,
                resampled: &p.mse_resampled,
            })
        })
        .collect();
    slope_words(fit_slope(&fit, range.bounds()))
}

/// A fitted slope as [`slope_line`] prints it: three decimals, or more
/// where three would hide its interval's width.
fn slope_words(fitted: Option<Slope>) -> String {
    match fitted {
        Some(Slope {
            slope,
            interval: Some(ends),
        }) => {
            let [slope, lo, hi] = interval_texts(slope, ends, 3, decimals);
            format!("{slope} [{lo}, {hi}]")
        }
        Some(s) => format!("{:.3}", s.slope),
        None => "none (fewer than two points with an error)".into(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slope_is_printed_with_the_decimals_its_interval_needs() {
        let words = |slope, interval| slope_words(Some(Slope { slope, interval }));
        assert_eq!(
            words(-2.905, Some((-3.012, -2.801))),
            "-2.905 [-3.012, -2.801]"
        );
        // Three decimals would print "-0.100 [-0.100, -0.100]".
        assert_eq!(
            words(-0.1, Some((-0.10012, -0.09991))),
            "-0.1000 [-0.1001, -0.0999]"
        );
        assert_eq!(words(-2.0, None), "-2.000");
        assert_eq!(
            slope_words(None),
            "none (fewer than two points with an error)"
        );
    }
}
