//! What a locating decoder (ApproxIFER, the median drop) made of the round
//! panels 1 and 2 show: whom it flagged, judged against the true
//! adversaries, and the words both panels say of it.
//!
//! Why one module for both panels: a server caught in the straggler strip
//! must be the one caught in the encode → decode chart, with the same mark
//! and the same words.

use coded_core::robust::DetectionCounts;
use coded_core::{Round, Scheme};
use serde::{Deserialize, Serialize};

use crate::words::plural;

/// A server's standing once a locating decoder has judged the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// An adversary that answered, flagged.
    Caught,
    /// An adversary that answered, not flagged.
    Missed,
    /// An honest server flagged.
    FalseAlarm,
}

impl Verdict {
    pub const ALL: [Verdict; 3] = [Verdict::Caught, Verdict::Missed, Verdict::FalseAlarm];

    /// Its mark in words, as the legends and sentences name it.
    pub const fn mark(self) -> &'static str {
        match self {
            Verdict::Caught => "target",
            Verdict::Missed => "dashed ring",
            Verdict::FalseAlarm => "square",
        }
    }

    /// What it is in one word or two, for a key with little room.
    pub const fn short(self) -> &'static str {
        match self {
            Verdict::Caught => "caught",
            Verdict::Missed => "missed",
            Verdict::FalseAlarm => "false alarm",
        }
    }

    /// What it is, for a legend: "adversary caught (flagged)".
    pub const fn meaning(self) -> &'static str {
        match self {
            Verdict::Caught => "adversary caught (flagged)",
            Verdict::Missed => "adversary missed (not flagged)",
            Verdict::FalseAlarm => "false alarm (honest server flagged)",
        }
    }
}

/// A round's view that shows a locating scheme's decision (panels 1 and 2):
/// the verdicts of its servers, from what the view holds.
pub trait Judged {
    /// The decision (None: the round's scheme does not locate), the
    /// adversarial servers (ascending) and who straggled, per server.
    fn judged(&self) -> (Option<&DetectionView>, &[usize], &[bool]);

    /// Every server with a verdict (the adversaries that answered and the
    /// flagged servers), ascending.
    fn verdicts(&self) -> Vec<(usize, Verdict)> {
        let (detection, adversarial, straggled) = self.judged();
        detection.map_or_else(Vec::new, |d| d.verdicts(adversarial, straggled))
    }

    /// Server `server`'s verdict, if it has one.
    fn verdict(&self, server: usize) -> Option<Verdict> {
        let (detection, adversarial, straggled) = self.judged();
        let is_adversary = adversarial.binary_search(&server).is_ok();
        detection?.verdict(server, is_adversary, *straggled.get(server)?)
    }
}

/// A decoded round of a locating scheme: what it decided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DetectionView {
    /// The locating scheme whose decoding the round shows.
    pub scheme: Scheme,
    /// The tolerance e it located with (0 when it could not locate).
    pub tolerance: usize,
    /// The servers it flagged, ascending (indices in β order).
    pub flagged: Vec<usize>,
    /// Why it could not locate, in the core's words (it then decoded from
    /// every answer, as BACC does).
    pub fallback: Option<String>,
    /// Its flags against the adversaries that answered: the core's counts
    /// (`coded round`'s `detection`).
    pub counts: DetectionCounts,
}

impl DetectionView {
    /// What the round's decoding flagged: None unless the round was
    /// decoded, by a scheme that locates, without failing (a failed round
    /// flags nobody; the panels say why it failed).
    pub fn of(round: &Round) -> Option<DetectionView> {
        let decoding = round.decoded.as_ref()?;
        let detection = decoding.outcome.decoded.as_ref().ok()?.detection.as_ref()?;
        Some(DetectionView {
            scheme: decoding.prepared.coder.scheme,
            tolerance: detection.tolerance,
            flagged: detection.flagged.clone(),
            fallback: detection.fallback.clone(),
            counts: decoding.outcome.detection?,
        })
    }

