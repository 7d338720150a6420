//! `coded sweep --shard I/M`: which points part I of M computes, and the
//! CSV it prints, which `coded merge` joins into the whole sweep's.
//!
//! The split: points are taken heaviest first (weight trials × (N + 8),
//! ties by their index in the sweep) and each goes to the part with the
//! least weight so far (ties to the lowest part): greedy longest-processing-
//! time, deterministic, so that every machine of a job array computes the
//! same split without talking to the others, and the parts cost about the
//! same. A part may get no point (M above the number of points).
//!
//! A shard's CSV is the sweep's CSV (its study line first) with one more
//! comment line on top and a leading `point` column (the row's index in
//! the whole sweep):
//!
//! ```text
//! # coded sweep shard 2/4 of sweep 5d0f8e2a9c6b7130, 28 points
//! # {"config":{…},"schemes":["bacc","letcc"],"n":[…],"p":[…]}
//! point,scheme,function,n,p,trials,…
//! 3,bacc,x_sin_x,160,0.1,200,…
//! ```
//!
//! The fingerprint is FNV-1a 64 of the configuration (every default filled
//! in) and the plan, so parts of different sweeps are told apart.

use coded_core::checksum::fnv1a64;
use coded_core::csv::{study_line, sweep_header, sweep_rows, Columns};
use coded_core::{Config, Study, SweepPlan, SweepPoint};

/// What a shard's first line starts with.
pub const MARK: &str = "# coded sweep shard ";

/// The points (indices into `weights`) of each of `m` parts, each part's in
/// ascending order.
pub fn split(weights: &[u64], m: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(weights[i]), i));
    let mut parts = vec![vec![]; m];
    let mut load = vec![0u64; m];
    for i in order {
        let lightest = (0..m).min_by_key(|&j| (load[j], j)).expect("m >= 1");
        load[lightest] += weights[i];
        parts[lightest].push(i);
    }
    for p in &mut parts {
        p.sort_unstable();
    }
    parts
}

/// The sweep's fingerprint: 16 hex digits.
pub fn fingerprint(config: &Config, plan: &SweepPlan) -> String {
    let plan_json = serde_json::json!({
        "ns": plan.ns,
        "models": plan.models,
        "schemes": plan.schemes,
    });
    let text = format!("coded sweep 1\n{}\n{plan_json}", config.to_json());
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// Part `part` of `of` (1-based): `points` are its points, whose indices in
/// the whole sweep of `total` points are `indices`.
pub fn shard_csv(
    study: &Study,
    (part, of): (usize, usize),
    fingerprint: &str,
    total: usize,
    indices: &[usize],
    points: &[SweepPoint],
    columns: &Columns,
) -> String {
    let mut out = format!("{MARK}{part}/{of} of sweep {fingerprint}, {total} points\n");
    out.push_str(&study_line(study));
    out.push_str("point,");
    out.push_str(&sweep_header(columns.classifier));
    for (&i, p) in indices.iter().zip(points) {
        // One point's row may span lines, inside a quoted formula.
        let row = sweep_rows(std::slice::from_ref(p), columns);
        out.push_str(&format!("{i},{row}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_balances_and_covers_every_point_once() {
        // The default sweep: 4 curves of N = 20 … 1280.
        let ns = [20u64, 40, 80, 160, 320, 640, 1280];
        let weights: Vec<u64> = (0..4).flat_map(|_| ns.iter().map(|n| n + 8)).collect();
        for m in [1, 2, 3, 5, 8, 40] {
            let parts = split(&weights, m);
            let mut all: Vec<usize> = parts.concat();
            all.sort_unstable();
            assert_eq!(all, (0..weights.len()).collect::<Vec<_>>());
            let loads: Vec<u64> = parts
                .iter()
                .map(|p| p.iter().map(|&i| weights[i]).sum())
                .collect();
            let (max, min) = (*loads.iter().max().unwrap(), *loads.iter().min().unwrap());
            // Within the heaviest point of each other (greedy's bound).
            assert!(max - min <= 1288, "{m}: {loads:?}");
        }
        assert_eq!(split(&[5, 5, 5], 2), [vec![0, 2], vec![1]]);
    }
}
