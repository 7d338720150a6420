//! A refused command line in one line of words: clap's own message is
//! several lines (the error, a usage block, a tip), and the CLI's contract is
//! one line on stderr and exit code 2 for every bad input. The line names the
//! option and says what is allowed, built from the error's context.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Command, Error};

/// `err` (not help or version) as one line, without the `coded: ` prefix.
/// `cmd` is the whole command line's definition and `argv` the arguments
/// after the program's name: they say which subcommand was meant.
pub fn one_line(err: &Error, cmd: &Command, argv: &[String]) -> String {
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(other) => other.to_string(),
        None => String::new(),
    };
    // "--threads <T>" names the option `--threads`; a positional is "<SHELL>".
    let name = |kind| text(kind).split(' ').next().unwrap_or("").to_string();
    let option = || name(ContextKind::InvalidArg);
    let sub = argv.iter().find_map(|a| cmd.find_subcommand(a));
    match err.kind() {
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(err).map_or(String::new(), |e| e.to_string());
            format!("{}: {why}", option())
        }
        ErrorKind::InvalidValue if text(ContextKind::InvalidValue).is_empty() => {
            format!("option {} needs a value", option())
        }
        ErrorKind::InvalidValue => format!(
            "{}: `{}` is not one of {}",
            option(),
            text(ContextKind::InvalidValue),
            text(ContextKind::ValidValue)
        ),
        ErrorKind::MissingRequiredArgument if option().starts_with('<') => {
            format!("argument {} is required", option())
        }
        ErrorKind::MissingRequiredArgument => format!("option {} is required", option()),
        ErrorKind::ArgumentConflict if option() == name(ContextKind::PriorArg) => {
            format!("option {} given twice", option())
        }
        ErrorKind::UnknownArgument => {
            let guess = did_you_mean(&text(ContextKind::SuggestedArg));
            unknown_argument(&text(ContextKind::InvalidArg), sub, &guess)
        }
        ErrorKind::InvalidSubcommand => {
            let arg = text(ContextKind::InvalidSubcommand);
            let guess = text(ContextKind::SuggestedSubcommand);
            let guess = did_you_mean(&guess);
            format!(
                "unknown command `{arg}`{guess}; commands: {}",
                commands(cmd)
            )
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!(
                "no command given; commands: {} (coded --help tells more)",
                commands(cmd)
            )
        }
        // Anything rarer: the first line of clap's own message.
        _ => {
            let rendered = err.render().to_string();
            let first = rendered.lines().next().unwrap_or("bad command line");
            first.trim_start_matches("error: ").to_string()
        }
    }
}

fn did_you_mean(guess: &str) -> String {
    match guess {
        "" => String::new(),
        g => format!(" (did you mean `{g}`?)"),
    }
}

fn unknown_argument(arg: &str, sub: Option<&Command>, guess: &str) -> String {
    let Some(sub) = sub else {
        return format!("unknown option `{arg}`: a command comes first (coded --help)");
    };
    let name = sub.get_name();
    let options: Vec<String> = sub
        .get_arguments()
        .filter_map(|a| a.get_long())
        .filter(|l| !matches!(*l, "help" | "version"))
        .map(|l| format!("--{l}"))
        .collect();
    let positional = sub.get_positionals().next().map(|a| a.to_string());
    match (options.is_empty(), positional) {
        (true, Some(what)) => format!("{name} takes {what}, not options (`{arg}`)"),
        (true, None) => format!("{name} takes no options or arguments (`{arg}`)"),
        (false, _) if arg.starts_with('-') => format!(
            "unknown option `{arg}` for {name}{guess} (allowed: {})",
            options.join(", ")
        ),
        (false, _) => format!(
            "unexpected argument `{arg}` (options look like --name value; {name} has {})",
            options.join(", ")
        ),
    }
}

fn commands(cmd: &Command) -> String {
    let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
    names.join(", ")
}
