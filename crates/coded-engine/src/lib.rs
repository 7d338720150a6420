//! The playground's computations, in one place: what its Web Worker runs
//! (`crates/coded-worker`), and nothing the page loads.
//!
//! - [`session`]: the cache of problems and server answers;
//! - [`stages`]: the round, and the keys that say which stage is out of date;
//! - [`plan`], [`curves_run`]: the error plot's sweep, point by point;
//! - [`table_run`]: the results table, a few trials at a time;
//! - [`engine`]: the job that runs the stages in small steps, driven by the
//!   page's messages (`coded_plots::messages`);
//! - [`shares`], [`helper`]: the worker pool: the Monte-Carlo trials shared
//!   out as ranges, and the helper workers that run them.
//!
//! Why a crate of its own, without a web dependency: the page's wasm must not
//! carry the core's computations (nor LeNet-5's weights), and everything here
//! is tested natively against the core's own `run_round` and `sweep`.

pub mod curves_run;
pub mod engine;
pub mod helper;
pub mod plan;
#[cfg(test)]
mod pool_tests;
#[cfg(test)]
mod reference;
pub mod session;
pub mod shares;
pub mod stages;
pub mod table_run;

pub use curves_run::curves;
pub use engine::Engine;
pub use session::Session;
pub use table_run::table;
