//! Where a run's f comes from: a builder of the problem (f, its inputs and
//! their exact outputs) of each configuration the run meets (one, or one
//! per value along a setting that changes it).

use coded_core::{Config, Problem};

/// Builds the problem of a configuration.
pub type Problems<'a> = dyn Fn(&Config) -> Result<Problem, String> + Sync + 'a;

/// The core's own f: the configuration's function (the CLI's).
pub fn builtin(config: &Config) -> Result<Problem, String> {
    Problem::new(config).map_err(|e| e.to_string())
}
