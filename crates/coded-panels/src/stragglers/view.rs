//! Panel 1's view: plot-ready data, built from the core's results.
use coded_core::stragglers::longest_run;
use coded_core::Round;
use serde::{Deserialize, Serialize};

use crate::detection::{DetectionView, Judged};
use crate::packed_bits::Bits;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StragglerView {
    pub n: usize,
    /// The round shown (0-based trial index).
    pub trial: usize,
    /// The configuration's number of trials (the raster holds at most
    /// `Round::RECENT` of them).
    pub trials: usize,
    pub betas: Vec<f64>,
    /// Per server in β order.
    pub straggled: Vec<bool>,
    /// The adversarial servers of the round shown, ascending (empty
    /// without adversaries); a straggling one sends nothing.
    #[serde(default)]
    pub adversarial_servers: Vec<usize>,
    /// Whom a locating scheme flagged in this round (None for the other
    /// schemes, and when the round was not decoded or failed).
    #[serde(default)]
    pub detection: Option<DetectionView>,
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

/// What the page chooses of panel 1's drawing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Look {
    /// The keyboard's server, framed in the round's strip (None: the plot
    /// does not have the focus).
    pub focus: Option<usize>,
}

impl Judged for StragglerView {
    fn judged(&self) -> (Option<&DetectionView>, &[usize], &[bool]) {
        (
            self.detection.as_ref(),
            &self.adversarial_servers,
            &self.straggled,
        )
    }
}

impl StragglerView {
    /// The round's pattern, and the raster of the rounds up to it that the
    /// round carries.
    pub fn from_round(round: &Round) -> StragglerView {
        let config = round.config;
        let model = &config.stragglers;
        StragglerView {
            n: config.n,
            trial: round.trial,
            trials: config.trials,
            betas: round.betas.clone(),
            returned: round.draw.straggled.iter().filter(|s| !**s).count(),
            longest_run: round.longest_run,
            finish_times: round.draw.finish_times.as_ref().map(|t| {
                t.iter()
                    .map(|&v| if v.is_finite() { v } else { f64::MAX })
                    .collect()
            }),
            straggled: round.draw.straggled.clone(),
            adversarial_servers: round.adversarial_servers.clone(),
            detection: DetectionView::of(round),
            deadline: model.params().deadline.map(|(_, _, deadline)| deadline),
            p: model.straggle_probability(config.n),
            model: model.about().caption,
            raster_first: round.recent_first,
            raster_returned: round
                .recent
                .iter()
                .map(|r| r.iter().filter(|s| !**s).count())
                .collect(),
            raster_longest: round.recent.iter().map(|r| longest_run(r)).collect(),
            raster: round.recent.iter().map(|r| Bits::from(&r[..])).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::straggler_view;
    use coded_core::{run_round, Config};

    #[test]
    fn the_round_equals_coded_round() {
        for text in coded_testing::rounds::ROUND_CASES {
            let c = Config::from_json(text).unwrap();
            let v = straggler_view(&c, 3);
            let r = run_round(&c, 3).unwrap();
            assert_eq!(v.straggled, r.straggled);
            assert_eq!(v.returned, r.survivors.len());
            assert_eq!(v.longest_run, r.longest_straggler_run);
            assert_eq!(v.betas, r.betas);
            assert_eq!(v.adversarial_servers, r.adversarial_servers);
            assert_eq!(v.finish_times, r.finish_times);
            assert_eq!(v.raster[3].to_vec(), r.straggled);
            assert_eq!(v.raster.len(), c.trials.min(Round::RECENT));
            assert_eq!(v.trials, c.trials);
            let late = straggler_view(&c, 150);
            assert_eq!(
                late.raster[late.raster.len() - 1].to_vec(),
                run_round(&c, 150).unwrap().straggled
            );
        }
    }

    #[test]
    fn a_locating_round_carries_whom_it_flagged() {
        use crate::detection::Verdict;
        use crate::testing::{decoded_straggler_view, MIXED, MIXED_TRIAL};
        let c = Config::from_json(MIXED).unwrap();
        let v = decoded_straggler_view(&c, MIXED_TRIAL);
        let r = run_round(&c, MIXED_TRIAL).unwrap();
        let core = r.detection.unwrap();
        let d = v
            .detection
            .as_ref()
            .expect("ApproxIFER's round has a detection");
        assert_eq!(d.flagged, core.flagged);
        assert_eq!(d.flagged, [2, 15, 18]);
        assert_eq!(v.adversarial_servers, [2, 4, 15]);
        assert_eq!(
            v.verdicts(),
            [
                (2, Verdict::Caught),
                (4, Verdict::Missed),
                (15, Verdict::Caught),
                (18, Verdict::FalseAlarm)
            ]
        );
        assert_eq!(v.verdict(4), Some(Verdict::Missed));
        assert_eq!(v.verdict(0), None);
        // The panel alone decodes the round of a scheme that locates (and
        // only then): the view it gets is this one.
        use crate::{Contract, Panel, Panels, RoundResult};
        let alone = Panels::only(Panel::Stragglers);
        assert!(RoundResult::needs_decoding(&c, alone));
        assert!(!RoundResult::needs_decoding(&Config::default(), alone));
        assert_eq!(
            crate::testing::decoded_round(&c, MIXED_TRIAL, super::super::Stragglers::from_round),
            Some(v.clone())
        );
        // A scheme that does not locate: nothing flagged, nothing judged.
        let bacc = Config {
            scheme: coded_core::Scheme::Bacc,
            ..c.clone()
        };
        let plain = decoded_straggler_view(&bacc, MIXED_TRIAL);
        assert!(plain.detection.is_none() && plain.verdicts().is_empty());
        assert_eq!(plain.adversarial_servers, v.adversarial_servers);
        // An older view without the field reads as no detection.
        let mut json = serde_json::to_value(&plain).unwrap();
        json.as_object_mut().unwrap().remove("detection");
        assert_eq!(
            serde_json::from_value::<StragglerView>(json).unwrap(),
            plain
        );
    }
}
