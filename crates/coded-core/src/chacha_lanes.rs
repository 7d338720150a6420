//! ChaCha8's keystream four blocks at a time, one block per SIMD lane: the
//! stream `rand_chacha`'s `ChaCha8Rng` gives, word for word, for the same
//! seed (its tests hold it so, natively and in Chromium).
//!
//! Why our own: in wasm, `rand_chacha` (through `ppv-lite86`) has no SIMD
//! path and computes each block's words one at a time. The random draws of
//! a sweep (straggler draws, the bootstrap's indices) then cost 12.5 ns a
//! `u64` in Chromium, a quarter of the default sweep's time in the worker
//! (docs/performance.md, "The random streams in wasm"). Natively
//! `rand_chacha` has its AVX2 path and stays in use ([`crate::rng`]).
//!
//! The layout is `rand_chacha`'s "wide" one: vector `j` holds word `j` of
//! four consecutive blocks, so every step of a round is one vector operation
//! on four blocks and no word moves between lanes until the blocks are
//! written out.

/// Four `u32` lanes: the operations a ChaCha round needs.
pub(crate) trait Lanes: Copy {
    fn from_array(v: [u32; 4]) -> Self;
    fn to_array(self) -> [u32; 4];
    fn add(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// Each lane rotated left by `R` bits.
    fn rotl<const R: u32>(self) -> Self;
    /// The lanes moved down by `N` places: lane i takes lane (i + N) mod 4.
    fn turn<const N: usize>(self) -> Self;
}

/// The same lanes as plain arrays: the native test of the rounds and the
/// layout, on a platform without the SIMD lanes.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable([u32; 4]);

#[cfg(test)]
impl Lanes for Portable {
    fn from_array(v: [u32; 4]) -> Self {
        Portable(v)
    }
    fn to_array(self) -> [u32; 4] {
        self.0
    }
    fn add(self, o: Self) -> Self {
        Portable(std::array::from_fn(|l| self.0[l].wrapping_add(o.0[l])))
    }
    fn xor(self, o: Self) -> Self {
        Portable(std::array::from_fn(|l| self.0[l] ^ o.0[l]))
    }
    fn rotl<const R: u32>(self) -> Self {
        Portable(self.0.map(|v| v.rotate_left(R)))
    }
    fn turn<const N: usize>(self) -> Self {
        Portable(std::array::from_fn(|l| self.0[(l + N) % 4]))
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) use simd128::Simd128;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use super::Lanes;
    use core::arch::wasm32::*;

    /// Four lanes in one wasm `v128`.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Simd128(v128);

