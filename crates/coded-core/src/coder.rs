//! The coding schemes as linear operators: encoding X̃ = E X (E is N × K) and
//! decoding Ŷ = D_F Y_F (D_F is K × |F|), applied to every coordinate alike
//! (docs/mathematics.md, "Encode, compute, decode").

use crate::barycentric::{berrut_weights, lagrange_weights, operator_matrix};
use crate::decode_error::DecodeError;
use crate::portable::matmul;
use crate::robust::{detect, Detection, Tolerance};
use crate::scheme::Scheme;
use crate::spline::{SmoothingSpline, SplineError};
use nalgebra::DMatrix;

/// A decoded round: K × m estimates, which outputs were recovered (all of them
/// for the coded schemes; replication can lose some), the λ_dec used and,
/// for a locating scheme, whom it flagged.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub estimates: DMatrix<f64>,
    pub recovered: Vec<bool>,
    pub lambda_dec: Option<f64>,
    pub detection: Option<Detection>,
}

/// A decoder curve sampled at some points (rows × m) and the λ_dec it used.
pub type DecoderCurve = (DMatrix<f64>, Option<f64>);

/// A scheme set up for one (K, N): its points and parameters.
#[derive(Clone, Debug)]
pub struct Coder {
    pub scheme: Scheme,
    pub alphas: Vec<f64>,
    pub betas: Vec<f64>,
    pub lambda_enc: f64,
    /// None: choose by GCV at decode time.
    pub lambda_dec: Option<f64>,
    /// Degree of f if it is a polynomial (sets LCC's threshold).
    pub poly_degree: Option<usize>,
    /// How many adversaries a locating scheme tries to find.
    pub tolerance: Tolerance,
}

fn to_matrix_err(e: SplineError) -> DecodeError {
    DecodeError::Spline(e)
}

impl Coder {
    pub fn k(&self) -> usize {
        self.alphas.len()
    }

    pub fn n(&self) -> usize {
        self.betas.len()
    }

    /// The least number of answers a decode needs: 1 for BACC and LeTCC; for
    /// LCC D(K−1)+1 with a degree-D polynomial f and K for any other f; for
    /// replication, 1 (it then recovers what it can).
    pub fn threshold(&self) -> usize {
        match self.scheme {
            Scheme::Lcc => match self.poly_degree {
                Some(d) => d * (self.k() - 1) + 1,
                None => self.k(),
            },
            Scheme::Bacc
            | Scheme::Letcc
            | Scheme::Uncoded
            | Scheme::Approxifer
            | Scheme::Median => 1,
        }
    }

    /// The N × K encoding matrix E: row n gives the coded input x̃_n = Σ_k E_nk x_k.
    pub fn encoding_matrix(&self) -> DMatrix<f64> {
        let k = self.k();
        match self.scheme {
            Scheme::Uncoded => {
                DMatrix::from_fn(self.n(), k, |r, c| if r % k == c { 1.0 } else { 0.0 })
            }
            Scheme::Bacc | Scheme::Letcc | Scheme::Lcc | Scheme::Approxifer | Scheme::Median => {
                self.encoder_operator(&self.betas)
            }
        }
    }

    /// The encoder curve's operator at arbitrary points (rows) for the
    /// interpolating schemes: u_enc(z) = Σ_k E(z)_k x_k.
    fn encoder_operator(&self, at: &[f64]) -> DMatrix<f64> {
        let k = self.k();
        match self.scheme {
            Scheme::Bacc | Scheme::Uncoded | Scheme::Approxifer | Scheme::Median => {
                barycentric_matrix(&self.alphas, &berrut_weights(k), at)
            }
            Scheme::Lcc => barycentric_matrix(&self.alphas, &lagrange_weights(&self.alphas), at),
            Scheme::Letcc => {
                // The spline is linear in its data: fit the K unit vectors at once.
                SmoothingSpline::fit(&self.alphas, &DMatrix::identity(k, k), self.lambda_enc)
                    .expect("alphas are sorted and distinct, lambda_enc validated")
                    .eval(at)
            }
        }
    }

    /// The encoder curve u_enc at the points `at` (rows × d), for drawing; None
    /// for replication, which has no curve.
    pub fn encoder_curve(&self, inputs: &DMatrix<f64>, at: &[f64]) -> Option<DMatrix<f64>> {
        match self.scheme {
            Scheme::Uncoded => None,
            Scheme::Bacc | Scheme::Letcc | Scheme::Lcc | Scheme::Approxifer | Scheme::Median => {
                Some(matmul(&self.encoder_operator(at), inputs))
            }
        }
    }

