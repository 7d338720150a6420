//! Which servers straggle in a round (docs/mathematics.md, "Straggler
//! models"): the models, what describes each of them
//! ([`StragglerModel::about`]), and one round's draw.
//!
//! The models' default parameters are in `limits`, with the ranges a
//! configuration checks them against.

use crate::limits::{
    DEADLINE_RANGE, DEFAULT_DEADLINE, DEFAULT_P, DEFAULT_RATE, DEFAULT_S, DEFAULT_SHIFT, P_RANGE,
    RATE_RANGE, SHIFT_RANGE, S_RANGE,
};
use crate::portable::exp;
use crate::rng::Rng;
use crate::wire::wire_enum;
use serde::{Deserialize, Serialize};

wire_enum! {
    /// The straggler models, by their JSON form `{"model": …, …}`.
    // Not `Copy`: the manual pattern holds a list of servers.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "model", deny_unknown_fields)]
    pub enum StragglerModel {
        /// Each server straggles independently with probability p.
        Iid {
            #[serde(default = "default_p")]
            p: f64,
        } = "iid",
        /// Exactly S servers straggle, chosen uniformly at random.
        Fixed {
            #[serde(default = "default_s")]
            s: usize,
        } = "fixed",
        /// S consecutive servers in β order straggle: the worst case.
        Block {
            #[serde(default = "default_s")]
            s: usize,
        } = "block",
        /// Server n finishes at a + Exp(rate); answers after `deadline` are lost.
        Deadline {
            #[serde(default = "default_shift")]
            shift: f64,
            #[serde(default = "default_rate")]
            rate: f64,
            #[serde(default = "default_deadline")]
            deadline: f64,
        } = "deadline",
        /// Exactly these servers straggle: 0-based indices in β order, set
        /// by hand (a click in the straggler panel). At another N of a sweep
        /// the same indices straggle where they exist (those below N).
        Manual {
            #[serde(default)]
            servers: Vec<usize>,
        } = "manual",
    }
}

// serde's `default` takes a function; the values are the limits module's.
fn default_p() -> f64 {
    DEFAULT_P
}
fn default_s() -> usize {
    DEFAULT_S
}
fn default_shift() -> f64 {
    DEFAULT_SHIFT
}
fn default_rate() -> f64 {
    DEFAULT_RATE
}
fn default_deadline() -> f64 {
    DEFAULT_DEADLINE
}

impl Default for StragglerModel {
    fn default() -> Self {
        StragglerModel::Iid { p: DEFAULT_P }
    }
}

/// One round's draw: who straggled, and for the deadline model when each
/// server finished.
#[derive(Clone, Debug, PartialEq)]
pub struct StragglerDraw {
    pub straggled: Vec<bool>,
    pub finish_times: Option<Vec<f64>>,
}

impl StragglerDraw {
    /// Indices of the servers that answered, ascending.
    pub fn survivors(&self) -> Vec<usize> {
        survivors(&self.straggled)
    }
}

pub fn survivors(straggled: &[bool]) -> Vec<usize> {
    (0..straggled.len()).filter(|&i| !straggled[i]).collect()
}

