//! Every configuration of the shared table of refusals is refused, naming
//! its field, in the words the table pins: read as the CLI reads a file,
//! where a formula that does not read is refused by the second step.

use coded_core::Config;
use coded_testing::refusals::refusals;

#[test]
fn refusals_name_the_field_and_say_what_was_found_in_words() {
    for (text, field, words) in refusals() {
        let e = Config::from_json(text)
            .and_then(|c| c.check_formula())
            .unwrap_err();
        assert_eq!(e.field, field, "{text}: {e}");
        assert!(e.to_string().contains(field), "{text}: {e}");
        if !words.is_empty() {
            assert_eq!(e.message, words, "{text}");
        }
    }
}

#[test]
fn every_pinned_wording_is_of_a_refused_configuration() {
    use coded_testing::refusals::{REFUSED, WORDS};
    for (json, _) in WORDS {
        assert!(
            REFUSED.iter().any(|(_, texts)| texts.contains(json)),
            "{json} has words but is not in REFUSED"
        );
    }
}

/// A refused choice says what was found and then the allowed choices, whose
/// list the core's allowed-text test pins: here the whole sentence, built
/// from that one list (serde's unknown-variant path, and a function given
/// as a number).
#[test]
fn a_refused_choice_says_what_was_found_and_the_choices() {
    for (text, field, found) in [
        (r#"{"scheme": "magic"}"#, "scheme", "got the text “magic”"),
        (r#"{"function": 3}"#, "function", "got 3"),
    ] {
        let e = Config::from_json(text).unwrap_err();
        assert_eq!(e.field, field, "{text}");
        let want = format!("{found}; expected {}", coded_core::config::allowed(field));
        assert_eq!(e.message, want, "{text}");
    }
}