    /// The decoder curve u_dec at the points `at` (rows × m) fitted to the
    /// survivors' answers, and the λ_dec it used (LeTCC). None for replication.
    pub fn decoder_curve(
        &self,
        survivors: &[usize],
        answers: &DMatrix<f64>,
        at: &[f64],
    ) -> Option<Result<DecoderCurve, DecodeError>> {
        let weights = match self.scheme {
            Scheme::Uncoded => return None,
            Scheme::Letcc => {
                return Some(
                    self.fit_spline_decoder(survivors, answers)
                        .map(|(s, l)| (s.eval(at), Some(l))),
                )
            }
            Scheme::Bacc => Barycentric::Berrut,
            Scheme::Lcc => Barycentric::Lagrange,
            Scheme::Approxifer | Scheme::Median => {
                let (kept, kept_answers, _) = self.drop_flagged(survivors, answers);
                return Some(
                    self.barycentric_decoder(Barycentric::Berrut, &kept, at)
                        .map(|d| (matmul(&d, &kept_answers), None)),
                );
            }
        };
        Some(
            self.barycentric_decoder(weights, survivors, at)
                .map(|d| (matmul(&d, answers), None)),
        )
    }

    /// LeTCC's decoder spline through the survivors' answers, and its λ.
    fn fit_spline_decoder(
        &self,
        survivors: &[usize],
        answers: &DMatrix<f64>,
    ) -> Result<(SmoothingSpline, f64), DecodeError> {
        self.check_count(survivors.len())?;
        let nodes = self.nodes(survivors);
        match self.lambda_dec {
            Some(l) => Ok((
                SmoothingSpline::fit(&nodes, answers, l).map_err(to_matrix_err)?,
                l,
            )),
            None => SmoothingSpline::fit_gcv(&nodes, answers).map_err(to_matrix_err),
        }
    }

    /// BACC's (Berrut) or LCC's (Lagrange) decoding operator (rows: `at`,
    /// columns: survivors). The caller names the weights, matching on the
    /// scheme, so that no other scheme can end up here by default.
    fn barycentric_decoder(
        &self,
        weights: Barycentric,
        survivors: &[usize],
        at: &[f64],
    ) -> Result<DMatrix<f64>, DecodeError> {
        let f = survivors.len();
        self.check_count(f)?;
        if weights == Barycentric::Berrut {
            return Ok(barycentric_matrix(
                &self.nodes(survivors),
                &berrut_weights(f),
                at,
            ));
        }
        let chosen = self.lcc_nodes(survivors);
        let used: Vec<f64> = chosen.iter().map(|&j| self.betas[survivors[j]]).collect();
        let part = barycentric_matrix(&used, &lagrange_weights(&used), at);
        // Spread the used columns back over all survivors.
        let mut d = DMatrix::zeros(at.len(), f);
        for (c, &j) in chosen.iter().enumerate() {
            d.set_column(j, &part.column(c));
        }
        Ok(d)
    }

    /// The coded inputs (N × d) for inputs X (K × d).
    pub fn encode(&self, inputs: &DMatrix<f64>) -> DMatrix<f64> {
        matmul(&self.encoding_matrix(), inputs)
    }

    /// The K × |F| decoding matrix for the surviving servers `survivors`
    /// (indices into β, ascending), and the λ it used.
    pub fn decoding_matrix(&self, survivors: &[usize]) -> Result<DMatrix<f64>, DecodeError> {
        let f = survivors.len();
        match self.scheme {
            Scheme::Letcc => {
                // Apply the (linear) decoder to the unit vectors of the survivors.
                // GCV is not linear in the data, so it has no fixed matrix: use the
                // λ it would choose for the data with `decode`, not this.
                let lambda = self.lambda_dec.unwrap_or(0.0);
                self.check_count(f)?;
                let nodes = self.nodes(survivors);
                let s = SmoothingSpline::fit(&nodes, &DMatrix::identity(f, f), lambda)
                    .map_err(to_matrix_err)?;
                Ok(s.eval(&self.alphas))
            }
            Scheme::Uncoded => {
                let k = self.k();
                let mut d = DMatrix::zeros(k, f);
                for out in 0..k {
                    if let Some(j) = survivors.iter().position(|&s| s % k == out) {
                        d[(out, j)] = 1.0;
                    }
                }
                Ok(d)
            }
            // A locating decoder is not linear (whom it drops depends on
            // the answers): its matrix is Berrut's, what it decodes with
            // when it flags nobody.
            Scheme::Bacc | Scheme::Approxifer | Scheme::Median => {
                self.barycentric_decoder(Barycentric::Berrut, survivors, &self.alphas)
            }
            Scheme::Lcc => self.barycentric_decoder(Barycentric::Lagrange, survivors, &self.alphas),
        }
    }

