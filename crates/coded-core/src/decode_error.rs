//! Why a round could not be decoded, in words a person reads (the
//! summaries, the CLI, the CSV's failures). A failed round is counted, never
//! NaN.

use crate::spline::SplineError;

/// Why a round could not be decoded. A failed round is counted, never NaN.
#[derive(Clone, Debug, PartialEq)]
pub enum DecodeError {
    NoSurvivors,
    /// LCC needs at least its recovery threshold of answers.
    BelowThreshold {
        have: usize,
        need: usize,
    },
    /// Replication lost every output (all replicas of each straggled).
    AllLost,
    Spline(SplineError),
    /// The decoder ran but its estimates are not finite numbers (e.g. LCC's
    /// interpolating polynomial far from clustered survivors overflows).
    Overflow,
    /// f is not a finite number (NaN or ±∞: a formula such as ln(x) at
    /// x < 0) at an input (`server` None: the error cannot be measured) or
    /// at a surviving server's coded input (its answer cannot be decoded).
    /// `x` is that input when it is a number (scalar functions).
    NotFinite {
        server: Option<usize>,
        x: Option<f64>,
    },
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::NoSurvivors => write!(f, "no server answered"),
            DecodeError::BelowThreshold { have, need } => write!(
                f,
                "LCC needs {need} answers (its recovery threshold) but only {have} arrived"
            ),
            DecodeError::AllLost => write!(f, "every output lost all of its replicas"),
            DecodeError::Spline(e) => write!(f, "{e}"),
            DecodeError::Overflow => write!(
                f,
                "the decoded values overflowed (not finite): the decoder is unstable for these answers"
            ),
            DecodeError::NotFinite { server, x } => {
                let at = x.map(|x| format!(" x = {}", crate::limits::short_number(x)));
                match server {
                    None => write!(
                        f,
                        "f is not a finite number at the input{}, so the error cannot be measured",
                        at.unwrap_or_default()
                    ),
                    Some(n) => write!(
                        f,
                        "f is not a finite number at server {n}'s coded input{}, so its answer cannot be decoded",
                        at.map(|a| a.replace(" x =", " x̃ =")).unwrap_or_default()
                    ),
                }
            }
        }
    }
}
