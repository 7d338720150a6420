//! Adversarial servers: absent, they change no number; present, they are
//! exactly the servers their placement chose, their answers stay in the box,
//! and LeTCC with the adversarial λ rule keeps its error falling with N
//! where BACC's does not.

use coded_core::adversaries::{Adversaries, AdversaryCount, Attack, Placement};
use coded_core::{run_round, sweep, Config, LambdaRule, Scheme, SweepPlan};
use coded_testing::config;

#[test]
fn no_adversaries_change_no_number() {
    let base = r#"{"scheme": "letcc", "n": 60, "trials": 6, "noise": 0.01, "stragglers": {"model": "iid", "p": 0.3}"#;
    let plain = config(&format!("{base}}}"));
    assert!(
        !plain.to_json().contains("adversaries"),
        "left out of the JSON"
    );
    let ns = [20, 60, 90];
    let run = |c: &Config| {
        let plan = SweepPlan::new(c, Some(&ns), None, Some(&Scheme::ALL)).unwrap();
        serde_json::to_string(&sweep(c, &plan).unwrap()).unwrap()
    };
    let expected = run(&plain);
    for extra in [
        r#", "adversaries": null"#,
        r#", "adversaries": {"count": 0, "placement": "nearest"}"#,
        // The adversarial rule with no adversary leaves λ_dec to GCV.
        r#", "adversaries": {"count": 0}, "lambda_rule": "adversarial""#,
    ] {
        let c = config(&format!("{base}{extra}}}"));
        assert_eq!(run(&c), expected, "{extra}");
        let (a, b) = (run_round(&plain, 2).unwrap(), run_round(&c, 2).unwrap());
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }
}

#[test]
fn the_adversaries_are_the_placements_servers_and_stay_in_the_box() {
    for placement in Placement::ALL {
        for attack in Attack::ALL {
            let adv = Adversaries {
                size: AdversaryCount::Count(6),
                bound: Some(2.5),
                attack,
                placement,
            };
            let mut c = config(r#"{"n": 50, "stragglers": {"model": "fixed", "s": 4}}"#);
            let honest = run_round(&c, 3).unwrap();
            c.adversaries = Some(adv.clone());
            let r = run_round(&c, 3).unwrap();
            assert_eq!(r.adversarial_servers.len(), 6, "{placement:?}");
            for s in 0..50 {
                let changed = r.outputs[s] != honest.outputs[s];
                let adversarial = r.adversarial_servers.contains(&s);
                // A flipped answer of 0 stays 0, and a stealthy adversary
                // sends its honest answer when every push is flagged:
                // only check the others.
                if !matches!(attack, Attack::Flip | Attack::Stealth) {
                    assert_eq!(changed, adversarial, "server {s}, {placement:?} {attack:?}");
                }
                if adversarial {
                    assert!(r.outputs[s].iter().all(|v| v.abs() <= 2.5));
                }
            }
            // A straggling adversary sends nothing: it is no survivor.
            for &s in &r.adversarial_servers {
                assert_eq!(r.survivors.contains(&s), !r.straggled[s]);
            }
            assert_eq!(r.straggled, honest.straggled, "drawn independently");
        }
    }
}

#[test]
fn the_nearest_adversaries_sit_at_the_data_points() {
    let c = config(r#"{"k": 4, "n": 40, "adversaries": {"count": 4, "placement": "nearest"}}"#);
    let r = run_round(&c, 0).unwrap();
    for (&s, &a) in r.adversarial_servers.iter().zip(&{
        let mut a = r.alphas.clone();
        a.sort_by(f64::total_cmp);
        a
    }) {
        let nearest = (0..40)
            .min_by(|&i, &j| (r.betas[i] - a).abs().total_cmp(&(r.betas[j] - a).abs()))
            .unwrap();
        assert_eq!(s, nearest, "α = {a}");
    }
}

#[test]
fn letcc_with_the_adversarial_rule_keeps_falling_where_bacc_stops() {
    let mut c = config(
        r#"{"k": 10, "trials": 4, "stragglers": {"model": "fixed", "s": 0},
            "adversaries": {"exponent": 0.3, "placement": "nearest", "attack": "edge"}}"#,
    );
    c.lambda_rule = LambdaRule::Adversarial;
    let ns = [40, 160, 640, 2560];
    let plan = SweepPlan::new(&c, Some(&ns), None, Some(&[Scheme::Bacc, Scheme::Letcc])).unwrap();
    let points = sweep(&c, &plan).unwrap();
    let mse = |scheme: Scheme| -> Vec<f64> {
        points
            .iter()
            .filter(|p| p.scheme == scheme)
            .map(|p| p.mse.as_ref().unwrap().mean)
            .collect()
    };
    let (bacc, letcc) = (mse(Scheme::Bacc), mse(Scheme::Letcc));
    assert!(letcc.windows(2).all(|w| w[1] < w[0]), "falls: {letcc:?}");
    assert!(letcc[3] < letcc[0] / 30.0, "{letcc:?}");
    assert!(
        bacc.iter().all(|&e| e > bacc[0] / 2.0 && e < bacc[0] * 2.0),
        "stays near its level: {bacc:?}"
    );
}
