//! proptest strategies of valid configurations, shared by the core's
//! parser and pipeline fuzzing (`crates/coded-core/tests/fuzz_config.rs`,
//! `fuzz_pipeline.rs`), the engine's data-path fuzzing
//! (`crates/coded-engine/tests/fuzz_views.rs`) and the URL codec's
//! (`src/url.rs`): one definition of "a random configuration" for all.

use coded_core::adversaries::AdversaryCount;
use coded_core::config::TABLE;
use coded_core::robust::Tolerance;
use coded_core::{
    Adversaries, Attack, Config, Formula, FunctionKind, LambdaDec, LambdaRule, Placement, Scheme,
    StragglerModel,
};
use proptest::prelude::*;
use proptest::test_runner::{Config as PtConfig, FileFailurePersistence};

/// `cases` cases, no failure files written (a failure prints its input).
pub fn cfg(cases: u32) -> PtConfig {
    PtConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        max_shrink_iters: 1_000,
        ..PtConfig::default()
    }
}

/// λ values from the brief: 0, 1e-300, tiny, normal, 1e300.
pub fn lambda() -> impl Strategy<Value = f64> {
    prop::sample::select(vec![0.0, 1e-300, 1e-14, 1e-6, 1e-3, 1.0, 1e3, 1e300])
}

pub fn stragglers(n: usize) -> impl Strategy<Value = StragglerModel> {
    let time = prop_oneof![
        Just(0.0),
        Just(1e6),
        Just(1e-300),
        0.0..3.0f64,
        0.0..=1e6f64
    ];
    let rate = prop_oneof![
        Just(5e-324),
        Just(1e-300),
        Just(1e6),
        Just(1.0),
        1e-3..=1e6f64
    ];
    every_model(
        prop_oneof![Just(0.0), Just(1.0), 0.0..=1.0f64, Just(5e-324)].boxed(),
        (0..=n + 3).boxed(),
        time.boxed(),
        rate.boxed(),
        manual(n).boxed(),
    )
}

/// Every model of `StragglerModel::ALL` (a new one is a compile error until
/// it is drawn here), its parameters drawn from these: p, S, the deadline
/// model's times (shift and deadline) and rate, and a hand-made pattern.
fn every_model(
    p: BoxedStrategy<f64>,
    s: BoxedStrategy<usize>,
    time: BoxedStrategy<f64>,
    rate: BoxedStrategy<f64>,
    manual: BoxedStrategy<StragglerModel>,
) -> impl Strategy<Value = StragglerModel> {
    prop::sample::select(StragglerModel::ALL.to_vec()).prop_flat_map(move |m| match m {
        StragglerModel::Iid { .. } => p.clone().prop_map(|p| StragglerModel::Iid { p }).boxed(),
        StragglerModel::Fixed { .. } => s.clone().prop_map(|s| StragglerModel::Fixed { s }).boxed(),
        StragglerModel::Block { .. } => s.clone().prop_map(|s| StragglerModel::Block { s }).boxed(),
        StragglerModel::Deadline { .. } => (time.clone(), rate.clone(), time.clone())
            .prop_map(|(shift, rate, deadline)| StragglerModel::Deadline {
                shift,
                rate,
                deadline,
            })
            .boxed(),
        StragglerModel::Manual { .. } => manual.clone(),
    })
}

/// A hand-made pattern at N servers: distinct indices below N, in any order
/// (none, some, or all of them).
pub fn manual(n: usize) -> impl Strategy<Value = StragglerModel> {
    prop::collection::btree_set(0..n.max(1), 0..=n.min(12)).prop_shuffle_servers()
}

trait ShuffleServers {
    fn prop_shuffle_servers(self) -> BoxedStrategy<StragglerModel>;
}

impl<S: Strategy<Value = std::collections::BTreeSet<usize>> + 'static> ShuffleServers for S {
    /// The set in a shuffled order: the model takes the list in any order.
    fn prop_shuffle_servers(self) -> BoxedStrategy<StragglerModel> {
        self.prop_map(|set| set.into_iter().collect::<Vec<usize>>())
            .prop_shuffle()
            .prop_map(|servers| StragglerModel::Manual { servers })
            .boxed()
    }
}

/// σ: mostly none, sometimes small, sometimes the limit.
pub fn noise() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => Just(0.0),
        1 => prop::sample::select(vec![1e-300, 1e-6, 0.1, 1.0, 1e3]),
        1 => 0.0..=1e3f64,
    ]
}

