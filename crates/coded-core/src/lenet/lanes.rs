//! The vector operations the forward pass is written in,
//! for one image per lane: 8 lanes with AVX2 (x86_64, detected at run time),
//! 4 with wasm simd128, and 1 on any other target (plain f32).
//!
//! Every operation is lane-wise and exactly the IEEE operation on each lane
//! (no fused multiply-add, no reassociation), and `max` has the same
//! definition everywhere — `a < b ? b : a`, which fixes what happens with
//! signed zeros where the instructions' own `max` differ. So each lane
//! computes bit for bit what the scalar path computes for that image.

/// A vector of `LANES` f32, one per image. Implementors are zero-sized
/// tokens: holding one proves the CPU can run its instructions.
pub(super) trait Lanes: Copy {
    const LANES: usize;
    type V: Copy;
    fn splat(self, x: f32) -> Self::V;
    /// `splat(*x)`, where the target has a load-and-broadcast instruction.
    #[inline(always)]
    fn splat_from(self, x: &f32) -> Self::V {
        self.splat(*x)
    }
    /// The first `LANES` values of `s`.
    fn load(self, s: &[f32]) -> Self::V;
    /// Into the first `LANES` values of `s`.
    fn store(self, v: Self::V, s: &mut [f32]);
    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a < b ? b : a` per lane.
    fn max(self, a: Self::V, b: Self::V) -> Self::V;
}

/// One lane, plain f32: the portable path.
#[derive(Clone, Copy)]
pub(super) struct Scalar;

impl Lanes for Scalar {
    const LANES: usize = 1;
    type V = f32;
    #[inline(always)]
    fn splat(self, x: f32) -> f32 {
        x
    }
    #[inline(always)]
    fn load(self, s: &[f32]) -> f32 {
        s[0]
    }
    #[inline(always)]
    fn store(self, v: f32, s: &mut [f32]) {
        s[0] = v;
    }
    #[inline(always)]
    fn add(self, a: f32, b: f32) -> f32 {
        a + b
    }
    #[inline(always)]
    fn mul(self, a: f32, b: f32) -> f32 {
        a * b
    }
    #[inline(always)]
    fn max(self, a: f32, b: f32) -> f32 {
        if a < b {
            b
        } else {
            a
        }
    }
}

/// Four lanes of wasm simd128 (the build enables it: .cargo/config.toml).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[derive(Clone, Copy)]
pub(super) struct Simd128;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Lanes for Simd128 {
    const LANES: usize = 4;
    type V = core::arch::wasm32::v128;
    #[inline(always)]
    fn splat(self, x: f32) -> Self::V {
        core::arch::wasm32::f32x4_splat(x)
    }
    #[inline(always)]
    fn splat_from(self, x: &f32) -> Self::V {
        // SAFETY: `x` is a valid f32 reference.
        unsafe { core::arch::wasm32::v128_load32_splat((x as *const f32).cast()) }
    }
    #[inline(always)]
    fn load(self, s: &[f32]) -> Self::V {
        let s = &s[..4];
        // SAFETY: `s` holds 4 f32 (16 bytes); v128 loads need no alignment.
        unsafe { core::arch::wasm32::v128_load(s.as_ptr().cast()) }
    }
    #[inline(always)]
    fn store(self, v: Self::V, s: &mut [f32]) {
        let s = &mut s[..4];
        // SAFETY: as in `load`.
        unsafe { core::arch::wasm32::v128_store(s.as_mut_ptr().cast(), v) }
    }
    #[inline(always)]
    fn add(self, a: Self::V, b: Self::V) -> Self::V {
        core::arch::wasm32::f32x4_add(a, b)
    }
    #[inline(always)]
    fn mul(self, a: Self::V, b: Self::V) -> Self::V {
        core::arch::wasm32::f32x4_mul(a, b)
    }
    #[inline(always)]
    fn max(self, a: Self::V, b: Self::V) -> Self::V {
        // pmax is exactly `a < b ? b : a`: one maxps in the engine, where
        // f32x4_max's NaN and signed-zero rules cost several instructions.
        core::arch::wasm32::f32x4_pmax(a, b)
    }
}

/// Eight lanes of AVX2. Only `Avx2::detect` makes one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    pub(super) fn detect() -> Option<Avx2> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }
}

// The methods are inlined into functions compiled with AVX2 enabled
// (`#[target_feature(enable = "avx2")]` in forward.rs), and only reachable
// through a token that `detect` made: the intrinsics are then safe to call.
#[cfg(target_arch = "x86_64")]
impl Lanes for Avx2 {
    const LANES: usize = 8;
    type V = std::arch::x86_64::__m256;
    #[inline(always)]
    fn splat(self, x: f32) -> Self::V {
        self.splat_from(&x)
    }
    #[inline(always)]
    fn splat_from(self, x: &f32) -> Self::V {
        // One vbroadcastss from memory (set1 of a loaded value was left as
        // a call by the inliner, outside the AVX2 function).
        // SAFETY: the token proves AVX2 (so AVX) is available.
        unsafe { std::arch::x86_64::_mm256_broadcast_ss(x) }
    }
    #[inline(always)]
    fn load(self, s: &[f32]) -> Self::V {
        let s = &s[..8];
        // SAFETY: AVX available (token); `s` holds 8 f32; loadu needs no alignment.
        unsafe { std::arch::x86_64::_mm256_loadu_ps(s.as_ptr()) }
    }
    #[inline(always)]
    fn store(self, v: Self::V, s: &mut [f32]) {
        let s = &mut s[..8];
        // SAFETY: as in `load`.
        unsafe { std::arch::x86_64::_mm256_storeu_ps(s.as_mut_ptr(), v) }
    }
    #[inline(always)]
    fn add(self, a: Self::V, b: Self::V) -> Self::V {
        // SAFETY: AVX available (token).
        unsafe { std::arch::x86_64::_mm256_add_ps(a, b) }
    }
    #[inline(always)]
    fn mul(self, a: Self::V, b: Self::V) -> Self::V {
        // SAFETY: AVX available (token).
        unsafe { std::arch::x86_64::_mm256_mul_ps(a, b) }
    }
    #[inline(always)]
    fn max(self, a: Self::V, b: Self::V) -> Self::V {
        // maxps(x, y) is `x > y ? x : y`, else y: with x = b, y = a that is
        // `a < b ? b : a`, signed zeros included.
        // SAFETY: AVX available (token).
        unsafe { std::arch::x86_64::_mm256_max_ps(b, a) }
    }
}
