//! The LeNet-5 forward pass, one image per SIMD lane.
//!
//! A group of `LANES` images (8 with AVX2, 4 with wasm simd128, 1 on the
//! portable path: `super::lanes`) is transposed into a lane-interleaved
//! layout — value `v` of image `lane` at `v · LANES + lane` — so every vector
//! operation does, on each lane, exactly the scalar operation on that lane's
//! image: there is no reduction across lanes, no reordering, no fused
//! multiply-add. Each output is the bias plus its products added in the
//! order (kernel row, kernel column, input channel) for the convolutions and
//! input order for the dense layers, on every path; so the logits are the
//! same bits natively (AVX2 or not) and in wasm, and the same as a
//! one-image-at-a-time pass in that order (pinned: tests/common/pinned.rs
//! `LOGITS_HASH`).
//!
//! Speed comes from the accumulators: each kernel keeps 8–12 output vectors
//! in registers over all its taps (`unroll!` unrolls the kernel rows, and in
//! conv1 the columns too, so the compiler sees which taps feed which
//! accumulator; conv2's columns and input channels stay loops: fully
//! unrolled, about 40 kB of code ran at less than half the speed natively,
//! the instruction front end most likely the limit), and
//! the ReLU and 2×2 max-pool are applied to them in registers, so the conv
//! maps are never stored. A batch allocates its buffers once (`Scratch`); a
//! last group with fewer images than lanes is computed in full with zero
//! images in the spare lanes, whose logits are dropped.

use super::assets::{CLASSES, PIXELS};
use super::lanes::{Lanes, Scalar};
use super::weights::LeNet5;

// The network's forward methods live here, beside the kernels, so that the
// weights' module does not depend on this one.
impl LeNet5 {
    /// Logits for a batch of images (each 784 values, nominally in [0, 1]),
    /// on the widest SIMD path the CPU has; the same bits on every path.
    pub fn forward_batch(&self, images: &[f32], logits: &mut [f32]) {
        forward_batch(self, images, logits);
    }

    /// `forward_batch` on the portable one-lane path (the reference the
    /// vector paths agree with bit for bit).
    pub fn forward_batch_scalar(&self, images: &[f32], logits: &mut [f32]) {
        forward_batch_scalar(self, images, logits);
    }
}

/// Repeats `$body` with `$i` bound to each listed constant: the taps are
/// unrolled in the source, so the compiler sees constant offsets, resolves
/// the `if`s on them, and keeps every accumulator in a register.
macro_rules! unroll {
    ($i:ident in [$($n:literal),*] $body:block) => {
        $( { let $i: usize = $n; $body } )*
    };
}

/// One group's activations, lane-interleaved, reused across a batch.
pub(super) struct Scratch {
    /// The 28×28 images with a zero border of 2 (conv1's padding): 32×32.
    padded: Vec<f32>,
    /// conv1 → ReLU → pool: 14×14×6 (channels innermost).
    pool1: Vec<f32>,
    /// conv2 → ReLU → pool: 5×5×16, the fc1 input order.
    pool2: Vec<f32>,
    fc1: Vec<f32>,
    fc2: Vec<f32>,
    logits: Vec<f32>,
}

impl Scratch {
    fn new(lanes: usize) -> Scratch {
        Scratch {
            padded: vec![0.0; 32 * 32 * lanes],
            pool1: vec![0.0; 14 * 14 * 6 * lanes],
            pool2: vec![0.0; 400 * lanes],
            fc1: vec![0.0; 120 * lanes],
            fc2: vec![0.0; 84 * lanes],
            logits: vec![0.0; CLASSES * lanes],
        }
    }
}

/// Logits of `images` (784 each) into `logits` (10 each), on the widest
/// path the CPU has.
pub(super) fn forward_batch(net: &LeNet5, images: &[f32], logits: &mut [f32]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    batch(super::lanes::Simd128, net, images, logits);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = super::lanes::Avx2::detect() {
            // SAFETY: the token exists, so the CPU has AVX2.
            unsafe { batch_avx2(avx2, net, images, logits) };
            return;
        }
        batch(Scalar, net, images, logits);
    }
}

/// The portable path, whatever the CPU: the reference the vector paths are
/// tested against bit for bit.
pub(super) fn forward_batch_scalar(net: &LeNet5, images: &[f32], logits: &mut [f32]) {
    batch(Scalar, net, images, logits);
}

