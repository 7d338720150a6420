//! The core compiled to wasm and run in headless Chromium gives the same
//! random draws and the same results as natively (the values pinned here are
//! the native ones, also pinned in src/rng.rs and tests/properties.rs).
//!
//!     CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-core --test wasm_portable
#![cfg(target_arch = "wasm32")]

use coded_core::problem::draw_stragglers;
use coded_core::rng::Rng;
use coded_core::{run_round, Config, StragglerModel};
use coded_testing::pinned;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn random_streams_match_native() {
    let mut r = Rng::new(1);
    assert_eq!(r.next_u64(), 7424550030962593201);
    assert_eq!(r.next_u64(), 1482817706323250795);
    let mut s = Rng::stream(42, &[3, 4]);
    assert_eq!(s.uniform(), 0.5682186575207278);
    assert_eq!(s.below(1000), 287);
    let d = draw_stragglers(&StragglerModel::Iid { p: 0.5 }, 1, 16, 0);
    let pattern: String = d
        .straggled
        .iter()
        .map(|&s| if s { 'x' } else { '.' })
        .collect();
    assert_eq!(pattern, pinned::PATTERN);
}

#[wasm_bindgen_test]
fn a_default_round_runs_and_is_finite() {
    let r = run_round(&Config::default(), 0).unwrap();
    assert!(!r.failed);
    assert!(r.squared_error.unwrap().is_finite());
}

/// Bit-identical results even where the decoder amplifies the last bit of
/// its inputs (the native values, pinned in tests/common/pinned.rs).
#[wasm_bindgen_test]
fn ill_conditioned_rounds_match_native_bit_for_bit() {
    for (json, native) in pinned::ROUNDS {
        let r = run_round(&Config::from_json(json).unwrap(), 0).unwrap();
        assert_eq!(r.squared_error, Some(native), "{json}");
    }
}

/// The LeNet-5 forward pass (4 simd128 lanes here) gives the native logits,
/// bit for bit, over all 500 compiled-in digits.
#[wasm_bindgen_test]
fn lenet_logits_match_native_bit_for_bit() {
    assert_eq!(
        coded_core::lenet::digits_logits_hash().unwrap(),
        pinned::LOGITS_HASH
    );
}
