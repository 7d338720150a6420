//! The interface between the coding schemes and what the servers compute: a
//! `Computation` maps a batch of points (rows) in R^d to R^m.
//!
//! Separate from its implementations (the scalar functions in `functions`,
//! the CNN in `lenet`) so that those depend on it and not on each other: the
//! function list builds LeNet-5, and LeNet-5 only needs the trait.

use crate::rng::Rng;
use nalgebra::DMatrix;

/// Vector in, vector out, evaluated in batches (one row per point).
///
/// `Send + Sync` so that a problem (which holds its f) can be shared by threads (the
/// CLI's `--threads` runs one point's trials on several); every f is plain
/// data, read only once built.
pub trait Computation: Send + Sync {
    fn input_dim(&self) -> usize;
    fn output_dim(&self) -> usize;
    /// f applied to every row of `inputs` (rows × d) → rows × m.
    fn eval_batch(&self, inputs: &DMatrix<f64>) -> DMatrix<f64>;
    /// Degree when f is a polynomial: LCC's recovery threshold needs it.
    fn polynomial_degree(&self) -> Option<usize> {
        None
    }
    /// Outputs are class scores: report argmax agreement too.
    fn is_classifier(&self) -> bool {
        false
    }
    /// The name a CSV's `function` column gives f when it is not the
    /// configuration's function (an f handed in from Python); None: the
    /// configuration's function names it.
    fn label(&self) -> Option<String> {
        None
    }
    /// The K inputs of an experiment, drawn from `rng`.
    fn sample_inputs(&self, k: usize, rng: &mut Rng) -> Inputs;
}

/// An experiment's inputs: K × d, with true class labels where they exist.
pub struct Inputs {
    pub x: DMatrix<f64>,
    pub labels: Option<Vec<usize>>,
}
