//! `coded sweep --threads T`: the points of [`coded_core::sweep`], their
//! trials shared out over T threads, with the same bits for every T.
//!
//! Why chunks of trials and not whole points: one LeTCC point at the largest
//! N costs about as much as all the others together, so a split by point
//! leaves one thread working alone at the end. Each chunk is a
//! `MonteCarlo::range`; a point's chunks are joined in trial order, which is
//! bit for bit one sequential run, so how the trials were cut (and so T)
//! never shows in the output. `coded_core::sweep` stays the sequential
//! reference; this is its parallel twin, in the CLI because the core is
//! compiled to wasm and must not depend on rayon.

use coded_core::problem::Prepared;
use coded_core::{Config, MonteCarlo, Problem, SweepPlan, SweepPoint};
use rayon::prelude::*;

/// A point of a plan, by its indices into the plan's schemes, models and Ns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointId {
    pub scheme: usize,
    pub model: usize,
    pub n: usize,
}

/// Every point of a plan, in the order `coded_core::sweep` returns them:
/// by scheme, then model, then N. A point's place here is its index in
/// the whole sweep (what a shard's rows carry).
pub fn point_ids(plan: &SweepPlan) -> Vec<PointId> {
    let mut ids = vec![];
    for scheme in 0..plan.schemes.len() {
        for model in 0..plan.models.len() {
            for n in 0..plan.ns.len() {
                ids.push(PointId { scheme, model, n });
            }
        }
    }
    ids
}

/// The estimated cost of a point: trials × (N + 8). A trial's draw and
/// decode are linear in N (the spline and the barycentric sums), plus a
/// part that is not; only ratios matter, for chunking and for shards.
pub fn weight(plan: &SweepPlan, trials: usize, id: PointId) -> u64 {
    (plan.ns[id.n] as u64 + 8) * trials as u64
}

/// Chunks per thread: enough that the last chunks to finish are short, few
/// enough that their bookkeeping is nothing next to a trial.
const CHUNKS_PER_THREAD: u64 = 16;

/// The trial ranges of each point (in point order, then trial order): a
/// point gets chunks in proportion to its weight, so that all chunks cost
/// about the same, 1/(16 T) of the whole.
fn chunks(weights: &[u64], trials: usize, threads: usize) -> Vec<(usize, usize, usize)> {
    let total: u64 = weights.iter().sum();
    let target = (total / (CHUNKS_PER_THREAD * threads as u64)).max(1);
    let mut out = vec![];
    for (i, &w) in weights.iter().enumerate() {
        let count = (w.div_ceil(target) as usize).clamp(1, trials.max(1));
        // Even cuts: chunk c is trials c·t/count .. (c+1)·t/count.
        for c in 0..count {
            out.push((i, c * trials / count, (c + 1) * trials / count));
        }
    }
    out
}

/// The points `ids` of the sweep of `config` and `plan`, in that order,
/// computed on `threads` threads; the same points as `coded_core::sweep`.
pub fn sweep(
    config: &Config,
    plan: &SweepPlan,
    ids: &[PointId],
    threads: usize,
) -> Result<Vec<SweepPoint>, String> {
    let problem = Problem::new(config).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    pool.install(|| {
        // Each (scheme, N) is prepared once (f on all N servers), and every
        // model and trial of it reuses the answers, as in the sequential sweep.
        let mut pairs: Vec<(usize, usize)> = ids.iter().map(|id| (id.scheme, id.n)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        let prepared: Vec<Prepared> = pairs
            .par_iter()
            .map(|&(s, n)| problem.prepare(plan.schemes[s], plan.ns[n]))
            .collect();
        let of = |id: PointId| &prepared[pairs.binary_search(&(id.scheme, id.n)).unwrap()];

        let weights: Vec<u64> = ids
            .iter()
            .map(|&id| weight(plan, config.trials, id))
            .collect();
        let chunks = chunks(&weights, config.trials, threads);
        // `collect` keeps the chunks' order, whichever thread ran them.
        let runs: Vec<MonteCarlo> = chunks
            .par_iter()
            .map(|&(i, start, end)| {
                let id = ids[i];
                let mut mc = MonteCarlo::range(start, end);
                let model = &plan.models[id.model];
                mc.advance(&problem, of(id), model, config.seed, end - start);
                mc
            })
            .collect();

        let mut runs = runs.into_iter().zip(chunks.iter().map(|c| c.0)).peekable();
        let mut points = Vec::with_capacity(ids.len());
        for (i, &id) in ids.iter().enumerate() {
            let mut parts = vec![];
            while let Some((mc, _)) = runs.next_if(|(_, owner)| *owner == i) {
                parts.push(mc);
            }
            let joined = MonteCarlo::join(parts)?;
            points.push(joined.finish(of(id), &plan.models[id.model], config.seed));
        }
        Ok(points)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_every_trial_once_in_order() {
        for (weights, trials, threads) in [
            (vec![28, 48, 88, 1288], 200, 2),
            (vec![10, 10], 1, 8),
            (vec![5], 3, 64),
        ] {
            let c = chunks(&weights, trials, threads);
            for i in 0..weights.len() {
                let mine: Vec<_> = c.iter().filter(|x| x.0 == i).collect();
                assert_eq!(mine[0].1, 0);
                assert_eq!(mine.last().unwrap().2, trials);
                assert!(mine.windows(2).all(|w| w[0].2 == w[1].1 && w[0].1 < w[0].2));
            }
        }
        // The heavy point is cut finer than the light ones.
        let c = chunks(&[28, 1288], 200, 2);
        let count = |i| c.iter().filter(|x| x.0 == i).count();
        assert!(count(1) > 10 * count(0), "{c:?}");
    }

    #[test]
    fn equals_the_sequential_sweep() {
        let config =
            Config::from_json(r#"{"k": 5, "trials": 9, "scheme": "letcc", "noise": 0.01}"#)
                .unwrap();
        let plan = SweepPlan::new(&config, Some(&[10, 20, 40]), Some(&[0.1, 0.4]), None).unwrap();
        let whole = coded_core::sweep(&config, &plan).unwrap();
        let ids = point_ids(&plan);
        for threads in [1, 3] {
            let points = sweep(&config, &plan, &ids, threads).unwrap();
            assert_eq!(
                serde_json::to_string(&points).unwrap(),
                serde_json::to_string(&whole).unwrap()
            );
        }
        // A subset, out of order, is those points.
        let some = [ids[4], ids[1]];
        let points = sweep(&config, &plan, &some, 2).unwrap();
        assert_eq!(points, [whole[4].clone(), whole[1].clone()]);
    }
}
