//! Why rounds fail, as a Monte-Carlo point counts them: a [`DecodeError`]
//! without what changes from round to round (how many answers arrived), so
//! that the rounds that failed for one reason count together, and a page
//! can say why in one line per reason rather than one per point.

use crate::decode_error::DecodeError;
use crate::functions::FunctionKind;
use crate::limits::short_number;
use serde::{Deserialize, Serialize};

/// The reason a round failed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Failure {
    /// No server answered.
    NoAnswer,
    /// LCC got fewer answers than its recovery threshold `need`.
    BelowThreshold { need: usize },
    /// Replication lost every output.
    AllLost,
    /// The smoothing spline could not be fitted.
    Spline,
    /// The decoded values are not finite numbers.
    Overflow,
    /// f is not a finite number at input `input` (counted from 0), which is
    /// `x` when inputs are numbers: no error can be measured.
    InputNotFinite { input: usize, x: Option<f64> },
    /// f is not a finite number at server `server`'s coded input `x`.
    AnswerNotFinite { server: usize, x: Option<f64> },
}

impl Failure {
    /// The reason of a round that failed with `e`; `input` is the first
    /// input at which f is not a finite number (the problem's, if any).
    pub fn of(e: &DecodeError, input: Option<usize>) -> Failure {
        match e {
            DecodeError::NoSurvivors => Failure::NoAnswer,
            DecodeError::BelowThreshold { need, .. } => Failure::BelowThreshold { need: *need },
            DecodeError::AllLost => Failure::AllLost,
            DecodeError::Spline(_) => Failure::Spline,
            DecodeError::Overflow => Failure::Overflow,
            DecodeError::NotFinite { server: None, x } => Failure::InputNotFinite {
                input: input.unwrap_or(0),
                x: *x,
            },
            DecodeError::NotFinite { server: Some(n), x } => {
                Failure::AnswerNotFinite { server: *n, x: *x }
            }
        }
    }

    /// The reason in words, naming f as the page does (a formula by its
    /// text). Inputs are numbered from 1 (x_1 to x_K), servers from 0 in β
    /// order, as the panels number them.
    pub fn words(&self, function: &FunctionKind) -> String {
        let f = match function.formula() {
            Some(_) => function.title(),
            None => "f".to_string(),
        };
        match self {
            Failure::NoAnswer => "no server answered".into(),
            Failure::BelowThreshold { need } => {
                format!("LCC got fewer than the {need} answers it needs (its recovery threshold)")
            }
            Failure::AllLost => "every output lost all of its copies".into(),
            Failure::Spline => "the smoothing spline could not be fitted to the answers".into(),
            Failure::Overflow => {
                "the decoded values overflowed: the decoder is unstable for these answers".into()
            }
            Failure::InputNotFinite { input, x } => {
                let place = match x {
                    Some(x) => format!("x = {} (input {})", short_number(*x), input + 1),
                    None => format!("input {}", input + 1),
                };
                format!("{f} is not a finite number at {place}, so the error cannot be measured")
            }
            Failure::AnswerNotFinite { server, x } => {
                let at = x.map_or(String::new(), |x| format!(", x̃ = {}", short_number(x)));
                format!(
                    "{f} is not a finite number at the coded input of server {server}{at}, so its answer cannot be decoded"
                )
            }
        }
    }
}

/// Counts of rounds by reason, in the order the reasons first occurred:
/// the counts of consecutive trial ranges add up to those of one run.
pub fn add_up(counts: &mut Vec<(Failure, usize)>, reason: Failure, times: usize) {
    match counts.iter_mut().find(|(r, _)| *r == reason) {
        Some((_, c)) => *c += times,
        None => counts.push((reason, times)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::Formula;

    #[test]
    fn reasons_in_words_name_the_formula_and_the_place() {
        let ln = FunctionKind::Formula(Formula::new("ln(x)").unwrap());
        let input = Failure::InputNotFinite {
            input: 3,
            x: Some(0.0),
        };
        assert_eq!(
            input.words(&ln),
            "f(x) = ln(x) is not a finite number at x = 0 (input 4), so the error cannot be measured"
        );
        let server = Failure::AnswerNotFinite {
            server: 7,
            x: Some(-0.5),
        };
        assert_eq!(
            server.words(&FunctionKind::XSinX),
            "f is not a finite number at the coded input of server 7, x̃ = -0.5, so its answer cannot be decoded"
        );
        let lenet = Failure::InputNotFinite { input: 0, x: None };
        assert_eq!(
            lenet.words(&FunctionKind::Lenet5),
            "f is not a finite number at input 1, so the error cannot be measured"
        );
        // The rounds' own numbers (how many answers came) are not part of it.
        assert_eq!(
            Failure::of(&DecodeError::BelowThreshold { have: 3, need: 9 }, None),
            Failure::of(&DecodeError::BelowThreshold { have: 5, need: 9 }, None)
        );
    }

    #[test]
    fn counts_keep_the_order_reasons_came_in() {
        let mut c = vec![];
        add_up(&mut c, Failure::Overflow, 1);
        add_up(&mut c, Failure::NoAnswer, 2);
        add_up(&mut c, Failure::Overflow, 3);
        assert_eq!(c, [(Failure::Overflow, 4), (Failure::NoAnswer, 2)]);
    }
}
