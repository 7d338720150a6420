//! The fasteval half of a formula (feature `formulas`): parsing, the checks
//! with their messages, and evaluation. The worker, the CLI and the tests
//! have it; the page does not (its wasm would grow by fasteval's parser
//! and these messages: see the parent module).
//!
//! We write no parser: fasteval parses the text once into its slab, and
//! the parse tree is evaluated for every x of a batch. What this module adds around it:
//! - the names a formula may use besides fasteval's own functions: the
//!   variable `x`, the constants `pi` and `e` written bare, and `exp`, `ln`
//!   and `sqrt` (fasteval has `pi()`, `e()` and a base-10 `log`, but no
//!   natural logarithm, exponential or square root); an unknown name or a
//!   wrong number of arguments is refused when the formula is checked,
//!   never found while computing;
//! - messages in words with the character where the formula goes wrong;
//! - two refusals that fasteval would accept: `print` (it writes to
//!   standard error) and a minus sign directly before a power: fasteval
//!   reads `-x^2` as `(-x)^2`, the opposite of the usual convention, so we
//!   ask for `-(x^2)` or `(-x)^2` rather than compute what the person did
//!   not mean.
//!
//! `exp` and `ln` are the `portable` ones (the same bits natively and in
//! wasm); fasteval's own functions and `^` call Rust's `f64` methods, which
//! may differ in the last bit between the CLI and the browser.

use super::{Formula, FormulaError};
use crate::limits::MAX_FORMULA_CHARS;
use crate::portable;
use fasteval::{Evaler, ExpressionI, Parser, Slab};
use std::fmt;

/// The names a formula may use besides fasteval's built-in functions, with
/// their number of arguments: what our namespace answers.
const OURS: [(&str, usize); 6] = [
    ("x", 0),
    ("pi", 0),
    ("e", 0),
    ("exp", 1),
    ("ln", 1),
    ("sqrt", 1),
];

/// The text fasteval reads: the typographic operators people paste (− × · ÷)
/// as ASCII. Each is one character for one, so positions are unchanged.
fn ascii_operators(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '−' => '-',
            '×' | '·' => '*',
            '÷' => '/',
            c => c,
        })
        .collect()
}

/// A slab that holds any formula we accept (every value and expression
/// takes at least one character).
fn slab() -> Slab {
    Slab::with_capacity(MAX_FORMULA_CHARS + 16)
}

fn parse_into(text: &str, slab: &mut Slab) -> Result<(), fasteval::Error> {
    Parser::new().parse(text, &mut slab.ps).map(|_| ())
}

/// The byte offsets where each character ends: the prefixes to try.
fn prefix_ends(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.char_indices().map(|(i, c)| i + c.len_utf8())
}

fn chars_before(text: &str, byte: usize) -> usize {
    text[..byte].chars().count()
}

/// Where fasteval's error happens, as a character index (fasteval's errors
/// carry no position). Its parser reads left to right, so the error is at
/// the first character whose prefix already fails the same way (a shorter
/// prefix only runs out of text).
fn locate(text: &str, error: &fasteval::Error) -> usize {
    use fasteval::Error as E;
    let end = text.chars().count();
    match error {
        E::EOF | E::EofWhileParsing(_) => end,
        E::UnparsedTokensRemaining(rest) if text.ends_with(rest.as_str()) => {
            chars_before(text, text.len() - rest.len())
        }
        _ => {
            let mut s = slab();
            for (i, byte) in prefix_ends(text).enumerate() {
                if parse_into(&text[..byte], &mut s).as_ref().err() == Some(error) {
                    return i;
                }
            }
            end
        }
    }
}

/// The last characters before `at`, quoted, for a message.
fn context(text: &str, at: usize) -> String {
    const SHOWN: usize = 12;
    let before: Vec<char> = text.chars().take(at).collect();
    let from = before.len().saturating_sub(SHOWN);
    let shown: String = before[from..].iter().collect();
    let shown = shown.trim();
    if shown.is_empty() {
        String::new()
    } else if from > 0 {
        format!(" (after “…{shown}”)")
    } else {
        format!(" (after “{shown}”)")
    }
}

