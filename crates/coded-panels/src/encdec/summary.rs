//! Panel 2's summary: one sentence computed from the same view the draw function
//! draws, the canvas's text alternative (see the crate's docs on summaries).

use super::view::EncDecView;
use crate::words::{plural, subject, two_digits};
use coded_core::Scheme;

/// Panel 2: what the decoder recovered from the answers of this round.
pub fn summary(v: &EncDecView) -> String {
    // A formula is said first: the sentence is about that f.
    match &v.formula_title {
        Some(title) => format!("{title}: {}", encdec_round(v)),
        None => encdec_round(v),
    }
}

fn encdec_round(v: &EncDecView) -> String {
    let answered = v.straggled.iter().filter(|s| !**s).count();
    let answers = format!(
        "{answered} of {}{}",
        plural(v.n, "answer", "answers"),
        corrupted(v)
    );
    let name = subject(v.scheme);
    if let Some(why) = &v.failure {
        return format!("{name} could not decode this round with {answers}: {why}.");
    }
    let recovered = v.estimates.iter().flatten().count();
    let max_error = v
        .errors
        .iter()
        .flatten()
        .copied()
        .filter(|e| e.is_finite())
        .reduce(f64::max);
    let verb = v.scheme.about().verb;
    let values = if recovered == v.k {
        format!("K = {}", plural(v.k, "value", "values"))
    } else {
        format!(
            "{recovered} of K = {} ({} lost)",
            plural(v.k, "value", "values"),
            v.k - recovered
        )
    };
    let mut s = format!(
        "{name} {verb} {values} from {answers}; largest error {}, mean squared error {}",
        two_digits(max_error),
        two_digits(v.squared_error)
    );
    if let (Scheme::Letcc, Some(l)) = (v.scheme, v.lambda_dec_used) {
        s.push_str(&format!(" (λ_dec = {})", two_digits(Some(l))));
    }
    if let Some(d) = &v.detection {
        s.push_str("; ");
        s.push_str(&d.clause());
    }
    s.push('.');
    s
}