/// Adversaries: mostly none; a count (clamped to K by [`fit_adversaries`],
/// so that a sweep over N ≥ K stays valid)
/// or an exponent, any bound, attack and placement.
pub fn adversaries() -> impl Strategy<Value = Option<Adversaries>> {
    let size = prop_oneof![
        (0usize..=50).prop_map(AdversaryCount::Count),
        (0.0..0.999f64).prop_map(AdversaryCount::Exponent),
    ];
    prop::option::weighted(
        0.2,
        (
            size,
            prop::option::of(prop::sample::select(vec![1e-300, 0.5, 3.0, 1e12])),
            prop::sample::select(Attack::ALL.to_vec()),
            prop::sample::select(Placement::ALL.to_vec()),
        )
            .prop_map(|(size, bound, attack, placement)| Adversaries {
                size,
                bound,
                attack,
                placement,
            }),
    )
}

/// The adversaries with a count of at most `n`.
///
/// A count of 0 is written as no adversaries (as a link reads it).
pub fn fit_adversaries(a: Option<Adversaries>, n: usize) -> Option<Adversaries> {
    a.and_then(|a| match a.size {
        AdversaryCount::Count(c) => (c.min(n) > 0).then_some(Adversaries {
            size: AdversaryCount::Count(c.min(n)),
            ..a
        }),
        AdversaryCount::Exponent(_) => Some(a),
    })
}

/// The tolerance with a value of at most `n` (every N a sweep of the fuzz
/// tests runs is at least K, which they pass).
pub fn fit_tolerance(t: Tolerance, n: usize) -> Tolerance {
    match t {
        Tolerance::Value(e) => Tolerance::Value(e.min(n)),
        auto => auto,
    }
}

/// The configuration with each field of the table at its default or at its
/// example, at random: what every field the strategies below do not draw
/// themselves takes (the point set, whose two values are its default and
/// its example, and any field added to the table, which every fuzz test
/// then exercises the day it exists).
pub fn table_fields() -> impl Strategy<Value = Config> {
    prop::collection::vec(any::<bool>(), TABLE.len()).prop_map(|examples| {
        let mut config = Config::default();
        for (field, _) in TABLE.iter().zip(examples).filter(|(_, e)| *e) {
            field.set_example(&mut config);
        }
        config
    })
}

/// A valid configuration with N ≤ `max_n`, K ≤ `max_k`, trials ≤ `max_trials`.
pub fn small_config(
    functions: Vec<FunctionKind>,
    max_n: usize,
    max_k: usize,
    max_trials: usize,
) -> impl Strategy<Value = Config> {
    (1..=max_n)
        .prop_flat_map(move |n| (Just(n), 1..=n.min(max_k), stragglers(n), noise()))
        .prop_flat_map(move |(n, k, model, noise)| {
            (
                (
                    prop::sample::select(Scheme::ALL.to_vec()),
                    prop::sample::select(functions.clone()),
                ),
                lambda(),
                prop_oneof![
                    Just(LambdaDec::default()),
                    lambda().prop_map(LambdaDec::Value)
                ],
                prop::sample::select(LambdaRule::ALL.to_vec()),
                1..=max_trials,
                prop_oneof![
                    Just(0u64),
                    Just((1u64 << 53) - 1),
                    any::<u64>().prop_map(|s| s >> 11)
                ],
                adversaries(),
                table_fields(),
            )
                .prop_map(
                    move |((scheme, function), le, ld, rule, trials, seed, adv, rest)| Config {
                        scheme,
                        function,
                        k,
                        n,
                        stragglers: model.clone(),
                        lambda_enc: le,
                        lambda_dec: ld,
                        lambda_rule: rule,
                        trials,
                        seed,
                        noise,
                        adversaries: fit_adversaries(adv, k),
                        tolerance: fit_tolerance(rest.tolerance, k),
                        ..rest
                    },
                )
        })
}

/// Formulas to compute with: finite everywhere, or not at some inputs (ln,
/// sqrt and 1/x on [−3, 3], one NaN everywhere), with and without a degree.
pub fn formula_functions() -> Vec<FunctionKind> {
    [
        ("sin(3*x) + x^2", None),
        ("exp(x/2) - pi*e", None),
        ("x^3 - 2*x", Some(3)),
        ("ln(x)", None),
        ("sqrt(x) + 1", None),
        ("1/x", None),
        ("1/(x - 0.5)", None),
        ("ln(2.5 - x)", None),
        ("ln(-(x^2) - 1)", None),
        ("min(x, 1) * max(x^2, 0.5)", Some(4)),
    ]
    .into_iter()
    .map(|(t, d)| FunctionKind::Formula(Formula::new(t).unwrap().with_degree(d)))
    .collect()
}