/// "at character 8 (after “sin(3*x”)" or "at the end (character 8, …)".
fn place(text: &str, at: usize) -> String {
    if at >= text.chars().count() {
        format!("at the end (character {}{})", at + 1, {
            let c = context(text, at);
            c.strip_prefix(" (")
                .map_or(String::new(), |c| format!(", {}", c.trim_end_matches(')')))
        })
    } else {
        format!("at character {}{}", at + 1, context(text, at))
    }
}

fn error(text: &str, at: usize, reason: impl fmt::Display) -> FormulaError {
    FormulaError {
        position: Some(at),
        message: format!("the formula is not valid {}: {reason}", place(text, at)),
    }
}

/// fasteval's error in words.
fn reason(text: &str, at: usize, e: &fasteval::Error) -> String {
    use fasteval::Error as E;
    let next = text.chars().nth(at);
    let previous = text.chars().take(at).filter(|c| !c.is_whitespace()).last();
    match e {
        E::EofWhileParsing(what) => match what.as_str() {
            "parentheses" => "a “)” is missing".into(),
            "square brackets" => "a “]” is missing".into(),
            "value" => "it ends where a number, x or a function is expected".into(),
            f if f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                format!("“{}(” is not closed: a “)” is missing", short(f))
            }
            _ => "it ends too early".into(),
        },
        E::EOF => "it ends too early".into(),
        E::UnparsedTokensRemaining(_) => match next {
            Some(')') => "this “)” has no “(”".into(),
            Some(c)
                if (c.is_alphanumeric() || c == '(')
                    && previous.is_some_and(|p| p.is_alphanumeric() || p == ')') =>
            {
                format!("“{c}” cannot follow here: a product needs *, as in 3*x")
            }
            Some(c) => format!("“{c}” cannot follow here"),
            None => "it ends too early".into(),
        },
        E::InvalidValue => match (previous, next) {
            (Some('*'), Some('*')) => "“**” is not an operator: powers are written x^2".into(),
            (_, Some(c)) => format!("“{c}” is not a number, x, a name or “(”"),
            _ => "a number, x or a function is expected".into(),
        },
        E::ParseF64(token) if token.ends_with(['e', 'E']) => {
            format!(
                "“{}” is not a number (for a product with e, write 2*e)",
                short(token)
            )
        }
        E::ParseF64(token) => format!("“{}” is not a number", short(token)),
        E::Expected(what) => match what.as_str() {
            ")" => "a “)” is expected here".into(),
            "]" => "a “]” is expected here".into(),
            "',' or ';'" => "a “,” or “)” is expected here".into(),
            "'(' or '['" => "a “(” is expected here".into(),
            other => format!("{other} is expected here"),
        },
        E::WrongArgs(what) => wrong_args(what),
        E::TooDeep => {
            "it is nested too deeply (at most 32 brackets and calls inside each other)".into()
        }
        _ => "it is not a formula fasteval can read".into(),
    }
}

/// "sin: expected one arg" → "sin takes one argument".
fn wrong_args(what: &str) -> String {
    if what.starts_with("expected log") {
        return "log takes one or two arguments: log(v) is base 10, log(b, v) base b".into();
    }
    match what.split_once(": expected ") {
        Some((f, "one arg")) => format!("{f} takes one argument"),
        Some((f, "no args")) => format!("{f}() takes no arguments (or write {f} alone)"),
        Some((f, "one or more args")) => format!("{f} takes one or more arguments"),
        Some(("round", _)) => "round takes one or two arguments: round(v) or round(step, v)".into(),
        _ => what.to_string(),
    }
}

/// The first place `name` stands as a whole word (for names fasteval found
/// but does not place).
fn find_name(text: &str, name: &str) -> Option<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(name).map(|i| i + from) {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        if !before.is_some_and(word) && !after.is_some_and(word) {
            return Some(chars_before(text, i));
        }
        from = i + name.len();
    }
    None
}

