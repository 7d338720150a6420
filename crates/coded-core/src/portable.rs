//! Transcendental functions that give the same bits on every platform.
//!
//! `f64::cos`, `ln`, `exp` and `powf` call the platform's maths library:
//! glibc natively, a Rust port of musl's in wasm. They may differ in the last
//! bit, and an ill-conditioned decoder (LCC's high-degree polynomial)
//! amplifies one bit into visibly different numbers, so the app would not
//! show what the CLI prints. Everything the core computes goes through these
//! instead (libm, pure Rust: the same code and the same bits everywhere).
//!
//! The same holds for matrix products: nalgebra hands large ones to
//! `matrixmultiply`, which picks FMA kernels at run time on x86 and so rounds
//! differently from wasm. [`matmul`] sums in one fixed order everywhere.

use nalgebra::DMatrix;

/// a · b, each entry summed over k in increasing order (no fused
/// multiply-add): the same bits on every platform.
///
/// Rows are taken in blocks whose slice of `a` stays in cache while every
/// column of `b` passes over it: the plain column loop streamed all of `a`
/// once per column of `b` (at N = 8192, K = 1024 and 784 pixels, 50 GB of
/// memory traffic for one encoding). The order of the sum of each entry is
/// unchanged, so the result is too.
pub fn matmul(a: &DMatrix<f64>, b: &DMatrix<f64>) -> DMatrix<f64> {
    assert_eq!(a.ncols(), b.nrows(), "matmul: inner dimensions differ");
    // 64 rows × K columns of `a`: 512 KB at K = 1024, about an L2 cache.
    const ROWS: usize = 64;
    let (m, inner) = (a.nrows(), a.ncols());
    let mut out = DMatrix::zeros(m, b.ncols());
    let (a_data, b_data) = (a.as_slice(), b.as_slice());
    let out_data = out.as_mut_slice();
    for i0 in (0..m).step_by(ROWS) {
        let i1 = (i0 + ROWS).min(m);
        for j in 0..b.ncols() {
            let o = &mut out_data[j * m + i0..j * m + i1];
            for k in 0..inner {
                let bkj = b_data[j * inner + k];
                let col = &a_data[k * m + i0..k * m + i1];
                for (o, &aik) in o.iter_mut().zip(col) {
                    *o += aik * bkj;
                }
            }
        }
    }
    out
}

pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

pub fn sin(x: f64) -> f64 {
    libm::sin(x)
}

pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// 10^e.
pub fn exp10(e: f64) -> f64 {
    libm::pow(10.0, e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocked_matmul_sums_in_the_plain_order_bit_for_bit() {
        // More rows than a block, and an awkward remainder.
        let a = DMatrix::from_fn(150, 70, |i, j| libm::sin((i * 70 + j) as f64) * 1e3);
        let b = DMatrix::from_fn(70, 5, |i, j| libm::cos((i + 7 * j) as f64) / 3.0);
        let mut plain = DMatrix::<f64>::zeros(150, 5);
        for j in 0..5 {
            for k in 0..70 {
                for i in 0..150 {
                    plain[(i, j)] += a[(i, k)] * b[(k, j)];
                }
            }
        }
        let blocked = matmul(&a, &b);
        for (x, y) in blocked.iter().zip(plain.iter()) {
            assert_eq!(x.to_bits(), y.to_bits());
        }
    }

    #[test]
    fn matmul_is_the_matrix_product() {
        let a = DMatrix::from_fn(3, 4, |i, j| (i * 4 + j) as f64 * 0.5 - 1.0);
        let b = DMatrix::from_fn(4, 2, |i, j| (i + 2 * j) as f64 - 0.25);
        assert!((matmul(&a, &b) - &a * &b).amax() < 1e-12);
        assert_eq!(
            matmul(&DMatrix::zeros(0, 3), &b.rows(0, 3).into_owned()).nrows(),
            0
        );
    }
}