/// How many of the answers adversarial servers corrupted, and how they are
/// marked (nothing without adversaries).
fn corrupted(v: &EncDecView) -> String {
    if v.adversarial_servers.is_empty() {
        return String::new();
    }
    let sent = v.corrupted();
    let silent = v.adversarial_servers.len() - sent;
    let straggled = if silent > 0 {
        format!(
            "; {} more adversarial {} straggled",
            silent,
            if silent == 1 { "server" } else { "servers" }
        )
    } else {
        String::new()
    };
    format!(" ({sent} of them corrupted by adversarial servers: the purple diamonds{straggled})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sig;
    use crate::testing::{cfg, no_nan};
    use coded_core::run_round;
    #[test]
    fn encdec_sentence_reports_decoding_and_failures() {
        let c = cfg(r#"{"scheme": "letcc", "k": 10, "n": 40}"#);
        let v = crate::testing::encdec(&c, 0);
        let r = run_round(&c, 0).unwrap();
        let s = summary(&v);
        let answered = r.survivors.len();
        assert!(
            s.starts_with(&format!(
                "LeTCC decoded K = 10 values from {answered} of 40 answers; largest error "
            )),
            "{s}"
        );
        assert!(
            s.contains(&format!(
                "mean squared error {}",
                sig(r.squared_error.unwrap(), 2)
            )),
            "{s}"
        );
        assert!(s.contains("(λ_dec = "), "GCV's choice is named: {s}");
        no_nan(&s);
        // A formula is named first.
        let c = cfg(r#"{"function": {"expr": "x^2 + 1"}, "k": 5, "n": 20}"#);
        let v = crate::testing::encdec(&c, 0);
        assert!(
            summary(&v).starts_with("f(x) = x^2 + 1: BACC decoded K = 5 values"),
            "{}",
            summary(&v)
        );
        // Every server straggles: the core's reason, in words.
        let c = cfg(r#"{"stragglers": {"model": "iid", "p": 1}}"#);
        let v = crate::testing::encdec(&c, 0);
        assert_eq!(
            summary(&v),
            "BACC could not decode this round with 0 of 40 answers: no server answered."
        );
        // Replication loses some outputs and says how many.
        let c = cfg(
            r#"{"scheme": "uncoded", "k": 10, "n": 20, "stragglers": {"model": "iid", "p": 0.6}}"#,
        );
        let v = crate::testing::encdec(&c, 1);
        let lost = v.estimates.iter().filter(|e| e.is_none()).count();
        let s = summary(&v);
        assert!(s.starts_with("Replication (uncoded) recovered"), "{s}");
        if lost > 0 && lost < 10 {
            assert!(s.contains(&format!("({lost} lost)")), "{s}");
        }
        no_nan(&s);
    }

    #[test]
    fn corrupted_answers_are_counted_and_named() {
        let c = cfg(
            r#"{"n": 40, "stragglers": {"model": "fixed", "s": 12}, "adversaries": {"count": 7}}"#,
        );
        let v = crate::testing::encdec(&c, 2);
        let sent = v.corrupted();
        let silent = 7 - sent;
        assert!(sent > 0 && silent > 0, "both kinds in this round: {sent}");
        let s = summary(&v);
        assert!(
            s.starts_with(&format!(
                "BACC decoded K = 10 values from 28 of 40 answers ({sent} of them corrupted by adversarial servers: the purple diamonds; {silent} more adversarial servers straggled); largest error "
            )),
            "{s}"
        );
        no_nan(&s);
        let c = cfg(
            r#"{"n": 40, "stragglers": {"model": "fixed", "s": 0}, "adversaries": {"count": 3}}"#,
        );
        let v = crate::testing::encdec(&c, 0);
        assert!(
            summary(&v).starts_with("BACC decoded K = 10 values from 40 of 40 answers (3 of them corrupted by adversarial servers: the purple diamonds); "),
            "{}",
            summary(&v)
        );
    }

    #[test]
    fn the_sentence_counts_what_the_decoder_flagged() {
        use crate::testing::{MIXED, MIXED_TRIAL};
        let c = cfg(MIXED);
        let v = crate::testing::encdec(&c, MIXED_TRIAL);
        let r = run_round(&c, MIXED_TRIAL).unwrap();
        let d = r.detection.unwrap();
        assert_eq!((d.found, d.missed, d.false_alarms), (2, 1, 1));
        let s = summary(&v);
        let answered = r.survivors.len();
        assert!(
            s.starts_with(&format!(
                "ApproxIFER decoded K = 10 values from {answered} of 40 answers (3 of them corrupted by adversarial servers: the purple diamonds); largest error "
            )),
            "{s}"
        );
        assert!(
            s.contains(&format!(
                "mean squared error {}; ",
                sig(r.squared_error.unwrap(), 2)
            )),
            "{s}"
        );
        assert!(
            s.ends_with("; ApproxIFER flagged 3 servers: 2 adversaries caught, 1 missed, 1 honest server wrongly flagged (marked by a target around each adversary caught, a dashed ring around each adversary missed, a square around each honest server wrongly flagged)."),
            "{s}"
        );
        no_nan(&s);
        // The median drop, on the same round: its own counts.
        let c = cfg(&MIXED.replace("approxifer", "median_drop"));
        let d = run_round(&c, MIXED_TRIAL).unwrap().detection.unwrap();
        let s = summary(&crate::testing::encdec(&c, MIXED_TRIAL));
        assert!(
            s.contains(&format!(
                "Median drop flagged {}: {} caught, {} missed, ",
                match d.flagged.len() {
                    0 => "nobody".to_string(),
                    n => plural(n, "server", "servers"),
                },
                plural(d.found, "adversary", "adversaries"),
                d.missed
            )),
            "{s}"
        );
        // BACC: no word of flags.
        let c = cfg(&MIXED.replace("approxifer", "bacc"));
        let s = summary(&crate::testing::encdec(&c, MIXED_TRIAL));
        assert!(!s.contains("flagged"), "{s}");
    }
}
