//! What the tests of several crates share, in one place rather than a file
//! each test includes by path: [`strategies`], one definition of "a random
//! valid configuration" for the core's, the engine's and the page's
//! property tests, [`pinned`], the values the core must compute on every
//! platform (natively and in Chromium), [`rounds`], the rounds the core's
//! and the straggler panel's tests compare with `coded round`, [`refusals`],
//! the configurations the core and the CLI refuse, and the configurations
//! several tests run ([`config`]).
//!
//! A dev-dependency only (`publish = false`): no program links it.

pub mod pinned;
pub mod refusals;
pub mod rounds;
// proptest is native only, as the property tests.
#[cfg(not(target_arch = "wasm32"))]
pub mod strategies;

use coded_core::Config;

/// The configuration a test's JSON literal gives (a test's literal is valid:
/// a refusal is the test's mistake, and fails it).
pub fn config(text: &str) -> Config {
    Config::from_json(text).unwrap()
}
