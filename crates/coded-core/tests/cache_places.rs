//! Every field's cache place is right: changing only that field (to its
//! table entry's example) and computing through the core's own calls, a
//! field that changes the problem (inputs, data points, exact outputs) must
//! be `Problem`, and one that changes only a prepared scheme's coded inputs
//! or server answers must be `Problem` or `Prepared`. A field that changes
//! neither may be anywhere: the trials read it afresh.
//!
//! Why computed, not listed: a list of the places here would be a second
//! copy of the table's; this asks the mathematics instead. A field with
//! the wrong place would make the engine's cache reuse stale answers.

use coded_core::config::{CachePlace, TABLE};
use coded_core::problem::Problem;
use coded_core::{Config, Scheme};
use nalgebra::DMatrix;

/// The same numbers, bit for bit, in the same shape.
fn same(a: &DMatrix<f64>, b: &DMatrix<f64>) -> bool {
    a.shape() == b.shape()
        && a.iter()
            .zip(b.iter())
            .all(|(x, y)| x.to_bits() == y.to_bits())
}

/// What changed between two configurations: (the problem, the answers of
/// the configuration's scheme at its N).
fn changes(a: &Config, b: &Config) -> (bool, bool) {
    let (pa, pb) = (Problem::new(a).unwrap(), Problem::new(b).unwrap());
    let problem = !(pa.alphas == pb.alphas
        && same(&pa.inputs, &pb.inputs)
        && same(&pa.exact, &pb.exact)
        && pa.labels == pb.labels);
    let (qa, qb) = (pa.prepare(a.scheme, a.n), pb.prepare(b.scheme, b.n));
    let answers = !(same(&qa.coded_inputs, &qb.coded_inputs) && same(&qa.outputs, &qb.outputs));
    (problem, answers)
}

#[test]
fn every_field_is_in_the_cache_place_its_effect_needs() {
    let mut found = vec![];
    for field in &TABLE {
        let (mut problem, mut answers) = (false, false);
        // From each scheme: λ_enc, for one, changes only LeTCC's answers.
        for scheme in Scheme::ALL {
            let base = Config {
                scheme,
                ..Config::default()
            };
            let mut other = base.clone();
            field.set_example(&mut other);
            other.validate().unwrap();
            if other == base {
                continue; // the scheme's example, from that scheme
            }
            let (p, a) = changes(&base, &other);
            (problem, answers) = (problem || p, answers || a);
        }
        let place = field.place;
        if problem {
            assert_eq!(
                place,
                CachePlace::Problem,
                "{} changes the problem",
                field.name
            );
        } else if answers {
            assert!(
                matches!(place, CachePlace::Problem | CachePlace::Prepared),
                "{} changes the server answers but is in {place:?}",
                field.name
            );
        }
        found.push((field.name, place, problem, answers));
    }
    // The places as measured (`--nocapture` shows them).
    for (name, place, problem, answers) in found {
        println!("{name}: {place:?} (changes the problem: {problem}, the answers: {answers})");
    }
}

#[test]
fn keys_compare_exactly_the_fields_of_their_place() {
    let base = Config::default();
    for field in &TABLE {
        let mut other = base.clone();
        field.set_example(&mut other);
        assert_ne!(other, base, "{}: the example is the default", field.name);
        for place in [
            CachePlace::Problem,
            CachePlace::Prepared,
            CachePlace::Decoding,
        ] {
            let differ = base.cache_key(place) != other.cache_key(place);
            let keyed = field.place == place && place != CachePlace::Decoding;
            assert_eq!(differ, keyed, "{} in the {place:?} key", field.name);
        }
    }
    // Numbers bit for bit: −0 is not 0 (a cache must not assume the same
    // answers).
    let minus = Config {
        lambda_enc: -0.0,
        ..base.clone()
    };
    assert_ne!(
        minus.cache_key(CachePlace::Prepared),
        base.cache_key(CachePlace::Prepared)
    );
    // A point's scheme and N replace the configuration's.
    let point = base.point_key(CachePlace::Prepared, Scheme::Lcc, 77);
    let moved = Config {
        scheme: Scheme::Lcc,
        n: 77,
        ..base.clone()
    };
    assert_eq!(point, moved.cache_key(CachePlace::Prepared));
    assert_eq!(
        base.point_key(CachePlace::Problem, Scheme::Lcc, 77),
        base.cache_key(CachePlace::Problem)
    );
}
