//! `coded_core::lenet::LeNet5::forward_batch` for JavaScript: the page of
//! tools/bench/ort_web.mjs calls `forward(images, logits)` with the same
//! Float32Arrays it gives onnxruntime-web, so the copies into and out of the
//! wasm heap count for both.

use coded_core::lenet::{LeNet5, CLASSES, PIXELS};
use wasm_bindgen::prelude::*;

/// Logits (10 per image) of `images` (784 values in [0, 1] per image).
#[wasm_bindgen]
pub fn forward(images: &[f32], logits: &mut [f32]) -> Result<(), JsError> {
    if !images.len().is_multiple_of(PIXELS) || logits.len() != images.len() / PIXELS * CLASSES {
        return Err(JsError::new(
            "forward: 784 values per image, 10 logits per image",
        ));
    }
    LeNet5::get()
        .map_err(|e| JsError::new(&e))?
        .forward_batch(images, logits);
    Ok(())
}

/// Whether this build has wasm SIMD (the root .cargo/config.toml enables it).
#[wasm_bindgen]
pub fn simd128() -> bool {
    cfg!(target_feature = "simd128")
}