/// A formula with the characters a link or JSON must carry exactly (& % +
/// spaces , quotes, non-ASCII operators), with or without a degree.
pub fn any_formula() -> impl Strategy<Value = FunctionKind> {
    let texts = prop::sample::select(vec![
        "sin(3*x) + x^2",
        "x && 1",
        "x % 2 + 1",
        "max(x, 1, -2)",
        "  x − 1 ",
        "2×x · 3 ÷ 4",
        "exp(-(x^2)) + ln(1 + x^2)",
        "log(2, 8) * sqrt(abs(x))",
        "pi*x - e",
        "(x > 0) * x",
        "ln(x)",
    ]);
    (
        texts,
        prop::option::of(0..=coded_core::limits::MAX_DEGREE),
        0usize..40,
    )
        .prop_map(|(t, degree, pad)| {
            // Some longer ones, up to the limit of 500 characters.
            let text = format!("{t}{}", " + x".repeat(pad * 3));
            let text: String = if text.chars().count() > coded_core::limits::MAX_FORMULA_CHARS {
                t.to_string()
            } else {
                text
            };
            FunctionKind::Formula(Formula::new(&text).unwrap().with_degree(degree))
        })
}

/// Any valid configuration, limits included (N up to 8192, λ up to 1e300,
/// seeds up to 2⁵³ − 1): for the parsers, which do not compute.
pub fn any_valid_config() -> impl Strategy<Value = Config> {
    use coded_core::limits::{MAX_K, MAX_LAMBDA, MAX_N, MAX_SEED, MAX_TIME, MAX_TRIALS};
    let lambda = prop_oneof![
        Just(0.0),
        Just(1e-300),
        Just(MAX_LAMBDA),
        0.0..=MAX_LAMBDA,
        (-300.0f64..300.0).prop_map(|e| 10f64.powf(e).min(MAX_LAMBDA)),
    ];
    let time = prop_oneof![Just(0.0), Just(MAX_TIME), 0.0..=MAX_TIME];
    let rate = prop_oneof![
        Just(MAX_TIME),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
        1e-9..=MAX_TIME
    ];
    // Every model with any valid parameters (a new model is a compile error
    // until it is drawn here); a hand-made pattern needs its N, so it is
    // drawn with it below.
    let stragglers = every_model(
        prop_oneof![0.0..=1.0f64, prop::sample::select(vec![0.0, 1.0, 5e-324])].boxed(),
        (0..=MAX_N).boxed(),
        time.boxed(),
        rate.boxed(),
        Just(StragglerModel::Manual { servers: vec![] }).boxed(),
    );
    (
        prop::sample::select(Scheme::ALL.to_vec()),
        prop_oneof![
            prop::sample::select(vec![
                FunctionKind::XSinX,
                FunctionKind::Cubic,
                FunctionKind::Abs,
                FunctionKind::Lenet5,
            ]),
            any_formula(),
        ],
        (1..=MAX_N).prop_flat_map(|n| (Just(n), 1..=n.min(MAX_K))),
        stragglers,
        lambda.clone(),
        prop_oneof![
            Just(LambdaDec::default()),
            lambda.prop_map(LambdaDec::Value)
        ],
        prop::sample::select(LambdaRule::ALL.to_vec()),
        1..=MAX_TRIALS,
        (
            prop_oneof![Just(0), Just(MAX_SEED), 0..=MAX_SEED],
            noise(),
            // Some(set): the manual model with the indices of the set below N.
            prop::option::weighted(0.2, prop::collection::btree_set(0..MAX_N, 0..=20)),
            adversaries(),
            table_fields(),
        ),
    )
        .prop_map(
            |(
                scheme,
                function,
                (n, k),
                stragglers,
                lambda_enc,
                lambda_dec,
                lambda_rule,
                trials,
                (seed, noise, manual, adv, rest),
            )| {
                let stragglers = match manual {
                    Some(set) => StragglerModel::Manual {
                        servers: set.into_iter().filter(|&i| i < n).collect(),
                    },
                    None => stragglers,
                };
                Config {
                    scheme,
                    function,
                    k,
                    n,
                    stragglers,
                    lambda_enc,
                    lambda_dec,
                    lambda_rule,
                    trials,
                    seed,
                    noise,
                    adversaries: fit_adversaries(adv, k),
                    tolerance: fit_tolerance(rest.tolerance, k),
                    ..rest
                }
            },
        )
}
