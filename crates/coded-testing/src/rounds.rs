//! Configurations whose rounds the core's `Round` and the straggler panel's
//! view are both held to `coded round`: one each of independent stragglers
//! with many trials, a block, adversaries placed nearest and in a block
//! (with a count), and deadlines. One list, so both tests cover the same
//! kinds of round.

/// The configurations as JSON, as a person writes them.
pub const ROUND_CASES: [&str; 5] = [
    r#"{"trials": 30}"#,
    r#"{"stragglers": {"model": "block", "s": 7}}"#,
    r#"{"adversaries": {"exponent": 0.4, "placement": "nearest"}}"#,
    r#"{"n": 60, "adversaries": {"count": 9, "placement": "block"}}"#,
    r#"{"stragglers": {"model": "deadline", "shift": 1, "rate": 2, "deadline": 1.4}}"#,
];
