//! Panel 3's summary: one sentence computed from the same view the draw function
//! draws, the canvas's text alternative (see the crate's docs on summaries).

use super::view::DigitsView;
use crate::format::percent;
use crate::words::{plural, subject, two_digits};

/// Panel 3: how many of the digits shown were decoded to the right class.
pub fn summary(v: &DigitsView) -> String {
    let name = subject(v.scheme);
    let shown = v.inputs.len();
    let of = if v.k > shown {
        format!("the {shown} digits shown (of K = {})", v.k)
    } else {
        plural(shown, "digit", "digits")
    };
    let straggled = v.servers.iter().filter(|s| s.straggled).count();
    let servers = format!(
        "{straggled} of the {} shown straggled",
        plural(v.servers.len(), "server", "servers")
    );
    if let Some(why) = &v.failure {
        return format!(
            "{name} could not decode this round ({why}): none of {of} has a decoded class; {servers}."
        );
    }
    let right = v
        .inputs
        .iter()
        .filter(|c| c.decoded.is_some() && c.decoded == c.label)
        .count();
    let agree = v
        .inputs
        .iter()
        .filter(|c| c.decoded == Some(c.model))
        .count();
    let lost = v.inputs.iter().filter(|c| c.decoded.is_none()).count();
    let lost = if lost > 0 {
        format!(", {lost} not recovered")
    } else {
        String::new()
    };
    let share = |v: Option<f64>| v.map(percent).unwrap_or_else(|| "no value".into());
    format!(
        "{name}: {right} of {of} decoded to the right class ({agree} agree with the uncoded network{lost}); {servers}. Over all K = {}: relative accuracy {}, accuracy {}, mean squared error of the logits {}.",
        plural(v.k, "input", "inputs"),
        share(v.relative_accuracy),
        share(v.accuracy),
        two_digits(v.squared_error)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{cfg, no_nan};
    use coded_core::run_round;
    #[test]
    fn digits_sentence_counts_right_classes() {
        let c = cfg(r#"{"function": "lenet5", "scheme": "letcc", "k": 12, "n": 48, "trials": 3}"#);
        let v = crate::testing::digits(&c, 1);
        let r = run_round(&c, 1).unwrap();
        let s = summary(&v);
        let est = r.estimates.as_ref().unwrap();
        let labels = r.labels.as_ref().unwrap();
        let right = (0..10)
            .filter(|&k| {
                let d = est[k].as_ref().unwrap();
                coded_core::metrics::argmax(d.iter().copied()) == labels[k]
            })
            .count();
        assert!(
            s.starts_with(&format!(
                "LeTCC: {right} of the 10 digits shown (of K = 12) decoded to the right class"
            )),
            "{s}"
        );
        assert!(
            s.contains(&format!(
                "relative accuracy {}",
                percent(r.relative_accuracy.unwrap())
            )),
            "{s}"
        );
        no_nan(&s);
        let c = cfg(
            r#"{"function": "lenet5", "k": 4, "n": 8, "stragglers": {"model": "iid", "p": 1}}"#,
        );
        let v = crate::testing::digits(&c, 0);
        let s = summary(&v);
        assert!(
            s.starts_with("BACC could not decode this round (no server answered): none of 4 digits has a decoded class; 8 of the 8 servers shown straggled."),
            "{s}"
        );
        no_nan(&s);
    }
}
