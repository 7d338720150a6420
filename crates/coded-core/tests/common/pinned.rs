//! Values computed natively and written down, asserted both by the native
//! tests (tests/properties.rs) and in Chromium (tests/wasm_portable.rs): the
//! core's results must not depend on the platform.

/// `coded round` (trial 0) squared errors: LCC's high-degree polynomial on
/// x·sin x (error 3e5: it amplifies any last-bit difference), the cubic at its
/// threshold with a block of stragglers, and LeNet-5 with GCV.
pub const ROUNDS: [(&str, f64); 3] = [
    (
        r#"{"scheme":"lcc","n":40,"stragglers":{"model":"iid","p":0.3}}"#,
        324762.2540845254,
    ),
    (
        r#"{"scheme":"lcc","function":"cubic","n":40,"stragglers":{"model":"block","s":12}}"#,
        4.4167515480136723e-16,
    ),
    // LeNet-5 with GCV: a change of GCV's λ search moves the λ found in its
    // last digits and this error by about 1e-6 relative; re-pin it then,
    // once examples/gcv_quality.rs shows the search's scores no worse.
    (
        r#"{"scheme":"letcc","function":"lenet5","n":64,"k":8}"#,
        0.030151988489075233,
    ),
];

/// The iid(0.5) straggler pattern of seed 1, N = 16, trial 0 ('x' straggles).
pub const PATTERN: &str = "....x..x....xx.x";

/// FNV-1a (64 bits) of the LeNet-5 logits of the 500 compiled-in digits, as
/// little-endian f32 bytes in digit order (`lenet::digits_logits_hash`).
/// Pinned from a one-image-at-a-time pass (channels innermost): the SIMD
/// pass adds every product in the same order, so it keeps every logit's
/// bits.
// Read by tests/lenet_reference.rs and tests/wasm_portable.rs, not by
// tests/properties.rs (which includes this file too).
#[allow(dead_code)]
pub const LOGITS_HASH: u64 = 0x8620_bbc8_e1b9_a021;
