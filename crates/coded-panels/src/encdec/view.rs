//! Panel 2's view: plot-ready data, built from the core's results.
use crate::detection::{DetectionView, Judged};
use crate::format::finite;
use coded_core::round::{Decoding, RoundCurves};
use coded_core::Round;
use coded_core::Scheme;
use serde::{Deserialize, Serialize};

/// Samples of the encoder and decoder curves on [-1, 1]: smooth at any
/// width we draw, and cheap (the decoder is one small linear map).
pub const GRID: usize = 401;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EncDecView {
    pub scheme: Scheme,
    /// A formula f is named by its text: its title, `None` for a built-in
    /// (those are known by the function list).
    pub formula_title: Option<String>,
    pub k: usize,
    pub n: usize,
    /// Data points α_k, inputs x_k and exact outputs f(x_k) (None where f
    /// is not a finite number: a formula such as ln(x) at x < 0).
    pub alphas: Vec<f64>,
    pub inputs: Vec<f64>,
    pub exact: Vec<Option<f64>>,
    /// u_enc(z) on the grid (finite samples only; empty for replication).
    pub encoder: Vec<(f64, f64)>,
    /// f(u_enc(z)): what the decoder tries to follow.
    pub composed: Vec<(f64, f64)>,
    /// Server points β_n, coded inputs x̃_n, answers f(x̃_n), who straggled.
    pub betas: Vec<f64>,
    pub coded: Vec<Option<f64>>,
    pub answers: Vec<Option<f64>>,
    pub straggled: Vec<bool>,
    /// The adversarial servers of the round, ascending (empty without
    /// adversaries): their `answers` are the corrupted ones they sent, or
    /// would have sent had they not straggled.
    #[serde(default)]
    pub adversarial_servers: Vec<usize>,
    /// Whom a locating scheme flagged in this round (None for the other
    /// schemes, and when the round failed).
    #[serde(default)]
    pub detection: Option<DetectionView>,
    /// u_dec(z) fitted to the survivors (empty when replication or failed).
    pub decoder: Vec<(f64, f64)>,
    /// u_dec(α_k): None when the round failed or replication lost output k.
    pub estimates: Vec<Option<f64>>,
    /// |u_dec(α_k) − f(x_k)|.
    pub errors: Vec<Option<f64>>,
    pub squared_error: Option<f64>,
    pub failure: Option<String>,
    pub lambda_dec_used: Option<f64>,
    /// Answers a decode needs (LCC's recovery threshold; 1 otherwise).
    pub threshold: usize,
}

/// The evenly spaced grid on [-1, 1].
pub fn grid() -> Vec<f64> {
    (0..GRID)
        .map(|i| -1.0 + 2.0 * i as f64 / (GRID - 1) as f64)
        .collect()
}

impl Judged for EncDecView {
    fn judged(&self) -> (Option<&DetectionView>, &[usize], &[bool]) {
        (
            self.detection.as_ref(),
            &self.adversarial_servers,
            &self.straggled,
        )
    }
}

impl EncDecView {
    /// The corrupted answers the decoder saw: the adversaries that did not
    /// straggle.
    pub fn corrupted(&self) -> usize {
        self.adversarial_servers
            .iter()
            .filter(|&&i| !self.straggled[i])
            .count()
    }

