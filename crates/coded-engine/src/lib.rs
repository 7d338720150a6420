//! The playground's computations, in one place: what its Web Worker runs
//! (`crates/coded-worker`), and nothing the page loads.
//!
//! - [`session`]: the cache of problems and server answers;
//! - [`stages`]: the round, and the keys that say which stage is out of date;
//! - [`plan`], [`axis_plan`], [`curves_run`]: the error plot's sweep, point
//!   by point (along N or any other setting of the core's table of axes);
//! - [`table_run`]: the results table, a few trials at a time;
//! - [`jobs`]: the stages of a request, run one unit at a time;
//! - [`trial_ranges`], [`pool`], [`helper`]: the worker pool: each point's
//!   Monte-Carlo trials cut into ranges, who runs which range, and the
//!   helper workers that run them;
//! - [`engine`]: the jobs and the pool behind one interface, driven by the
//!   page's and the helpers' messages (`coded-protocol`);
//! - [`study_file`]: what the page needs of the worker to check a study
//!   file (its formula, the view of its plot without points).
//!
//! Why a crate of its own, without a web dependency: the page's wasm must not
//! carry the core's computations (nor LeNet-5's weights), and everything here
//! is tested natively against the core's own `run_round` and `sweep`.

pub mod axis_plan;
pub mod curves_run;
pub mod engine;
pub mod helper;
pub mod jobs;
#[cfg(test)]
mod oracle;
pub mod plan;
pub mod pool;
#[cfg(test)]
mod pool_tests;
pub mod session;
pub mod stages;
pub mod study_file;
pub mod table_run;
pub mod trial_ranges;

pub use curves_run::curves;
pub use engine::Engine;
pub use session::Session;
pub use table_run::table;
