//! Every limit of a configuration, with its reason; the straggler models'
//! default parameters; and each field's allowed values as a range a UI can
//! put into words.
//!
//! Separate, and depending on nothing, so that validation (`config`), the λ
//! cap (`scheme`), the JSON defaults (`stragglers`) and the app's controls all
//! read one definition: none of them has to depend on another for a number.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest N. A LeNet-5 round evaluates the CNN on N coded 784-pixel images
/// (about 0.42 M multiply-adds each) and keeps N×784 doubles: at 8192 that is
/// 51 MB and a few seconds in one browser thread, the most a tab should take.
pub const MAX_N: usize = 8192;
/// Largest K: the encoder matrix is N × K and the inputs K × d.
pub const MAX_K: usize = 1024;
/// Largest number of Monte-Carlo trials per point of a sweep: the cost of a
/// sweep grows linearly in it, and 10⁴ already gives a 1 % standard error.
pub const MAX_TRIALS: usize = 10_000;
/// Largest λ: far beyond the point where the spline is the least-squares
/// line, and small enough that n·λ·(scaling) stays finite.
pub const MAX_LAMBDA: f64 = 1e300;
/// Seeds stop at 2⁵³ − 1 so that they survive a round trip through
/// JavaScript numbers (URL state, exported JSON) exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Bound on the deadline model's times (shift, deadline) and rate.
pub const MAX_TIME: f64 = 1e6;
/// Longest formula, in characters: far more than a formula a person types,
/// short enough that a link holding it stays a link one can paste (percent
/// coding at most triples ASCII), and that locating an error (one parse per
/// prefix of the text) stays instant.
pub const MAX_FORMULA_CHARS: usize = 500;
/// Largest polynomial degree a formula can be declared to have: LCC's
/// threshold D(K − 1) + 1 passes the largest N (8192) already at K = 129.
pub const MAX_DEGREE: usize = 64;
/// Largest noise σ: a thousand times the size of the built-in functions'
/// values (|x·sin x| ≤ 3 on the inputs' range) already drowns every answer;
/// beyond that only the squared errors' overflow would change.
pub const MAX_NOISE: f64 = 1e3;
/// Most N values (and p values) in the page's error-vs-N sweep: each is a
/// full Monte-Carlo run per scheme compared. (A study file's saved results
/// can hold no more curves and points than these lists give.)
pub const MAX_SWEEP_NS: usize = 12;
pub const MAX_SWEEP_PS: usize = 6;
/// Most values of another setting in its error plot (λ_dec's default list
/// has 14).
pub const MAX_SWEEP_VALUES: usize = 16;
/// Noise-free servers unless the configuration says otherwise.
pub const DEFAULT_NOISE: f64 = 0.0;

/// The iid model's p when the JSON omits it.
pub const DEFAULT_P: f64 = 0.2;
/// The fixed and block models' S when the JSON omits it.
pub const DEFAULT_S: usize = 5;
/// The deadline model's shift a, rate μ and deadline τ when the JSON omits
/// them: p = exp(−μ(τ − a)) ≈ 0.61, a heavy but decodable load.
pub const DEFAULT_SHIFT: f64 = 1.0;
pub const DEFAULT_RATE: f64 = 1.0;
pub const DEFAULT_DEADLINE: f64 = 1.5;

/// Whole numbers from min to max, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntRange {
    pub min: u64,
    pub max: u64,
}

impl IntRange {
    pub fn contains(&self, v: u64) -> bool {
        v >= self.min && v <= self.max
    }
}

impl IntRange {
    /// The compact form of a JSON sketch: `0..8192`.
    pub fn compact(&self) -> String {
        format!("{}..{}", self.min, self.max)
    }
}

impl fmt::Display for IntRange {
    /// In words, "1 to 8192": messages are read by people, not by Rust.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to {}", self.min, self.max)
    }
}

/// Finite numbers from min (excluded when `min_exclusive`) to max, included.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FloatRange {
    pub min: f64,
    pub max: f64,
    pub min_exclusive: bool,
}

impl FloatRange {
    const fn closed(min: f64, max: f64) -> FloatRange {
        FloatRange {
            min,
            max,
            min_exclusive: false,
        }
    }

    pub fn contains(&self, v: f64) -> bool {
        let above_min = if self.min_exclusive {
            v > self.min
        } else {
            v >= self.min
        };
        v.is_finite() && above_min && v <= self.max
    }
}

/// The shorter of `{}` and `{:e}`: 0 and 1 stay as they are, and 1e300 is
/// not written out in 301 digits.
pub fn short_number(x: f64) -> String {
    let (plain, sci) = (format!("{x}"), format!("{x:e}"));
    if sci.len() < plain.len() {
        sci
    } else {
        plain
    }
}