/// A minus (or `!`) directly before `^`: in fasteval's parse slab (its
/// `Debug` form, the only public view of the tree) a value `-v`, `!v` or a
/// negative constant followed by an `EExp` pair. Pinned to fasteval 0.2.4
/// (the tests check the cases).
fn minus_before_power(slab: &Slab) -> bool {
    let tree = format!("{:?}", slab.ps);
    let followed_by_power = |rest: &str| {
        rest.starts_with(", pairs: [ExprPair(EExp,") || rest.starts_with("), ExprPair(EExp,")
    };
    for start in [
        "EUnaryOp(ENeg(ValueI(",
        "EUnaryOp(ENot(ValueI(",
        "EConstant(-",
    ] {
        for (i, _) in tree.match_indices(start) {
            let rest = &tree[i + start.len()..];
            let close = if start.starts_with("EUnary") {
                ")))"
            } else {
                ")"
            };
            if let Some(j) = rest.find(close) {
                if followed_by_power(&rest[j + close.len()..]) {
                    return true;
                }
            }
        }
    }
    false
}

/// Where the minus before a power is: the `^` of the shortest prefix that
/// has one (prefixes that do not parse are skipped).
fn locate_minus_before_power(text: &str) -> usize {
    let mut s = slab();
    for byte in prefix_ends(text) {
        let prefix = &text[..byte];
        if parse_into(prefix, &mut s).is_ok() && minus_before_power(&s) {
            if let Some(hat) = prefix.rfind('^') {
                return chars_before(text, hat);
            }
        }
    }
    text.chars().count()
}

/// Every name the formula calls, with its number of arguments (variables:
/// 0), read from fasteval's parse slab (its `Debug` form: `EVar("x")`,
/// `EFunc { name: "exp", args: [ExpressionI(0)] }`), so that checking a
/// formula needs no compiling (the page checks what people type, and
/// compiling would bring fasteval's evaluator and maths into its wasm).
fn calls(slab: &Slab) -> Vec<(String, usize)> {
    let tree = format!("{:?}", slab.ps);
    let mut out = vec![];
    for (i, _) in tree.match_indices("EVar(\"") {
        let rest = &tree[i + "EVar(\"".len()..];
        if let Some(end) = rest.find('"') {
            out.push((rest[..end].to_string(), 0));
        }
    }
    const FUNC: &str = "EFunc { name: \"";
    for (i, _) in tree.match_indices(FUNC) {
        let rest = &tree[i + FUNC.len()..];
        let Some(end) = rest.find('"') else { continue };
        let args = rest[end..].split_once(']').map_or("", |(a, _)| a);
        out.push((
            rest[..end].to_string(),
            args.matches("ExpressionI(").count(),
        ));
    }
    out
}

