//! One round as the `coded round` JSON contract describes it: every number of
//! one straggler draw, from the inputs to the decoded estimates.
//!
//! Separate from `problem` because it is a view of one round for the CLI,
//! the app's round panels and their tests, not part of the computation.

use crate::config::{Config, ConfigError};
use crate::functions::FunctionKind;
use crate::problem::{Problem, RoundOutcome};
use crate::robust::DetectionCounts;
use crate::round::Round;
use crate::scheme::Scheme;
use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

/// One round as the `coded round` JSON contract describes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundReport {
    pub scheme: Scheme,
    pub function: FunctionKind,
    pub k: usize,
    pub n: usize,
    pub trial: usize,
    pub alphas: Vec<f64>,
    pub betas: Vec<f64>,
    pub inputs: Vec<Vec<f64>>,
    pub coded_inputs: Vec<Vec<f64>>,
    /// N × m: what every server returned (its noise included, if any); null
    /// where f is not a finite number (a formula: the round failed).
    #[serde(deserialize_with = "null_is_nan")]
    pub outputs: Vec<Vec<f64>>,
    /// Per server in β order: did it straggle.
    pub straggled: Vec<bool>,
    /// The adversarial servers, ascending (their `outputs` are what they
    /// sent); left out of the JSON when there are none.
    #[serde(rename = "adversaries", default, skip_serializing_if = "Vec::is_empty")]
    pub adversarial_servers: Vec<usize>,
    pub finish_times: Option<Vec<f64>>,
    pub survivors: Vec<usize>,
    pub longest_straggler_run: usize,
    /// K × m; a row is null when replication lost that output. Null when failed.
    pub estimates: Option<Vec<Option<Vec<f64>>>>,
    /// null where f is not a finite number, as in `outputs`.
    #[serde(deserialize_with = "null_is_nan")]
    pub exact: Vec<Vec<f64>>,
    pub squared_error: Option<f64>,
    pub relative_accuracy: Option<f64>,
    /// Against the true labels (LeNet-5).
    pub accuracy: Option<f64>,
    pub labels: Option<Vec<usize>>,
    pub lost_fraction: f64,
    pub lambda_dec_used: Option<f64>,
    pub failed: bool,
    pub failure: Option<String>,
    /// What a locating scheme (ApproxIFER, the median baseline) decided;
    /// left out of the JSON for the other schemes and when it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detection: Option<RoundDetection>,
}

/// A locating scheme's decision in one round, against the adversaries
/// that answered (an adversary that straggled sent nothing to find).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundDetection {
    /// The tolerance e it located with (0 when it could not).
    pub tolerance: usize,
    /// The servers it flagged, ascending.
    pub flagged: Vec<usize>,
    /// Flagged adversaries.
    pub found: usize,
    /// Adversaries that answered and were not flagged.
    pub missed: usize,
    /// Honest servers flagged.
    pub false_alarms: usize,
    /// Why it could not locate, in words (it then decoded from every
    /// answer, as BACC).
    pub fallback: Option<String>,
}

/// serde_json writes a NaN or an infinity as null: read it back as NaN.
fn null_is_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Vec<f64>>, D::Error> {
    let rows = Vec::<Vec<Option<f64>>>::deserialize(d)?;
    Ok(rows
        .into_iter()
        .map(|r| r.into_iter().map(|v| v.unwrap_or(f64::NAN)).collect())
        .collect())
}

pub fn rows(m: &DMatrix<f64>) -> Vec<Vec<f64>> {
    (0..m.nrows())
        .map(|r| m.row(r).iter().copied().collect())
        .collect()
}

/// Runs trial `trial` of the configuration's own scheme and N.
pub fn run_round(config: &Config, trial: usize) -> Result<RoundReport, ConfigError> {
    Ok(round_of(&Problem::new(config)?, trial))
}

