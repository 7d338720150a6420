//! Browser benchmark of the core, compiled to wasm (simd128) and run in
//! headless Chromium on one thread. Prints a table; asserts nothing about time.
//!
//!     scripts/bench.sh            (native criterion numbers and these)
//!
//! or alone:
//!
//!     CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown \
//!         -p coded-core --test wasm_bench -- --nocapture
#![cfg(target_arch = "wasm32")]

use coded_core::lenet::{Digits, LeNet5, CLASSES};
use coded_core::{run_round, sweep, Config, FunctionKind, Scheme, SweepPlan};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now_ms() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

/// Best of `reps` runs, in milliseconds.
fn best_of(reps: usize, mut f: impl FnMut()) -> f64 {
    (0..reps)
        .map(|_| {
            let t = now_ms();
            f();
            now_ms() - t
        })
        .fold(f64::INFINITY, f64::min)
}

fn say(line: String) {
    web_sys::console::log_1(&line.into());
}

#[wasm_bindgen_test]
fn browser_benchmark() {
    let net = LeNet5::get().unwrap();
    let digits = Digits::get().unwrap();
    say("| what | time | throughput |".into());
    say("| --- | --- | --- |".into());
    for batch in [256usize, 1024] {
        let images: Vec<f32> = (0..batch)
            .flat_map(|i| digits.image(i % digits.len()).map(|v| v as f32))
            .collect();
        let mut logits = vec![0.0f32; batch * CLASSES];
        let ms = best_of(5, || net.forward_batch(&images, &mut logits));
        let per_s = batch as f64 / (ms / 1e3);
        say(format!(
            "| LeNet-5 forward, batch {batch} (wasm, 1 thread) | {ms:.1} ms | {per_s:.0} images/s, {:.2} G multiply-adds/s |",
            per_s * 416_520.0 / 1e9
        ));
    }
    let config = Config {
        function: FunctionKind::Lenet5,
        n: 256,
        k: 10,
        ..Config::default()
    };
    for scheme in [Scheme::Bacc, Scheme::Letcc] {
        let c = Config {
            scheme,
            ..config.clone()
        };
        let ms = best_of(3, || {
            run_round(&c, 0).unwrap();
        });
        say(format!("| one LeNet-5 round, {} N = 256, K = 10 (encode, 256 CNN calls, decode) | {ms:.1} ms | |", scheme.name()));
    }
    // The random stream: ours (four blocks in simd128 lanes) and
    // rand_chacha's (a word at a time in wasm), the same words; as many as
    // the default sweep's 28 bootstraps draw (B = 1000 resamples of 200
    // trials, two indices to a draw), and the bootstraps themselves.
    const DRAWS: usize = 2_800_000;
    let ours = best_of(5, || {
        let mut r = coded_core::rng::Rng::new(5);
        let x = (0..DRAWS).fold(0u64, |x, _| x ^ r.next_u64());
        std::hint::black_box(x);
    });
    let theirs = best_of(5, || {
        use rand::{RngCore, SeedableRng};
        let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let x = (0..DRAWS).fold(0u64, |x, _| x ^ r.next_u64());
        std::hint::black_box(x);
    });
    say(format!("| 2.8 M random u64, ours (simd128) / rand_chacha's | {ours:.1} ms / {theirs:.1} ms | {:.2}× |", theirs / ours));
    let columns: Vec<Vec<f64>> = (0..3)
        .map(|c| (0..200).map(|i| ((i * 7 + c) % 13) as f64 / 10.0).collect())
        .collect();
    let columns: Vec<&[f64]> = columns.iter().map(|c| &c[..]).collect();
    let ms = best_of(5, || {
        for point in 0..28 {
            std::hint::black_box(coded_core::metrics::bootstrap_means(&columns, point, 1000));
        }
    });
    say(format!("| the default sweep's 28 bootstraps (1000 resamples of 200 trials, 3 statistics) | {ms:.1} ms | |"));
    let ns = [20, 40, 80, 160, 320, 640, 1280];
    let base = Config {
        trials: 200,
        ..Config::default()
    };
    for (name, c) in [
        ("gcv", base.clone()),
        (
            "fixed 1e-12",
            Config {
                lambda_dec: coded_core::LambdaDec::Value(1e-12),
                ..base.clone()
            },
        ),
    ] {
        let plan = SweepPlan::paper(&c, &ns).unwrap();
        let ms = best_of(2, || {
            sweep(&c, &plan).unwrap();
        });
        say(format!("| x·sin x sweep N = 20…1280, 200 trials, BACC + LeTCC (λ_dec {name}), p = 0.1, 0.3 | {ms:.0} ms | |"));
    }
    // The same sweep with ApproxIFER added (issue 43's bar: within 2×).
    let plan = SweepPlan::new(
        &base,
        Some(&ns),
        Some(&[0.1, 0.3]),
        Some(&[Scheme::Bacc, Scheme::Letcc, Scheme::Approxifer]),
    )
    .unwrap();
    let ms = best_of(2, || {
        sweep(&base, &plan).unwrap();
    });
    say(format!(
        "| the same sweep (λ_dec gcv) with ApproxIFER added | {ms:.0} ms | |"
    ));
    // ApproxIFER's locator alone, one round of x·sin x answers (one
    // coordinate), at the sizes the `locators` example times natively.
    for (n, e) in coded_core::locator::TIMED_SIZES {
        let c = Config {
            n,
            ..Config::default()
        };
        let problem = coded_core::problem::Problem::new(&c).unwrap();
        let prepared = problem.prepare(Scheme::Bacc, n);
        let answers = problem.answers(&prepared, 0).into_owned();
        let reps = 20;
        let ms = best_of(3, || {
            for _ in 0..reps {
                std::hint::black_box(
                    coded_core::locator::locate_fit_gap(
                        &prepared.coder.betas,
                        &answers,
                        10,
                        e,
                        coded_core::locator::GAP,
                    )
                    .unwrap(),
                );
            }
        }) / reps as f64;
        say(format!("| ApproxIFER's locator, N = {n}, e = {e}, one coordinate | {ms:.3} ms | {:.0} rounds/s |", 1e3 / ms));
    }
}