    /// Server `server`'s verdict: an adversary that straggled sent nothing
    /// to judge, an honest server not flagged has none.
    pub fn verdict(&self, server: usize, adversarial: bool, straggled: bool) -> Option<Verdict> {
        let flagged = self.flagged.binary_search(&server).is_ok();
        match (adversarial, flagged) {
            (true, _) if straggled => None,
            (true, true) => Some(Verdict::Caught),
            (true, false) => Some(Verdict::Missed),
            (false, true) => Some(Verdict::FalseAlarm),
            (false, false) => None,
        }
    }

    /// Every server with a verdict, ascending, for a round whose
    /// adversaries (ascending) and stragglers are these.
    pub fn verdicts(&self, adversarial: &[usize], straggled: &[bool]) -> Vec<(usize, Verdict)> {
        let mut servers: Vec<usize> = adversarial.iter().chain(&self.flagged).copied().collect();
        servers.sort_unstable();
        servers.dedup();
        servers
            .into_iter()
            .filter(|&s| s < straggled.len())
            .filter_map(|s| {
                let adversary = adversarial.binary_search(&s).is_ok();
                Some((s, self.verdict(s, adversary, straggled[s])?))
            })
            .collect()
    }

    /// What it flagged, in words: "ApproxIFER flagged 3 servers: 2
    /// adversaries caught, 1 missed, 1 honest server wrongly flagged", or
    /// why it could not locate.
    pub fn sentence(&self) -> String {
        let c = self.counts;
        let name = self.scheme.label();
        let missed = format!("{} missed", c.missed);
        if let Some(why) = &self.fallback {
            let missed = plural(c.missed, "adversary", "adversaries");
            return format!("{name} could not locate the adversaries ({why}): {missed} missed");
        }
        let flagged = match self.flagged.len() {
            0 => "nobody".to_string(),
            n => plural(n, "server", "servers"),
        };
        format!(
            "{name} flagged {flagged}: {}, {missed}, {}",
            plural(c.found, "adversary caught", "adversaries caught"),
            plural(
                c.false_alarms,
                "honest server wrongly flagged",
                "honest servers wrongly flagged"
            )
        )
    }

    /// The marks, in words, of the verdicts this round has (empty when it
    /// has none): "a target around each adversary caught, a square around
    /// each honest server wrongly flagged" (a target is a ring with four
    /// ticks).
    pub fn marks_in_words(&self) -> String {
        let c = self.counts;
        [
            (c.found, Verdict::Caught, "each adversary caught"),
            (c.missed, Verdict::Missed, "each adversary missed"),
            (
                c.false_alarms,
                Verdict::FalseAlarm,
                "each honest server wrongly flagged",
            ),
        ]
        .into_iter()
        .filter(|(count, _, _)| *count > 0)
        .map(|(_, v, what)| format!("a {} around {what}", v.mark()))
        .collect::<Vec<_>>()
        .join(", ")
    }

    /// What a panel's summary says of it: the [`sentence`](Self::sentence)
    /// and, when some server has a verdict, how each kind is marked.
    pub fn clause(&self) -> String {
        let marks = self.marks_in_words();
        if marks.is_empty() {
            self.sentence()
        } else {
            format!("{} (marked by {marks})", self.sentence())
        }
    }

