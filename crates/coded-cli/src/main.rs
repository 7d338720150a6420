//! `coded`: rounds and sweeps of coded computing experiments from the command
//! line, with the same `Config` JSON as the playground's URL and export.

mod args;
mod merge;
mod parallel;
mod plot;
mod shard;

use coded_core::metrics::{curves, fitted_slope};
use coded_core::{run_round, Config, Study, SweepPlan};
use std::process::ExitCode;

const USAGE: &str = "usage:
  coded round --config FILE [--trial T]
      one straggler draw; prints a JSON object
  coded sweep --config FILE [--n 20,40,80] [--p 0.1,0.3] [--schemes bacc,letcc] [--plot out.svg]
            [--threads T] [--shard I/M]
      error vs N (Monte-Carlo over `trials`); prints CSV, fitted slopes on stderr;
      --plot also writes the error-vs-N figure (log-log, with the papers' rates) as SVG;
      --threads T runs on T threads (default: all cores; the output is the same bytes);
      --shard I/M computes only part I of M (CSV with a `point` column, no slopes, no --plot)
  coded merge FILE...
      the parts 1..M of one sharded sweep, in any order: prints the whole sweep's CSV
  coded model
      LeNet-5's provenance, and its accuracy on the compiled-in digits (measured now)
  coded config [--config FILE]
      prints the configuration with every default filled in (of a study: its config)
FILE is a JSON Config (`-` reads standard input); missing fields take defaults.
sweep also reads a study, the page's \"Study (JSON)\" export: {\"config\": Config,
\"schemes\": [...], \"n\": [...], \"p\": [...]}; it reruns the page's error-vs-N curves
(N below K left out, p used for independent stragglers); --n/--p/--schemes replace its lists.";

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
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
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
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        coded_core::ConfigError::new("(json)", format!("not valid JSON: {e}")).to_string()
    })?;
    let loaded = if Study::is_study(&value) {
        Loaded::Study(Study::from_value(&value).map_err(|e| e.to_string())?)
    } else {
        Loaded::Config(Config::from_value(&value).map_err(|e| e.to_string())?)
    };
    let (Loaded::Study(Study { config, .. }) | Loaded::Config(config)) = &loaded;
    config.check_formula().map_err(|e| e.to_string())?;
    Ok(loaded)
}

fn run(argv: &[String]) -> Result<(), String> {
    let Some((command, rest)) = argv.split_first() else {
        return Err(format!("no command given\n{USAGE}").replace('\n', " | "));
    };
    if command == "merge" {
        // File names, not options: `coded merge part*.csv`.
        if let Some(a) = rest.iter().find(|a| a.starts_with("--")) {
            return Err(format!("merge takes shard files, not options (`{a}`)"));
        }
        print!("{}", merge::merge(rest)?);
        return Ok(());
    }
    let opts = args::Options::parse(rest)?;
    match command.as_str() {
        "round" => {
            opts.allow(&["config", "trial"])?;
            let config = load_config(Some(opts.required("config")?))?;
            let trial = opts.usize("trial")?.unwrap_or(0);
            let report = run_round(&config, trial).map_err(|e| e.to_string())?;
            println!(
                "{}",
                serde_json::to_string(&report).map_err(|e| e.to_string())?
            );
        }
        "sweep" => sweep_command(&opts)?,
        "model" => {
            opts.allow(&[])?;
            println!("{}", model_report()?);
        }
        "config" => {
            opts.allow(&["config"])?;
            println!("{}", load_config(opts.get("config"))?.to_json());
        }
        "help" | "--help" | "-h" => println!("{USAGE}"),
        other => {
            return Err(format!(
                "unknown command `{other}`; commands: round, sweep, merge, model, config, help"
            ))
        }
    }
    Ok(())
}

/// `coded sweep`: the whole sweep (CSV, slopes, optionally the figure), or
/// with `--shard I/M` part I of it (CSV only, see `shard`).
fn sweep_command(opts: &args::Options) -> Result<(), String> {
    opts.allow(&["config", "n", "p", "schemes", "plot", "threads", "shard"])?;
    let threads = match opts.positive("threads")? {
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = opts.part("shard")?;
    if shard.is_some() && opts.get("plot").is_some() {
        // A part has some points of some curves: its figure would mislead.
        return Err("--plot draws the whole sweep: run it without --shard".into());
    }
    let (ns, ps, schemes) = (
        opts.usize_list("n")?,
        opts.f64_list("p")?,
        opts.scheme_list("schemes")?,
    );
    let (config, plan) = match load_study(opts.required("config")?)? {
        // A study (the page's export) plans its points as the page does;
        // flags replace its lists.
        Loaded::Study(mut study) => {
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
            (study.config, planned.plan)
        }
        Loaded::Config(config) => {
            let plan = SweepPlan::new(&config, ns.as_deref(), ps.as_deref(), schemes.as_deref())
                .map_err(|e| e.to_string())?;
            (config, plan)
        }
    };
    let ids = parallel::point_ids(&plan);
    let Some((part, of)) = shard else {
        let points = parallel::sweep(&config, &plan, &ids, threads)?;
        print!(
            "{}",
            coded_core::csv::sweep_csv(&config, &points, config.function.is_classifier())
        );
        for curve in curves(&points) {
            let slope = fitted_slope(&curve)
                .map(|s| format!("{s:.3}"))
                .unwrap_or_else(|| "none (fewer than two points with an error)".into());
            eprintln!("slope {} p={}: {slope}", curve[0].scheme.name(), curve[0].p);
        }
        if let Some(path) = opts.get("plot") {
            plot::write_error_vs_n(path, &config, &plan, &points)?;
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
    let points = parallel::sweep(&config, &plan, &my_ids, threads)?;
    let fingerprint = shard::fingerprint(&config, &plan);
    print!(
        "{}",
        shard::shard_csv(&config, (part, of), &fingerprint, ids.len(), &mine, &points)
    );
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