/// A name or token for a message: at most 20 characters.
fn short(name: &str) -> String {
    let cut: String = name.chars().take(20).collect();
    if cut.len() < name.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// A formula parsed, ready to evaluate: fasteval's parse tree and its top
/// expression. Evaluated as it is, not compiled: fasteval's compiler (and
/// its second evaluator) would add 22 kB to the worker's wasm, and f is a
/// small part of a round's time next to decoding.
pub struct Parsed {
    slab: Slab,
    top: ExpressionI,
}

/// Reads a text that `Formula::new` accepted: it parses, uses only known
/// names with their numbers of arguments, and has nothing we refuse. The
/// parse that checks it is the one evaluated.
fn read(text: &str) -> Result<Parsed, FormulaError> {
    let ascii = ascii_operators(text);
    if let Some(at) = find_name(&ascii, "print") {
        return Err(error(text, at, "print is not available in a formula"));
    }
    let mut slab = slab();
    let top = Parser::new().parse(&ascii, &mut slab.ps).map_err(|e| {
        let at = locate(&ascii, &e);
        error(text, at, reason(&ascii, at, &e))
    })?;
    // (Only a text with both a minus or `!` and a `^` can have one.)
    if ascii.contains('^') && ascii.contains(['-', '!']) && minus_before_power(&slab) {
        let at = locate_minus_before_power(&ascii);
        return Err(error(
            text,
            at,
            "a minus sign directly before a power is ambiguous here (fasteval reads -x^2 as \
             (-x)^2): write -(x^2) or (-x)^2",
        ));
    }
    for (name, args) in calls(&slab) {
        let at = find_name(&ascii, &name).unwrap_or(0);
        let name = short(&name);
        match OURS.iter().find(|(n, _)| *n == name) {
            None if args == 0 => {
                return Err(error(
                    text,
                    at,
                    format!(
                        "“{name}” is not a known name: the variable is x, the constants pi and e"
                    ),
                ))
            }
            None => {
                return Err(error(
                    text,
                    at,
                    format!(
                        "“{name}” is not a function formulas know (they know sin, cos, tan, \
                         exp, ln, log, sqrt, abs, min, max, …)"
                    ),
                ))
            }
            Some((_, 0)) if args > 0 => {
                return Err(error(
                    text,
                    at,
                    format!("{name} is not a function: it takes no arguments"),
                ))
            }
            Some((_, want)) if *want != args => {
                let want = if *want == 1 {
                    "one argument"
                } else {
                    "no arguments"
                };
                return Err(error(text, at, format!("{name} takes {want}")));
            }
            Some(_) => {}
        }
    }
    Ok(Parsed { slab, top })
}

impl Parsed {
    /// f(x). Every name was checked before, so fasteval cannot fail
    /// here; if it did, the value is NaN, which fails the round with its
    /// reason like any non-finite value.
    pub fn eval(&self, x: f64) -> f64 {
        let mut ns = |name: &str, args: Vec<f64>| -> Option<f64> {
            let arg = args.first().copied();
            match name {
                "x" => Some(x),
                "pi" => Some(std::f64::consts::PI),
                "e" => Some(std::f64::consts::E),
                "exp" => arg.map(portable::exp),
                "ln" => arg.map(portable::ln),
                "sqrt" => arg.map(f64::sqrt),
                _ => None,
            }
        };
        self.slab
            .ps
            .get_expr(self.top)
            .eval(&self.slab, &mut ns)
            .unwrap_or(f64::NAN)
    }
}

impl Formula {
    /// Whether fasteval reads it, using only known names with their numbers
    /// of arguments; else the message, with where it goes wrong.
    pub fn check(&self) -> Result<(), FormulaError> {
        read(self.text()).map(|_| ())
    }

    /// Checked and ready to evaluate (parsed once; every x of a batch
    /// reuses it), or [`Formula::check`]'s message.
    pub fn parsed(&self) -> Result<Parsed, FormulaError> {
        read(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::{Formula, DEFAULT_FORMULA};

    /// What the worker and the CLI accept: the light checks, then fasteval's.
    fn checked(text: &str) -> Result<Formula, FormulaError> {
        let f = Formula::new(text)?;
        f.check()?;
        Ok(f)
    }
    fn f(text: &str) -> Parsed {
        Formula::new(text)
            .and_then(|f| f.parsed())
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn err(text: &str) -> FormulaError {
        checked(text).expect_err(text)
    }

    #[test]
    fn formulas_evaluate_as_written() {
        let xs = [-3.0, -1.7, -0.25, 0.0, 0.5, 1.0, 2.2, 3.0];
        type Case = (&'static str, fn(f64) -> f64);
        let cases: Vec<Case> = vec![
            ("sin(3*x) + x^2", |x| (3.0 * x).sin() + x.powf(2.0)),
            ("pi*x - e", |x| {
                std::f64::consts::PI * x - std::f64::consts::E
            }),
            ("pi() + e()", |_| std::f64::consts::PI + std::f64::consts::E),
            ("2^x^2", |x| 2f64.powf(x.powf(2.0))),
            ("min(x, 1) + max(x, -1, 0.5)", |x| {
                x.min(1.0) + x.max(-1.0).max(0.5)
            }),
            ("exp(-(x^2))", |x| portable::exp(-(x * x))),
            ("(-x)^3", |x| (-x).powf(3.0)),
            ("ln(1 + x^2) / log(10)", |x| {
                portable::ln(1.0 + x.powf(2.0)) / 1.0
            }),
            ("log(2, 8) * sqrt(abs(x))", |x| 3.0 * x.abs().sqrt()),
            ("cos(x) * tan(x/4) - sinh(x/3)", |x| {
                x.cos() * (x / 4.0).tan() - (x / 3.0).sinh()
            }),
            ("[x + 1] * (x - 1) / 2", |x| (x + 1.0) * (x - 1.0) / 2.0),
            ("3 − 2×x · x ÷ 4", |x| 3.0 - 2.0 * x * x / 4.0),
            ("1.5e-1*x + 2", |x| 0.15 * x + 2.0),
            ("x % 1", |x| x % 1.0),
            ("(x > 0) * x", |x| if x > 0.0 { x } else { 0.0 }),
            ("7", |_| 7.0),
        ];
        for (text, want) in cases {
            let c = f(text);
            for x in xs {
                let (got, want) = (c.eval(x), want(x));
                assert!(
                    got == want || (got - want).abs() <= 1e-12 * want.abs().max(1.0),
                    "{text} at {x}: {got} vs {want}"
                );
            }
        }
    }

    #[test]
    fn not_finite_values_come_out_as_they_are() {
        assert!(f("ln(x)").eval(-1.0).is_nan());
        assert_eq!(f("1/x").eval(0.0), f64::INFINITY);
        assert!(f("sqrt(x)").eval(-2.0).is_nan());
        assert_eq!(f("ln(x)").eval(1.0), 0.0);
    }

    #[test]
    fn malformed_formulas_say_where() {
        let cases = [
            ("sin(3*x", Some(7), "“sin(” is not closed"),
            ("sin(3*x) +", Some(10), "ends where"),
            ("3x", Some(1), "a product needs *"),
            ("x ** 2", Some(3), "powers are written x^2"),
            ("(1 2)", Some(3), "“)” is expected"),
            ("x)", Some(1), "has no “(”"),
            ("sin(1, 2)", Some(8), "sin takes one argument"),
            ("2e", Some(1), "not a number"),
            ("y + 1", Some(0), "“y” is not a known name"),
            (
                "x + foo(x)",
                Some(4),
                "“foo” is not a function formulas know",
            ),
            ("0*foo(1)", Some(2), "“foo” is not a function"),
            ("exp(y)", Some(4), "“y” is not a known name"),
            ("exp(1, 2)", Some(0), "exp takes one argument"),
            ("x(2)", Some(0), "x is not a function"),
            ("print(x)", Some(0), "print"),
            ("1 + print(2)", Some(4), "print"),
            ("-x^2", Some(2), "ambiguous"),
            ("exp(-x^2)", Some(6), "ambiguous"),
            ("1 + -2^x", Some(6), "ambiguous"),
            ("x and 1", Some(2), "cannot follow"),
            ("日本", Some(0), "“日”"),
            ("", None, "empty"),
            ("   ", None, "empty"),
        ];
        for (text, at, words) in cases {
            let e = err(text);
            assert_eq!(e.position, at, "{text}: {e}");
            assert!(e.message.contains(words), "{text}: {e}");
            if let Some(at) = at {
                assert!(
                    e.message.contains(&format!("character {}", at + 1)),
                    "{text}: {e}"
                );
            }
        }
        assert_eq!(
            err("sin(3*x").message,
            "the formula is not valid at the end (character 8, after “sin(3*x”): “sin(” is not closed: a “)” is missing"
        );
        assert_eq!(
            err("x + foo(x)").message.split(" (they").next().unwrap(),
            "the formula is not valid at character 5 (after “x +”): “foo” is not a function formulas know"
        );
        // Long names and tokens are cut in messages.
        let long = format!("x + {}", "a".repeat(300));
        assert!(err(&long).message.chars().count() < 200, "{}", err(&long));
        // Explicit brackets are fine, and so is a binary minus.
        for ok in [
            "-(x^2)", "(-x)^2", "0 - x^2", "1 - 2^x", "2^-x", "-x", "x^-2", "- 3",
        ] {
            f(ok);
        }
    }

    #[test]
    fn length_and_depth_are_bounded() {
        let long = format!("x{}", " + x".repeat(200));
        assert!(long.chars().count() > MAX_FORMULA_CHARS);
        let e = err(&long);
        assert!(e.message.contains("at most 500"), "{e}");
        let at_limit = format!("x{}", "+x".repeat((MAX_FORMULA_CHARS - 1) / 2));
        assert!(at_limit.chars().count() <= MAX_FORMULA_CHARS);
        assert_eq!(f(&at_limit).eval(1.0), at_limit.matches('x').count() as f64);
        // 500 non-ASCII characters are 500 characters, not 1500 bytes.
        assert!(err(&"é".repeat(500)).message.contains("character 1"));
        let deep = format!("{}x{}", "(".repeat(40), ")".repeat(40));
        assert!(err(&deep).message.contains("nested too deeply"));
    }

    #[test]
    fn the_default_formula_is_valid() {
        checked(DEFAULT_FORMULA).unwrap();
    }
}
