//! Measures how the choice of λ_dec serves LeTCC as N grows, for a smooth and
//! a non-smooth function: fixed values, the N-scaled rule and GCV.
//!
//!     cargo run --release -p coded-core --example lambda_rules [trials]
//!
//! Prints, per function, rule and p, the mean squared error at each N and the
//! fitted log-log slope. The project's default rule was chosen from this table
//! (see docs/mathematics.md, "Choosing λ_dec").

use coded_core::metrics::{curves, fitted_slope};
use coded_core::{sweep, Config, FunctionKind, LambdaDec, LambdaRule, Scheme, SweepPlan};

fn main() {
    let trials: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let ns = [20, 40, 80, 160, 320, 640, 1280];
    let ps = [0.1, 0.3];
    let v = LambdaDec::Value;
    let rules: [(&str, LambdaRule, LambdaDec); 7] = [
        ("fixed 1e-6", LambdaRule::Fixed, v(1e-6)),
        ("fixed 1e-9", LambdaRule::Fixed, v(1e-9)),
        ("fixed 1e-12", LambdaRule::Fixed, v(1e-12)),
        ("fixed 0", LambdaRule::Fixed, v(0.0)),
        ("shrink 1e-6 @N=40", LambdaRule::Shrink, v(1e-6)),
        ("shrink 1e-4 @N=40", LambdaRule::Shrink, v(1e-4)),
        ("gcv", LambdaRule::Fixed, LambdaDec::default()),
    ];
    for function in [FunctionKind::XSinX, FunctionKind::Abs] {
        println!(
            "\n## {} (LeTCC, K = 10, {trials} trials; BACC for comparison)",
            function.name()
        );
        print!("{:<20} {:>4}", "rule", "p");
        for n in ns {
            print!(" {:>9}", format!("N={n}"));
        }
        println!(" {:>7}", "slope");
        let mut rows: Vec<(String, Scheme, LambdaRule, LambdaDec)> = rules
            .iter()
            .map(|(name, rule, l)| (name.to_string(), Scheme::Letcc, *rule, *l))
            .collect();
        rows.push(("BACC".into(), Scheme::Bacc, LambdaRule::Fixed, v(0.0)));
        for (name, scheme, rule, lambda) in rows {
            let config = Config {
                scheme,
                function: function.clone(),
                n: 40,
                lambda_dec: lambda,
                lambda_rule: rule,
                trials,
                ..Config::default()
            };
            let plan = SweepPlan::new(&config, Some(&ns), Some(&ps), None).unwrap();
            let points = sweep(&config, &plan).unwrap();
            for curve in curves(&points) {
                print!("{:<20} {:>4}", name, curve[0].p);
                for p in &curve {
                    match p.mse {
                        Some(s) => print!(" {:>9.2e}", s.mean),
                        None => print!(" {:>9}", "failed"),
                    }
                }
                match fitted_slope(&curve) {
                    Some(s) => println!(" {s:>7.2}"),
                    None => println!(" {:>7}", "-"),
                }
            }
        }
    }
}
