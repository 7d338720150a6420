//! The core compiled to wasm and run in headless Chromium gives the same
//! random draws and the same results as natively (the native values,
//! pinned in coded-testing's `pinned` and asserted natively by
//! tests/properties.rs).
//!
//!     CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-core --test wasm_portable
#![cfg(target_arch = "wasm32")]

use coded_core::{run_round, Config};
use coded_testing::pinned;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn random_streams_match_native() {
    pinned::assert_draws_are_pinned();
}

/// The wasm build draws from its own ChaCha8 (four blocks in the lanes of a
/// simd128 vector): over many blocks and seeds, it is `rand_chacha`'s
/// stream word for word, as natively.
#[wasm_bindgen_test]
fn the_wasm_stream_is_rand_chachas() {
    use rand::{RngCore, SeedableRng};
    for seed in [0u64, 1, 42, 0x9E37_79B9_7F4A_7C15, u64::MAX] {
        let mut ours = coded_core::rng::Rng::new(seed);
        let mut theirs = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for i in 0..2000 {
            assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed}, u64 {i}");
        }
    }
}

#[wasm_bindgen_test]
fn a_default_round_runs_and_is_finite() {
    let r = run_round(&Config::default(), 0).unwrap();
    assert!(!r.failed);
    assert!(r.squared_error.unwrap().is_finite());
}

/// Bit-identical results even where the decoder amplifies the last bit of
/// its inputs (the native values, pinned in coded-testing's `pinned`).
#[wasm_bindgen_test]
fn ill_conditioned_rounds_match_native_bit_for_bit() {
    pinned::assert_rounds_are_pinned();
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
