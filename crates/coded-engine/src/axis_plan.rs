//! The values of an error plot along a setting other than N, as the plot
//! uses them: each put into the configuration by the core's table of axes,
//! those the setting refuses (and those a log axis cannot place) left out
//! with a note in words, the rest in ascending order (a line joins them).

use coded_core::axis::Axis;
use coded_core::{Config, ConfigError, LambdaDec, Scheme};

/// The field of the planner's own refusals, whose message is a sentence in
/// the page's words (the lists the page's settings accept, but the plot
/// cannot use): `plan::words` shows it as it is.
pub const IN_WORDS: &str = "(in words)";

/// The accepted values, ascending, each with its configuration, and the
/// notes of those left out; an error in words when none is left.
pub fn axis_configs(
    config: &Config,
    axis: Axis,
    values: &[f64],
) -> Result<(Vec<(f64, Config)>, Vec<String>), ConfigError> {
    let e = axis.entry();
    let (mut kept, refused) = axis.apply_all(config, values);
    let mut notes: Vec<String> = refused
        .iter()
        .map(|r| format!("{}, so it is left out.", r.message))
        .collect();
    kept.retain(|(v, _)| {
        let placed = !e.log || *v > 0.0;
        if !placed {
            notes.push(format!(
                "{} = {v} cannot be placed on a logarithmic axis, so it is left out.",
                e.symbol
            ));
        }
        placed
    });
    if kept.is_empty() {
        let why = notes.first().map_or_else(
            || "the list is empty".to_string(),
            |n| {
                n.trim_end_matches(", so it is left out.")
                    .trim_end_matches(", so it is left out")
                    .to_string()
            },
        );
        return Err(ConfigError::new(
            IN_WORDS,
            format!(
                "No value in “{} values” can be used, so the error-vs-{} plot has no point: {}.",
                e.symbol,
                e.symbol,
                why.trim_end_matches('.')
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
) -> Result<(Vec<(f64, Config, Scheme)>, Vec<String>), ConfigError> {
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
                "K = 50 cannot be used: got 50; expected a whole number from 1 to min(n, 1024), so it is left out.",
                "K = 2.5 cannot be used: K takes whole numbers, so it is left out."
            ]
        );
        let (kept, notes) = axis_configs(&c, Axis::Noise, &[0.0, 0.1]).unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(
            notes,
            ["σ = 0 cannot be placed on a logarithmic axis, so it is left out."]
        );
        let e = axis_configs(&c, Axis::K, &[50.0]).unwrap_err();
        assert_eq!(e.field, IN_WORDS);
        assert_eq!(
            e.message,
            "No value in “K values” can be used, so the error-vs-K plot has no point: K = 50 cannot be used: got 50; expected a whole number from 1 to min(n, 1024)."
        );
        let e = axis_configs(&c, Axis::K, &[]).unwrap_err();
        assert!(e.message.ends_with("no point: the list is empty."), "{e}");
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
