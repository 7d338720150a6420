//! Panel 1's view: plot-ready data, built from the core's results.
use coded_core::problem::{draw_adversaries, draw_stragglers};
use coded_core::stragglers::longest_run;
use coded_core::{Config, StragglerModel};
use serde::{Deserialize, Serialize};

use crate::packed_bits::Bits;

/// At most this many trials in the raster: enough to see the pattern, and a
/// bounded amount of drawing at N = 8192.
pub const MAX_RASTER_ROWS: usize = 120;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StragglerView {
    pub n: usize,
    /// The round shown (0-based trial index).
    pub trial: usize,
    pub betas: Vec<f64>,
    /// Per server in β order.
    pub straggled: Vec<bool>,
    /// The adversarial servers of the round shown, ascending (empty
    /// without adversaries); a straggling one sends nothing.
    #[serde(default)]
    pub adversaries: Vec<usize>,
    /// Deadline model: when each server finished, and the deadline.
    pub finish_times: Option<Vec<f64>>,
    pub deadline: Option<f64>,
    /// |F|: how many servers answered.
    pub returned: usize,
    pub longest_run: usize,
    /// The probability that a server straggles under the model.
    pub p: f64,
    /// The model in words, e.g. "independent, p = 0.2".
    pub model: String,
    /// The first trial in the raster.
    pub raster_first: usize,
    /// Trials raster_first.. (rows × N): who straggled.
    pub raster: Vec<Bits>,
    pub raster_returned: Vec<usize>,
    pub raster_longest: Vec<usize>,
}

/// The straggler model in words: the core's caption of it.
pub fn describe_model(m: &StragglerModel) -> String {
    m.about().caption
}

impl StragglerView {
    /// Trial `trial` of the configuration, and a raster of
    /// `min(trials, MAX_RASTER_ROWS)` consecutive trials that includes it.
    pub fn build(config: &Config, trial: usize) -> StragglerView {
        let n = config.n;
        let model = &config.stragglers;
        let draw = draw_stragglers(model, config.seed, n, trial);
        let rows = config.trials.min(MAX_RASTER_ROWS);
        let first = (trial + 1).saturating_sub(rows);
        let raster: Vec<Vec<bool>> = (first..first + rows)
            .map(|t| draw_stragglers(model, config.seed, n, t).straggled)
            .collect();
        let deadline = model.params().deadline.map(|(_, _, deadline)| deadline);
        StragglerView {
            n,
            trial,
            betas: coded_core::points::server_points(n, config.points),
            returned: draw.straggled.iter().filter(|s| !**s).count(),
            longest_run: longest_run(&draw.straggled),
            finish_times: draw.finish_times.map(|t| {
                t.into_iter()
                    .map(|v| if v.is_finite() { v } else { f64::MAX })
                    .collect()
            }),
            straggled: draw.straggled,
            adversaries: draw_adversaries(config, n, trial),
            deadline,
            p: model.straggle_probability(n),
            model: describe_model(model),
            raster_first: first,
            raster_returned: raster
                .iter()
                .map(|r| r.iter().filter(|s| !**s).count())
                .collect(),
            raster_longest: raster.iter().map(|r| longest_run(r)).collect(),
            raster: raster.iter().map(|r| Bits::from(&r[..])).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::run_round;

    #[test]
    fn the_round_equals_coded_round() {
        for text in [
            r#"{"trials": 30}"#,
            r#"{"stragglers": {"model": "block", "s": 7}}"#,
            r#"{"adversaries": {"exponent": 0.4, "placement": "nearest"}}"#,
            r#"{"n": 60, "adversaries": {"count": 9, "placement": "block"}}"#,
            r#"{"stragglers": {"model": "deadline", "shift": 1, "rate": 2, "deadline": 1.4}}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let v = StragglerView::build(&c, 3);
            let r = run_round(&c, 3).unwrap();
            assert_eq!(v.straggled, r.straggled);
            assert_eq!(v.returned, r.survivors.len());
            assert_eq!(v.longest_run, r.longest_straggler_run);
            assert_eq!(v.betas, r.betas);
            assert_eq!(v.adversaries, r.adversaries);
            assert_eq!(v.finish_times, r.finish_times);
            assert_eq!(v.raster[3].to_vec(), r.straggled);
            assert_eq!(v.raster.len(), c.trials.min(MAX_RASTER_ROWS));
            let late = StragglerView::build(&c.clone(), 150);
            assert_eq!(
                late.raster[late.raster.len() - 1].to_vec(),
                run_round(&c, 150).unwrap().straggled
            );
        }
    }
}
