//! Our LeNet-5 forward pass against the training framework's (candle) logits,
//! exported by tools/train-lenet for compiled-in digits and blends of them.

use coded_core::lenet::{digits_accuracy, digits_logits_hash, LeNet5, CLASSES, PIXELS};
use coded_testing::pinned;
use serde_json::Value;

#[test]
fn forward_pass_matches_candle_to_1e_4() {
    let path = format!(
        "{}/tests/fixtures/lenet5_logits.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let inputs = v["inputs"].as_array().unwrap();
    let expected = v["logits"].as_array().unwrap();
    assert!(inputs.len() >= 50 && inputs.len() == expected.len());
    let images: Vec<f32> = inputs
        .iter()
        .flat_map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
        })
        .collect();
    assert_eq!(images.len(), inputs.len() * PIXELS);
    let mut logits = vec![0.0f32; inputs.len() * CLASSES];
    LeNet5::get().unwrap().forward_batch(&images, &mut logits);
    let mut worst = 0.0f64;
    for (i, row) in expected.iter().enumerate() {
        for (c, want) in row.as_array().unwrap().iter().enumerate() {
            let want = want.as_f64().unwrap();
            let got = logits[i * CLASSES + c] as f64;
            worst = worst.max((got - want).abs());
            assert!(
                (got - want).abs() <= 1e-4,
                "input {i} class {c}: ours {got}, candle {want}"
            );
        }
    }
    eprintln!("largest logit difference from candle: {worst:e}");
}

#[test]
fn compiled_in_digits_are_classified_well() {
    let (correct, total) = digits_accuracy().unwrap();
    assert_eq!(total, 500);
    // The held-out accuracy of the model is recorded in assets/lenet5.json;
    // these digits come from the same held-out split.
    assert!(correct as f64 / total as f64 >= 0.95, "{correct}/{total}");
}

/// Every path gives the same logits, bit for bit: their hash over the 500
/// digits is pinned, here (AVX2 on most x86_64 CPUs) and in Chromium
/// (simd128: tests/wasm_portable.rs).
#[test]
fn logits_hash_over_the_digits_is_pinned() {
    let h = digits_logits_hash().unwrap();
    assert_eq!(h, pinned::LOGITS_HASH, "logits hash {h:#018x}");
}
