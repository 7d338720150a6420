//! A seeded random generator that gives the same draws natively and in wasm.
//!
//! `rand`'s distributions are not all portable across pointer widths (anything
//! sampled through `usize` can differ between 64-bit native and 32-bit wasm), so
//! every draw here goes through `u64` arithmetic we control.

use crate::portable::{cos, ln};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator's stream. Natively `rand_chacha`'s own (with its AVX2
/// path); in wasm with simd128 the same stream, four blocks in the lanes of
/// one vector (`rand_chacha` has no SIMD path there: see
/// [`crate::chacha_lanes`]). The seed is `rand_chacha`'s either way.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Stream = crate::chacha_lanes::ChaCha8<crate::chacha_lanes::Simd128>;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
type Stream = ChaCha8Rng;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use rand::RngCore;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn stream_of(seed: u64) -> Stream {
    Stream::from_seed(ChaCha8Rng::seed_from_u64(seed).get_seed())
}
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn stream_of(seed: u64) -> Stream {
    ChaCha8Rng::seed_from_u64(seed)
}

/// SplitMix64 finaliser: spreads a few small integers over 64 bits, so that
/// nearby tags (trial 1, trial 2, …) give unrelated generator seeds.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Derives an independent stream from a seed and a path of tags
/// (for example `[seed, N, p index, trial]`).
pub fn derive(seed: u64, tags: &[u64]) -> u64 {
    tags.iter().fold(mix(seed), |acc, &t| mix(acc ^ mix(t)))
}

/// Portable random generator (ChaCha8 underneath).
#[derive(Clone, Debug)]
pub struct Rng(Stream);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(stream_of(seed))
    }

    /// A generator for the stream named by `tags` under `seed`.
    pub fn stream(seed: u64, tags: &[u64]) -> Self {
        Self::new(derive(seed, tags))
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in [0, 1) with 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in [lo, hi).
    pub fn uniform_in(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.uniform()
    }

    /// Uniform integer in `0..n` (n > 0), unbiased (rejection on the top range).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    /// `true` with probability p.
    pub fn bernoulli(&mut self, p: f64) -> bool {
        self.uniform() < p
    }

    /// Exponential with rate `rate` (> 0).
    pub fn exponential(&mut self, rate: f64) -> f64 {
        // 1 - U lies in (0, 1], so the logarithm is finite.
        -ln(1.0 - self.uniform()) / rate
    }

    /// Standard normal (Box–Muller; one of the pair is discarded for simplicity).
    pub fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.uniform();
        let u2 = self.uniform();
        (-2.0 * ln(u1)).sqrt() * cos(std::f64::consts::TAU * u2)
    }

    /// `count` distinct indices out of `0..n`, ascending (partial Fisher–Yates).
    pub fn sample_indices(&mut self, n: usize, count: usize) -> Vec<usize> {
        let count = count.min(n);
        let mut pool: Vec<usize> = (0..n).collect();
        for i in 0..count {
            let j = i + self.below((n - i) as u64) as usize;
            pool.swap(i, j);
        }
        let mut chosen = pool[..count].to_vec();
        chosen.sort_unstable();
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draws() {
        let mut a = Rng::stream(7, &[1, 2]);
        let mut b = Rng::stream(7, &[1, 2]);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        // The known values are pinned natively and in the browser
        // (coded-testing's `pinned`, tests/properties.rs and
        // tests/wasm_portable.rs).
    }

    #[test]
    fn different_tags_differ() {
        assert_ne!(derive(1, &[0, 1]), derive(1, &[1, 0]));
        assert_ne!(derive(1, &[2]), derive(2, &[2]));
    }

    #[test]
    fn below_and_uniform_stay_in_range() {
        let mut r = Rng::new(3);
        for n in 1..50u64 {
            for _ in 0..20 {
                assert!(r.below(n) < n);
            }
        }
        for _ in 0..1000 {
            let u = r.uniform();
            assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn sample_indices_are_distinct_sorted() {
        let mut r = Rng::new(5);
        let s = r.sample_indices(20, 7);
        assert_eq!(s.len(), 7);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(r.sample_indices(5, 9).len(), 5);
    }
}
