//! Adversarial servers (docs/mathematics.md, "Adversarial servers"): γ of
//! the N servers answer a value of their choosing inside the box [−M, M]^m
//! instead of f(x̃_n).
//!
//! The model is the third paper of this line's (γ = O(N^a), answers in a
//! known box); *which* servers are adversarial (the placement) and *what*
//! they send (the attack) are the playground's own choices, since the paper
//! bounds the worst case over all of them and names none.
//!
//! Separate from `problem`, which draws the streams (its tags) and applies
//! the corruption where the answers are formed; this module only says who
//! and what, from the streams it is given.

use crate::limits::{ADV_BOUND_RANGE, ADV_COUNT_RANGE, ADV_EXPONENT_END};
use crate::portable::{exp, ln};
use crate::rng::Rng;
use crate::wire::wire_enum;
use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

wire_enum! {
    /// What an adversarial server sends (the playground's choices).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum Attack {
        /// Uniform in [−M, M] on every coordinate, drawn per trial.
        Random = "random" => "Random values in the box",
        /// +M on every coordinate: the box's edge, all adversaries pushing
        /// the same way (they do not cancel).
        #[default]
        Edge = "edge" => "The box's edge (+M)",
        /// The honest answer with its sign flipped, clipped to the box.
        Flip = "flip" => "The honest answer, sign flipped",
        /// The honest answer plus the largest common push δ·M that
        /// ApproxIFER's locator does not flag ([`crate::stealth`]).
        Stealth = "stealth" => "Just below the error locator's notice",
    }
}

wire_enum! {
    /// Which servers are adversarial (the playground's choices).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum Placement {
        /// γ servers drawn at random per trial.
        #[default]
        Random = "random" => "At random",
        /// γ servers adjacent in β order, from a start drawn per trial: a
        /// concentrated attack, the worst case for a local smoother.
        Block = "block" => "Adjacent block",
        /// The servers nearest the data points α_k, round-robin over k: where
        /// a corrupted answer moves the decoded value most (it knows the
        /// decoder). Drawn from nothing: the same at every trial.
        Nearest = "nearest" => "Nearest the data points",
    }
}

/// How many servers are adversarial.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AdversaryCount {
    /// γ servers at every N.
    Count(usize),
    /// γ = ⌈N^a⌉ at each N.
    Exponent(f64),
}

/// The adversaries of a configuration. JSON: `{"count": γ}` or
/// `{"exponent": a}`, with optional `"bound"`, `"attack"`, `"placement"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "AdversariesJson", into = "AdversariesJson")]
pub struct Adversaries {
    pub size: AdversaryCount,
    /// M, the box's half-width; None: the largest |f(x_k)| over the exact
    /// outputs (1 if they are all 0).
    pub bound: Option<f64>,
    pub attack: Attack,
    pub placement: Placement,
}

/// The JSON form: exactly one of `count` and `exponent`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AdversariesJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    count: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exponent: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bound: Option<f64>,
    #[serde(default)]
    attack: Attack,
    #[serde(default)]
    placement: Placement,
}

impl TryFrom<AdversariesJson> for Adversaries {
    type Error = String;
    fn try_from(j: AdversariesJson) -> Result<Self, String> {
        let size = match (j.count, j.exponent) {
            (Some(c), None) => AdversaryCount::Count(c),
            (None, Some(a)) => AdversaryCount::Exponent(a),
            _ => return Err("give exactly one of \"count\" and \"exponent\"".into()),
        };
        Ok(Adversaries {
            size,
            bound: j.bound,
            attack: j.attack,
            placement: j.placement,
        })
    }
}

impl From<Adversaries> for AdversariesJson {
    fn from(a: Adversaries) -> Self {
        let (count, exponent) = match a.size {
            AdversaryCount::Count(c) => (Some(c), None),
            AdversaryCount::Exponent(e) => (None, Some(e)),
        };
        AdversariesJson {
            count,
            exponent,
            bound: a.bound,
            attack: a.attack,
            placement: a.placement,
        }
    }
}

/// The automatic M, when no bound is given: the largest |f(x_k)| over the
/// exact outputs (K × m), or 1 when those are all 0 or not finite.
pub fn automatic_bound(exact: &DMatrix<f64>) -> f64 {
    let m = exact
        .iter()
        .filter(|v| v.is_finite())
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    if m > 0.0 {
        m
    } else {
        1.0
    }
}

impl Adversaries {
    /// γ servers, with the default attack and placement.
    pub fn count(count: usize) -> Adversaries {
        Adversaries {
            size: AdversaryCount::Count(count),
            bound: None,
            attack: Attack::default(),
            placement: Placement::default(),
        }
    }

