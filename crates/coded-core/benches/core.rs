//! Criterion benchmarks of the core (numbers go in docs/performance.md, never
//! in tests).
//!
//!     cargo bench -p coded-core --bench core
//!
//! - spline: smoothing-spline fit + evaluation at n = 10³ … 10⁶ (O(n): the
//!   time per point should stay flat); compare tools/bench/scipy_spline.py.
//! - berrut_decode: N = 10⁴ servers, K = 100, m = 10 outputs.
//! - lenet5_forward: images per second, batch 256 and 1024.
//! - sweep: x·sin x, N = 20 … 1280 doubling, 200 trials, BACC and LeTCC,
//!   p ∈ {0.1, 0.3}, with a fixed λ_dec and with GCV.

use coded_core::coder::Coder;
use coded_core::lambda::LambdaDec;
use coded_core::points::{data_points, server_points, PointSet};
use coded_core::rng::Rng;
use coded_core::scheme::Scheme;
use coded_core::spline::SmoothingSpline;
use coded_core::{sweep, Config, SweepPlan};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nalgebra::DMatrix;
use std::time::Duration;

fn spline(c: &mut Criterion) {
    let mut g = c.benchmark_group("spline_fit_eval");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        let t: Vec<f64> = (0..n)
            .map(|i| -1.0 + 2.0 * i as f64 / (n - 1) as f64)
            .collect();
        let mut rng = Rng::new(1);
        let y = DMatrix::from_fn(n, 1, |i, _| (3.0 * t[i]).sin() + 0.1 * rng.normal());
        let at: Vec<f64> = (0..100).map(|i| -1.0 + 2.0 * i as f64 / 99.0).collect();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                SmoothingSpline::fit(black_box(&t), black_box(&y), 1e-6)
                    .unwrap()
                    .eval(&at)
            })
        });
    }
    g.finish();
}

fn berrut_decode(c: &mut Criterion) {
    let (n, k, m) = (10_000, 100, 10);
    let coder = Coder {
        scheme: Scheme::Bacc,
        alphas: data_points(k, PointSet::Chebyshev),
        betas: server_points(n, PointSet::Chebyshev),
        lambda_enc: 0.0,
        lambda_dec: None,
        poly_degree: None,
        tolerance: Default::default(),
    };
    let mut rng = Rng::new(2);
    let survivors: Vec<usize> = (0..n).filter(|_| !rng.bernoulli(0.2)).collect();
    let answers = DMatrix::from_fn(survivors.len(), m, |_, _| rng.normal());
    c.bench_function("berrut_decode_N10000_K100_m10", |b| {
        b.iter(|| {
            coder
                .decode(black_box(&survivors), black_box(&answers))
                .unwrap()
        })
    });
}

fn sweeps(c: &mut Criterion) {
    let mut g = c.benchmark_group("sweep_xsinx_N20-1280_200trials_2schemes_2p");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let ns = [20, 40, 80, 160, 320, 640, 1280];
    for (name, lambda) in [
        ("fixed_lambda_1e-12", LambdaDec::Value(1e-12)),
        ("gcv", LambdaDec::default()),
    ] {
        let config = Config {
            trials: 200,
            lambda_dec: lambda,
            ..Config::default()
        };
        let plan = SweepPlan::paper(&config, &ns).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| sweep(black_box(&config), &plan).unwrap())
        });
    }
    g.finish();
}

/// LeNet-5 images per second on one core (multiply-adds per image: 416 520).
fn lenet(c: &mut Criterion) {
    let net = coded_core::lenet::LeNet5::get().unwrap();
    let digits = coded_core::lenet::Digits::get().unwrap();
    let mut g = c.benchmark_group("lenet5_forward");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for batch in [256usize, 1024] {
        let images: Vec<f32> = (0..batch)
            .flat_map(|i| digits.image(i % digits.len()).map(|v| v as f32))
            .collect();
        let mut logits = vec![0.0f32; batch * 10];
        g.throughput(Throughput::Elements(batch as u64));
        g.bench_with_input(BenchmarkId::from_parameter(batch), &batch, |b, _| {
            b.iter(|| net.forward_batch(black_box(&images), &mut logits))
        });
    }
    g.finish();
}

criterion_group!(benches, spline, berrut_decode, sweeps, lenet);
criterion_main!(benches);
