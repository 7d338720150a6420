//! Error against any setting of the [`Axis`] table: for each scheme and each
//! value, one Monte-Carlo point (`coded sweep --over`).
//!
//! Why it reuses what it can: a value that changes only the decoding (p,
//! λ_dec, σ, τ) keeps the problem and every server's answers, as the app's
//! cache does, and only redraws and decodes; a value that changes the
//! encoding (λ_enc) re-prepares; one that changes the problem (K) rebuilds
//! it. The numbers are those of a fresh [`crate::sweep`] at each value.

use crate::axis::Axis;
use crate::config::{CacheKey, CachePlace, Config, ConfigError};
use crate::problem::{Prepared, Problem};
use crate::scheme::Scheme;
use crate::sweep::SweepPoint;

/// One point of an error-vs-setting sweep: the setting's value and the
/// point there.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisPoint {
    pub value: f64,
    pub point: SweepPoint,
}

/// The points of `axis` at `values` for each scheme, ordered by (scheme,
/// value), values in the list's order (repeated ones once). A value the
/// setting refuses is an error naming it (the CLI stops on it; the page
/// leaves it out with a note, see [`Axis::apply_all`]).
pub fn sweep_over(
    config: &Config,
    axis: Axis,
    values: &[f64],
    schemes: &[Scheme],
) -> Result<Vec<AxisPoint>, ConfigError> {
    let (configs, refused) = axis.apply_all(config, values);
    if let Some(e) = refused.into_iter().next() {
        return Err(e);
    }
    if configs.is_empty() {
        let symbol = axis.entry().symbol;
        return Err(ConfigError::new(
            axis.entry().field,
            format!("the list of {symbol} values is empty"),
        ));
    }
    let mut cache = Cache::default();
    let mut out = vec![];
    for &scheme in schemes {
        for (value, c) in &configs {
            let (problem, prepared) = cache.prepared(c, scheme)?;
            out.push(AxisPoint {
                value: *value,
                point: problem.monte_carlo(prepared, &c.stragglers, c.seed, c.trials),
            });
        }
    }
    Ok(out)
}

/// The last problem and prepared scheme, kept while the values change
/// neither (a one-entry cache: the points run scheme by scheme).
#[derive(Default)]
struct Cache {
    problem: Option<(CacheKey, Problem)>,
    prepared: Option<(CacheKey, Prepared)>,
}

impl Cache {
    fn prepared(
        &mut self,
        c: &Config,
        scheme: Scheme,
    ) -> Result<(&Problem, &Prepared), ConfigError> {
        let key = c.cache_key(CachePlace::Problem);
        match &mut self.problem {
            Some((k, p)) if *k == key => p.config = c.clone(),
            _ => {
                self.problem = Some((key, Problem::new(c)?));
                self.prepared = None;
            }
        }
        let problem = &self.problem.as_ref().expect("just set").1;
        let key = c.point_key(CachePlace::Prepared, scheme, c.n);
        match &mut self.prepared {
            // The decoder follows the value (λ_dec, its rule).
            Some((k, p)) if *k == key => p.coder = problem.coder(scheme, c.n),
            _ => self.prepared = Some((key, problem.prepare(scheme, c.n))),
        }
        Ok((problem, &self.prepared.as_ref().expect("just set").1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep::{sweep, SweepPlan};

    /// The points a fresh sweep gives at each value: what reuse must not change.
    fn fresh(config: &Config, axis: Axis, values: &[f64], schemes: &[Scheme]) -> Vec<SweepPoint> {
        let mut out = vec![];
        for &s in schemes {
            for &v in values {
                let c = axis.apply(config, v).unwrap();
                let plan = SweepPlan::new(&c, None, None, Some(&[s])).unwrap();
                out.extend(sweep(&c, &plan).unwrap());
            }
        }
        out
    }

    #[test]
    fn every_axis_equals_fresh_sweeps_bit_for_bit() {
        let c = Config::from_json(r#"{"trials": 6, "k": 4, "n": 16, "seed": 5}"#).unwrap();
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        for (axis, values) in [
            (Axis::P, vec![0.0, 0.3, 0.6]),
            (Axis::LambdaDec, vec![1e-9, 1e-3]),
            (Axis::LambdaEnc, vec![0.0, 1e-4]),
            (Axis::Noise, vec![0.0, 0.01, 0.1]),
            (Axis::K, vec![2.0, 4.0, 8.0]),
            (Axis::Deadline, vec![1.2, 2.0]),
            (Axis::N, vec![16.0, 32.0]),
        ] {
            let got = sweep_over(&c, axis, &values, &schemes).unwrap();
            let want = fresh(&c, axis, &values, &schemes);
            let got_points: Vec<&SweepPoint> = got.iter().map(|p| &p.point).collect();
            let want: Vec<&SweepPoint> = want.iter().collect();
            assert_eq!(format!("{got_points:?}"), format!("{want:?}"), "{axis:?}");
            let xs: Vec<f64> = got.iter().map(|p| p.value).collect();
            assert_eq!(xs, [values.clone(), values.clone()].concat());
        }
    }

    #[test]
    fn the_p_axis_is_the_sweep_over_a_p_list() {
        // Today's error-vs-p numbers: one sweep with the p list.
        let c = Config::from_json(r#"{"trials": 8}"#).unwrap();
        let ps = [0.0, 0.2, 0.5];
        let schemes = [Scheme::Bacc, Scheme::Letcc];
        let plan = SweepPlan::new(&c, None, Some(&ps), Some(&schemes)).unwrap();
        let old = sweep(&c, &plan).unwrap();
        let new: Vec<SweepPoint> = sweep_over(&c, Axis::P, &ps, &schemes)
            .unwrap()
            .into_iter()
            .map(|p| p.point)
            .collect();
        assert_eq!(format!("{new:?}"), format!("{old:?}"));
    }

    #[test]
    fn refusals_and_empty_lists_are_errors_in_words() {
        let c = Config::default();
        let e = sweep_over(&c, Axis::K, &[2.0, 50.0], &[Scheme::Bacc]).unwrap_err();
        assert_eq!(e.field, "k");
        assert!(e.message.starts_with("K = 50 cannot be used"), "{e}");
        let e = sweep_over(&c, Axis::Noise, &[], &[Scheme::Bacc]).unwrap_err();
        assert_eq!(e.message, "the list of σ values is empty");
    }
}