    /// A locating scheme's survivors and answers without the ones it
    /// flags, and what it flagged.
    fn drop_flagged(
        &self,
        survivors: &[usize],
        answers: &DMatrix<f64>,
    ) -> (Vec<usize>, DMatrix<f64>, Option<Detection>) {
        let Some(locator) = self.scheme.locator() else {
            return (survivors.to_vec(), answers.clone(), None);
        };
        let detection = detect(
            locator,
            self.tolerance,
            survivors,
            &self.nodes(survivors),
            answers,
            self.k(),
        );
        let rows: Vec<usize> = (0..survivors.len())
            .filter(|&r| !detection.flagged.contains(&survivors[r]))
            .collect();
        let kept = rows.iter().map(|&r| survivors[r]).collect();
        (kept, answers.select_rows(rows.iter()), Some(detection))
    }

    /// Decodes the answers `answers` (|F| × m, one row per survivor).
    pub fn decode(
        &self,
        survivors: &[usize],
        answers: &DMatrix<f64>,
    ) -> Result<Decoded, DecodeError> {
        assert_eq!(
            survivors.len(),
            answers.nrows(),
            "one answer row per survivor"
        );
        let k = self.k();
        match self.scheme {
            Scheme::Letcc => {
                let (spline, lambda) = self.fit_spline_decoder(survivors, answers)?;
                Ok(Decoded {
                    estimates: spline.eval(&self.alphas),
                    recovered: vec![true; k],
                    lambda_dec: Some(lambda),
                    detection: None,
                })
            }
            Scheme::Uncoded => {
                // Output r is the answer of the first survivor that computed
                // it: `decoding_matrix(survivors) · answers` without building
                // that K × |F| matrix of zeros (54 MB and O(K·|F|) per round
                // at N = 8192, K = 1024; this is O(|F| + K·m)).
                let mut estimates = DMatrix::zeros(k, answers.ncols());
                let mut recovered = vec![false; k];
                for (j, &server) in survivors.iter().enumerate() {
                    let out = server % k;
                    if !recovered[out] {
                        recovered[out] = true;
                        estimates.row_mut(out).copy_from(&answers.row(j));
                    }
                }
                if !recovered.iter().any(|&r| r) {
                    return Err(DecodeError::AllLost);
                }
                Ok(Decoded {
                    estimates,
                    recovered,
                    lambda_dec: None,
                    detection: None,
                })
            }
            Scheme::Bacc | Scheme::Lcc => Ok(Decoded {
                estimates: matmul(&self.decoding_matrix(survivors)?, answers),
                recovered: vec![true; k],
                lambda_dec: None,
                detection: None,
            }),
            Scheme::Approxifer | Scheme::Median => {
                self.check_count(survivors.len())?;
                let (kept, kept_answers, detection) = self.drop_flagged(survivors, answers);
                let d = self.barycentric_decoder(Barycentric::Berrut, &kept, &self.alphas)?;
                Ok(Decoded {
                    estimates: matmul(&d, &kept_answers),
                    recovered: vec![true; k],
                    lambda_dec: None,
                    detection,
                })
            }
        }
    }

    fn check_count(&self, have: usize) -> Result<(), DecodeError> {
        if have == 0 {
            return Err(DecodeError::NoSurvivors);
        }
        let need = self.threshold();
        if have < need {
            return Err(DecodeError::BelowThreshold { have, need });
        }
        Ok(())
    }

    fn nodes(&self, survivors: &[usize]) -> Vec<f64> {
        survivors.iter().map(|&i| self.betas[i]).collect()
    }

    /// Which survivors (positions in `survivors`) LCC interpolates through: for
    /// a degree-D polynomial exactly its threshold R of them, spread evenly over
    /// the survivors (a clustered subset would be badly conditioned); for any
    /// other f all of them.
    fn lcc_nodes(&self, survivors: &[usize]) -> Vec<usize> {
        let f = survivors.len();
        let r = match self.poly_degree {
            Some(_) => self.threshold().min(f),
            None => f,
        };
        if r == f || r == 1 {
            return (0..r).collect();
        }
        (0..r)
            .map(|i| (i * (f - 1) + (r - 1) / 2) / (r - 1))
            .collect()
    }
}

