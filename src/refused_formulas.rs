//! What the worker said of the formulas it refused. The page holds no
//! formula reader (fasteval and its messages would push its wasm over the
//! transfer budget): it sends what is typed, the worker checks it before
//! computing and answers `FormulaRefused` with the message. Remembered by
//! text, so the formula's field shows that message at once from then on,
//! and a refused text is never committed again.
//!
//! A formula's verdict depends on its text alone, so remembering it for the
//! page's lifetime is exact; the page has one thread (a thread-local).

use std::cell::RefCell;

thread_local! {
    /// (text, message) pairs: a person types a handful, so a list is enough
    /// (a HashMap would add its hasher to the page's wasm).
    static REFUSED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// The worker refused `text` with `message`.
pub fn remember(text: &str, message: &str) {
    REFUSED.with_borrow_mut(|v| {
        if !v.iter().any(|(t, _)| t == text) {
            v.push((text.to_string(), message.to_string()));
        }
    });
}

/// The worker's message for `text`, if it refused it.
pub fn refusal(text: &str) -> Option<String> {
    REFUSED.with_borrow(|v| v.iter().find(|(t, _)| t == text).map(|(_, m)| m.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_remembered_by_its_exact_text() {
        remember("sin(", "not closed");
        assert_eq!(refusal("sin(").as_deref(), Some("not closed"));
        assert_eq!(refusal("sin( "), None);
        assert_eq!(refusal("sin(x)"), None);
    }
}
