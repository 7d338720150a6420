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
pub fn matmul(a: &DMatrix<f64>, b: &DMatrix<f64>) -> DMatrix<f64> {
    assert_eq!(a.ncols(), b.nrows(), "matmul: inner dimensions differ");
    let mut out = DMatrix::zeros(a.nrows(), b.ncols());
    for j in 0..b.ncols() {
        let mut col = out.column_mut(j);
        for k in 0..a.ncols() {
            let bkj = b[(k, j)];
            for (o, &aik) in col.iter_mut().zip(a.column(k).iter()) {
                *o += aik * bkj;
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
