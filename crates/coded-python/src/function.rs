//! Your own f: a Python callable as the core's `Computation`, called once
//! per batch (the K inputs; one scheme's N coded inputs), never per trial
//! or per server.
//!
//! The callable the package hands in is its checking wrapper
//! (`coded._function`): it turns f's output into a C-contiguous float64
//! matrix with one row per input, or raises an error naming f, the batch
//! and the first bad row. An error stops the run: it is kept here, the
//! sweep's watch is told to stop, and the run raises it once its threads
//! have let go.

use coded_core::computation::{Computation, Inputs};
use coded_core::rng::Rng;
use coded_sweep::Watch;
use nalgebra::DMatrix;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// The first error f raised in a run, and the run's watch to stop.
#[derive(Default)]
pub struct Failure {
    error: Mutex<Option<PyErr>>,
    pub watch: Arc<Watch>,
}

impl Failure {
    pub fn new(watch: Arc<Watch>) -> Failure {
        Failure {
            error: Mutex::new(None),
            watch,
        }
    }

    fn set(&self, e: PyErr) {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.watch.stop();
    }

    pub fn failed(&self) -> bool {
        self.error.lock().map_or(true, |s| s.is_some())
    }

    /// The error f raised, if it did (taken: raised once).
    pub fn take(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// What the core needs to know of f besides its values.
#[derive(Clone, Copy, Debug, Default)]
pub struct Traits {
    /// Its outputs are class scores: the accuracy columns apply.
    pub classifier: bool,
    /// Its degree when it is a polynomial (LCC's threshold needs it).
    pub degree: Option<usize>,
}

/// A Python callable, batch in, batch out.
pub struct Callable {
    pub f: Arc<Py<PyAny>>,
    /// Its name in a CSV's `function` column; None: the configuration's
    /// function's (f is that built-in).
    pub label: Option<String>,
    pub traits: Traits,
    pub failure: Arc<Failure>,
}

impl Callable {
    fn call(&self, inputs: &DMatrix<f64>) -> PyResult<DMatrix<f64>> {
        let (rows, d) = inputs.shape();
        // nalgebra is column-major: the transpose's storage is the rows'.
        let flat = inputs.transpose().as_slice().to_vec();
        Python::attach(|py| {
            let batch = PyArray1::from_vec(py, flat).reshape([rows, d])?;
            let out = self.f.bind(py).call1((batch,))?;
            let out: PyReadonlyArray2<f64> = out.extract()?;
            let (r, m) = (out.shape()[0], out.shape()[1]);
            let values = out.as_slice()?;
            Ok(DMatrix::from_row_slice(r, m, values))
        })
    }
}

impl Computation for Callable {
    fn input_dim(&self) -> usize {
        0
    }
    fn output_dim(&self) -> usize {
        0
    }
    fn eval_batch(&self, inputs: &DMatrix<f64>) -> DMatrix<f64> {
        // After an error the run is stopping: no more calls into f.
        let nan = || DMatrix::from_element(inputs.nrows(), 1, f64::NAN);
        if self.failure.failed() {
            return nan();
        }
        self.call(inputs).unwrap_or_else(|e| {
            self.failure.set(e);
            nan()
        })
    }
    fn polynomial_degree(&self) -> Option<usize> {
        self.traits.degree
    }
    fn is_classifier(&self) -> bool {
        self.traits.classifier
    }
    fn label(&self) -> Option<String> {
        self.label.clone()
    }
    /// Never asked: `Problem::with_function` takes the given inputs or
    /// draws them as the configuration's function does.
    fn sample_inputs(&self, k: usize, _rng: &mut Rng) -> Inputs {
        Inputs {
            x: DMatrix::zeros(k, 1),
            labels: None,
        }
    }
}
