//! The values of an error plot along a setting other than N, as the plot
//! uses them: each put into the configuration by the core's table of axes,
//! those the setting refuses (and those a log axis cannot place) left out
//! with a note in words, the rest in ascending order (a line joins them).

use coded_core::axis::Axis;
use coded_core::config::MAX_K;
use coded_core::{Config, ConfigError, LambdaDec, Scheme};

/// The field of the planner's own refusals, whose message is a sentence in
/// the page's words (the lists the page's settings accept, but the plot
/// cannot use): `plan::words` shows it as it is.
pub const IN_WORDS: &str = "(in words)";

/// The values kept (each with its configuration), and the notes of those
/// left out.
pub type Kept = (Vec<(f64, Config)>, Vec<String>);

/// The runs of error vs λ_dec (value, configuration, scheme), and the
/// notes of the values left out.
pub type LambdaRuns = (Vec<(f64, Config, Scheme)>, Vec<String>);

/// Why the page leaves a value out, in its words (the core's refusal is
/// the CLI's, which names configuration fields).
fn left_out(axis: Axis, v: f64, config: &Config, refused: &ConfigError) -> String {
    let s = axis.entry().symbol;
    let why = if !v.is_finite() {
        "it is not a finite number".to_string()
    } else if refused.message.ends_with("takes whole numbers") {
        format!("{s} takes whole numbers")
    } else if refused.message.ends_with("cannot be negative") {
        format!("{s} cannot be negative")
    } else if refused.field == "k" {
        format!("K must be from 1 to N = {}", config.n.min(MAX_K))
    } else {
        format!("it is outside the values {s} can take")
    };
    format!("{s} = {v} is left out: {why}.")
}

/// The accepted values, ascending, each with its configuration, and the
/// notes of those left out; an error in words when none is left.
pub fn axis_configs(config: &Config, axis: Axis, values: &[f64]) -> Result<Kept, ConfigError> {
    let e = axis.entry();
    let mut kept = vec![];
    let mut notes = vec![];
    for &v in values {
        if kept.iter().any(|(w, _): &(f64, Config)| *w == v) {
            continue;
        }
        match axis.apply(config, v) {
            Err(refused) => notes.push(left_out(axis, v, config, &refused)),
            // A log axis has no place for 0 (σ = 0, λ = 0).
            Ok(_) if e.log && v <= 0.0 => notes.push(format!(
                "{} = {v} is left out: a logarithmic axis has no place for it.",
                e.symbol
            )),
            Ok(c) => kept.push((v, c)),
        }
    }
    if kept.is_empty() {
        let why = notes
            .first()
            .cloned()
            .unwrap_or_else(|| "the list is empty.".into());
        return Err(ConfigError::new(
            IN_WORDS,
            format!(
                "No value in “Plotted values” can be plotted against {}: {why}",
                e.symbol
            ),
        ));
    }
    kept.sort_by(|a, b| a.0.total_cmp(&b.0));
    Ok((kept, notes))
}

/// The runs behind the error-vs-λ_dec plot (λ_dec, its configuration,
/// scheme), in the order `error_vs_lambda_view` expects: LeTCC at each
/// λ_dec of the list, LeTCC with GCV, then BACC (at the configured λ_dec)
/// if compared; and the notes of the values left out.
pub fn lambda_configs(
    config: &Config,
    schemes: &[Scheme],
    values: &[f64],
) -> Result<LambdaRuns, ConfigError> {
    let (kept, notes) = axis_configs(config, Axis::LambdaDec, values)?;
    let mut runs: Vec<(f64, Config, Scheme)> = kept
        .into_iter()
        .map(|(v, c)| (v, c, Scheme::Letcc))
        .collect();
    let gcv = Config {
        lambda_dec: LambdaDec::default(),
        ..config.clone()
    };
    runs.push((0.0, gcv, Scheme::Letcc));
    if schemes.contains(&Scheme::Bacc) {
        runs.push((0.0, config.clone(), Scheme::Bacc));
    }
    Ok((runs, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_and_unplaceable_values_are_left_out_with_a_note() {
        let c = Config::default();
        let (kept, notes) = axis_configs(&c, Axis::K, &[20.0, 2.0, 50.0, 2.5]).unwrap();
        let ks: Vec<f64> = kept.iter().map(|(v, _)| *v).collect();
        assert_eq!(ks, [2.0, 20.0], "ascending");
        assert_eq!(
            notes,
            [
                "K = 50 is left out: K must be from 1 to N = 40.",
                "K = 2.5 is left out: K takes whole numbers."
            ]
        );
        let (kept, notes) = axis_configs(&c, Axis::Noise, &[0.0, 0.1, -1.0]).unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(
            notes,
            [
                "σ = 0 is left out: a logarithmic axis has no place for it.",
                "σ = -1 is left out: σ cannot be negative."
            ]
        );
        let e = axis_configs(&c, Axis::K, &[50.0]).unwrap_err();
        assert_eq!(e.field, IN_WORDS);
        assert_eq!(
            e.message,
            "No value in “Plotted values” can be plotted against K: K = 50 is left out: K must be from 1 to N = 40."
        );
        let e = axis_configs(&c, Axis::K, &[]).unwrap_err();
        assert!(e.message.ends_with("against K: the list is empty."), "{e}");
    }

    #[test]
    fn lambda_runs_the_list_then_gcv_then_bacc() {
        let c = Config::from_json(r#"{"lambda_dec": 1e-6}"#).unwrap();
        let (runs, _) = lambda_configs(&c, &[Scheme::Bacc, Scheme::Letcc], &[1e-3, 1e-9]).unwrap();
        let what: Vec<(f64, LambdaDec, Scheme)> = runs
            .iter()
            .map(|(v, c, s)| (*v, c.lambda_dec, *s))
            .collect();
        assert_eq!(
            what,
            [
                (1e-9, LambdaDec::Value(1e-9), Scheme::Letcc),
                (1e-3, LambdaDec::Value(1e-3), Scheme::Letcc),
                (0.0, LambdaDec::default(), Scheme::Letcc),
                (0.0, LambdaDec::Value(1e-6), Scheme::Bacc),
            ]
        );
        let (runs, _) = lambda_configs(&c, &[Scheme::Letcc], &[1e-3]).unwrap();
        assert_eq!(runs.len(), 2);
    }
}
