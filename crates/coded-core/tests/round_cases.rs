//! A round as the app's round stage computes it ([`Round::compute`]) is
//! the round `coded round` reports ([`run_round`]), on the rounds of
//! coded-testing's list.

use coded_core::problem::Problem;
use coded_core::round::Round;
use coded_core::{run_round, Config};

#[test]
fn a_round_is_coded_rounds_round() {
    for text in coded_testing::rounds::ROUND_CASES {
        let c = Config::from_json(text).unwrap();
        let problem = Problem::new(&c).unwrap();
        let prepared = problem.prepare(c.scheme, c.n);
        let round = Round::compute(&c, 3, Some((&problem, &prepared)));
        let r = run_round(&c, 3).unwrap();
        assert_eq!(round.draw.straggled, r.straggled, "{text}");
        assert_eq!(round.survivors(), r.survivors);
        assert_eq!(round.longest_run, r.longest_straggler_run);
        assert_eq!(round.betas, r.betas);
        assert_eq!(round.adversarial_servers, r.adversarial_servers);
        assert_eq!(round.draw.finish_times, r.finish_times);
        let d = round.decoded.as_ref().unwrap();
        assert_eq!(d.outcome.squared_error, r.squared_error);
        assert_eq!(coded_core::report::rows(&d.answers), r.outputs);
        assert_eq!(round.recent[3], r.straggled);
        // With adversaries and no bound given, the M the answers were
        // corrupted with; nothing to say without adversaries.
        assert_eq!(
            round.automatic_adversary_bound(),
            c.adversaries.as_ref().map(|_| problem.adversary_bound()),
            "{text}"
        );
        assert_eq!(round.recent.len(), c.trials.min(Round::RECENT));
        let late = Round::compute(&c, 150, None);
        assert_eq!(
            late.recent.last().unwrap(),
            &run_round(&c, 150).unwrap().straggled
        );
        assert_eq!(late.recent_first + late.recent.len(), 151);
    }
}