impl FloatRange {
    /// The compact form of a JSON sketch: `0..1`, `(0,1e6]`.
    pub fn compact(&self) -> String {
        let (min, max) = (short_number(self.min), short_number(self.max));
        if self.min_exclusive {
            format!("({min},{max}]")
        } else {
            format!("{min}..{max}")
        }
    }
}

impl fmt::Display for FloatRange {
    /// Interval notation, `[0, 1e300]` or `(0, 1e6]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let open = if self.min_exclusive { '(' } else { '[' };
        let (min, max) = (short_number(self.min), short_number(self.max));
        write!(f, "{open}{min}, {max}]")
    }
}

/// N, the number of servers (also at least K, which a range cannot say).
pub const N_RANGE: IntRange = IntRange {
    min: 1,
    max: MAX_N as u64,
};
/// K when N allows it; [`k_range`] is the range at a given N.
pub const K_RANGE: IntRange = IntRange {
    min: 1,
    max: MAX_K as u64,
};
/// Monte-Carlo trials per point.
pub const TRIALS_RANGE: IntRange = IntRange {
    min: 1,
    max: MAX_TRIALS as u64,
};
pub const SEED_RANGE: IntRange = IntRange {
    min: 0,
    max: MAX_SEED,
};
/// λ_enc, and λ_dec when it is a number.
pub const LAMBDA_RANGE: FloatRange = FloatRange::closed(0.0, MAX_LAMBDA);
/// The iid model's straggle probability.
pub const P_RANGE: FloatRange = FloatRange::closed(0.0, 1.0);
/// The fixed and block models' S (S ≥ N means every server straggles).
pub const S_RANGE: IntRange = IntRange {
    min: 0,
    max: MAX_N as u64,
};
/// The deadline model's shift a.
pub const SHIFT_RANGE: FloatRange = FloatRange::closed(0.0, MAX_TIME);
/// The deadline model's rate μ: above 0, since Exp(0) never finishes.
pub const RATE_RANGE: FloatRange = FloatRange {
    min: 0.0,
    max: MAX_TIME,
    min_exclusive: true,
};
/// The deadline model's deadline τ.
pub const DEADLINE_RANGE: FloatRange = FloatRange::closed(0.0, MAX_TIME);
/// σ of the noise added to every coordinate of every answer.
pub const NOISE_RANGE: FloatRange = FloatRange::closed(0.0, MAX_NOISE);
/// The manual model's server indices (each also below the configuration's N).
pub const SERVER_RANGE: IntRange = IntRange {
    min: 0,
    max: MAX_N as u64 - 1,
};

/// The adversaries' count γ (each also at most the configuration's N).
pub const ADV_COUNT_RANGE: IntRange = IntRange {
    min: 0,
    max: MAX_N as u64,
};
/// The adversaries' exponent a, γ = ⌈N^a⌉: from 0 up to, not including, 1
/// (a constant fraction of adversaries, a = 1, is what no decoder of the
/// paper's kind tolerates). The largest a a UI offers is this bound less a
/// step; `validate` checks `a < ADV_EXPONENT_END`.
pub const ADV_EXPONENT_END: f64 = 1.0;
/// The largest box M an adversary answers in: far beyond the built-in
/// functions' values (|x·sin x| ≤ 3), small enough that the squared errors
/// of a decoder summing thousands of such answers stay finite.
pub const MAX_ADV_BOUND: f64 = 1e12;
/// The box [−M, M] of an adversary's answer: above 0, finite.
pub const ADV_BOUND_RANGE: FloatRange = FloatRange {
    min: 0.0,
    max: MAX_ADV_BOUND,
    min_exclusive: true,
};

/// The polynomial degree a formula may be declared to have (for LCC).
pub const DEGREE_RANGE: IntRange = IntRange {
    min: 0,
    max: MAX_DEGREE as u64,
};

/// K at N servers: 1..=min(N, MAX_K).
pub fn k_range(n: usize) -> IntRange {
    IntRange {
        max: K_RANGE.max.min(n as u64),
        ..K_RANGE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_include_their_ends_and_read_as_intervals() {
        assert!(N_RANGE.contains(1) && N_RANGE.contains(8192) && !N_RANGE.contains(0));
        assert_eq!(k_range(40), IntRange { min: 1, max: 40 });
        assert_eq!(k_range(5000), K_RANGE);
        assert!(RATE_RANGE.contains(MAX_TIME) && !RATE_RANGE.contains(0.0));
        assert!(SHIFT_RANGE.contains(0.0) && !SHIFT_RANGE.contains(f64::NAN));
        assert!(!LAMBDA_RANGE.contains(f64::INFINITY));
        assert_eq!(N_RANGE.to_string(), "1 to 8192");
        assert_eq!(LAMBDA_RANGE.to_string(), "[0, 1e300]");
        assert_eq!(RATE_RANGE.to_string(), "(0, 1e6]");
        assert_eq!(P_RANGE.to_string(), "[0, 1]");
    }
}
