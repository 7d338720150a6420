//! The command line, declared with clap's derive API: every subcommand, its
//! options and their help. The help is the CLI's documentation (meant to be
//! embedded verbatim in the docs), so it is plain text of a fixed width: no colour, no wrapping
//! to the terminal, the same bytes everywhere. Ranges in it are read from
//! `coded_core::limits`, the same definitions the checks use.

use clap::{ArgAction, Args, Parser, Subcommand, ValueEnum};
use coded_core::limits::{N_RANGE, P_RANGE, TRIALS_RANGE};
use coded_core::Scheme;
use coded_panels::errors::SlopeRange;
use coded_sweep::args;

#[derive(Parser)]
#[command(
    name = "coded",
    version,
    about = "Rounds and sweeps of coded computing experiments, with the same Config JSON as the\n\
             playground's link and export.",
    after_help = FILE_HELP,
    subcommand_required = true,
    // A fixed width: without clap's `wrap_help` nothing is wrapped anyway,
    // and this keeps it so if that feature is ever turned on.
    term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What every `--config FILE` reads (a macro: `concat!` takes only literals).
macro_rules! file_line {
    () => {
        "FILE is a JSON Config (`-` reads standard input); missing fields take their defaults.\n"
    };
}

const FILE_HELP: &str = concat!(
    file_line!(),
    "It may also be a study, the page's \"Study (JSON)\" export: {\"config\": Config, \"schemes\": [...],\n\
     \"n\": [...], \"p\": [...]}; round and config read its config, sweep reruns its curves."
);

#[derive(Subcommand)]
pub enum Command {
    // Each option's help in a column under it (`next_line_help`).
    /// One straggler draw of the configuration; prints a JSON object
    #[command(after_help = FILE_HELP, next_line_help = true)]
    Round(RoundArgs),
    /// Error vs N over the configuration's trials; prints CSV, fitted slopes on stderr
    #[command(after_help = SWEEP_HELP, next_line_help = true)]
    Sweep(SweepArgs),
    /// Joins the parts 1..M of one sharded sweep, in any order: prints the sweep's CSV
    #[command(next_line_help = true)]
    Merge(MergeArgs),
    /// LeNet-5's provenance, and its accuracy on the compiled-in digits (measured now)
    #[command(next_line_help = true)]
    Model,
    /// Prints the configuration with every default filled in (of a study: its config)
    #[command(after_help = FILE_HELP, next_line_help = true)]
    Config(ConfigArgs),
    /// Prints a completion script for bash, zsh or fish
    #[command(next_line_help = true)]
    Completions(CompletionsArgs),
}

const SWEEP_HELP: &str = concat!(
    file_line!(),
    "Without --shard, sweep prints the whole sweep's CSV on stdout and the fitted log-log slope\n\
     of each curve on stderr. FILE may also be a study, the page's \"Study (JSON)\" export: sweep\n\
     then reruns the page's error-vs-N curves (N below K left out, p used for independent\n\
     stragglers); --n, --p and --schemes replace its lists."
);

#[derive(Args)]
pub struct RoundArgs {
    #[arg(long, value_name = "FILE", help = CONFIG_HELP)]
    pub config: String,
    #[arg(long, value_name = "T", default_value_t = 0, value_parser = whole,
          allow_negative_numbers = true, help = trial_help())]
    pub trial: usize,
}

const CONFIG_HELP: &str = "The configuration: a JSON Config or a study (`-` reads standard input)";

fn trial_help() -> String {
    format!(
        "Which straggler draw: trial T of `coded sweep` at the same N (its trials are 0 to\n\
         trials - 1, trials {TRIALS_RANGE}); a whole number, 0 and up"
    )
}

#[derive(Args)]
pub struct SweepArgs {
    #[arg(long, value_name = "FILE", help = CONFIG_HELP)]
    pub config: String,
    #[arg(long, value_name = "N,...", value_delimiter = ',', action = ArgAction::Set,
          value_parser = whole, allow_negative_numbers = true, help = n_help())]
    pub n: Option<Vec<usize>>,
    #[arg(long, value_name = "P,...", value_delimiter = ',', action = ArgAction::Set,
          value_parser = number, allow_negative_numbers = true, help = p_help())]
    pub p: Option<Vec<f64>>,
    #[arg(long, value_name = "SCHEME,...", value_delimiter = ',', action = ArgAction::Set,
          value_parser = args::scheme, help = schemes_help())]
    pub schemes: Option<Vec<Scheme>>,
    #[arg(long, value_name = "FILE", help = PLOT_HELP)]
    pub plot: Option<String>,
    #[arg(long, value_name = "T", value_parser = at_least_one, allow_negative_numbers = true,
          help = THREADS_HELP)]
    pub threads: Option<usize>,
    #[arg(long, value_name = "I/M", value_parser = part, help = SHARD_HELP)]
    pub shard: Option<(usize, usize)>,
    #[arg(long, value_name = "SETTING", value_parser = coded_sweep::over::setting,
          conflicts_with_all = ["n", "p"], help = over_help())]
    pub over: Option<coded_core::Axis>,
    #[arg(long, value_name = "V,...", value_delimiter = ',', action = ArgAction::Set,
          value_parser = number, allow_negative_numbers = true, requires = "over",
          help = VALUES_HELP)]
    pub values: Option<Vec<f64>>,
    #[arg(long, value_name = "LO..HI", value_parser = args::slope_range, help = SLOPE_RANGE_HELP)]
    pub slope_range: Option<SlopeRange>,
}