    /// A decoded round of a scalar function.
    pub fn from_round(round: &Round, decoding: &Decoding) -> EncDecView {
        let (problem, prepared, outcome) = (decoding.problem, decoding.prepared, &decoding.outcome);
        let coder = &prepared.coder;
        let col = |m: &nalgebra::DMatrix<f64>| m.column(0).iter().copied().collect::<Vec<f64>>();
        let RoundCurves {
            encoder,
            composed,
            decoder,
        } = decoding.curves(&grid());
        let exact: Vec<Option<f64>> = col(&problem.exact).into_iter().map(finite).collect();
        let estimates: Vec<Option<f64>> = match &outcome.decoded {
            Ok(d) => (0..problem.k())
                .map(|k| d.recovered[k].then(|| d.estimates[(k, 0)]).and_then(finite))
                .collect(),
            Err(_) => vec![None; problem.k()],
        };
        let errors = estimates
            .iter()
            .zip(&exact)
            .map(|(e, x)| e.zip(*x).and_then(|(e, x)| finite((e - x).abs())))
            .collect();
        EncDecView {
            scheme: coder.scheme,
            formula_title: (problem.config.function.formula())
                .map(|_| problem.config.function.title()),
            k: problem.k(),
            n: coder.n(),
            alphas: problem.alphas.clone(),
            inputs: col(&problem.inputs),
            exact,
            encoder,
            composed,
            betas: coder.betas.clone(),
            coded: prepared
                .coded_inputs
                .column(0)
                .iter()
                .map(|v| finite(*v))
                .collect(),
            answers: decoding
                .answers
                .column(0)
                .iter()
                .map(|v| finite(*v))
                .collect(),
            straggled: round.draw.straggled.clone(),
            adversarial_servers: round.adversarial_servers.clone(),
            detection: DetectionView::of(round),
            decoder,
            estimates,
            errors,
            squared_error: outcome.squared_error,
            failure: outcome.decoded.as_ref().err().map(|e| e.to_string()),
            lambda_dec_used: outcome.decoded.as_ref().ok().and_then(|d| d.lambda_dec),
            threshold: coder.threshold(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{run_round, Config};

    fn view(text: &str, trial: usize) -> (EncDecView, coded_core::RoundReport) {
        let c = Config::from_json(text).unwrap();
        (
            crate::testing::encdec(&c, trial),
            run_round(&c, trial).unwrap(),
        )
    }

    #[test]
    fn numbers_equal_coded_round() {
        for scheme in ["bacc", "letcc", "lcc", "uncoded"] {
            let (v, r) = view(&format!(r#"{{"scheme": "{scheme}", "k": 6, "n": 20}}"#), 2);
            assert_eq!(v.squared_error, r.squared_error, "{scheme}");
            assert_eq!(v.alphas, r.alphas);
            assert_eq!(v.straggled, r.straggled);
            let est: Vec<Option<f64>> = r
                .estimates
                .unwrap()
                .into_iter()
                .map(|e| e.map(|v| v[0]))
                .collect();
            assert_eq!(v.estimates, est, "{scheme}");
            assert_eq!(
                v.answers,
                r.outputs.iter().map(|o| Some(o[0])).collect::<Vec<_>>()
            );
            assert_eq!(v.encoder.is_empty(), scheme == "uncoded");
            assert_eq!(v.decoder.is_empty(), scheme == "uncoded");
        }
    }

    #[test]
    fn the_adversaries_answers_are_the_corrupted_ones() {
        let text = r#"{"scheme": "letcc", "k": 6, "n": 30, "stragglers": {"model": "fixed", "s": 6},
            "adversaries": {"count": 5, "bound": 3, "attack": "edge", "placement": "block"}}"#;
        let (v, r) = view(text, 1);
        assert_eq!(v.adversarial_servers, r.adversarial_servers);
        assert_eq!(v.adversarial_servers.len(), 5);
        for &i in &v.adversarial_servers {
            assert_eq!(v.answers[i], Some(3.0), "server {i} sends the box's edge");
        }
        let answered = v
            .adversarial_servers
            .iter()
            .filter(|&&i| !r.straggled[i])
            .count();
        assert_eq!(v.corrupted(), answered);
        assert_eq!(v.squared_error, r.squared_error);
        let (plain, _) = view(r#"{"k": 6, "n": 30}"#, 1);
        assert!(plain.adversarial_servers.is_empty() && plain.corrupted() == 0);
    }

    #[test]
    fn curves_pass_through_their_points() {
        // BACC interpolates: the encoder at α_k is x_k, the decoder at a
        // survivor's β is its answer.
        let (v, _) = view(r#"{"k": 5, "n": 400}"#, 0);
        assert_eq!(v.encoder.len(), GRID);
        // Grid point 200 is z = 0; N = 400 has no server there, so check
        // the composition instead: f(u_enc(z)) = u_enc(z)·sin(u_enc(z)).
        let (z, u) = v.encoder[123];
        let (z2, fu) = v.composed[123];
        assert_eq!(z, z2);
        assert!((fu - u * u.sin()).abs() < 1e-12);
    }

    #[test]
    fn failed_rounds_have_no_curve_and_a_reason() {
        let (v, r) = view(r#"{"stragglers": {"model": "iid", "p": 1}}"#, 0);
        assert!(r.failed);
        assert!(v.decoder.is_empty() && v.estimates.iter().all(Option::is_none));
        assert_eq!(v.failure.as_deref(), r.failure.as_deref());
        let (v, _) = view(
            r#"{"scheme": "lcc", "function": "cubic", "k": 10, "n": 20}"#,
            0,
        );
        assert!(v.failure.unwrap().contains("threshold"));
    }
}
