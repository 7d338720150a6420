//! LeNet-5, compiled in: the CNN the papers' headline experiment runs on
//! blended MNIST digits (docs/mathematics.md, "LeNet-5"), with a forward
//! pass written for speed.
//!
//! Weights (`assets/lenet5.bin`, f16, trained by tools/train-lenet) and 500
//! held-out test digits (`assets/digits.bin`) are embedded with
//! `include_bytes!` and checked against the provenance records' checksums
//! when first used.
//!
//! The forward pass keeps activations channel-innermost (HWC), so each
//! convolution is a direct loop whose innermost dimension is the 6 or 16
//! output channels: the compiler turns it into SIMD (wasm simd128, SSE2, or
//! AVX2 where the CPU has it). No fused multiply-add, and every output is
//! summed in the same order on every path, so all paths, native and wasm,
//! give bit-identical logits.

use crate::computation::{Computation, Inputs};
use crate::metrics::argmax;
use crate::rng::Rng;
use half::f16;
use nalgebra::DMatrix;
use std::sync::OnceLock;

const WEIGHTS: &[u8] = include_bytes!("../assets/lenet5.bin");
const WEIGHTS_INFO: &str = include_str!("../assets/lenet5.json");
const DIGITS: &[u8] = include_bytes!("../assets/digits.bin");
const DIGITS_INFO: &str = include_str!("../assets/digits.json");

pub const PIXELS: usize = 28 * 28;
pub const CLASSES: usize = 10;
const PARAMETERS: usize = 61_706;
const RECORD: usize = 1 + PIXELS;
/// conv1's 6 output channels, padded to 8 (see `LeNet5::conv1_w`).
const C1: usize = 8;

/// FNV-1a, 64 bits: enough to catch a truncated or swapped asset, and
/// simple to compute identically in the training tool.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn recorded_checksum(info: &str, what: &str) -> Result<u64, String> {
    let v: serde_json::Value =
        serde_json::from_str(info).map_err(|e| format!("{what} provenance is not JSON: {e}"))?;
    let hex = v["checksum_fnv1a64"]
        .as_str()
        .ok_or_else(|| format!("{what} provenance has no checksum_fnv1a64"))?;
    u64::from_str_radix(hex, 16).map_err(|e| format!("{what} checksum `{hex}` is not hex: {e}"))
}

fn verify(bytes: &[u8], expected_len: usize, info: &str, what: &str) -> Result<(), String> {
    if bytes.len() != expected_len {
        return Err(format!(
            "{what}: {} bytes, expected {expected_len}",
            bytes.len()
        ));
    }
    let (got, want) = (fnv1a64(bytes), recorded_checksum(info, what)?);
    if got != want {
        return Err(format!(
            "{what}: checksum {got:016x}, provenance says {want:016x}"
        ));
    }
    Ok(())
}

/// The network's parameters in the layouts the forward pass reads.
pub struct LeNet5 {
    /// [ky][kx][oc] (one input channel), padded from 6 to 8 output channels
    /// with zeros: two whole SIMD vectors instead of one and a half.
    conv1_w: Vec<f32>,
    conv1_b: [f32; C1],
    /// [ky][kx][ic][oc].
    conv2_w: Vec<f32>,
    conv2_b: [f32; 16],
    /// [in][out], `in` in our HWC flattening of the 5×5×16 map.
    fc1_w: Vec<f32>,
    fc1_b: Vec<f32>,
    fc2_w: Vec<f32>,
    fc2_b: Vec<f32>,
    fc3_w: Vec<f32>,
    fc3_b: Vec<f32>,
}

/// The PyTorch-layout tensors, in file order.
struct Reader<'a> {
    floats: &'a [f32],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> &'a [f32] {
        let s = &self.floats[self.at..self.at + n];
        self.at += n;
        s
    }
}

/// dense weight [out][in] → [in][out], the input index mapped by `map_in`.
fn transpose_dense(
    w: &[f32],
    outs: usize,
    ins: usize,
    map_in: impl Fn(usize) -> usize,
) -> Vec<f32> {
    let mut t = vec![0.0; outs * ins];
    for o in 0..outs {
        for i in 0..ins {
            t[map_in(i) * outs + o] = w[o * ins + i];
        }
    }
    t
}

