//! One sentence per plot, computed from the same view its draw function
//! draws: the text alternative of each canvas. The app shows it under the
//! plot and links it from the canvas (`aria-describedby`), so a reader who
//! cannot see the figure gets what a sighted reader takes from it.
//!
//! Why pure functions of the views: like the draw functions they are tested
//! natively against real data, and they cannot drift from the picture (same
//! input). Absent or non-finite values read as words ("no value"), never
//! "NaN"; a failed round says why, in the core's words.

use crate::format::{percent, sig};
use crate::views::curves::{Curve, CurveKind, CurvesView};
use crate::views::digits::DigitsView;
use crate::views::encdec::EncDecView;
use crate::views::stragglers::StragglerView;
use coded_core::Scheme;

/// Two significant digits (errors span many decades; more digits are in the
/// results table), or words when there is no finite value.
fn num(v: Option<f64>) -> String {
    match v {
        Some(x) if x.is_finite() => sig(x, 2),
        _ => "no value".into(),
    }
}

/// A slope with a real minus sign, as the plot's legend writes it.
fn slope(s: f64) -> String {
    format!("{s:.1}").replace('-', "−")
}

/// The scheme as the subject of a sentence.
fn subject(s: Scheme) -> &'static str {
    s.about().subject
}

/// `count` followed by the singular or plural noun.
fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Panel 1. `trials` is the configuration's number of trials (the view
/// holds the round shown and a raster of at most `MAX_RASTER_ROWS` of them).
pub fn stragglers(v: &StragglerView, trials: usize) -> String {
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
    let cells: usize = v.raster.iter().map(Vec::len).sum();
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
    s.push('.');
    s
}

/// Panel 2: what the decoder recovered from the answers of this round.
pub fn encdec(v: &EncDecView) -> String {
    // A formula is said first: the sentence is about that f.
    match &v.formula_title {
        Some(title) => format!("{title}: {}", encdec_round(v)),
        None => encdec_round(v),
    }
}

fn encdec_round(v: &EncDecView) -> String {
    let answered = v.straggled.iter().filter(|s| !**s).count();
    let answers = format!("{answered} of {} answers", v.n);
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
        format!("K = {} values", v.k)
    } else {
        format!(
            "{recovered} of K = {} values ({} lost)",
            v.k,
            v.k - recovered
        )
    };
    let mut s = format!(
        "{name} {verb} {values} from {answers}; largest error {}, mean squared error {}",
        num(max_error),
        num(v.squared_error)
    );
    if let (Scheme::Letcc, Some(l)) = (v.scheme, v.lambda_dec_used) {
        s.push_str(&format!(" (λ_dec = {})", num(Some(l))));
    }
    s.push('.');
    s
}

/// Panel 3: how many of the digits shown were decoded to the right class.
pub fn digits(v: &DigitsView) -> String {
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
        "{name}: {right} of {of} decoded to the right class ({agree} agree with the uncoded network{lost}); {servers}. Over all K = {} inputs: relative accuracy {}, accuracy {}, mean squared error of the logits {}.",
        v.k,
        share(v.relative_accuracy),
        share(v.accuracy),
        num(v.squared_error)
    )
}

/// An x value as the axis shows it (N whole, p as given, λ_dec in
/// scientific notation outside 0.001 … 10⁴).
pub fn x_text(kind: CurveKind, x: f64) -> String {
    match kind {
        CurveKind::ErrorVsN => format!("{x:.0}"),
        CurveKind::ErrorVsP => format!("{x}"),
        CurveKind::ErrorVsLambda if (1e-3..1e4).contains(&x.abs()) => format!("{x}"),
        CurveKind::ErrorVsLambda => format!("{x:e}"),
    }
}

fn x_name(kind: CurveKind) -> &'static str {
    match kind {
        CurveKind::ErrorVsN => "N",
        CurveKind::ErrorVsP => "p",
        CurveKind::ErrorVsLambda => "λ_dec",
    }
}

/// One curve: where it starts and ends, its slope, its lowest point when
/// that lies in between, and the failed rounds it leaves out.
fn curve(kind: CurveKind, c: &Curve) -> String {
    // The legend label without its "(slope …)" part: the slope is said below.
    let name = c.label.split(" (").next().unwrap_or(&c.label);
    let at = |x: f64| format!("{} = {}", x_name(kind), x_text(kind, x));
    let mut s = match c.points.as_slice() {
        [] => {
            return format!(
                "{name}: no point to show (every round failed, or the error is exactly 0)"
            )
        }
        [p] => format!("{name}: {} at {}", num(Some(p.mean)), at(p.x)),
        [first, .., last] => {
            let verb = if last.mean < first.mean {
                "falls"
            } else if last.mean > first.mean {
                "rises"
            } else {
                "stays"
            };
            let mut s = format!(
                "{name} {verb} from {} at {} to {} at {}",
                num(Some(first.mean)),
                at(first.x),
                num(Some(last.mean)),
                at(last.x)
            );
            let low = c
                .points
                .iter()
                .min_by(|a, b| a.mean.total_cmp(&b.mean))
                .expect("two points or more");
            // Only when it reads differently from both ends at this precision.
            let ends = [first.mean, last.mean].map(|m| num(Some(m)));
            if low.mean < first.mean.min(last.mean) && !ends.contains(&num(Some(low.mean))) {
                s.push_str(&format!(
                    ", lowest {} at {}",
                    num(Some(low.mean)),
                    at(low.x)
                ));
            }
            s
        }
    };
    if let Some(k) = c.slope.filter(|k| k.is_finite()) {
        s.push_str(&format!(" (fitted slope {})", slope(k)));
    }
    let failures: usize = c.points.iter().map(|p| p.failures).sum();
    if failures > 0 {
        s.push_str(&format!(
            ", {} left out",
            plural(failures, "failed round", "failed rounds")
        ));
    }
    s
}