/// `batch` compiled with AVX2 enabled, so the `Avx2` operations inline.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn batch_avx2(s: super::lanes::Avx2, net: &LeNet5, images: &[f32], logits: &mut [f32]) {
    batch(s, net, images, logits);
}

#[inline(always)]
fn batch<S: Lanes>(s: S, net: &LeNet5, images: &[f32], logits: &mut [f32]) {
    let count = images.len() / PIXELS;
    assert_eq!(images.len(), count * PIXELS);
    assert_eq!(logits.len(), count * CLASSES);
    let l = S::LANES;
    let mut sc = Scratch::new(l);
    for (imgs, outs) in images
        .chunks(PIXELS * l)
        .zip(logits.chunks_mut(CLASSES * l))
    {
        // The interior of the padded inputs; the border stays zero. Lanes
        // without an image (the last group) get a zero image.
        for lane in 0..l {
            let img = imgs.get(lane * PIXELS..(lane + 1) * PIXELS);
            for y in 0..28 {
                for x in 0..28 {
                    let v = img.map_or(0.0, |img| img[y * 28 + x]);
                    sc.padded[((y + 2) * 32 + x + 2) * l + lane] = v;
                }
            }
        }
        group(s, net, &mut sc);
        for (lane, out) in outs.chunks_exact_mut(CLASSES).enumerate() {
            for (c, o) in out.iter_mut().enumerate() {
                *o = sc.logits[c * l + lane];
            }
        }
    }
}

/// The network on the group in `sc.padded`, logits into `sc.logits`.
#[inline(always)]
fn group<S: Lanes>(s: S, net: &LeNet5, sc: &mut Scratch) {
    conv1_pool(s, net, &sc.padded, &mut sc.pool1);
    conv2_pool(s, net, &sc.pool1, &mut sc.pool2);
    dense::<S, 12>(s, &sc.pool2, &net.fc1_w, &net.fc1_b, &mut sc.fc1, true);
    dense::<S, 12>(s, &sc.fc1, &net.fc2_w, &net.fc2_b, &mut sc.fc2, true);
    dense::<S, 10>(s, &sc.fc2, &net.fc3_w, &net.fc3_b, &mut sc.logits, false);
}

/// ReLU of the 2×2 max, with `max` as the lanes define it (`a < b ? b : a`,
/// the same on every path): max(0, max(max(a, b), max(c, d))).
#[inline(always)]
fn relu_max4<S: Lanes>(s: S, a: S::V, b: S::V, c: S::V, d: S::V) -> S::V {
    s.max(s.splat(0.0), s.max(s.max(a, b), s.max(c, d)))
}

/// conv1 (1 → 6 channels, 5×5, on the padded 32×32 input), ReLU, 2×2
/// max-pool. Per output channel and pooled row, blocks of 2×4 conv outputs
/// (two pooled pixels) are accumulated over the 6×8 input window they need:
/// each input vector is loaded once and used by every tap that reads it.
#[inline(always)]
fn conv1_pool<S: Lanes>(s: S, net: &LeNet5, input: &[f32], out: &mut [f32]) {
    let l = S::LANES;
    for oc in 0..6 {
        let w: &[f32; 25] = net.conv1_w[oc * 25..(oc + 1) * 25].try_into().unwrap();
        let bias = s.splat(net.conv1_b[oc]);
        for py in 0..14 {
            for bx in 0..7 {
                // acc[d][b]: conv row 2·py + d, column 4·bx + b.
                let mut acc = [[bias; 4]; 2];
                // Input row 2·py + r is kernel row r − d of conv row d: the
                // rows (and, within one, the columns) come in kernel order.
                unroll!(r in [0, 1, 2, 3, 4, 5] {
                    let at = ((2 * py + r) * 32 + 4 * bx) * l;
                    let row = &input[at..at + 8 * l];
                    unroll!(j in [0, 1, 2, 3, 4, 5, 6, 7] {
                        let v = s.load(&row[j * l..]);
                        unroll!(d in [0, 1] {
                            if r >= d && r - d < 5 {
                                unroll!(kx in [0, 1, 2, 3, 4] {
                                    if j >= kx && j - kx < 4 {
                                        let wv = s.splat_from(&w[(r - d) * 5 + kx]);
                                        let a = &mut acc[d][j - kx];
                                        *a = s.add(*a, s.mul(v, wv));
                                    }
                                });
                            }
                        });
                    });
                });
                for p in 0..2 {
                    let m = relu_max4(
                        s,
                        acc[0][2 * p],
                        acc[0][2 * p + 1],
                        acc[1][2 * p],
                        acc[1][2 * p + 1],
                    );
                    let at = ((py * 14 + 2 * bx + p) * 6 + oc) * l;
                    s.store(m, &mut out[at..at + l]);
                }
            }
        }
    }
}

