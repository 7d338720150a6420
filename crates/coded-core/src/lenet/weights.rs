//! The compiled-in LeNet-5 parameters, parsed and verified once, in the
//! layouts the forward pass reads.

use super::assets::{verify, CLASSES};
use super::files;
use half::f16;
use std::sync::OnceLock;

pub(super) const WEIGHTS_INFO: &str = include_str!("../../assets/lenet5.json");
pub(super) const PARAMETERS: usize = 61_706;

/// The network's parameters in the layouts the forward pass reads.
pub struct LeNet5 {
    /// [oc][ky][kx] (one input channel).
    pub(super) conv1_w: Vec<f32>,
    pub(super) conv1_b: [f32; 6],
    /// [oc][ky][kx][ic]: the order each output sums its products in.
    pub(super) conv2_w: Vec<f32>,
    pub(super) conv2_b: [f32; 16],
    /// [in][out], `in` in our HWC flattening of the 5×5×16 map.
    pub(super) fc1_w: Vec<f32>,
    pub(super) fc1_b: Vec<f32>,
    pub(super) fc2_w: Vec<f32>,
    pub(super) fc2_b: Vec<f32>,
    pub(super) fc3_w: Vec<f32>,
    pub(super) fc3_b: Vec<f32>,
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
    /// Parses and verifies the weights' file (`files`).
    pub fn load() -> Result<LeNet5, String> {
        Self::parse(files::get()?.0)
    }

    pub(super) fn parse(bytes: &[u8]) -> Result<LeNet5, String> {
        verify(
            bytes,
            PARAMETERS * 2,
            WEIGHTS_INFO,
            "LeNet-5 weights (assets/lenet5.bin)",
        )?;
        // Stored as f16 to halve the download, in two byte planes (the low
        // bytes, then the high bytes: gzip packs them 7 kB tighter);
        // widening to f32 is exact, and the training tool's accuracy and
        // logits fixture use the same widened values.
        let (low, high) = bytes.split_at(PARAMETERS);
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
        // conv1 [oc][1][ky][kx] is already [oc][ky][kx].
        let conv1_w = r.take(150).to_vec();
        let conv1_b: [f32; 6] = r.take(6).try_into().unwrap();
        // conv2 [oc][ic][ky][kx] → [oc][ky][kx][ic].
        let w = r.take(2400);
        let mut conv2_w = vec![0.0; 2400];
        for o in 0..16 {
            for i in 0..6 {
                for k in 0..25 {
                    conv2_w[(o * 25 + k) * 6 + i] = w[(o * 6 + i) * 25 + k];
                }
            }
        }
        let conv2_b: [f32; 16] = r.take(16).try_into().unwrap();
        // PyTorch flattens (C, H, W): in = c·25 + y·5 + x; ours is (y·5 + x)·16 + c.
        let fc1_w = transpose_dense(r.take(48_000), 120, 400, |i| (i % 25) * 16 + i / 25);
        let fc1_b = r.take(120).to_vec();
        let fc2_w = transpose_dense(r.take(10_080), 84, 120, |i| i);
        let fc2_b = r.take(84).to_vec();
        let fc3_w = transpose_dense(r.take(840), CLASSES, 84, |i| i);
        let fc3_b = r.take(CLASSES).to_vec();
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

    /// The shared, verified network, parsed once its file is there (a file
    /// not yet handed over, or refused, is read again by the next call).
    pub fn get() -> Result<&'static LeNet5, String> {
        static NET: OnceLock<LeNet5> = OnceLock::new();
        if let Some(net) = NET.get() {
            return Ok(net);
        }
        let parsed = LeNet5::load()?;
        Ok(NET.get_or_init(|| parsed))
    }
}

#[cfg(test)]
pub(super) fn raw_weights() -> &'static [u8] {
    files::get().expect("the tests compile the files in").0
}