/// Trial `trial` of a problem's configuration (its scheme and N), whatever
/// its f (the Python package's callable too).
pub fn round_of(problem: &Problem, trial: usize) -> RoundReport {
    let config = &problem.config;
    let prepared = problem.prepare(config.scheme, config.n);
    let round = Round::compute(config, trial, Some((problem, &prepared)));
    let decoding = (round.decoded.as_ref()).expect("a round with its scheme prepared is decoded");
    let outcome = &decoding.outcome;
    let estimates = outcome.decoded.as_ref().ok().map(|d| {
        (0..problem.k())
            .map(|i| d.recovered[i].then(|| d.estimates.row(i).iter().copied().collect()))
            .collect()
    });
    RoundReport {
        scheme: config.scheme,
        function: config.function.clone(),
        k: config.k,
        n: config.n,
        trial,
        alphas: problem.alphas.clone(),
        betas: prepared.coder.betas.clone(),
        inputs: rows(&problem.inputs),
        coded_inputs: rows(&prepared.coded_inputs),
        outputs: rows(&decoding.answers),
        longest_straggler_run: round.longest_run,
        straggled: round.draw.straggled.clone(),
        adversarial_servers: round.adversarial_servers.clone(),
        finish_times: round.draw.finish_times.clone(),
        survivors: outcome.survivors.clone(),
        estimates,
        exact: rows(&problem.exact),
        squared_error: outcome.squared_error,
        relative_accuracy: outcome.relative_accuracy,
        accuracy: outcome.accuracy,
        labels: problem.labels.clone(),
        lost_fraction: outcome.lost_fraction,
        lambda_dec_used: outcome.decoded.as_ref().ok().and_then(|d| d.lambda_dec),
        failed: outcome.failed(),
        failure: outcome.decoded.as_ref().err().map(|e| e.to_string()),
        detection: round_detection(outcome),
    }
}

impl RoundDetection {
    /// Its found, missed and false alarms, as the round's outcome counted
    /// them.
    pub fn counts(&self) -> DetectionCounts {
        DetectionCounts {
            found: self.found,
            missed: self.missed,
            false_alarms: self.false_alarms,
        }
    }
}

fn round_detection(outcome: &RoundOutcome) -> Option<RoundDetection> {
    let detection = outcome.decoded.as_ref().ok()?.detection.as_ref()?;
    let counts = outcome.detection?;
    Some(RoundDetection {
        tolerance: detection.tolerance,
        flagged: detection.flagged.clone(),
        found: counts.found,
        missed: counts.missed,
        false_alarms: counts.false_alarms,
        fallback: detection.fallback.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_reports_survive_a_json_round_trip() {
        let configs = [
            // Deadline: finish times; LeNet-5: labels and accuracies; LCC
            // below its threshold: a failure with no estimates.
            r#"{"scheme": "letcc", "lambda_dec": 1e-6, "stragglers": {"model": "deadline"}}"#,
            r#"{"function": "lenet5", "k": 4, "n": 12, "stragglers": {"model": "fixed", "s": 3}}"#,
            r#"{"scheme": "lcc", "k": 8, "n": 10, "stragglers": {"model": "block", "s": 5}}"#,
            r#"{"scheme": "uncoded", "k": 5, "n": 10, "stragglers": {"model": "iid", "p": 0.5}}"#,
            // A locating scheme: its detection.
            r#"{"scheme": "approxifer", "n": 60, "adversaries": {"count": 2, "attack": "flip"}}"#,
        ];
        for text in configs {
            let c = Config::from_json(text).unwrap();
            let r = run_round(&c, 3).unwrap();
            let json = serde_json::to_string(&r).unwrap();
            let back: RoundReport = serde_json::from_str(&json).unwrap();
            assert_eq!(back, r, "{text}");
            assert_eq!(serde_json::to_string(&back).unwrap(), json, "{text}");
        }
        let failed = run_round(&Config::from_json(configs[2]).unwrap(), 3).unwrap();
        assert!(failed.failed && failed.estimates.is_none());
    }
}
