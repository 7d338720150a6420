//! JSON text as the programs read it from people (a configuration, a study
//! file): into a `serde_json::Value`, with every refusal in words.
//!
//! Why not `serde_json::from_str` alone: it takes the last of a key that
//! appears twice in one object without a word, so `{"k": 4, "k": 40}`
//! would silently be K = 40; and its messages name Rust's types ("invalid
//! type: floating point `-0.0`, expected u64"). Here a repeated key is an
//! error naming it, and each message says what was found and where in
//! words. Nesting stays bounded by serde_json's own recursion limit.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// How deep serde_json lets arrays and objects nest (its recursion limit):
/// said in the message that refuses a deeper text.
pub const MAX_NESTING: usize = 128;

/// Reads JSON text. A key that appears twice in one object is an error
/// naming the key and the object; every error is one sentence in words,
/// with its line and column.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Node { at: None }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    value.map_err(|e| words(&e))
}

/// A serde_json error of [`parse`] in words.
fn words(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let place = format!("line {}, column {}", e.line(), e.column());
    let raw = e.to_string();
    let what = raw
        .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
        .unwrap_or(&raw);
    match e.classify() {
        // Only `Node` raises data errors: its message is already words.
        Category::Data => format!("{what} (at {place})"),
        Category::Eof if e.line() == 1 && e.column() == 0 => {
            "not valid JSON: the text is empty".into()
        }
        Category::Eof => format!("not valid JSON: it ends before it is complete (at {place})"),
        Category::Syntax | Category::Io => {
            let why = if what.starts_with("recursion limit") {
                format!("its brackets nest more than {MAX_NESTING} deep")
            } else if what.starts_with("number out of range") {
                "a number is too large".into()
            } else {
                "unexpected text".into()
            };
            format!("not valid JSON: {why} (at {place})")
        }
    }
}

/// Where a value sits: the keys from the top, each with its parent (on the
/// stack, so a path costs nothing unless an error quotes it).
struct At<'p> {
    key: &'p str,
    up: Option<&'p At<'p>>,
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(up) = self.up {
            write!(f, "{up}.")?;
        }
        f.write_str(self.key)
    }
}

/// One value of the text, read as serde_json's `Value` is, at `at`.
struct Node<'p> {
    at: Option<&'p At<'p>>,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        // A list's items are named by the list's place.
        while let Some(v) = seq.next_element_seed(Node { at: self.at })? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let within = match self.at {
                    Some(at) => format!("“{at}”"),
                    None => "the outermost object".into(),
                };
                return Err(de::Error::custom(format!(
                    "the key “{key}” appears twice in {within}"
                )));
            }
            let at = At {
                key: &key,
                up: self.at,
            };
            let value = map.next_value_seed(Node { at: Some(&at) })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// Whether a deserialiser's message is one serde writes itself (naming
/// Rust's types and quoting in backticks), rather than one of the
/// program's own checks, which are words already.
pub fn is_serdes_own(message: &str) -> bool {
    const SERDES: [&str; 8] = [
        "invalid type",
        "invalid value",
        "invalid length",
        "unknown variant",
        "unknown field",
        "missing field",
        "duplicate field",
        "data did not match",
    ];
    message.contains('`') || SERDES.iter().any(|s| message.starts_with(s))
}

/// Longest value a message quotes, in characters: enough to recognise a
/// setting's value, and a message stays one line whatever the file holds.
const QUOTED_CHARS: usize = 40;

/// A value as a message says what was found: `-0.0`, `the text “NaN”`,
/// `a list`, `an object`, `true`, `null` (long values cut with "…").
pub fn describe(v: &Value) -> String {
    let cut = |s: &str| match s.char_indices().nth(QUOTED_CHARS) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    };
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => cut(&n.to_string()),
        Value::String(s) => format!("the text “{}”", cut(s)),
        Value::Array(a) if a.is_empty() => "an empty list".into(),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => cut(&v.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_as_serde_json_does() {
        for text in [
            r#"{"a": [1, -2, 0.5, "x", null, true, {"b": {}}], "c": 1e300}"#,
            "[]",
            "  7 ",
            r#""text""#,
        ] {
            let ours = parse(text).unwrap();
            let theirs: Value = serde_json::from_str(text).unwrap();
            assert_eq!(ours, theirs, "{text}");
        }
    }

    #[test]
    fn a_repeated_key_is_named_with_its_object() {
        assert_eq!(
            parse(r#"{"k": 4, "k": 40}"#).unwrap_err(),
            "the key “k” appears twice in the outermost object (at line 1, column 12)"
        );
        assert_eq!(
            parse("{\"config\": {\"stragglers\": {\"model\": \"iid\",\n \"p\": 0.1, \"p\": 0.2}}}")
                .unwrap_err(),
            "the key “p” appears twice in “config.stragglers” (at line 2, column 14)"
        );
        // In a list's objects, the list's place.
        assert!(parse(r#"{"n": [{"a": 1, "a": 2}]}"#)
            .unwrap_err()
            .starts_with("the key “a” appears twice in “n”"));
        // The same key in two objects is no repeat.
        assert!(parse(r#"{"a": {"k": 1}, "b": {"k": 2}}"#).is_ok());
    }

    #[test]
    fn syntax_errors_are_words_with_their_place() {
        for (text, want) in [
            ("", "not valid JSON: the text is empty"),
            (
                "not json",
                "not valid JSON: unexpected text (at line 1, column 2)",
            ),
            (
                "{\"a\": 1",
                "not valid JSON: it ends before it is complete (at line 1, column 7)",
            ),
            (
                "{\"a\": 1e999}",
                "not valid JSON: a number is too large (at line 1, column 11)",
            ),
            (
                "{} x",
                "not valid JSON: unexpected text (at line 1, column 4)",
            ),
            (
                "{a: 1}",
                "not valid JSON: unexpected text (at line 1, column 2)",
            ),
            (
                "[NaN]",
                "not valid JSON: unexpected text (at line 1, column 2)",
            ),
        ] {
            assert_eq!(parse(text).unwrap_err(), want, "{text}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_in_words_not_by_the_stack() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(
            parse(&deep).unwrap_err(),
            "not valid JSON: its brackets nest more than 128 deep (at line 1, column 128)"
        );
        let objects = "{\"a\":".repeat(10_000);
        assert!(parse(&objects)
            .unwrap_err()
            .contains("nest more than 128 deep"));
        let fine = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(parse(&fine).is_ok());
    }

    #[test]
    fn serdes_own_messages_are_told_from_the_programs() {
        let serdes = |t: &str| {
            let e = serde_json::from_str::<u64>(t).unwrap_err().to_string();
            is_serdes_own(&e)
        };
        assert!(serdes("-0.0"));
        assert!(serdes("\"NaN\""));
        assert!(!is_serdes_own(
            "give exactly one of \"count\" and \"exponent\""
        ));
    }

    #[test]
    fn values_are_described_in_words_and_cut() {
        let d = |t: &str| describe(&serde_json::from_str(t).unwrap());
        assert_eq!(d("-0.0"), "-0.0");
        assert_eq!(d("5"), "5");
        assert_eq!(d(r#""NaN""#), "the text “NaN”");
        assert_eq!(d("[1]"), "a list");
        assert_eq!(d("[]"), "an empty list");
        assert_eq!(d("null"), "null");
        assert_eq!(d(r#"{"model": "zzz"}"#), r#"{"model":"zzz"}"#);
        let long = format!("\"{}\"", "x".repeat(1000));
        assert_eq!(d(&long), format!("the text “{}…”", "x".repeat(40)));
    }
}