    /// γ = ⌈N^a⌉, with the default attack and placement.
    pub fn exponent(a: f64) -> Adversaries {
        Adversaries {
            size: AdversaryCount::Exponent(a),
            ..Adversaries::count(0)
        }
    }

    /// γ at N servers: the count (at most N), or ⌈N^a⌉.
    pub fn count_at(&self, n: usize) -> usize {
        match self.size {
            AdversaryCount::Count(c) => c.min(n),
            AdversaryCount::Exponent(a) => {
                if n == 0 {
                    return 0;
                }
                let x = exp(a * ln(n as f64));
                // N^a that is a whole number up to rounding (100^0.5) is
                // that number, not one more.
                let near = x.round();
                let g = if (x - near).abs() <= 1e-9 * near.max(1.0) {
                    near
                } else {
                    x.ceil()
                };
                (g as usize).clamp(1, n)
            }
        }
    }

    /// M: the given bound, or the automatic one ([`automatic_bound`]).
    pub fn bound_for(&self, exact: &DMatrix<f64>) -> f64 {
        self.bound.unwrap_or_else(|| automatic_bound(exact))
    }

    /// What is wrong with it at N servers (the configuration's check), in
    /// words, naming the part.
    pub fn problem_at(&self, n: usize) -> Option<String> {
        match self.size {
            AdversaryCount::Count(c) if c as u64 > ADV_COUNT_RANGE.max || c > n => Some(format!(
                "count {c} is more than the {n} servers; at most N adversaries"
            )),
            AdversaryCount::Count(_) => None,
            AdversaryCount::Exponent(a) if !(a.is_finite() && (0.0..ADV_EXPONENT_END).contains(&a)) => {
                Some(format!(
                    "exponent {a} is not allowed: it must be at least 0 and below 1 (a = 1 would make a fixed fraction of the servers adversarial, which no decoder tolerates)"
                ))
            }
            AdversaryCount::Exponent(_) => None,
        }
        .or_else(|| {
            let m = self.bound?;
            (!ADV_BOUND_RANGE.contains(m)).then(|| {
                format!("bound {m} is not allowed: it must be a number in {ADV_BOUND_RANGE}")
            })
        })
    }

    /// The adversarial servers among N with server points `betas`, for data
    /// points `alphas`, drawn from `rng` (the trial's own stream), ascending.
    pub fn place(&self, alphas: &[f64], betas: &[f64], rng: &mut Rng) -> Vec<usize> {
        let n = betas.len();
        let g = self.count_at(n);
        let mut chosen = match self.placement {
            Placement::Random => {
                // A partial Fisher–Yates shuffle: γ distinct servers.
                let mut all: Vec<usize> = (0..n).collect();
                for i in 0..g {
                    let j = i + rng.below((n - i) as u64) as usize;
                    all.swap(i, j);
                }
                all.truncate(g);
                all
            }
            Placement::Block => {
                let order = by_position(betas);
                let start = rng.below((n - g + 1) as u64) as usize;
                order[start..start + g].to_vec()
            }
            Placement::Nearest => nearest(alphas, betas, g),
        };
        chosen.sort_unstable();
        chosen
    }

    /// Replaces the answers (N × m) of `servers` by the attack's, within
    /// [−M, M]; a random attack draws from `rng` server by server, the
    /// stealth attack asks `flags` (the servers the decoder's locator
    /// names among N answers) how far it can push.
    pub fn corrupt(
        &self,
        answers: &mut DMatrix<f64>,
        servers: &[usize],
        m: f64,
        rng: &mut Rng,
        flags: &dyn Fn(&DMatrix<f64>) -> Vec<usize>,
    ) {
        let delta = match self.attack {
            Attack::Stealth => crate::stealth::stealth_offset(answers, servers, m, flags),
            Attack::Random | Attack::Edge | Attack::Flip => 0.0,
        };
        for &s in servers {
            for c in 0..answers.ncols() {
                answers[(s, c)] = match self.attack {
                    Attack::Random => rng.uniform_in(-m, m),
                    Attack::Edge => m,
                    Attack::Flip => (-answers[(s, c)]).clamp(-m, m),
                    Attack::Stealth => crate::stealth::pushed(answers[(s, c)], delta, m),
                };
            }
        }
    }
}

/// The servers in increasing β.
fn by_position(betas: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..betas.len()).collect();
    order.sort_by(|&a, &b| betas[a].total_cmp(&betas[b]));
    order
}

