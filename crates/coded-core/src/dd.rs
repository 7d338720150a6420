//! Double-double arithmetic (about 32 significant digits from two f64s), used
//! only where the smoothing spline's system loses digits: forming its
//! right-hand side and residual, so that iterative refinement recovers a
//! solution accurate to f64 even when the system's condition number is 10¹⁰.

use std::ops::{Add, Div, Mul, Neg, Sub};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

/// a + b exactly, as (rounded sum, error).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// a + b exactly when |a| ≥ |b| (3 operations instead of 6).
fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// a · b exactly, as (rounded product, error), by a fused multiply-add.
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

impl Dd {
    pub fn new(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }

    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    /// Renormalises hi + lo where |hi| ≥ |lo| (true after each operation below).
    fn norm(hi: f64, lo: f64) -> Dd {
        let (s, e) = fast_two_sum(hi, lo);
        Dd { hi: s, lo: e }
    }

    /// self · x for an f64 x: cheaper than promoting x.
    pub fn mul_f64(self, x: f64) -> Dd {
        let (p, e) = two_prod(self.hi, x);
        Dd::norm(p, e + self.lo * x)
    }

    /// a − b exactly, for two f64 values.
    pub fn diff(a: f64, b: f64) -> Dd {
        let (s, e) = two_sum(a, -b);
        Dd { hi: s, lo: e }
    }

    pub fn recip(self) -> Dd {
        Dd::new(1.0) / self
    }
}

impl Add for Dd {
    type Output = Dd;
    fn add(self, o: Dd) -> Dd {
        let (s, e) = two_sum(self.hi, o.hi);
        Dd::norm(s, e + self.lo + o.lo)
    }
}

impl Neg for Dd {
    type Output = Dd;
    fn neg(self) -> Dd {
        Dd {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Sub for Dd {
    type Output = Dd;
    fn sub(self, o: Dd) -> Dd {
        self + (-o)
    }
}

impl Mul for Dd {
    type Output = Dd;
    fn mul(self, o: Dd) -> Dd {
        let (p, e) = two_prod(self.hi, o.hi);
        Dd::norm(p, e + self.hi * o.lo + self.lo * o.hi)
    }
}

impl Div for Dd {
    type Output = Dd;
    fn div(self, o: Dd) -> Dd {
        // One Newton step on the f64 quotient.
        let q1 = self.hi / o.hi;
        let r = self - o * Dd::new(q1);
        let q2 = r.hi / o.hi;
        Dd::norm(q1, q2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_digits_f64_loses() {
        let a = Dd::new(1.0) + Dd::new(1e-20);
        assert_eq!((a - Dd::new(1.0)).to_f64(), 1e-20);
        let third = Dd::new(1.0) / Dd::new(3.0);
        let back = third * Dd::new(3.0) - Dd::new(1.0);
        assert!(back.to_f64().abs() < 1e-30);
        let d = Dd::diff(1.0 + 2f64.powi(-52), 1.0);
        assert_eq!(d.to_f64(), 2f64.powi(-52));
    }
}
