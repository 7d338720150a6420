//! The functions f that servers compute. A `Computation` maps a batch of
//! points (rows) in R^d to R^m; the LeNet-5 issue plugs a CNN in through the
//! same interface.

use crate::rng::Rng;
use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

/// Vector in, vector out, evaluated in batches (one row per point).
pub trait Computation {
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
    /// The K inputs of an experiment, drawn from `rng`.
    fn sample_inputs(&self, k: usize, rng: &mut Rng) -> Inputs;
}

/// An experiment's inputs: K × d, with true class labels where they exist.
pub struct Inputs {
    pub x: DMatrix<f64>,
    pub labels: Option<Vec<usize>>,
}

/// The built-in scalar functions, by their JSON names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum FunctionKind {
    /// f₁(x) = x·sin(x), the probabilistic-regime paper's test function.
    #[default]
    XSinX,
    /// f(x) = x³ − 2x, a degree-3 polynomial: LCC is exact with 3(K−1)+1 answers.
    Cubic,
    /// f(x) = |x|, continuous but not differentiable at 0.
    Abs,
    /// LeNet-5 on 28×28 digits: d = 784, m = 10 logits (crate::lenet).
    Lenet5,
}

impl FunctionKind {
    pub const ALL: [FunctionKind; 3] =
        [FunctionKind::XSinX, FunctionKind::Cubic, FunctionKind::Abs];

    pub fn name(self) -> &'static str {
        match self {
            FunctionKind::XSinX => "x_sin_x",
            FunctionKind::Cubic => "cubic",
            FunctionKind::Abs => "abs",
            FunctionKind::Lenet5 => "lenet5",
        }
    }

    /// Whether outputs are class scores (accuracy columns apply).
    pub fn is_classifier(self) -> bool {
        self == FunctionKind::Lenet5
    }

    /// The function, ready to evaluate. Only LeNet-5 can fail: its compiled-in
    /// weights are verified against their checksum on first use.
    pub fn build(self) -> Result<Box<dyn Computation>, String> {
        match self {
            FunctionKind::Lenet5 => Ok(Box::new(crate::lenet::LeNetFunction::new()?)),
            scalar => Ok(Box::new(Scalar(scalar))),
        }
    }
}

/// A scalar function R → R. Inputs are drawn uniformly from [−3, 3]: wide
/// enough that x·sin x and |x| show their shape, and the same for all three
/// so results are comparable.
struct Scalar(FunctionKind);

pub const SCALAR_INPUT_RANGE: (f64, f64) = (-3.0, 3.0);

impl Scalar {
    fn apply(&self, x: f64) -> f64 {
        match self.0 {
            FunctionKind::XSinX => x * crate::portable::sin(x),
            FunctionKind::Cubic => x * x * x - 2.0 * x,
            FunctionKind::Abs => x.abs(),
            FunctionKind::Lenet5 => unreachable!("LeNet-5 is not a scalar function"),
        }
    }
}

impl Computation for Scalar {
    fn input_dim(&self) -> usize {
        1
    }
    fn output_dim(&self) -> usize {
        1
    }
    fn eval_batch(&self, inputs: &DMatrix<f64>) -> DMatrix<f64> {
        inputs.map(|x| self.apply(x))
    }
    fn polynomial_degree(&self) -> Option<usize> {
        (self.0 == FunctionKind::Cubic).then_some(3)
    }
    fn sample_inputs(&self, k: usize, rng: &mut Rng) -> Inputs {
        let (lo, hi) = SCALAR_INPUT_RANGE;
        Inputs {
            x: DMatrix::from_fn(k, 1, |_, _| rng.uniform_in(lo, hi)),
            labels: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_functions_evaluate_rowwise() {
        let x = DMatrix::from_column_slice(3, 1, &[-2.0, 0.0, 1.5]);
        let y = FunctionKind::XSinX.build().unwrap().eval_batch(&x);
        assert!((y[(0, 0)] - (-2.0f64 * (-2.0f64).sin())).abs() < 1e-15);
        assert_eq!(
            FunctionKind::Abs.build().unwrap().eval_batch(&x)[(0, 0)],
            2.0
        );
        assert_eq!(
            FunctionKind::Cubic.build().unwrap().polynomial_degree(),
            Some(3)
        );
        assert_eq!(FunctionKind::Abs.build().unwrap().polynomial_degree(), None);
    }

    #[test]
    fn inputs_in_range_and_seeded() {
        let f = FunctionKind::XSinX.build().unwrap();
        let a = f.sample_inputs(10, &mut Rng::new(4)).x;
        let b = f.sample_inputs(10, &mut Rng::new(4)).x;
        assert_eq!(a, b);
        assert!(a.iter().all(|v| (-3.0..3.0).contains(v)));
    }
}
