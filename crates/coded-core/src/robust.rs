//! Robust decoding: how the locating decoders (ApproxIFER's and our median
//! baseline) choose their tolerance e, which answers they flag, and what a
//! round reports of it (docs/mathematics.md, "Locating adversaries").
//!
//! The flagged answers are dropped and the rest Berrut-decoded by the
//! schemes (`scheme`); this module only decides whom to drop.

use crate::locator::{locate_fit_peel, locate_median_gap, max_tolerance, LocateError, GAP};
use crate::wire::wire_enum;
use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

/// The tolerance e: how many adversaries a locating decoder tries to find.
/// JSON: `"auto"` (the default) or a whole number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Tolerance {
    Auto(AutoTolerance),
    Value(usize),
}

wire_enum! {
    /// The automatic tolerance.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub enum AutoTolerance {
        /// The largest the round's answers leave room for, at most
        /// [`TOLERANCE_CAP`].
        Largest = "auto",
    }
}

impl Default for Tolerance {
    fn default() -> Self {
        Tolerance::Auto(AutoTolerance::Largest)
    }
}

/// What a round's flags were worth against the adversaries that
/// answered: found (flagged adversaries), missed (adversaries not
/// flagged) and false alarms (honest servers flagged).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DetectionCounts {
    pub found: usize,
    pub missed: usize,
    pub false_alarms: usize,
}

impl DetectionCounts {
    /// The share of the answering adversaries found; None when none answered.
    pub fn rate(&self) -> Option<f64> {
        let liars = self.found + self.missed;
        (liars > 0).then(|| self.found as f64 / liars as f64)
    }
}

impl Detection {
    /// Its flags against `liars`, the adversarial servers that answered.
    pub fn counts(&self, liars: &[usize]) -> DetectionCounts {
        let found = liars.iter().filter(|l| self.flagged.contains(l)).count();
        DetectionCounts {
            found,
            missed: liars.len() - found,
            false_alarms: self.flagged.len() - found,
        }
    }
}

impl Tolerance {
    /// Whether it is the automatic one (the JSON then leaves it out).
    pub fn is_auto(&self) -> bool {
        matches!(self, Tolerance::Auto(_))
    }
}

impl std::fmt::Display for Tolerance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tolerance::Auto(a) => f.write_str(a.name()),
            Tolerance::Value(e) => write!(f, "{e}"),
        }
    }
}

/// The largest automatic tolerance.
///
/// Why a cap: the locator's least-squares system has |F| rows and
/// 2(K + e) − 1 unknowns per output coordinate and round; at the paper's
/// e_max = ⌊(|F| − 2K + 1)/2⌋ it is nearly square and needs the SVD, and a
/// round at N = 640 costs 0.3 s a coordinate. With e ≤ 10 every large N
/// gives a tall system (normal equations from moments), and the page's
/// default sweep with ApproxIFER added takes twice BACC's and LeTCC's
/// alone in the tab (2.6 times natively, on one thread); a smaller e
/// would cost detection (docs/mathematics.md, "Locating adversaries").
pub const TOLERANCE_CAP: usize = 10;

/// Which decision a locating decoder makes ([`crate::locator`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locator {
    /// ApproxIFER's error-locator fit, peeled ([`locate_fit_peel`]).
    Fit,
    /// Our running median ([`locate_median_gap`]).
    Median,
}

/// What a locating decoder did in one round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Detection {
    /// The tolerance e it located with (0 when it could not locate).
    pub tolerance: usize,
    /// The servers it flagged (indices into β), ascending.
    pub flagged: Vec<usize>,
    /// Why it could not locate, in words: it then decoded from every
    /// answer, as BACC does.
    pub fallback: Option<String>,
}

impl Tolerance {
    /// The tolerance for a round with `answered` answers and K inputs: the
    /// automatic one is the largest the fit has room for
    /// ([`max_tolerance`]) capped at [`TOLERANCE_CAP`]; a given one must
    /// fit, or the round cannot locate (the error says why).
    pub fn resolve(self, answered: usize, k: usize) -> Result<usize, LocateError> {
        let room = max_tolerance(answered, k);
        match self {
            Tolerance::Auto(_) if room == 0 => Err(LocateError::TooFewAnswers {
                answered,
                needed: 2 * k + 1,
            }),
            Tolerance::Auto(_) => Ok(room.min(TOLERANCE_CAP)),
            Tolerance::Value(e) if e > room => Err(LocateError::TooFewAnswers {
                answered,
                needed: 2 * (k + e) - 1,
            }),
            Tolerance::Value(e) => Ok(e),
        }
    }
}

/// The servers `locator` flags among the answers of `survivors` (rows of
/// `answers`, at the server points `points`, in β order), with K inputs.
pub fn detect(
    locator: Locator,
    tolerance: Tolerance,
    survivors: &[usize],
    points: &[f64],
    answers: &DMatrix<f64>,
    k: usize,
) -> Detection {
    let fallback = |why: LocateError| Detection {
        tolerance: 0,
        flagged: vec![],
        fallback: Some(format!(
            "{why}, so nobody was flagged: decoded from every answer, as BACC"
        )),
    };
    let e = match tolerance.resolve(survivors.len(), k) {
        Ok(e) => e,
        Err(why) => return fallback(why),
    };
    let rows = match locator {
        Locator::Fit => match locate_fit_peel(points, answers, k, e, GAP) {
            Ok(rows) => rows,
            Err(why) => return fallback(why),
        },
        Locator::Median => locate_median_gap(answers, e, GAP),
    };
    Detection {
        tolerance: e,
        flagged: rows.iter().map(|&r| survivors[r]).collect(),
        fallback: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tolerance_reads_auto_or_a_number() {
        let auto: Tolerance = serde_json::from_str("\"auto\"").unwrap();
        assert_eq!(auto, Tolerance::default());
        let three: Tolerance = serde_json::from_str("3").unwrap();
        assert_eq!(three, Tolerance::Value(3));
        assert!(serde_json::from_str::<Tolerance>("\"most\"").is_err());
        assert_eq!(serde_json::to_string(&three).unwrap(), "3");
        assert_eq!(serde_json::to_string(&auto).unwrap(), "\"auto\"");
    }

    #[test]
    fn the_automatic_tolerance_is_the_room_capped() {
        // K = 10: 2K − 1 = 19 answers leave room for none, 21 for one.
        assert!(Tolerance::default().resolve(20, 10).is_err());
        assert_eq!(Tolerance::default().resolve(21, 10), Ok(1));
        assert_eq!(Tolerance::default().resolve(40, 10), Ok(10));
        assert_eq!(Tolerance::default().resolve(400, 10), Ok(TOLERANCE_CAP));
        assert_eq!(Tolerance::Value(3).resolve(40, 10), Ok(3));
        assert_eq!(
            Tolerance::Value(11).resolve(40, 10),
            Err(LocateError::TooFewAnswers {
                answered: 40,
                needed: 41
            })
        );
    }
}
