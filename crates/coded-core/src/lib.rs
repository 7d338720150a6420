//! The mathematics of general (approximate) coded computing: BACC (Berrut's
//! rational interpolant) and LeTCC (smoothing splines), the baselines (LCC,
//! replication), straggler models and experiments. No web dependency: the
//! same code runs natively (tests, the `coded` CLI) and in the browser.
//!
//! See docs/mathematics.md for every formula.
//!
//! No module cycles: each module uses only modules before it in this list:
//! `limits`, `wire`, `json`, `checksum`, `portable`, `quantile`, `banded`, `chacha_lanes`, `rng`, `barycentric`, `spline`,
//! `points`, `locator`, `robust`, `scheme`, `decode_error`, `lambda`, `coder`, `stragglers`, `adversaries`, `computation`, `metrics`, `lenet`,
//! `formula`, `functions`, `failure`, `config`, `axis`, `problem`, `round`, `report`,
//! `sweep`, `axis_sweep`, `study`, `csv`.

pub mod adversaries;
pub mod axis;
pub mod axis_sweep;
pub mod banded;
pub mod barycentric;
pub mod checksum;
pub mod coder;
// The wasm build's random stream (and its test natively).
#[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
mod chacha_lanes;
pub mod computation;
pub mod config;
pub mod csv;
pub mod decode_error;
pub mod failure;
pub mod formula;
pub mod functions;
pub mod gcv;
pub mod json;
pub mod knots;
pub mod lambda;
pub mod lenet;
pub mod limits;
pub mod locator;
pub mod metrics;
pub mod points;
pub mod portable;
pub mod problem;
mod quantile;
pub mod rational_locator;
pub mod report;
pub mod rng;
pub mod robust;
pub mod round;
pub mod round_errors;
pub mod scheme;
pub mod spline;
pub mod statistic;
pub mod stealth;
pub mod stragglers;
pub mod study;
pub mod sweep;
mod wire;

pub use adversaries::{Adversaries, Attack, Placement};
pub use axis::Axis;
pub use coder::Coder;
pub use computation::Computation;
pub use config::{Config, ConfigError};
pub use decode_error::DecodeError;
pub use failure::Failure;
pub use formula::Formula;
pub use functions::FunctionKind;
pub use lambda::{LambdaDec, LambdaRule};
pub use metrics::{MeanInterval, Quantiles, Stats};
pub use points::PointSet;
pub use problem::Problem;
pub use report::{round_of, run_round, RoundReport};
pub use round::Round;
pub use scheme::Scheme;
pub use stragglers::StragglerModel;
pub use study::Study;
pub use sweep::{sweep, MonteCarlo, SweepPlan, SweepPoint};
