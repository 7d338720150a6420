//! Panel 3's view: plot-ready data, built from the core's results.
use coded_core::metrics::argmax;
use coded_core::round::Decoding;
use coded_core::Round;
use coded_core::Scheme;
use serde::{Deserialize, Serialize};

/// Inputs and servers shown: a readable row of digits on a phone.
pub const MAX_SHOWN: usize = 10;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InputCard {
    /// Index k (0-based, in α order).
    pub k: usize,
    pub alpha: f64,
    /// 784 values, nominally in [0, 1].
    pub pixels: Vec<f32>,
    pub label: Option<usize>,
    /// argmax f(x_k): the uncoded model's prediction.
    pub model: usize,
    /// argmax u_dec(α_k); None when the round failed or the output was lost.
    pub decoded: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServerCard {
    /// Server index (0-based, β order).
    pub index: usize,
    pub beta: f64,
    /// The coded input x̃_n: a blend of the K digits (values may leave [0, 1]).
    pub pixels: Vec<f32>,
    pub straggled: bool,
    /// argmax f(x̃_n): what the network makes of the blend.
    pub prediction: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DigitsView {
    pub scheme: Scheme,
    pub k: usize,
    pub n: usize,
    pub inputs: Vec<InputCard>,
    pub servers: Vec<ServerCard>,
    pub squared_error: Option<f64>,
    pub relative_accuracy: Option<f64>,
    pub accuracy: Option<f64>,
    pub failure: Option<String>,
}

/// `count` indices spread evenly over 0..n, ends included.
pub fn spread(n: usize, count: usize) -> Vec<usize> {
    let count = count.min(n);
    match count {
        0 => vec![],
        1 => vec![0],
        c => (0..c)
            .map(|i| (i * (n - 1) + (c - 1) / 2) / (c - 1))
            .collect(),
    }
}

fn row_f32(m: &nalgebra::DMatrix<f64>, r: usize) -> Vec<f32> {
    m.row(r)
        .iter()
        .map(|&v| if v.is_finite() { v as f32 } else { 0.0 })
        .collect()
}

impl DigitsView {
    /// A decoded round of LeNet-5.
    pub fn from_round(round: &Round, decoding: &Decoding) -> DigitsView {
        let (problem, prepared, outcome) = (decoding.problem, decoding.prepared, &decoding.outcome);
        // What the servers returned, noise included.
        let answers = &decoding.answers;
        let straggled = &round.draw.straggled;
        let k = problem.k();
        let n = prepared.coder.n();
        let inputs = (0..k.min(MAX_SHOWN))
            .map(|i| InputCard {
                k: i,
                alpha: problem.alphas[i],
                pixels: row_f32(&problem.inputs, i),
                label: problem.labels.as_ref().map(|l| l[i]),
                model: argmax(problem.exact.row(i).iter().copied()),
                decoded: outcome.decoded.as_ref().ok().and_then(|d| {
                    d.recovered[i].then(|| argmax(d.estimates.row(i).iter().copied()))
                }),
            })
            .collect();
        let servers = spread(n, MAX_SHOWN)
            .into_iter()
            .map(|s| ServerCard {
                index: s,
                beta: prepared.coder.betas[s],
                pixels: row_f32(&prepared.coded_inputs, s),
                straggled: straggled[s],
                prediction: argmax(answers.row(s).iter().copied()),
            })
            .collect();
        DigitsView {
            scheme: prepared.coder.scheme,
            k,
            n,
            inputs,
            servers,
            squared_error: outcome.squared_error,
            relative_accuracy: outcome.relative_accuracy,
            accuracy: outcome.accuracy,
            failure: outcome.decoded.as_ref().err().map(|e| e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{run_round, Config};

    #[test]
    fn spread_covers_the_ends() {
        assert_eq!(spread(100, 3), vec![0, 50, 99]);
        assert_eq!(spread(2, 10), vec![0, 1]);
        assert_eq!(spread(5, 1), vec![0]);
        assert!(spread(0, 3).is_empty());
    }

    #[test]
    fn predictions_match_coded_round() {
        let c = Config::from_json(r#"{"function": "lenet5", "k": 12, "n": 48, "scheme": "letcc"}"#)
            .unwrap();
        let v = crate::testing::digits(&c, 1);
        let r = run_round(&c, 1).unwrap();
        assert_eq!(v.inputs.len(), MAX_SHOWN);
        assert_eq!(v.servers.len(), MAX_SHOWN);
        assert_eq!(v.relative_accuracy, r.relative_accuracy);
        assert_eq!(v.accuracy, r.accuracy);
        let est = r.estimates.unwrap();
        for card in &v.inputs {
            assert_eq!(card.label, Some(r.labels.as_ref().unwrap()[card.k]));
            let d = est[card.k].as_ref().unwrap();
            assert_eq!(card.decoded, Some(argmax(d.iter().copied())));
            assert_eq!(card.model, argmax(r.exact[card.k].iter().copied()));
            assert_eq!(card.pixels.len(), coded_core::lenet::PIXELS);
        }
        for s in &v.servers {
            assert_eq!(s.straggled, r.straggled[s.index]);
            assert_eq!(s.pixels[300], r.coded_inputs[s.index][300] as f32);
        }
    }
}
