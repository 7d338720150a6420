//! Your own f: a formula in x, such as `sin(3*x) + x^2`, parsed and
//! evaluated by the `fasteval` crate (MIT, no dependencies).
//!
//! Two halves, because the page must stay small (its transfer budget):
//! - this module, always there: the [`Formula`] a configuration holds, and
//!   the checks that need no parser (not empty, at most
//!   [`MAX_FORMULA_CHARS`] characters);
//! - `read` (feature `formulas`): fasteval, the full check with messages
//!   that say where a formula goes wrong ([`Formula::check`]) and
//!   evaluation. The engine, so the worker, and the CLI enable it; the
//!   page does not: it sends what is typed to the worker, which checks it
//!   before computing and answers with the message (`FormulaRefused`).
//!   `Config::check_formula` runs the full check wherever it exists.

use crate::limits::MAX_FORMULA_CHARS;
use std::fmt;

/// `Formula::check` and `Formula::parsed` live there (the parent uses
/// nothing of it: the dependency goes one way).
#[cfg(feature = "formulas")]
pub mod read;

/// The formula a person starts from when they choose to write their own.
pub const DEFAULT_FORMULA: &str = "sin(3*x) + x^2";

/// A formula in x: what `"function": {"expr": …}` holds. [`Formula::new`]
/// checks what needs no parser; [`Formula::check`] (feature `formulas`)
/// the rest, and every computation runs it first. `degree` is the
/// configuration saying that the formula is a polynomial of that degree
/// (for LCC's threshold); by default a formula counts as non-polynomial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    text: String,
    degree: Option<usize>,
}

/// Why a text is not a formula: the message, and the character (0-based,
/// counted in Unicode characters) where it goes wrong when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaError {
    pub position: Option<usize>,
    pub message: String,
}

impl fmt::Display for FormulaError {
    /// "the formula is not valid at character 8 (after “sin(3*x”): …": it
    /// follows a field's name ("invalid `function`: …", "The formula …").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for FormulaError {}

/// The checks that need no parser: not too long, not empty.
fn light_check(text: &str) -> Result<(), FormulaError> {
    let n = text.chars().count();
    if n > MAX_FORMULA_CHARS {
        return Err(FormulaError {
            position: None,
            message: format!(
                "the formula has {n} characters; at most {MAX_FORMULA_CHARS} are allowed"
            ),
        });
    }
    if text.trim().is_empty() {
        return Err(FormulaError {
            position: None,
            message: format!("the formula is empty: write one in x, such as {DEFAULT_FORMULA}"),
        });
    }
    Ok(())
}

impl Formula {
    /// The text as typed (kept exactly: it survives links and JSON), if it
    /// is not empty and at most [`MAX_FORMULA_CHARS`] characters long.
    /// Whether it parses is [`Formula::check`]'s question.
    pub fn new(text: &str) -> Result<Formula, FormulaError> {
        light_check(text)?;
        Ok(Formula {
            text: text.to_string(),
            degree: None,
        })
    }

    /// [`DEFAULT_FORMULA`] (known valid: a test checks it).
    pub fn default_formula() -> Formula {
        Formula {
            text: DEFAULT_FORMULA.to_string(),
            degree: None,
        }
    }

    /// The same formula, declared a polynomial of degree `degree` (or not).
    /// Not checked: LCC then trusts it.
    pub fn with_degree(self, degree: Option<usize>) -> Formula {
        Formula { degree, ..self }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn degree(&self) -> Option<usize> {
        self.degree
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_light_checks_refuse_only_empty_and_long_texts() {
        assert!(Formula::new("sin(3*x").is_ok(), "parsing is not its job");
        for (text, words) in [
            ("", "empty"),
            ("   ", "empty"),
            (&*"x+".repeat(300), "at most 500"),
        ] {
            let e = Formula::new(text).unwrap_err();
            assert!(e.message.contains(words), "{text}: {e}");
            assert_eq!(e.position, None);
        }
        // 500 non-ASCII characters are 500 characters, not 1000 bytes.
        assert!(Formula::new(&"é".repeat(500)).is_ok());
        assert!(Formula::new(&"é".repeat(501)).is_err());
    }

    #[test]
    fn the_default_formula_is_what_new_makes() {
        assert_eq!(
            Formula::new(DEFAULT_FORMULA).unwrap(),
            Formula::default_formula()
        );
    }

    #[test]
    fn the_text_is_kept_exactly() {
        for t in ["sin(3*x) + x^2", "  x ", "x − 1", "min(x,1)", "x+0"] {
            assert_eq!(Formula::new(t).unwrap().text(), t);
        }
    }
}