    /// The verdict under the cursor, in words, for a hover text.
    pub fn verdict_words(&self, verdict: Verdict) -> String {
        let name = self.scheme.label();
        match verdict {
            Verdict::Caught => format!("flagged by {name}: caught"),
            Verdict::Missed => format!("not flagged by {name}: missed"),
            Verdict::FalseAlarm => format!("flagged by {name}, though honest: a false alarm"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{cfg, decoded_round, MIXED, MIXED_TRIAL};

    #[test]
    fn the_verdicts_are_the_cores_counts() {
        let c = cfg(MIXED);
        let report = coded_core::run_round(&c, MIXED_TRIAL).unwrap();
        let d = decoded_round(&c, MIXED_TRIAL, DetectionView::of).unwrap();
        let core = report.detection.unwrap();
        assert_eq!(d.flagged, core.flagged);
        assert_eq!(
            (d.counts.found, d.counts.missed, d.counts.false_alarms),
            (core.found, core.missed, core.false_alarms)
        );
        assert_eq!((core.found, core.missed, core.false_alarms), (2, 1, 1));
        let verdicts = d.verdicts(&report.adversarial_servers, &report.straggled);
        let count = |v: Verdict| verdicts.iter().filter(|(_, x)| *x == v).count();
        assert_eq!(count(Verdict::Caught), core.found);
        assert_eq!(count(Verdict::Missed), core.missed);
        assert_eq!(count(Verdict::FalseAlarm), core.false_alarms);
        for (s, v) in verdicts {
            let adversary = report.adversarial_servers.contains(&s);
            let flagged = core.flagged.contains(&s);
            match v {
                Verdict::Caught => assert!(adversary && flagged),
                Verdict::Missed => assert!(adversary && !flagged && !report.straggled[s]),
                Verdict::FalseAlarm => assert!(!adversary && flagged),
            }
        }
        assert_eq!(
            d.sentence(),
            "ApproxIFER flagged 3 servers: 2 adversaries caught, 1 missed, 1 honest server wrongly flagged"
        );
        assert_eq!(
            d.marks_in_words(),
            "a target around each adversary caught, a dashed ring around each adversary missed, a square around each honest server wrongly flagged"
        );
    }

    #[test]
    fn a_straggling_adversary_has_no_verdict() {
        // Trial 0: adversaries 15, 16, 37, 54; 16 and 54 straggled.
        let c = cfg(
            r#"{"scheme": "approxifer", "n": 60, "adversaries": {"count": 4, "attack": "flip"}}"#,
        );
        let report = coded_core::run_round(&c, 0).unwrap();
        let d = decoded_round(&c, 0, DetectionView::of).unwrap();
        let silent: Vec<usize> = (report.adversarial_servers.iter())
            .copied()
            .filter(|&s| report.straggled[s])
            .collect();
        assert!(!silent.is_empty(), "an adversary straggled in this round");
        for s in silent {
            assert_eq!(d.verdict(s, true, true), None);
        }
        let verdicts = d.verdicts(&report.adversarial_servers, &report.straggled);
        let core = report.detection.unwrap();
        assert_eq!(verdicts.len(), core.found + core.missed + core.false_alarms);
    }

    #[test]
    fn a_fallback_says_why_and_what_it_missed() {
        let c = cfg(r#"{"scheme": "approxifer", "n": 40, "tolerance": 15,
            "adversaries": {"count": 3, "attack": "flip"}, "stragglers": {"model": "fixed", "s": 4}}"#);
        let report = coded_core::run_round(&c, 4).unwrap();
        let d = decoded_round(&c, 4, DetectionView::of).unwrap();
        let why = report.detection.unwrap().fallback.unwrap();
        assert_eq!(
            d.sentence(),
            format!("ApproxIFER could not locate the adversaries ({why}): 3 adversaries missed")
        );
    }

    #[test]
    fn only_a_locating_scheme_has_a_detection() {
        for scheme in ["bacc", "letcc", "lcc", "uncoded"] {
            let c = cfg(&format!(
                r#"{{"scheme": "{scheme}", "n": 40, "adversaries": {{"count": 3}}}}"#
            ));
            assert_eq!(decoded_round(&c, 0, DetectionView::of), None, "{scheme}");
        }
        let c = cfg(r#"{"scheme": "median_drop", "n": 40, "adversaries": {"count": 3}}"#);
        let d = decoded_round(&c, 0, DetectionView::of).unwrap();
        assert!(
            d.sentence().starts_with("Median drop flagged "),
            "{}",
            d.sentence()
        );
        // Not decoded (the straggler panel alone, for a scheme that does
        // not locate): nothing to say.
        let round = Round::compute(&c, 0, None);
        assert_eq!(DetectionView::of(&round), None);
    }
}