impl LeNet5 {
    /// Parses and verifies the compiled-in weights.
    pub fn load() -> Result<LeNet5, String> {
        verify(
            WEIGHTS,
            PARAMETERS * 2,
            WEIGHTS_INFO,
            "LeNet-5 weights (assets/lenet5.bin)",
        )?;
        // Stored as f16 to halve the download, in two byte planes (the low
        // bytes, then the high bytes: gzip packs them 7 kB tighter);
        // widening to f32 is exact, and the training tool's accuracy and
        // logits fixture use the same widened values.
        let (low, high) = WEIGHTS.split_at(PARAMETERS);
        let floats: Vec<f32> = low
            .iter()
            .zip(high)
            .map(|(&l, &h)| f16::from_le_bytes([l, h]).to_f32())
            .collect();
        if floats.iter().any(|v| !v.is_finite()) {
            return Err("LeNet-5 weights contain non-finite values".into());
        }
        let mut r = Reader {
            floats: &floats,
            at: 0,
        };
        // conv weights [oc][ic][ky][kx] → [ky][kx][ic][oc_pad], zero-padded.
        let conv = |w: &[f32], oc: usize, ic: usize, oc_pad: usize| {
            let mut t = vec![0.0; oc_pad * ic * 25];
            for o in 0..oc {
                for i in 0..ic {
                    for k in 0..25 {
                        t[(k * ic + i) * oc_pad + o] = w[(o * ic + i) * 25 + k];
                    }
                }
            }
            t
        };
        let conv1_w = conv(r.take(150), 6, 1, C1);
        let mut conv1_b = [0.0f32; C1];
        conv1_b[..6].copy_from_slice(r.take(6));
        let conv2_w = conv(r.take(2400), 16, 6, 16);
        let conv2_b: [f32; 16] = r.take(16).try_into().unwrap();
        // PyTorch flattens (C, H, W): in = c·25 + y·5 + x; ours is (y·5 + x)·16 + c.
        let fc1_w = transpose_dense(r.take(48_000), 120, 400, |i| (i % 25) * 16 + i / 25);
        let fc1_b = r.take(120).to_vec();
        let fc2_w = transpose_dense(r.take(10_080), 84, 120, |i| i);
        let fc2_b = r.take(84).to_vec();
        let fc3_w = transpose_dense(r.take(840), 10, 84, |i| i);
        let fc3_b = r.take(10).to_vec();
        debug_assert_eq!(r.at, PARAMETERS);
        Ok(LeNet5 {
            conv1_w,
            conv1_b,
            conv2_w,
            conv2_b,
            fc1_w,
            fc1_b,
            fc2_w,
            fc2_b,
            fc3_w,
            fc3_b,
        })
    }

    /// The shared, verified network (parsed once).
    pub fn get() -> Result<&'static LeNet5, String> {
        static NET: OnceLock<Result<LeNet5, String>> = OnceLock::new();
        NET.get_or_init(LeNet5::load)
            .as_ref()
            .map_err(|e| e.clone())
    }

    /// Logits for a batch of images (each 784 values, nominally in [0, 1]).
    pub fn forward_batch(&self, images: &[f32], logits: &mut [f32]) {
        let count = images.len() / PIXELS;
        assert_eq!(logits.len(), count * CLASSES);
        let mut scratch = Scratch::default();
        for (img, out) in images
            .chunks_exact(PIXELS)
            .zip(logits.chunks_exact_mut(CLASSES))
        {
            self.forward_dispatch(img, &mut scratch, out);
        }
    }

    fn forward_dispatch(&self, img: &[f32], s: &mut Scratch, out: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU supports AVX2, checked just above.
                unsafe { self.forward_avx2(img, s, out) };
                return;
            }
        }
        self.forward(img, s, out);
    }

    /// The same code compiled for AVX2 (8 lanes instead of SSE2's 4).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn forward_avx2(&self, img: &[f32], s: &mut Scratch, out: &mut [f32]) {
        self.forward(img, s, out);
    }

    #[inline(always)]
    fn forward(&self, img: &[f32], s: &mut Scratch, out: &mut [f32]) {
        // Zero-padded 32×32 input (padding 2), so conv1 needs no bounds checks.
        for y in 0..28 {
            s.padded[(y + 2) * 32 + 2..(y + 2) * 32 + 30]
                .copy_from_slice(&img[y * 28..(y + 1) * 28]);
        }
        conv::<1, C1, 2>(
            &s.padded,
            32,
            28,
            &self.conv1_w,
            &self.conv1_b,
            &mut s.conv1,
        );
        relu_pool::<C1, 6>(&s.conv1, 28, &mut s.pool1);
        conv::<6, 16, 2>(&s.pool1, 14, 10, &self.conv2_w, &self.conv2_b, &mut s.conv2);
        relu_pool::<16, 16>(&s.conv2, 10, &mut s.pool2);
        dense(&s.pool2, &self.fc1_w, &self.fc1_b, &mut s.fc1, true);
        dense(&s.fc1, &self.fc2_w, &self.fc2_b, &mut s.fc2, true);
        dense(&s.fc2, &self.fc3_w, &self.fc3_b, out, false);
    }
}