/// conv2 (6 → 16 channels, 5×5, on the 14×14×6 map), ReLU, 2×2 max-pool.
/// Per pair of output channels and pooled pixel, the 2×2 conv outputs of
/// both channels (8 accumulators) over the 6×6×6 input window: each input
/// vector loaded serves both channels and both conv rows it is a tap of.
#[inline(always)]
fn conv2_pool<S: Lanes>(s: S, net: &LeNet5, input: &[f32], out: &mut [f32]) {
    let l = S::LANES;
    for oc in (0..16).step_by(2) {
        // [ky][kx][ic] per channel.
        let w0: &[f32; 150] = net.conv2_w[oc * 150..(oc + 1) * 150].try_into().unwrap();
        let w1: &[f32; 150] = net.conv2_w[(oc + 1) * 150..(oc + 2) * 150]
            .try_into()
            .unwrap();
        let (b0, b1) = (s.splat(net.conv2_b[oc]), s.splat(net.conv2_b[oc + 1]));
        for py in 0..5 {
            for px in 0..5 {
                // acc[channel][d][b]: conv row 2·py + d, column 2·px + b.
                let mut acc = [[[b0; 2]; 2], [[b1; 2]; 2]];
                // Input row 2·py + r is kernel row r − d of conv row d; within
                // it, kernel column kx and input channel ic in order.
                unroll!(r in [0, 1, 2, 3, 4, 5] {
                    let at = ((2 * py + r) * 14 + 2 * px) * 6 * l;
                    let row = &input[at..at + 36 * l];
                    for kx in 0..5 {
                        for ic in 0..6 {
                            let v0 = s.load(&row[(kx * 6 + ic) * l..]);
                            let v1 = s.load(&row[((kx + 1) * 6 + ic) * l..]);
                            unroll!(d in [0, 1] {
                                if r >= d && r - d < 5 {
                                    let k = ((r - d) * 5 + kx) * 6 + ic;
                                    let (u0, u1) = (s.splat_from(&w0[k]), s.splat_from(&w1[k]));
                                    let a = &mut acc[0][d];
                                    a[0] = s.add(a[0], s.mul(v0, u0));
                                    a[1] = s.add(a[1], s.mul(v1, u0));
                                    let a = &mut acc[1][d];
                                    a[0] = s.add(a[0], s.mul(v0, u1));
                                    a[1] = s.add(a[1], s.mul(v1, u1));
                                }
                            });
                        }
                    }
                });
                for (c, a) in acc.iter().enumerate() {
                    let m = relu_max4(s, a[0][0], a[0][1], a[1][0], a[1][1]);
                    let at = ((py * 5 + px) * 16 + oc + c) * l;
                    s.store(m, &mut out[at..at + l]);
                }
            }
        }
    }
}

/// out = x·W + b (ReLU'd if `relu`), W stored [in][out]. Blocks of OB
/// outputs stay in registers over the whole input loop; each input vector is
/// loaded once per block.
#[inline(always)]
fn dense<S: Lanes, const OB: usize>(
    s: S,
    x: &[f32],
    w: &[f32],
    b: &[f32],
    out: &mut [f32],
    relu: bool,
) {
    let l = S::LANES;
    let n = b.len();
    debug_assert_eq!(n % OB, 0);
    for o0 in (0..n).step_by(OB) {
        let mut acc: [S::V; OB] = core::array::from_fn(|o| s.splat(b[o0 + o]));
        for (xv, wr) in x.chunks_exact(l).zip(w.chunks_exact(n)) {
            let v = s.load(xv);
            let wr: &[f32; OB] = wr[o0..o0 + OB].try_into().unwrap();
            for o in 0..OB {
                acc[o] = s.add(acc[o], s.mul(v, s.splat_from(&wr[o])));
            }
        }
        for (o, &a) in acc.iter().enumerate() {
            let a = if relu { s.max(s.splat(0.0), a) } else { a };
            let at = (o0 + o) * l;
            s.store(a, &mut out[at..at + l]);
        }
    }
}
