//! The functions f that servers compute: the built-in scalar functions, and
//! `FunctionKind`, the configuration's choice among them and LeNet-5 (which
//! lives in `lenet`, behind the same `Computation` trait).
//!
//! The trait is in `computation`, so this list can build LeNet-5 without
//! LeNet-5 depending back on the list.

use crate::computation::{Computation, Inputs};
use crate::lenet::LeNetFunction;
use crate::portable::sin;
use crate::rng::Rng;
use crate::wire::wire_enum;
use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

wire_enum! {
    /// The built-in functions, by their JSON names.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum FunctionKind {
        /// f₁(x) = x·sin(x), the probabilistic-regime paper's test function.
        #[default]
        XSinX = "x_sin_x",
        /// f(x) = x³ − 2x, a degree-3 polynomial: LCC is exact with 3(K−1)+1 answers.
        Cubic = "cubic",
        /// f(x) = |x|, continuous but not differentiable at 0.
        Abs = "abs",
        /// LeNet-5 on 28×28 digits: d = 784, m = 10 logits (crate::lenet).
        Lenet5 = "lenet5",
    }
}

impl FunctionKind {
    /// Every function, in the order a UI lists them.
    pub const ALL: [FunctionKind; 4] = [
        FunctionKind::XSinX,
        FunctionKind::Cubic,
        FunctionKind::Abs,
        FunctionKind::Lenet5,
    ];

    /// The scalar functions R → R (every one but LeNet-5).
    pub const SCALARS: [FunctionKind; 3] =
        [FunctionKind::XSinX, FunctionKind::Cubic, FunctionKind::Abs];

    /// What a UI calls it.
    pub const fn label(self) -> &'static str {
        match self {
            FunctionKind::XSinX => "x · sin x",
            FunctionKind::Cubic => "x³ − 2x (polynomial)",
            FunctionKind::Abs => "|x| (not smooth)",
            FunctionKind::Lenet5 => "LeNet-5 on digits",
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
            FunctionKind::Lenet5 => Ok(Box::new(LeNetFunction::new()?)),
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
            FunctionKind::XSinX => x * sin(x),
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
