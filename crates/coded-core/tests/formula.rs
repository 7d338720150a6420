//! Your own f through the core: a formula's round is the formula's numbers,
//! it counts as non-polynomial for LCC (threshold K) unless the
//! configuration declares a degree, and a value that is not a finite number
//! fails the round for a named reason.

use coded_core::problem::{draw_stragglers, Problem};
use coded_core::{run_round, Config, DecodeError, Scheme};

fn config(function: &str, rest: &str) -> Config {
    Config::from_json(&format!(r#"{{"function": {function}{rest}}}"#)).unwrap()
}

#[test]
fn lcc_treats_a_formula_as_non_polynomial_unless_told() {
    let rest = r#", "scheme": "lcc", "k": 4, "n": 16"#;
    let threshold = |f: &str| {
        let c = config(f, rest);
        Problem::new(&c).unwrap().coder(Scheme::Lcc, 16).threshold()
    };
    assert_eq!(
        threshold(r#"{"expr": "x^3 - 2*x"}"#),
        4,
        "K: not a polynomial"
    );
    assert_eq!(threshold(r#"{"expr": "x^3 - 2*x", "degree": 3}"#), 10);
    assert_eq!(threshold(r#""cubic""#), 10);
    assert_eq!(threshold(r#"{"expr": "7", "degree": 0}"#), 1);
    // Declared, the formula x³ − 2x decodes like the built-in cubic: exactly
    // (to rounding) from 10 answers.
    let declared = config(r#"{"expr": "x^3 - 2*x", "degree": 3}"#, rest);
    let builtin = config(r#""cubic""#, rest);
    let (a, b) = (
        run_round(&declared, 0).unwrap(),
        run_round(&builtin, 0).unwrap(),
    );
    assert_eq!(a.survivors, b.survivors);
    assert!(
        !a.failed && a.squared_error.unwrap() < 1e-18,
        "{:?}",
        a.squared_error
    );
    for (x, y) in a.exact.iter().zip(&b.exact) {
        assert!((x[0] - y[0]).abs() < 1e-12);
    }
}

#[test]
fn a_formula_equals_the_built_in_it_writes_out() {
    // x·sin x typed as a formula gives the built-in's numbers (to the last
    // bits of sin).
    for scheme in ["bacc", "letcc"] {
        let rest = format!(r#", "scheme": "{scheme}", "k": 8, "n": 30"#);
        let f = run_round(&config(r#"{"expr": "x*sin(x)"}"#, &rest), 3).unwrap();
        let b = run_round(&config(r#""x_sin_x""#, &rest), 3).unwrap();
        assert_eq!(f.inputs, b.inputs, "the same inputs, from [−3, 3]");
        let (ef, eb) = (f.squared_error.unwrap(), b.squared_error.unwrap());
        assert!(
            (ef - eb).abs() <= 1e-9 * eb.max(1e-12),
            "{scheme}: {ef} vs {eb}"
        );
    }
}

#[test]
fn a_non_finite_answer_fails_only_the_rounds_it_is_used_in() {
    let c = config(r#"{"expr": "sin(3*x) + x^2"}"#, r#", "k": 5, "n": 20"#);
    let problem = Problem::new(&c).unwrap();
    let mut prepared = problem.prepare(Scheme::Bacc, 20);
    assert!(prepared.not_finite.is_empty());
    // Server 7's answer not a number (as a formula like ln(x) would give).
    prepared.outputs[(7, 0)] = f64::NAN;
    prepared.not_finite = vec![7];
    let mut straggled = vec![false; 20];
    let o = problem.evaluate(&prepared, &straggled, 0);
    assert_eq!(
        o.decoded.as_ref().err(),
        Some(&DecodeError::NotFinite {
            server: Some(7),
            x: Some(prepared.coded_inputs[(7, 0)]),
        })
    );
    assert!(o.squared_error.is_none() && o.lost_fraction == 1.0);
    let why = o.decoded.unwrap_err().to_string();
    assert!(why.starts_with("f is not a finite number at server 7's coded input x̃ = "));
    // Server 7 straggles: its answer is not used, the round decodes.
    straggled[7] = true;
    let o = problem.evaluate(&prepared, &straggled, 0);
    assert!(o.squared_error.is_some_and(f64::is_finite));
    // A Monte-Carlo point counts the failures and averages the rest.
    let draw = |t| draw_stragglers(&c.stragglers, c.seed, 20, t).straggled;
    let expected = (0..c.trials).filter(|&t| !draw(t)[7]).count();
    let point = problem.monte_carlo(&prepared, &c.stragglers, c.seed, c.trials);
    assert_eq!(point.failures, expected);
    assert!(point.mse.is_some_and(|m| m.mean.is_finite()));
}
