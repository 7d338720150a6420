//! The points of an error plot where every round failed, grouped by why:
//! one note per reason, naming the points, rather than one per point (a
//! formula that is not finite at an input fails every round of every point,
//! and forty identical lines would hide the reason).

use coded_core::limits::short_number;
use coded_core::{Failure, FunctionKind, SweepPoint};

/// Where a point is: its curve, and its x when it has one (a dashed level
/// has none).
struct Place {
    curve: String,
    at: Option<(String, f64)>,
}

/// The points seen, and those where every round failed, by their reasons.
#[derive(Default)]
pub struct AllFailed {
    seen: usize,
    groups: Vec<(Vec<Failure>, Vec<Place>)>,
}

impl AllFailed {
    /// Counts a point of the plot; when every one of its rounds failed,
    /// notes it under its reasons. `at`: its x's name and value.
    pub fn see(&mut self, curve: &str, at: Option<(&str, f64)>, point: &SweepPoint) {
        self.seen += 1;
        if point.mse.is_some() {
            return;
        }
        let reasons: Vec<Failure> = point.failed_because.iter().map(|(r, _)| *r).collect();
        let place = Place {
            curve: curve.to_string(),
            at: at.map(|(name, x)| (name.to_string(), x)),
        };
        match self.groups.iter_mut().find(|(r, _)| *r == reasons) {
            Some((_, places)) => places.push(place),
            None => self.groups.push((reasons, vec![place])),
        }
    }

    /// One sentence per group of reasons, f named as the page names it.
    pub fn notes(&self, function: &FunctionKind) -> Vec<String> {
        self.groups
            .iter()
            .map(|(reasons, places)| {
                let why: Vec<String> = reasons.iter().map(|r| r.words(function)).collect();
                let why = if why.is_empty() {
                    "no round was run".to_string()
                } else {
                    why.join("; or ")
                };
                if places.len() == self.seen && self.seen > 1 {
                    format!("Every round of every point failed: {why}.")
                } else {
                    format!("Every round failed ({}): {why}.", listed(places))
                }
            })
            .collect()
    }
}

/// "BACC, p = 0.1 at N = 20, 40; LeTCC, λ_dec by GCV": the places, the x
/// of consecutive places of one curve together.
fn listed(places: &[Place]) -> String {
    let mut parts: Vec<String> = vec![];
    let mut i = 0;
    while i < places.len() {
        let (curve, name) = (&places[i].curve, places[i].at.as_ref().map(|a| &a.0));
        let run: Vec<&Place> = places[i..]
            .iter()
            .take_while(|p| p.curve == *curve && p.at.as_ref().map(|a| &a.0) == name)
            .collect();
        i += run.len();
        let xs: Vec<String> = run
            .iter()
            .filter_map(|p| p.at.as_ref().map(|(_, x)| short_number(*x)))
            .collect();
        match name {
            Some(name) => parts.push(format!("{curve} at {name} = {}", xs.join(", "))),
            None => parts.push(curve.clone()),
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Formula;

    fn point(mse: bool, failed_because: Vec<(Failure, usize)>) -> SweepPoint {
        let c = coded_core::Config::default();
        let problem = coded_core::Problem::new(&c).unwrap();
        let prepared = problem.prepare(c.scheme, c.n);
        let mut p = problem.monte_carlo(&prepared, &c.stragglers, 0, 1);
        if !mse {
            p.mse = None;
        }
        p.failed_because = failed_because;
        p
    }

    #[test]
    fn one_note_per_reason_naming_the_points() {
        let ln = FunctionKind::Formula(Formula::new("ln(x)").unwrap());
        let input = Failure::InputNotFinite {
            input: 3,
            x: Some(0.0),
        };
        let need = Failure::BelowThreshold { need: 9 };
        let mut all = AllFailed::default();
        all.see("BACC", Some(("N", 20.0)), &point(false, vec![(input, 5)]));
        all.see("BACC", Some(("N", 40.0)), &point(false, vec![(input, 5)]));
        all.see("LCC", Some(("N", 20.0)), &point(false, vec![(need, 5)]));
        all.see("LCC", Some(("N", 40.0)), &point(true, vec![(need, 1)]));
        all.see("BACC", None, &point(false, vec![(input, 5)]));
        assert_eq!(
            all.notes(&ln),
            [
                "Every round failed (BACC at N = 20, 40; BACC): f(x) = ln(x) is not a finite number at x = 0 (input 4), so the error cannot be measured.",
                "Every round failed (LCC at N = 20): LCC got fewer than the 9 answers it needs (its recovery threshold)."
            ]
        );
        // Every point, for one reason: one line that says so.
        let mut every = AllFailed::default();
        for n in [20.0, 40.0, 80.0] {
            every.see("LeTCC", Some(("N", n)), &point(false, vec![(input, 5)]));
        }
        assert_eq!(
            every.notes(&ln),
            ["Every round of every point failed: f(x) = ln(x) is not a finite number at x = 0 (input 4), so the error cannot be measured."]
        );
        // Rounds failing for two reasons: both, in one line.
        let mut mixed = AllFailed::default();
        mixed.see(
            "LCC",
            Some(("p", 0.9)),
            &point(false, vec![(need, 3), (Failure::NoAnswer, 2)]),
        );
        mixed.see("LCC", Some(("p", 0.1)), &point(true, vec![]));
        assert_eq!(
            mixed.notes(&FunctionKind::XSinX),
            ["Every round failed (LCC at p = 0.9): LCC got fewer than the 9 answers it needs (its recovery threshold); or no server answered."]
        );
    }
}
