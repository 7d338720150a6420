//! Panel 1's summary: one sentence computed from the same view the draw function
//! draws, the canvas's text alternative (see the crate's docs on summaries).

use super::view::StragglerView;
use crate::format::percent;
use crate::packed_bits::Bits;
use crate::words::plural;

/// Panel 1: the round shown, and the raster of the rounds up to it.
pub fn summary(v: &StragglerView) -> String {
    let trials = v.trials;
    let straggled = v.straggled.iter().filter(|s| **s).count();
    let verb = if straggled == 1 {
        "straggles"
    } else {
        "straggle"
    };
    let mut s = format!(
        "Round {} of {} ({}): {straggled} of {} {verb}, {} answered (longest run of consecutive stragglers: {})",
        v.trial + 1,
        trials.max(v.trial + 1),
        v.model,
        plural(v.n, "server", "servers"),
        v.returned,
        v.longest_run,
    );
    let cells: usize = v.raster.iter().map(Bits::len).sum();
    if cells > 0 {
        let answered: usize = v.raster_returned.iter().sum();
        let fraction = (cells - answered.min(cells)) as f64 / cells as f64;
        let rows = v.raster.len();
        let over = if rows >= trials {
            format!("over all {}", plural(rows, "round", "rounds"))
        } else {
            format!(
                "over rounds {} to {} (the raster)",
                v.raster_first + 1,
                v.raster_first + rows
            )
        };
        s.push_str(&format!(
            "; {over}, {} of the servers straggled (the model's probability: {})",
            percent(fraction),
            percent(v.p)
        ));
    }
    s.push_str(&adversaries(v));
    if let Some(d) = &v.detection {
        s.push_str("; ");
        s.push_str(&d.clause());
    }
    s.push('.');
    s
}

