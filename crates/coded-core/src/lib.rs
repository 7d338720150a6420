//! The mathematics of general (approximate) coded computing: BACC (Berrut's
//! rational interpolant) and LeTCC (smoothing splines), the baselines (LCC,
//! replication), straggler models and experiments. No web dependency: the
//! same code runs natively (tests, the `coded` CLI) and in the browser.
//!
//! See `shared/MATH.md` in the project's documents for every formula.

pub mod banded;
pub mod barycentric;
pub mod config;
pub mod csv;
pub mod experiment;
pub mod functions;
pub mod lenet;
pub mod points;
pub mod portable;
pub mod rng;
pub mod scheme;
pub mod spline;
pub mod stragglers;

pub use config::{Config, ConfigError};
pub use experiment::{run_round, sweep, MonteCarlo, Problem, RoundReport, SweepPlan, SweepPoint};
pub use functions::{Computation, FunctionKind};
pub use points::PointSet;
pub use scheme::{Coder, DecodeError, LambdaDec, LambdaRule, Scheme};
pub use stragglers::StragglerModel;