/// Per-image buffers, reused across a batch.
struct Scratch {
    padded: Vec<f32>,
    conv1: Vec<f32>,
    pool1: Vec<f32>,
    conv2: Vec<f32>,
    pool2: Vec<f32>,
    fc1: Vec<f32>,
    fc2: Vec<f32>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            padded: vec![0.0; 32 * 32],
            conv1: vec![0.0; 28 * 28 * C1],
            pool1: vec![0.0; 14 * 14 * 6],
            conv2: vec![0.0; 10 * 10 * 16],
            pool2: vec![0.0; 400],
            fc1: vec![0.0; 120],
            fc2: vec![0.0; 84],
        }
    }
}

/// Valid 5×5 convolution of an HWC map (`in_w` wide, IC channels) into an
/// `out_w`×`out_w`×OC map. Accumulators are fixed-size arrays over the output
/// channels, which the compiler keeps in vector registers; B neighbouring
/// output pixels are computed together so each weight vector loaded serves B
/// times. Each output is still summed in the same order (taps, then input
/// channels), so the result does not depend on the blocking.
#[inline(always)]
fn conv<const IC: usize, const OC: usize, const B: usize>(
    input: &[f32],
    in_w: usize,
    out_w: usize,
    w: &[f32],
    bias: &[f32; OC],
    out: &mut [f32],
) {
    let taps = 5 * IC;
    for oy in 0..out_w {
        let mut ox = 0;
        while ox + B <= out_w {
            let mut acc = [*bias; B];
            for ky in 0..5 {
                let base = ((oy + ky) * in_w + ox) * IC;
                let row = &input[base..base + (4 + B) * IC];
                let wrow = &w[ky * taps * OC..(ky + 1) * taps * OC];
                for (t, wv) in wrow.chunks_exact(OC).enumerate() {
                    for (b, a) in acc.iter_mut().enumerate() {
                        let v = row[t + b * IC];
                        for o in 0..OC {
                            a[o] += v * wv[o];
                        }
                    }
                }
            }
            for (b, a) in acc.iter().enumerate() {
                let at = (oy * out_w + ox + b) * OC;
                out[at..at + OC].copy_from_slice(a);
            }
            ox += B;
        }
        // The columns left over when B does not divide the width.
        while ox < out_w {
            let mut acc = *bias;
            for ky in 0..5 {
                let base = ((oy + ky) * in_w + ox) * IC;
                let row = &input[base..base + taps];
                let wrow = &w[ky * taps * OC..(ky + 1) * taps * OC];
                for (v, wv) in row.iter().zip(wrow.chunks_exact(OC)) {
                    for o in 0..OC {
                        acc[o] += v * wv[o];
                    }
                }
            }
            out[(oy * out_w + ox) * OC..(oy * out_w + ox + 1) * OC].copy_from_slice(&acc);
            ox += 1;
        }
    }
}

/// ReLU then 2×2 max-pool with stride 2 (they commute: max of ReLUs is the
/// ReLU of the max), on an HWC map `in_w` wide with CIN channels, keeping the
/// first COUT (dropping conv1's zero padding).
#[inline(always)]
fn relu_pool<const CIN: usize, const COUT: usize>(input: &[f32], in_w: usize, out: &mut [f32]) {
    let out_w = in_w / 2;
    for y in 0..out_w {
        for x in 0..out_w {
            let at = |dy: usize, dx: usize| ((2 * y + dy) * in_w + 2 * x + dx) * CIN;
            let (a, b, c, d) = (at(0, 0), at(0, 1), at(1, 0), at(1, 1));
            for ch in 0..COUT {
                let m = input[a + ch]
                    .max(input[b + ch])
                    .max(input[c + ch].max(input[d + ch]));
                out[(y * out_w + x) * COUT + ch] = m.max(0.0);
            }
        }
    }
}