/// The adversaries of the round, apart from the stragglers: how many, how
/// they are marked, and how many of them straggled (sent nothing).
fn adversaries(v: &StragglerView) -> String {
    let count = v.adversarial_servers.len();
    if count == 0 {
        return String::new();
    }
    let silent = v
        .adversarial_servers
        .iter()
        .filter(|&&i| v.straggled[i])
        .count();
    let are = if count == 1 { "is" } else { "are" };
    format!(
        "; {} {are} adversarial (purple triangles in the round's strip; hollow if it straggled: {silent} sent nothing, {} sent a corrupted answer)",
        plural(count, "server", "servers"),
        count - silent
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{cfg, no_nan, straggler_view};
    use coded_core::run_round;
    #[test]
    fn straggler_sentence_counts_what_the_round_drew() {
        let c = cfg(r#"{"trials": 40, "n": 100, "stragglers": {"model": "iid", "p": 0.1}}"#);
        let v = straggler_view(&c, 2);
        let r = run_round(&c, 2).unwrap();
        let s = summary(&v);
        let straggled = r.straggled.iter().filter(|x| **x).count();
        assert!(
            s.starts_with(&format!(
                "Round 3 of 40 (independent, p = 0.1): {straggled} of 100 servers straggle, {} answered (longest run of consecutive stragglers: {})",
                100 - straggled,
                r.longest_straggler_run
            )),
            "{s}"
        );
        let all: usize = (0..40)
            .map(|t| {
                run_round(&c, t)
                    .unwrap()
                    .straggled
                    .iter()
                    .filter(|x| **x)
                    .count()
            })
            .sum();
        let want = percent(all as f64 / 4000.0);
        assert!(
            s.ends_with(&format!(
                "; over all 40 rounds, {want} of the servers straggled (the model's probability: 10.0\u{a0}%)."
            )),
            "{s}"
        );
        no_nan(&s);
        // More trials than the raster holds: the sentence names its rounds.
        let c = cfg(r#"{"trials": 500, "stragglers": {"model": "block", "s": 1}}"#);
        let s = summary(&straggler_view(&c, 199));
        assert!(s.contains("1 of 40 servers straggles"), "{s}");
        assert!(s.contains("over rounds 81 to 200 (the raster)"), "{s}");
        no_nan(&s);
    }

    #[test]
    fn adversaries_are_counted_apart_from_stragglers() {
        let c = cfg(
            r#"{"n": 50, "stragglers": {"model": "fixed", "s": 20}, "adversaries": {"count": 6}}"#,
        );
        let v = straggler_view(&c, 1);
        let silent = v
            .adversarial_servers
            .iter()
            .filter(|&&i| v.straggled[i])
            .count();
        let s = summary(&v);
        assert!(
            s.ends_with(&format!(
                "; 6 servers are adversarial (purple triangles in the round's strip; hollow if it straggled: {silent} sent nothing, {} sent a corrupted answer).",
                6 - silent
            )),
            "{s}"
        );
        let plain = cfg(r#"{"n": 50}"#);
        assert!(!summary(&straggler_view(&plain, 1)).contains("adversarial"));
    }

    #[test]
    fn the_sentence_counts_what_the_decoder_flagged() {
        use crate::testing::{decoded_straggler_view, MIXED, MIXED_TRIAL};
        // The round where ApproxIFER catches two, misses one and flags an
        // honest server; and rounds of the same configuration beyond it.
        let c = cfg(MIXED);
        for trial in [MIXED_TRIAL, 0, 1, 3] {
            let v = decoded_straggler_view(&c, trial);
            let d = run_round(&c, trial).unwrap().detection.unwrap();
            let s = summary(&v);
            let flagged = match d.flagged.len() {
                0 => "nobody".to_string(),
                n => plural(n, "server", "servers"),
            };
            let said = format!(
                "; ApproxIFER flagged {flagged}: {}, {} missed, {}",
                plural(d.found, "adversary caught", "adversaries caught"),
                d.missed,
                plural(
                    d.false_alarms,
                    "honest server wrongly flagged",
                    "honest servers wrongly flagged"
                )
            );
            assert!(s.contains(&said), "{said} in {s}");
            for (count, mark) in [
                (d.found, "a target around each adversary caught"),
                (d.missed, "a dashed ring around each adversary missed"),
                (
                    d.false_alarms,
                    "a square around each honest server wrongly flagged",
                ),
            ] {
                assert_eq!(s.contains(mark), count > 0, "{mark}: {s}");
            }
            no_nan(&s);
        }
        let s = summary(&decoded_straggler_view(&c, MIXED_TRIAL));
        assert!(
            s.ends_with("; ApproxIFER flagged 3 servers: 2 adversaries caught, 1 missed, 1 honest server wrongly flagged (marked by a target around each adversary caught, a dashed ring around each adversary missed, a square around each honest server wrongly flagged)."),
            "{s}"
        );
        // It could not locate: it says why.
        let c = cfg(r#"{"scheme": "approxifer", "n": 40, "tolerance": 15,
            "adversaries": {"count": 3, "attack": "flip"}, "stragglers": {"model": "fixed", "s": 4}}"#);
        let s = summary(&decoded_straggler_view(&c, MIXED_TRIAL));
        let why = run_round(&c, MIXED_TRIAL)
            .unwrap()
            .detection
            .unwrap()
            .fallback
            .unwrap();
        assert!(
            s.contains(&format!("; ApproxIFER could not locate the adversaries ({why}): 3 adversaries missed (marked by a dashed ring around each adversary missed).")),
            "{s}"
        );
        // BACC flags nobody and says nothing of it.
        let bacc = cfg(
            r#"{"n": 40, "adversaries": {"count": 3, "attack": "flip"}, "stragglers": {"model": "fixed", "s": 4}}"#,
        );
        let s = summary(&decoded_straggler_view(&bacc, MIXED_TRIAL));
        assert!(!s.contains("flagged") && !s.contains("ring"), "{s}");
    }
}