/// γ servers: in turn for α_1, α_2, …, α_K, α_1, …, the free server nearest
/// that data point (ties to the smaller β).
fn nearest(alphas: &[f64], betas: &[f64], g: usize) -> Vec<usize> {
    let order = by_position(betas);
    let sorted: Vec<f64> = order.iter().map(|&i| betas[i]).collect();
    let n = sorted.len();
    let mut taken = vec![false; n];
    // Per data point, the next candidates below and above it in `sorted`.
    let mut cursors: Vec<(usize, usize)> = alphas
        .iter()
        .map(|&a| {
            let p = sorted.partition_point(|&b| b < a);
            (p, p)
        })
        .collect();
    let mut chosen = Vec::with_capacity(g);
    while chosen.len() < g {
        for (k, &a) in alphas.iter().enumerate() {
            if chosen.len() == g {
                break;
            }
            let (lo, hi) = &mut cursors[k];
            while *lo > 0 && taken[*lo - 1] {
                *lo -= 1;
            }
            while *hi < n && taken[*hi] {
                *hi += 1;
            }
            let below = (*lo > 0).then(|| a - sorted[*lo - 1]);
            let above = (*hi < n).then(|| sorted[*hi] - a);
            let pick = match (below, above) {
                (Some(d), Some(u)) if d <= u => *lo - 1,
                (Some(_), Some(_)) | (None, Some(_)) => *hi,
                (Some(_), None) => *lo - 1,
                // Every server is taken: γ ≤ N makes this unreachable.
                (None, None) => return chosen,
            };
            taken[pick] = true;
            chosen.push(order[pick]);
        }
        if alphas.is_empty() {
            break;
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_reads_one_of_count_and_exponent_and_writes_it_back() {
        let a: Adversaries = serde_json::from_str(r#"{"exponent": 0.3}"#).unwrap();
        assert_eq!(a, Adversaries::exponent(0.3));
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"exponent":0.3,"attack":"edge","placement":"random"}"#
        );
        for bad in [
            r#"{}"#,
            r#"{"count": 2, "exponent": 0.5}"#,
            r#"{"count": 2, "x": 1}"#,
        ] {
            assert!(serde_json::from_str::<Adversaries>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_count_grows_like_n_to_the_a() {
        let a = Adversaries::exponent(0.5);
        assert_eq!(a.count_at(100), 10);
        assert_eq!(a.count_at(101), 11);
        assert_eq!(Adversaries::exponent(0.0).count_at(40), 1);
        assert_eq!(Adversaries::exponent(0.3).count_at(2560), 11);
        assert_eq!(Adversaries::count(7).count_at(5), 5);
    }

    #[test]
    fn placements_choose_gamma_distinct_servers() {
        let alphas = [-0.5, 0.5];
        let betas: Vec<f64> = (0..20).map(|i| -1.0 + i as f64 / 10.0).collect();
        for p in Placement::ALL {
            let adv = Adversaries {
                placement: p,
                ..Adversaries::count(5)
            };
            let s = adv.place(&alphas, &betas, &mut Rng::new(3));
            assert_eq!(s.len(), 5, "{p:?}");
            assert!(s.windows(2).all(|w| w[0] < w[1]) && s[4] < 20, "{p:?}");
        }
        let near = Adversaries {
            placement: Placement::Nearest,
            ..Adversaries::count(4)
        };
        // β = −0.5 is server 5 and 0.5 server 15; then 4 (or 6) and 14.
        assert_eq!(
            near.place(&alphas, &betas, &mut Rng::new(0)),
            vec![4, 5, 14, 15]
        );
        let block = Adversaries {
            placement: Placement::Block,
            ..Adversaries::count(4)
        };
        let b = block.place(&alphas, &betas, &mut Rng::new(9));
        assert_eq!(b[3] - b[0], 3, "adjacent: {b:?}");
    }

    #[test]
    fn attacks_stay_in_the_box() {
        let mut rng = Rng::new(1);
        for attack in Attack::ALL {
            let adv = Adversaries {
                attack,
                ..Adversaries::count(3)
            };
            let mut answers = DMatrix::from_fn(6, 2, |r, c| (r as f64 - 2.5) * (c as f64 + 1.0));
            adv.corrupt(&mut answers, &[0, 2, 5], 1.5, &mut rng, &|_| vec![]);
            for s in [0, 2, 5] {
                assert!(answers.row(s).iter().all(|v| v.abs() <= 1.5), "{attack:?}");
            }
            assert_eq!(answers[(1, 0)], -1.5, "an honest server keeps its answer");
        }
    }
}