const SLOPE_RANGE_HELP: &str =
    "Fits the printed slopes (and the figure's) over the N from LO to HI only, both included\n\
     (LO.. or ..HI leave one side open)\n\
     [default: every N]";

fn over_help() -> String {
    format!(
        "Error against another setting, at the configuration's N, by its name or link key:\n\
         {}.\n\
         Prints an N sweep's CSV columns after a first one, the setting's value; runs\n\
         without --shard or --plot",
        wrapped(&coded_core::Axis::names())
    )
}

/// A list of names broken after commas so that no help line is over 88
/// columns (the help's own lines are broken by hand to that width).
fn wrapped(list: &str) -> String {
    let mut out = String::new();
    let mut line = 0;
    let items: Vec<&str> = list.split(", ").collect();
    for (i, item) in items.iter().enumerate() {
        let item = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.to_string()
        };
        let width = item.chars().count();
        if i > 0 {
            if line + 1 + width > 88 {
                out.push('\n');
                line = 0;
            } else {
                out.push(' ');
                line += 1;
            }
        }
        out.push_str(&item);
        line += width;
    }
    out
}

const VALUES_HELP: &str = "The values of --over's setting, comma-separated (e.g. 0,0.01,0.1)\n\
     [default: the setting's default values, as on the page]";

// Help lines are broken by hand: 10 columns of indent and at most 88 of
// text, so that the help fits 100 columns.
fn n_help() -> String {
    format!(
        "The numbers of servers N, comma-separated (e.g. 20,40,80); each {N_RANGE} and at least\n\
         the configuration's K\n\
         [default: the configuration's n, or the study's list]"
    )
}

fn p_help() -> String {
    format!(
        "Independent stragglers with these probabilities p, comma-separated (e.g. 0.1,0.3);\n\
         each in {P_RANGE}\n\
         [default: the configuration's straggler model, or the study's list]"
    )
}

fn schemes_help() -> String {
    format!(
        "The schemes, comma-separated, from {}\n\
         [default: the configuration's scheme, or the study's list]",
        args::scheme_names()
    )
}

const PLOT_HELP: &str =
    "Also writes the error-vs-N figure as SVG to FILE (log-log, mean and spread, fitted\n\
     slopes, the papers' claimed rates); the CSV is unchanged. Not with --shard";

const THREADS_HELP: &str =
    "Runs on T threads, 1 and up; the output is the same bytes for every T\n\
     [default: every core]";

const SHARD_HELP: &str =
    "Computes only part I of M of the sweep's points, 1 <= I <= M (e.g. 3/8), so that M\n\
     machines share one sweep: prints CSV with a leading `point` column and no slopes;\n\
     `coded merge` joins the parts";

#[derive(Args)]
pub struct MergeArgs {
    // Any name is a file, even one that starts with `-`: `main` refuses
    // `--…` in its own words (the command takes no options).
    #[arg(
        value_name = "FILE",
        allow_hyphen_values = true,
        help = "The CSV files that `coded sweep --shard I/M` printed, every part of one sweep once"
    )]
    pub files: Vec<String>,
}

#[derive(Args)]
pub struct ConfigArgs {
    #[arg(
        long,
        value_name = "FILE",
        help = "The configuration to print (`-` reads standard input) [default: the defaults]"
    )]
    pub config: Option<String>,
}

#[derive(Args)]
pub struct CompletionsArgs {
    #[arg(value_enum, help = "The shell to complete for")]
    pub shell: Shell,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// A whole number, 0 and up (`--trial`, each of `--n`).
fn whole(v: &str) -> Result<usize, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("`{v}` is not a non-negative integer"))
}

/// A whole number of at least 1 (a count of threads).
fn at_least_one(v: &str) -> Result<usize, String> {
    match whole(v)? {
        0 => Err("must be at least 1".into()),
        n => Ok(n),
    }
}

/// Each of `--p`: any number here; the configuration's check gives its range.
fn number(v: &str) -> Result<f64, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("`{v}` is not a number"))
}

/// `I/M` with 1 ≤ I ≤ M: part I of M (`--shard`).
fn part(v: &str) -> Result<(usize, usize), String> {
    let parsed = v
        .split_once('/')
        .and_then(|(i, m)| Some((i.parse().ok()?, m.parse().ok()?)));
    match parsed {
        Some((i, m)) if 1 <= i && i <= m => Ok((i, m)),
        _ => Err(format!(
            "`{v}` is not I/M with 1 <= I <= M (part I of M, e.g. 2/8)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parts_and_counts_parse_as_before() {
        assert_eq!(part("2/8"), Ok((2, 8)));
        assert!(part("0/3").is_err() && part("4/3").is_err() && part("1/2/3").is_err());
        assert_eq!(at_least_one(" 3"), Ok(3));
        assert_eq!(at_least_one("0").unwrap_err(), "must be at least 1");
        assert_eq!(args::scheme("letcc"), Ok(Scheme::Letcc));
    }
}