/// The longest run of consecutive stragglers (in β order): what limits the
/// error in the probabilistic regime.
pub fn longest_run(straggled: &[bool]) -> usize {
    let (mut best, mut run) = (0, 0);
    for &s in straggled {
        run = if s { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Which of the papers' claims speak of a model (docs/mathematics.md, "What the papers claim").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Regime {
    /// Each server straggles on its own with a probability p: the
    /// probabilistic-regime paper's rates (in log_{1/p} N).
    Probabilistic,
    /// A set of S servers straggles: the LeTCC paper's bounds in S.
    Counted,
}

/// What describes a straggler model, from [`StragglerModel::about`].
#[derive(Clone, Debug, PartialEq)]
pub struct ModelAbout {
    /// What a UI calls the model: "Independent, probability p".
    pub label: &'static str,
    /// The model with its parameters, short (the straggler panel's
    /// caption): "independent, p = 0.2".
    pub caption: String,
    /// Its JSON parameters with their ranges, as a configuration's error
    /// lists them: `"p":0..1`.
    pub sketch: String,
    pub regime: Regime,
}

/// A model's parameters by kind, from [`StragglerModel::params`]: each is
/// `Some` exactly under the models that have it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelParams<'a> {
    /// The probability that a server straggles.
    pub p: Option<f64>,
    /// How many servers straggle.
    pub s: Option<usize>,
    /// The finishing times' shift a, rate μ and the deadline τ.
    pub deadline: Option<(f64, f64, f64)>,
    /// The servers chosen by hand (0-based, in β order).
    pub servers: Option<&'a [usize]>,
}

impl StragglerModel {
    /// Every model with its default parameters, in the order a UI lists them
    /// (so `parse("block")` is the block model with S = DEFAULT_S).
    pub const ALL: [StragglerModel; 5] = [
        StragglerModel::Iid { p: DEFAULT_P },
        StragglerModel::Fixed { s: DEFAULT_S },
        StragglerModel::Block { s: DEFAULT_S },
        StragglerModel::Deadline {
            shift: DEFAULT_SHIFT,
            rate: DEFAULT_RATE,
            deadline: DEFAULT_DEADLINE,
        },
        StragglerModel::Manual {
            servers: Vec::new(),
        },
    ];

    /// Everything that describes the model, in one place: a new model is
    /// described here once, and the configuration's error texts, the
    /// choosers, the straggler panel's caption and the claimed rates a plot
    /// overlays all read it (its wire name is in the enum).
    pub fn about(&self) -> ModelAbout {
        match *self {
            StragglerModel::Iid { p } => ModelAbout {
                label: "Independent, probability p",
                caption: format!("independent, p = {p}"),
                sketch: format!("\"p\":{}", P_RANGE.compact()),
                regime: Regime::Probabilistic,
            },
            StragglerModel::Fixed { s } => ModelAbout {
                label: "Exactly S at random",
                caption: format!("exactly S = {s} at random"),
                sketch: format!("\"s\":{}", S_RANGE.compact()),
                regime: Regime::Counted,
            },
            StragglerModel::Block { s } => ModelAbout {
                label: "Block of S consecutive",
                caption: format!("a block of S = {s} consecutive"),
                sketch: format!("\"s\":{}", S_RANGE.compact()),
                regime: Regime::Counted,
            },
            StragglerModel::Deadline {
                shift,
                rate,
                deadline,
            } => ModelAbout {
                label: "Deadline (shifted exponential)",
                caption: format!("deadline τ = {deadline}, finish time {shift} + Exp({rate})"),
                sketch: format!(
                    "\"shift\":{},\"rate\":{},\"deadline\":{}",
                    SHIFT_RANGE.compact(),
                    RATE_RANGE.compact(),
                    DEADLINE_RANGE.compact()
                ),
                // Each server is late with probability exp(−μ(τ − a)), on
                // its own.
                regime: Regime::Probabilistic,
            },
            StragglerModel::Manual { ref servers } => ModelAbout {
                label: "Chosen by hand",
                // Short: it is also the raster's caption, which must fit a
                // phone; the list itself is in the control and the link.
                caption: match servers.len() {
                    0 => "none chosen by hand".to_string(),
                    1 => format!("server {} chosen by hand", servers[0]),
                    count => format!("{count} chosen by hand"),
                },
                sketch: "\"servers\":[distinct whole numbers from 0 to n − 1]".to_string(),
                // A hand-made pattern is a fixed set of S stragglers.
                regime: Regime::Counted,
            },
        }
    }

    /// Its parameters by kind: the one match that says which model has
    /// which parameter. What reads a parameter (the configuration's range
    /// checks, the page's controls and which of them apply, the p axis'
    /// marker) reads it here, so a new model whose parameters are of these
    /// kinds is placed once.
    pub fn params(&self) -> ModelParams<'_> {
        let none = ModelParams {
            p: None,
            s: None,
            deadline: None,
            servers: None,
        };
        match *self {
            StragglerModel::Iid { p } => ModelParams { p: Some(p), ..none },
            StragglerModel::Fixed { s } | StragglerModel::Block { s } => {
                ModelParams { s: Some(s), ..none }
            }
            StragglerModel::Deadline {
                shift,
                rate,
                deadline,
            } => ModelParams {
                deadline: Some((shift, rate, deadline)),
                ..none
            },
            StragglerModel::Manual { ref servers } => ModelParams {
                servers: Some(servers),
                ..none
            },
        }
    }

    /// What a UI calls the model ([`StragglerModel::about`]).
    pub fn label(&self) -> &'static str {
        self.about().label
    }

    /// The probability that a given server straggles under this model with
    /// N servers (S/N for the S-straggler models, capped at 1).
    pub fn straggle_probability(&self, n: usize) -> f64 {
        match *self {
            StragglerModel::Manual { ref servers } => {
                manual_pattern(servers, n).iter().filter(|&&s| s).count() as f64 / (n.max(1) as f64)
            }
            StragglerModel::Iid { p } => p,
            StragglerModel::Fixed { s } | StragglerModel::Block { s } => {
                (s.min(n) as f64) / (n.max(1) as f64)
            }
            StragglerModel::Deadline {
                shift,
                rate,
                deadline,
            } => {
                if deadline < shift {
                    1.0
                } else {
                    exp(-rate * (deadline - shift))
                }
            }
        }
    }

    /// Whether it is independent stragglers: the one model a list of p
    /// values sweeps (a study's p list, the page's “p values”, `coded sweep
    /// --p`); under any other a plot uses the model as configured.
    pub fn is_iid(&self) -> bool {
        matches!(self, StragglerModel::Iid { .. })
    }

    /// The same model with p replaced (only meaningful for `Iid`; the others
    /// are returned unchanged).
    pub fn with_p(&self, p: f64) -> Self {
        match self {
            StragglerModel::Iid { .. } => StragglerModel::Iid { p },
            StragglerModel::Fixed { .. }
            | StragglerModel::Block { .. }
            | StragglerModel::Deadline { .. }
            | StragglerModel::Manual { .. } => self.clone(),
        }
    }

    /// The same model with S replaced, if it has an S (see
    /// [`StragglerModel::params`]).
    pub fn with_s(&self, s: usize) -> Option<Self> {
        match self {
            StragglerModel::Fixed { .. } => Some(StragglerModel::Fixed { s }),
            StragglerModel::Block { .. } => Some(StragglerModel::Block { s }),
            StragglerModel::Iid { .. }
            | StragglerModel::Deadline { .. }
            | StragglerModel::Manual { .. } => None,
        }
    }

    /// Draws one round for N servers. S ≥ N means every server straggles.
    pub fn draw(&self, n: usize, rng: &mut Rng) -> StragglerDraw {
        match *self {
            // Draws nothing: the pattern is the same in every trial.
            StragglerModel::Manual { ref servers } => StragglerDraw {
                straggled: manual_pattern(servers, n),
                finish_times: None,
            },
            StragglerModel::Iid { p } => StragglerDraw {
                straggled: (0..n).map(|_| rng.uniform() < p).collect(),
                finish_times: None,
            },
            StragglerModel::Fixed { s } => {
                let mut straggled = vec![false; n];
                for i in rng.sample_indices(n, s) {
                    straggled[i] = true;
                }
                StragglerDraw {
                    straggled,
                    finish_times: None,
                }
            }
            StragglerModel::Block { s } => {
                let s = s.min(n);
                let start = rng.below((n - s + 1) as u64) as usize;
                StragglerDraw {
                    straggled: (0..n).map(|i| i >= start && i < start + s).collect(),
                    finish_times: None,
                }
            }
            StragglerModel::Deadline {
                shift,
                rate,
                deadline,
            } => {
                // A rate near the smallest positive double makes Exp(rate)
                // overflow: such a server finishes "never", which the largest
                // finite time says without an infinity in a plot or JSON.
                let times: Vec<f64> = (0..n)
                    .map(|_| (shift + rng.exponential(rate)).min(f64::MAX))
                    .collect();
                StragglerDraw {
                    straggled: times.iter().map(|&t| t > deadline).collect(),
                    finish_times: Some(times),
                }
            }
        }
    }
}

