//! LeNet-5, compiled in: the CNN the papers' headline experiment runs on
//! blended MNIST digits (docs/mathematics.md, "LeNet-5"), with a forward
//! pass written for speed.
//!
//! Weights (`assets/lenet5.bin`, f16, trained by tools/train-lenet) and 500
//! held-out test digits (`assets/digits.bin`, packed: `digit_pack`) are
//! compiled in, or handed over at run time where a build leaves them out
//! (`files`: the browser's worker fetches them when first needed), and
//! checked against the provenance records' checksums when first used
//! (`weights`, `digits`).
//!
//! The forward pass (`forward`) computes one image per SIMD lane (`lanes`:
//! AVX2 natively where the CPU has it, simd128 in wasm, plain f32
//! elsewhere), every lane doing the scalar arithmetic in the same order, so
//! all paths, native and wasm, give bit-identical logits.

mod assets;
mod digit_pack;
mod digits;
mod files;
mod forward;
mod lanes;
mod weights;

pub use assets::{CLASSES, PIXELS};
pub use digits::Digits;
pub use files::{provide, waiting, DIGITS_FILE, WEIGHTS_FILE};
pub use weights::LeNet5;

use crate::checksum::fnv1a64;
use crate::computation::{Computation, Inputs};
use crate::metrics::argmax;
use crate::rng::Rng;
use nalgebra::DMatrix;

/// LeNet-5 as a `Computation`: d = 784, m = 10 logits.
pub struct LeNetFunction {
    net: &'static LeNet5,
    digits: &'static Digits,
}

impl LeNetFunction {
    pub fn new() -> Result<Self, String> {
        Ok(LeNetFunction {
            net: LeNet5::get()?,
            digits: Digits::get()?,
        })
    }
}

impl Computation for LeNetFunction {
    fn input_dim(&self) -> usize {
        PIXELS
    }
    fn output_dim(&self) -> usize {
        CLASSES
    }
    fn eval_batch(&self, inputs: &DMatrix<f64>) -> DMatrix<f64> {
        let rows = inputs.nrows();
        // nalgebra is column-major: gather each row into a contiguous image.
        let mut images = vec![0.0f32; rows * PIXELS];
        for p in 0..PIXELS {
            for (r, v) in inputs.column(p).iter().enumerate() {
                images[r * PIXELS + p] = *v as f32;
            }
        }
        let mut logits = vec![0.0f32; rows * CLASSES];
        self.net.forward_batch(&images, &mut logits);
        DMatrix::from_fn(rows, CLASSES, |r, c| logits[r * CLASSES + c] as f64)
    }
    fn is_classifier(&self) -> bool {
        true
    }
    /// K distinct compiled-in digits, chosen by the seed.
    fn sample_inputs(&self, k: usize, rng: &mut Rng) -> Inputs {
        let mut picks = rng.sample_indices(self.digits.len(), k.min(self.digits.len()));
        // sample_indices sorts; shuffle so the K inputs are not ordered by index.
        for i in (1..picks.len()).rev() {
            picks.swap(i, rng.below(i as u64 + 1) as usize);
        }
        // More inputs than digits: repeat them (K is at most 1024, digits 500).
        let chosen: Vec<usize> = (0..k).map(|i| picks[i % picks.len()]).collect();
        let mut x = DMatrix::zeros(k, PIXELS);
        for (r, &d) in chosen.iter().enumerate() {
            for (p, v) in self.digits.image(d).enumerate() {
                x[(r, p)] = v;
            }
        }
        Inputs {
            x,
            labels: Some(
                chosen
                    .iter()
                    .map(|&d| self.digits.labels[d] as usize)
                    .collect(),
            ),
        }
    }
}

/// Accuracy of the compiled-in network on the compiled-in digits.
pub fn digits_accuracy() -> Result<(usize, usize), String> {
    let (net, digits) = (LeNet5::get()?, Digits::get()?);
    let images = digits.images_f32();
    let mut logits = vec![0.0f32; digits.len() * CLASSES];
    net.forward_batch(&images, &mut logits);
    let correct = logits
        .chunks_exact(CLASSES)
        .zip(&digits.labels)
        .filter(|(l, &y)| argmax(l.iter().map(|&v| v as f64)) == y as usize)
        .count();
    Ok((correct, digits.len()))
}

/// FNV-1a of the logits of all compiled-in digits (little-endian f32 bytes,
/// digit by digit): one number that changes if any logit's last bit does,
/// for pinning the forward pass across platforms and rewrites.
pub fn digits_logits_hash() -> Result<u64, String> {
    let (net, digits) = (LeNet5::get()?, Digits::get()?);
    let mut logits = vec![0.0f32; digits.len() * CLASSES];
    net.forward_batch(&digits.images_f32(), &mut logits);
    let bytes: Vec<u8> = logits.iter().flat_map(|v| v.to_le_bytes()).collect();
    Ok(fnv1a64(&bytes))
}

/// The provenance records, as JSON values.
pub fn provenance() -> (serde_json::Value, serde_json::Value) {
    let parse = |s: &str| serde_json::from_str(s).unwrap_or(serde_json::Value::Null);
    (parse(weights::WEIGHTS_INFO), parse(digits::DIGITS_INFO))
}

#[cfg(test)]
mod tests {
    use super::assets::verify;
    use super::weights::{raw_weights, PARAMETERS, WEIGHTS_INFO};
    use super::*;

    #[test]
    fn assets_verify_and_load() {
        LeNet5::get().unwrap();
        let d = Digits::get().unwrap();
        assert_eq!(d.len(), 500);
    }

    #[test]
    fn corrupt_assets_are_refused_with_a_clear_error() {
        let mut bad = raw_weights().to_vec();
        bad[100] ^= 1;
        let e = verify(&bad, PARAMETERS * 2, WEIGHTS_INFO, "weights").unwrap_err();
        assert!(e.contains("checksum"), "{e}");
        let e = LeNet5::parse(&bad[..1000]).err().unwrap();
        assert!(e.contains("bytes"), "{e}");
    }

    /// The dispatched path (AVX2's 8 lanes on most x86_64 CPUs) gives the
    /// scalar path's bits, for batches that fill whole lane groups and for
    /// ones that leave spare lanes (1, 3, 13 images).
    #[test]
    fn scalar_and_dispatched_paths_agree_bitwise() {
        let net = LeNet5::get().unwrap();
        let images = Digits::get().unwrap().images_f32();
        for count in [500, 1, 3, 13, 16] {
            let images = &images[..count * PIXELS];
            let mut a = vec![0.0f32; count * CLASSES];
            let mut b = vec![f32::NAN; count * CLASSES];
            net.forward_batch_scalar(images, &mut a);
            net.forward_batch(images, &mut b);
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&a), bits(&b), "{count} images");
        }
    }

    /// An image's logits do not depend on its batch or its lane.
    #[test]
    fn logits_do_not_depend_on_the_batch() {
        let net = LeNet5::get().unwrap();
        let images = Digits::get().unwrap().images_f32();
        let mut all = vec![0.0f32; 20 * CLASSES];
        net.forward_batch(&images[..20 * PIXELS], &mut all);
        for i in [0, 7, 8, 19] {
            let mut one = [0.0f32; CLASSES];
            net.forward_batch(&images[i * PIXELS..(i + 1) * PIXELS], &mut one);
            assert_eq!(one, all[i * CLASSES..(i + 1) * CLASSES], "image {i}");
        }
    }
}