/// Panel 4: every curve of the error plot, and the dashed lines.
pub fn curves(v: &CurvesView) -> String {
    let parts: Vec<String> = v.curves.iter().map(|c| curve(v.kind, c)).collect();
    let mut s = format!("{}: ", v.title);
    if parts.is_empty() {
        s.push_str("no curve to show");
    } else {
        s.push_str(&parts.join("; "));
    }
    match v.kind {
        CurveKind::ErrorVsN if !v.references.is_empty() => {
            let slopes: Vec<String> = v
                .references
                .iter()
                .filter_map(|r| r.slope.filter(|k| k.is_finite()).map(slope))
                .collect();
            s.push_str(&format!(
                "; dashed: {} scaled through the first points",
                plural(v.references.len(), "claimed rate", "claimed rates")
            ));
            if !slopes.is_empty() {
                s.push_str(&format!(" (slopes {})", slopes.join(", ")));
            }
        }
        CurveKind::ErrorVsLambda if !v.references.is_empty() => {
            let levels: Vec<&str> = v.references.iter().map(|r| r.label.as_str()).collect();
            s.push_str(&format!("; levels: {}", levels.join(", ")));
        }
        _ => {}
    }
    if let Some(m) = &v.marker {
        // "p = 0.2" as configured, or a derived value ("model's p") rounded.
        let what = if m.label.contains('=') {
            m.label.clone()
        } else {
            format!("the {} = {}", m.label, num(Some(m.x)))
        };
        s.push_str(&format!("; the vertical line marks {what}"));
    }
    s.push('.');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{Detail, RoundResult};
    use crate::testing::{error_vs_lambda, error_vs_n, error_vs_p};
    use coded_core::{run_round, Config};

    fn cfg(text: &str) -> Config {
        Config::from_json(text).unwrap()
    }

    /// The round stage's views for a configuration (what the app draws).
    fn round(c: &Config, trial: usize) -> RoundResult {
        crate::testing::round(c, trial)
    }

    fn no_nan(s: &str) {
        for bad in ["NaN", "inf", "–", "None", "Some("] {
            assert!(!s.contains(bad), "{bad:?} in {s}");
        }
    }

    #[test]
    fn straggler_sentence_counts_what_the_round_drew() {
        let c = cfg(r#"{"trials": 40, "n": 100, "stragglers": {"model": "iid", "p": 0.1}}"#);
        let v = round(&c, 2).stragglers;
        let r = run_round(&c, 2).unwrap();
        let s = stragglers(&v, c.trials);
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
                "; over all 40 rounds, {want} of the servers straggled (the model's probability: 10.0 %)."
            )),
            "{s}"
        );
        no_nan(&s);
        // More trials than the raster holds: the sentence names its rounds.
        let c = cfg(r#"{"trials": 500, "stragglers": {"model": "block", "s": 1}}"#);
        let s = stragglers(&round(&c, 199).stragglers, c.trials);
        assert!(s.contains("1 of 40 servers straggles"), "{s}");
        assert!(s.contains("over rounds 81 to 200 (the raster)"), "{s}");
        no_nan(&s);
    }

    #[test]
    fn encdec_sentence_reports_decoding_and_failures() {
        let c = cfg(r#"{"scheme": "letcc", "k": 10, "n": 40}"#);
        let Some(Detail::Scalar(v)) = round(&c, 0).detail else {
            panic!("a scalar function has an encode/decode view")
        };
        let r = run_round(&c, 0).unwrap();
        let s = encdec(&v);
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
        let Some(Detail::Scalar(v)) = round(&c, 0).detail else {
            panic!()
        };
        assert!(
            encdec(&v).starts_with("f(x) = x^2 + 1: BACC decoded K = 5 values"),
            "{}",
            encdec(&v)
        );
        // Every server straggles: the core's reason, in words.
        let c = cfg(r#"{"stragglers": {"model": "iid", "p": 1}}"#);
        let Some(Detail::Scalar(v)) = round(&c, 0).detail else {
            panic!()
        };
        assert_eq!(
            encdec(&v),
            "BACC could not decode this round with 0 of 40 answers: no server answered."
        );
        // Replication loses some outputs and says how many.
        let c = cfg(
            r#"{"scheme": "uncoded", "k": 10, "n": 20, "stragglers": {"model": "iid", "p": 0.6}}"#,
        );
        let Some(Detail::Scalar(v)) = round(&c, 1).detail else {
            panic!()
        };
        let lost = v.estimates.iter().filter(|e| e.is_none()).count();
        let s = encdec(&v);
        assert!(s.starts_with("Replication (uncoded) recovered"), "{s}");
        if lost > 0 && lost < 10 {
            assert!(s.contains(&format!("({lost} lost)")), "{s}");
        }
        no_nan(&s);
    }

    #[test]
    fn digits_sentence_counts_right_classes() {
        let c = cfg(r#"{"function": "lenet5", "scheme": "letcc", "k": 12, "n": 48, "trials": 3}"#);
        let Some(Detail::Digits(v)) = round(&c, 1).detail else {
            panic!("LeNet-5 has a digits view")
        };
        let r = run_round(&c, 1).unwrap();
        let s = digits(&v);
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
        let Some(Detail::Digits(v)) = round(&c, 0).detail else {
            panic!()
        };
        let s = digits(&v);
        assert!(
            s.starts_with("BACC could not decode this round (no server answered): none of 4 digits has a decoded class; 8 of the 8 servers shown straggled."),
            "{s}"
        );
        no_nan(&s);
    }

    #[test]
    fn curves_sentence_follows_every_curve() {
        let c = cfg(r#"{"trials": 10}"#);
        let v = error_vs_n(
            &c,
            &[Scheme::Bacc, Scheme::Letcc],
            &[20, 40, 80],
            &[0.1],
            true,
        );
        let s = curves(&v);
        assert!(
            s.starts_with(&format!("{}: BACC, p = 0.1 ", v.title)),
            "{s}"
        );
        for c in &v.curves {
            let (a, b) = (&c.points[0], &c.points[2]);
            let verb = if b.mean < a.mean { "falls" } else { "rises" };
            assert!(
                s.contains(&format!(
                    "{verb} from {} at N = 20 to {} at N = 80 (fitted slope {})",
                    sig(a.mean, 2),
                    sig(b.mean, 2),
                    slope(c.slope.unwrap())
                )),
                "{s}"
            );
        }
        assert!(
            s.contains("; dashed: 2 claimed rates scaled through the first points (slopes −"),
            "{s}"
        );
        no_nan(&s);

        // Every round fails at p = 1: words, not a number.
        let v = error_vs_n(&c, &[Scheme::Bacc], &[20, 40], &[1.0], false);
        assert_eq!(
            curves(&v),
            format!(
                "{}: BACC, p = 1: no point to show (every round failed, or the error is exactly 0).",
                v.title
            )
        );

        // Error vs p: rises with p, marker at the configured p; LCC's cliff
        // leaves failed rounds out.
        let c = cfg(
            r#"{"trials": 20, "scheme": "lcc", "function": "cubic", "k": 4, "n": 16, "stragglers": {"model": "iid", "p": 0.3}}"#,
        );
        let v = error_vs_p(&c, &[Scheme::Bacc, Scheme::Lcc]);
        let s = curves(&v);
        assert!(s.contains("BACC rises from "), "{s}");
        assert!(s.contains("failed rounds left out"), "{s}");
        assert!(s.ends_with("; the vertical line marks p = 0.3."), "{s}");
        no_nan(&s);

        // A derived marker is rounded.
        let c = cfg(
            r#"{"trials": 5, "n": 20, "stragglers": {"model": "deadline", "shift": 1, "rate": 1, "deadline": 1.5}}"#,
        );
        let s = curves(&error_vs_p(&c, &[Scheme::Bacc]));
        assert!(
            s.ends_with("; the vertical line marks the model's p = 0.61."),
            "{s}"
        );

        // Error vs λ_dec: the levels it compares with.
        let c = cfg(r#"{"trials": 5, "lambda_dec": 1e-6}"#);
        let v = error_vs_lambda(&c, &[Scheme::Bacc, Scheme::Letcc]);
        let s = curves(&v);
        let name = v.curves[0].label.split(" (").next().unwrap();
        assert!(s.contains(&format!(": {name} ")), "{s}");
        assert!(s.contains(" at λ_dec = 1e-12 to "), "{s}");
        assert!(s.contains("; levels: LeTCC, λ_dec by GCV: "), "{s}");
        let marker = &v.marker.as_ref().unwrap().label;
        assert!(
            s.ends_with(&format!("; the vertical line marks {marker}.")),
            "{s}"
        );
        assert!(
            !s.contains(", lowest 0.079"),
            "no lowest point equal to an end: {s}"
        );
        no_nan(&s);
    }
}