/// The manual model's pattern at N servers: the listed indices below N.
pub fn manual_pattern(servers: &[usize], n: usize) -> Vec<bool> {
    let mut straggled = vec![false; n];
    for &i in servers.iter().filter(|&&i| i < n) {
        straggled[i] = true;
    }
    straggled
}

/// The manual model that a click on `server` makes of the pattern shown:
/// every server keeps its state except that one, which flips.
pub fn manual_toggled(straggled: &[bool], server: usize) -> StragglerModel {
    let servers = (0..straggled.len())
        .filter(|&i| straggled[i] != (i == server))
        .collect();
    StragglerModel::Manual { servers }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_flips_one_server_and_keeps_the_rest() {
        let shown = [false, true, false, true];
        let servers = |m: StragglerModel| {
            let StragglerModel::Manual { servers } = m else {
                panic!("{m:?}")
            };
            servers
        };
        assert_eq!(servers(manual_toggled(&shown, 0)), [0, 1, 3]);
        assert_eq!(servers(manual_toggled(&shown, 3)), [1]);
        assert_eq!(servers(manual_toggled(&shown, 9)), [1, 3]);
    }

    #[test]
    fn manual_survivors_are_exactly_the_complement() {
        let m = StragglerModel::Manual {
            servers: vec![12, 3, 7],
        };
        let mut rng = Rng::new(5);
        let d = m.draw(16, &mut rng);
        let down: Vec<usize> = (0..16).filter(|&i| d.straggled[i]).collect();
        assert_eq!(down, [3, 7, 12]);
        let expected: Vec<usize> = (0..16).filter(|i| ![3, 7, 12].contains(i)).collect();
        assert_eq!(d.survivors(), expected);
        // Every trial the same; at a smaller N only the indices that exist.
        assert_eq!(m.draw(16, &mut rng), d);
        assert_eq!(survivors(&m.draw(10, &mut rng).straggled).len(), 8);
        assert_eq!(m.straggle_probability(16), 3.0 / 16.0);
        assert_eq!(m.straggle_probability(5), 1.0 / 5.0);
    }

    #[test]
    fn fixed_and_block_counts() {
        let mut rng = Rng::new(1);
        for s in [0, 3, 10, 15] {
            let d = StragglerModel::Fixed { s }.draw(10, &mut rng);
            assert_eq!(d.straggled.iter().filter(|&&x| x).count(), s.min(10));
            let b = StragglerModel::Block { s }.draw(10, &mut rng);
            assert_eq!(b.straggled.iter().filter(|&&x| x).count(), s.min(10));
            assert_eq!(longest_run(&b.straggled), s.min(10));
        }
    }

    #[test]
    fn iid_frequency_is_p() {
        let mut rng = Rng::new(2);
        let d = StragglerModel::Iid { p: 0.3 }.draw(100_000, &mut rng);
        let f = d.straggled.iter().filter(|&&x| x).count() as f64 / 1e5;
        assert!((f - 0.3).abs() < 0.01, "{f}");
        let none = StragglerModel::Iid { p: 0.0 }.draw(50, &mut rng);
        assert!(none.straggled.iter().all(|&x| !x));
        let all = StragglerModel::Iid { p: 1.0 }.draw(50, &mut rng);
        assert!(all.survivors().is_empty());
    }

    #[test]
    fn deadline_matches_its_probability() {
        let m = StragglerModel::Deadline {
            shift: 1.0,
            rate: 2.0,
            deadline: 1.5,
        };
        let mut rng = Rng::new(3);
        let d = m.draw(100_000, &mut rng);
        let f = d.straggled.iter().filter(|&&x| x).count() as f64 / 1e5;
        assert!((f - m.straggle_probability(100_000)).abs() < 0.01);
        assert!(d.finish_times.unwrap().iter().all(|&t| t >= 1.0));
    }

    #[test]
    fn a_tiny_deadline_rate_gives_finite_finish_times() {
        // Found by tests/fuzz_pipeline.rs: rate 5e-324 (valid: above 0) made
        // every finish time infinite (null in `coded round`'s JSON).
        let m = StragglerModel::Deadline {
            shift: 0.0,
            rate: 5e-324,
            deadline: 1e6,
        };
        let d = m.draw(50, &mut Rng::new(4));
        let times = d.finish_times.unwrap();
        assert!(times.iter().all(|t| t.is_finite()), "{times:?}");
        // (an exact 0 draw finishes at the shift; every other one is late)
        assert!(d.straggled.iter().filter(|&&s| s).count() >= 49);
    }

    #[test]
    fn longest_run_counts() {
        assert_eq!(
            longest_run(&[true, true, false, true, true, true, false]),
            3
        );
        assert_eq!(longest_run(&[]), 0);
    }
}