    impl Lanes for Simd128 {
        #[inline(always)]
        fn from_array(v: [u32; 4]) -> Self {
            Simd128(u32x4(v[0], v[1], v[2], v[3]))
        }
        #[inline(always)]
        fn to_array(self) -> [u32; 4] {
            [
                u32x4_extract_lane::<0>(self.0),
                u32x4_extract_lane::<1>(self.0),
                u32x4_extract_lane::<2>(self.0),
                u32x4_extract_lane::<3>(self.0),
            ]
        }
        #[inline(always)]
        fn add(self, o: Self) -> Self {
            Simd128(u32x4_add(self.0, o.0))
        }
        #[inline(always)]
        fn xor(self, o: Self) -> Self {
            Simd128(v128_xor(self.0, o.0))
        }
        #[inline(always)]
        fn rotl<const R: u32>(self) -> Self {
            // Rotations by whole bytes are one byte shuffle (lanes are
            // little-endian); the others two shifts and an or.
            Simd128(match R {
                16 => i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(
                    self.0, self.0,
                ),
                8 => i8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(
                    self.0, self.0,
                ),
                _ => v128_or(u32x4_shl(self.0, R), u32x4_shr(self.0, 32 - R)),
            })
        }
        #[inline(always)]
        fn turn<const N: usize>(self) -> Self {
            Simd128(match N {
                1 => i32x4_shuffle::<1, 2, 3, 0>(self.0, self.0),
                2 => i32x4_shuffle::<2, 3, 0, 1>(self.0, self.0),
                _ => i32x4_shuffle::<3, 0, 1, 2>(self.0, self.0),
            })
        }
    }
}

/// ChaCha's constant words, "expand 32-byte k".
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
/// ChaCha8: four double rounds.
const DOUBLE_ROUNDS: usize = 4;
/// Blocks computed at once (one per lane) and the `u64`s they give.
const BLOCKS: usize = 4;
const WORDS_OUT: usize = BLOCKS * 16 / 2;

/// A block's state as four rows of four words (a: the constants, b and c:
/// the key, d: the counter and the nonce).
type Rows<L> = [L; 4];

/// ChaCha's quarter-round on the four columns at once.
#[inline(always)]
fn columns<L: Lanes>(x: &mut Rows<L>) {
    let [a, b, c, d] = x;
    *a = a.add(*b);
    *d = d.xor(*a).rotl::<16>();
    *c = c.add(*d);
    *b = b.xor(*c).rotl::<12>();
    *a = a.add(*b);
    *d = d.xor(*a).rotl::<8>();
    *c = c.add(*d);
    *b = b.xor(*c).rotl::<7>();
}

/// Two blocks' double rounds side by side: the two have no dependency on
/// each other, so each fills the pipeline while the other waits, and their
/// eight rows stay in registers.
#[inline(always)]
fn double_rounds<L: Lanes>(x: &mut Rows<L>, y: &mut Rows<L>) {
    for _ in 0..DOUBLE_ROUNDS {
        columns(x);
        columns(y);
        // The diagonals as columns: row b moved down by one, c by two, d by three.
        for r in [x as &mut Rows<L>, y] {
            r[1] = r[1].turn::<1>();
            r[2] = r[2].turn::<2>();
            r[3] = r[3].turn::<3>();
        }
        columns(x);
        columns(y);
        for r in [x as &mut Rows<L>, y] {
            r[1] = r[1].turn::<3>();
            r[2] = r[2].turn::<2>();
            r[3] = r[3].turn::<1>();
        }
    }
}

/// The four blocks at `counter` … `counter + 3` of the stream of `key`
/// (nonce 0), as `u64`s in stream order: block after block, each block's
/// words in order, two little-endian words to a `u64`.
#[inline(always)]
fn blocks<L: Lanes>(key: &[u32; 8], counter: u64, out: &mut [u64; WORDS_OUT]) {
    let rows = |block: u64| -> Rows<L> {
        let at = counter.wrapping_add(block);
        [
            L::from_array(SIGMA),
            L::from_array([key[0], key[1], key[2], key[3]]),
            L::from_array([key[4], key[5], key[6], key[7]]),
            L::from_array([at as u32, (at >> 32) as u32, 0, 0]),
        ]
    };
    for pair in 0..BLOCKS / 2 {
        let (b0, b1) = (2 * pair as u64, 2 * pair as u64 + 1);
        let (start_x, start_y) = (rows(b0), rows(b1));
        let (mut x, mut y) = (start_x, start_y);
        double_rounds(&mut x, &mut y);
        for (block, (end, start)) in [(b0, (x, start_x)), (b1, (y, start_y))] {
            for r in 0..4 {
                let w = end[r].add(start[r]).to_array();
                let at = block as usize * 8 + r * 2;
                out[at] = u64::from(w[0]) | (u64::from(w[1]) << 32);
                out[at + 1] = u64::from(w[2]) | (u64::from(w[3]) << 32);
            }
        }
    }
}

/// A ChaCha8 keystream read as `u64`s, computed [`BLOCKS`] blocks at a time
/// in the lanes `L`.
#[derive(Clone, Debug)]
pub(crate) struct ChaCha8<L> {
    key: [u32; 8],
    /// The block after the buffered ones.
    counter: u64,
    buffer: [u64; WORDS_OUT],
    next: usize,
    lanes: std::marker::PhantomData<L>,
}

impl<L: Lanes> ChaCha8<L> {
    /// The stream of a 32-byte key (`rand_chacha`'s seed), from its start.
    pub(crate) fn from_seed(seed: [u8; 32]) -> Self {
        ChaCha8 {
            key: std::array::from_fn(|i| {
                u32::from_le_bytes([
                    seed[4 * i],
                    seed[4 * i + 1],
                    seed[4 * i + 2],
                    seed[4 * i + 3],
                ])
            }),
            counter: 0,
            buffer: [0; WORDS_OUT],
            next: WORDS_OUT,
            lanes: std::marker::PhantomData,
        }
    }

    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        if self.next == WORDS_OUT {
            blocks::<L>(&self.key, self.counter, &mut self.buffer);
            self.counter = self.counter.wrapping_add(BLOCKS as u64);
            self.next = 0;
        }
        let v = self.buffer[self.next];
        self.next += 1;
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_portable_lanes_give_rand_chachas_stream() {
        for seed in [0u64, 1, 7, 0xDEAD_BEEF, u64::MAX] {
            let mut theirs = ChaCha8Rng::seed_from_u64(seed);
            let mut ours = ChaCha8::<Portable>::from_seed(theirs.get_seed());
            // Past several refills of both buffers, at every offset.
            for i in 0..1000 {
                assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed}, u64 {i}");
            }
        }
    }

    #[test]
    fn the_block_counter_carries_into_its_high_word() {
        let mut theirs = ChaCha8Rng::seed_from_u64(3);
        let mut ours = ChaCha8::<Portable>::from_seed(theirs.get_seed());
        // Two blocks before the low word wraps: the buffer of four spans it.
        let block = (1u64 << 32) - 2;
        theirs.set_word_pos(u128::from(block) * 16);
        ours.counter = block;
        for i in 0..100 {
            assert_eq!(ours.next_u64(), theirs.next_u64(), "u64 {i}");
        }
    }
}