/// The barycentric decoders' weights: Berrut's (BACC) or Lagrange's
/// through the survivors LCC uses (LCC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Barycentric {
    Berrut,
    Lagrange,
}

/// Rows of the barycentric operator with weights `w` on `nodes`, at each z.
fn barycentric_matrix(nodes: &[f64], w: &[f64], at: &[f64]) -> DMatrix<f64> {
    let mut m = DMatrix::zeros(at.len(), nodes.len());
    operator_matrix(nodes, w, at, m.as_mut_slice());
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::{data_points, server_points, PointSet};

    fn coder(scheme: Scheme, k: usize, n: usize, poly: Option<usize>) -> Coder {
        Coder {
            scheme,
            alphas: data_points(k, PointSet::Chebyshev),
            betas: server_points(n, PointSet::Chebyshev),
            lambda_enc: 0.0,
            lambda_dec: Some(1e-6),
            poly_degree: poly,
            tolerance: Tolerance::default(),
        }
    }

    #[test]
    fn decode_equals_matrix_times_answers() {
        let survivors: Vec<usize> = (0..30).filter(|i| i % 4 != 1).collect();
        let y = DMatrix::from_fn(survivors.len(), 3, |r, c| ((r * 7 + c) as f64 * 0.37).sin());
        for scheme in Scheme::ALL {
            let c = coder(scheme, 6, 30, None);
            let direct = c.decode(&survivors, &y).unwrap().estimates;
            let via = c.decoding_matrix(&survivors).unwrap() * &y;
            assert!((direct - via).amax() < 1e-9, "{scheme:?}");
        }
    }

    #[test]
    fn lcc_exact_at_threshold_and_fails_below() {
        let c = coder(Scheme::Lcc, 4, 20, Some(3));
        assert_eq!(c.threshold(), 10);
        let x = DMatrix::from_column_slice(4, 1, &[0.5, -1.0, 2.0, 1.5]);
        let f = |v: f64| v * v * v - 2.0 * v;
        let y = c.encode(&x).map(f);
        let survivors: Vec<usize> = (0..20).filter(|i| i % 2 == 0).collect();
        let ys = DMatrix::from_fn(10, 1, |r, _| y[(survivors[r], 0)]);
        let est = c.decode(&survivors, &ys).unwrap().estimates;
        for k in 0..4 {
            assert!((est[(k, 0)] - f(x[(k, 0)])).abs() < 1e-9);
        }
        let few = &survivors[..9];
        let yf = DMatrix::from_fn(9, 1, |r, _| y[(few[r], 0)]);
        assert_eq!(
            c.decode(few, &yf).unwrap_err(),
            DecodeError::BelowThreshold { have: 9, need: 10 }
        );
    }

    #[test]
    fn no_survivors_fails() {
        for scheme in Scheme::ALL {
            let c = coder(scheme, 3, 5, None);
            assert!(c.decode(&[], &DMatrix::zeros(0, 1)).is_err());
        }
    }

    #[test]
    fn uncoded_replication_loses_outputs() {
        let c = coder(Scheme::Uncoded, 3, 6, None);
        let e = c.encoding_matrix();
        assert_eq!(e[(4, 1)], 1.0);
        let x = DMatrix::from_column_slice(3, 1, &[1.0, 2.0, 3.0]);
        let y = c.encode(&x);
        // Servers 0 and 3 hold x_1; both straggle.
        let survivors = vec![1, 2, 4];
        let ys = DMatrix::from_fn(3, 1, |r, _| y[(survivors[r], 0)]);
        let d = c.decode(&survivors, &ys).unwrap();
        assert_eq!(d.recovered, vec![false, true, true]);
        assert_eq!(d.estimates[(1, 0)], 2.0);
    }

    #[test]
    fn encoders_interpolate_inputs() {
        // Evaluated at the α's themselves, BACC, LCC and LeTCC(λ=0) return x.
        for scheme in [Scheme::Bacc, Scheme::Lcc, Scheme::Letcc] {
            let mut c = coder(scheme, 5, 9, None);
            c.betas = c.alphas.clone();
            let e = c.encoding_matrix();
            assert!((e - DMatrix::identity(5, 5)).amax() < 1e-12, "{scheme:?}");
        }
    }
}