/// out = x·W + b with W stored [in][out]. Outputs are computed in chunks of
/// CH kept in registers over the whole input loop (rather than loading and
/// storing all outputs for every input); each output is still summed in input
/// order.
#[inline(always)]
fn dense(x: &[f32], w: &[f32], b: &[f32], out: &mut [f32], relu: bool) {
    const CH: usize = 12;
    let n = b.len();
    let mut start = 0;
    while start + CH <= n {
        let mut acc: [f32; CH] = b[start..start + CH].try_into().unwrap();
        for (i, &xi) in x.iter().enumerate() {
            let wv = &w[i * n + start..i * n + start + CH];
            for o in 0..CH {
                acc[o] += xi * wv[o];
            }
        }
        out[start..start + CH].copy_from_slice(&acc);
        start += CH;
    }
    // The outputs left over when CH does not divide n (fc3's 10).
    for o in start..n {
        let mut v = b[o];
        for (i, &xi) in x.iter().enumerate() {
            v += xi * w[i * n + o];
        }
        out[o] = v;
    }
    if relu {
        out.iter_mut().for_each(|v| *v = v.max(0.0));
    }
}

/// The compiled-in held-out digits: labels and 8-bit pixels.
pub struct Digits {
    pub labels: Vec<u8>,
    pub pixels: Vec<u8>,
}

impl Digits {
    pub fn get() -> Result<&'static Digits, String> {
        static D: OnceLock<Result<Digits, String>> = OnceLock::new();
        D.get_or_init(|| {
            let count = DIGITS.len() / RECORD;
            verify(
                DIGITS,
                count * RECORD,
                DIGITS_INFO,
                "digits (assets/digits.bin)",
            )?;
            if count == 0 {
                return Err("digits (assets/digits.bin) is empty".into());
            }
            let mut labels = Vec::with_capacity(count);
            let mut pixels = Vec::with_capacity(count * PIXELS);
            for rec in DIGITS.chunks_exact(RECORD) {
                if rec[0] as usize >= CLASSES {
                    return Err(format!("digits: label {} out of range", rec[0]));
                }
                labels.push(rec[0]);
                pixels.extend_from_slice(&rec[1..]);
            }
            Ok(Digits { labels, pixels })
        })
        .as_ref()
        .map_err(|e| e.clone())
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Digit i as 784 values in [0, 1].
    pub fn image(&self, i: usize) -> impl Iterator<Item = f64> + '_ {
        self.pixels[i * PIXELS..(i + 1) * PIXELS]
            .iter()
            .map(|&p| p as f64 / 255.0)
    }
}

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
    let images: Vec<f32> = digits.pixels.iter().map(|&p| p as f32 / 255.0).collect();
    let mut logits = vec![0.0f32; digits.len() * CLASSES];
    net.forward_batch(&images, &mut logits);
    let correct = logits
        .chunks_exact(CLASSES)
        .zip(&digits.labels)
        .filter(|(l, &y)| argmax(l.iter().map(|&v| v as f64)) == y as usize)
        .count();
    Ok((correct, digits.len()))
}

/// The provenance records, as JSON values.
pub fn provenance() -> (serde_json::Value, serde_json::Value) {
    let parse = |s: &str| serde_json::from_str(s).unwrap_or(serde_json::Value::Null);
    (parse(WEIGHTS_INFO), parse(DIGITS_INFO))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_known_values() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
    }

    #[test]
    fn assets_verify_and_load() {
        LeNet5::get().unwrap();
        let d = Digits::get().unwrap();
        assert_eq!(d.len(), 500);
    }

    #[test]
    fn corrupt_assets_are_refused_with_a_clear_error() {
        let mut bad = WEIGHTS.to_vec();
        bad[100] ^= 1;
        let e = verify(&bad, PARAMETERS * 2, WEIGHTS_INFO, "weights").unwrap_err();
        assert!(e.contains("checksum"), "{e}");
        let e = verify(&bad[..1000], PARAMETERS * 2, WEIGHTS_INFO, "weights").unwrap_err();
        assert!(e.contains("bytes"), "{e}");
    }

    #[test]
    fn generic_and_dispatched_paths_agree_bitwise() {
        let net = LeNet5::get().unwrap();
        let d = Digits::get().unwrap();
        let img: Vec<f32> = d.pixels[..PIXELS]
            .iter()
            .map(|&p| p as f32 / 255.0)
            .collect();
        let (mut a, mut b) = ([0.0f32; 10], [0.0f32; 10]);
        let mut s = Scratch::default();
        net.forward(&img, &mut s, &mut a);
        net.forward_dispatch(&img, &mut s, &mut b);
        assert_eq!(a, b);
    }
}
