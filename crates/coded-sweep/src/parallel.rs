//! `coded sweep --threads T`: the points of [`coded_core::sweep`], their
//! trials shared out over T threads, with the same bits for every T.
//!
//! Why chunks of trials and not whole points: one LeTCC point at the largest
//! N costs about as much as all the others together, so a split by point
//! leaves one thread working alone at the end. Each chunk is a
//! `MonteCarlo::range`; a point's chunks are joined in trial order, which is
//! bit for bit one sequential run, so how the trials were cut (and so T)
//! never shows in the output. `coded_core::sweep` stays the sequential
//! reference; this is its parallel twin, here because the core is
//! compiled to wasm and must not depend on rayon.
//!
//! Every chunk looks at its [`Watch`] between slices of a few trials: it
//! counts what is done and stops when asked.

use crate::watch::Watch;
use coded_core::problem::Prepared;
use coded_core::{MonteCarlo, Problem, StragglerModel, SweepPlan, SweepPoint};
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
fn chunks(weights: &[u64], trials: &[usize], threads: usize) -> Vec<(usize, usize, usize)> {
    let total: u64 = weights.iter().sum();
    let target = (total / (CHUNKS_PER_THREAD * threads as u64)).max(1);
    let mut out = vec![];
    for (i, (&w, &trials)) in weights.iter().zip(trials).enumerate() {
        let count = (w.div_ceil(target) as usize).clamp(1, trials.max(1));
        // Even cuts: chunk c is trials c·t/count .. (c+1)·t/count.
        for c in 0..count {
            out.push((i, c * trials / count, (c + 1) * trials / count));
        }
    }
    out
}

/// One point to compute: a prepared scheme under one straggler model.
pub struct Task<'a> {
    pub problem: &'a Problem,
    pub prepared: &'a Prepared,
    pub model: &'a StragglerModel,
    pub seed: u64,
    pub trials: usize,
    /// Its estimated cost ([`weight`]), for cutting it into chunks.
    pub weight: u64,
}

/// Trials a chunk runs between two looks at the watch: a stop is seen
/// within a few trials (well under a second even for LeNet-5 at N = 8192).
const SLICE: usize = 4;

/// The points of `tasks`, in that order, their trials shared out over the
/// current pool's threads; each is bit for bit `Problem::monte_carlo`'s.
pub fn run_tasks(tasks: &[Task], watch: &Watch) -> Result<Vec<SweepPoint>, String> {
    let threads = rayon::current_num_threads();
    let weights: Vec<u64> = tasks.iter().map(|t| t.weight).collect();
    let trials: Vec<usize> = tasks.iter().map(|t| t.trials).collect();
    let chunks = chunks(&weights, &trials, threads);
    // `collect` keeps the chunks' order, whichever thread ran them.
    let runs: Vec<MonteCarlo> = chunks
        .par_iter()
        .map(|&(i, start, end)| {
            let t = &tasks[i];
            let mut mc = MonteCarlo::range(start, end);
            while !mc.is_finished() {
                watch.check()?;
                let before = mc.done();
                mc.advance(t.problem, t.prepared, t.model, t.seed, SLICE);
                watch.add_done((mc.done() - before) as u64);
            }
            Ok(mc)
        })
        .collect::<Result<_, String>>()?;
    let mut runs = runs.into_iter().zip(chunks.iter().map(|c| c.0)).peekable();
    let mut points = Vec::with_capacity(tasks.len());
    for (i, t) in tasks.iter().enumerate() {
        let mut parts = vec![];
        while let Some((mc, _)) = runs.next_if(|(_, owner)| *owner == i) {
            parts.push(mc);
        }
        let joined = MonteCarlo::join(parts)?;
        points.push(joined.finish(t.prepared, t.model, t.seed));
    }
    Ok(points)
}

/// A pool of `threads` threads.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))
}

/// The points `ids` of the sweep of `problem` and `plan`, in that order,
/// computed on the current pool's threads; the same points as
/// `coded_core::sweep`.
pub fn sweep(
    problem: &Problem,
    plan: &SweepPlan,
    ids: &[PointId],
    watch: &Watch,
) -> Result<Vec<SweepPoint>, String> {
    let config = &problem.config;
    // Each (scheme, N) is prepared once (f on all N servers), and every
    // model and trial of it reuses the answers, as in the sequential sweep.
    let mut pairs: Vec<(usize, usize)> = ids.iter().map(|id| (id.scheme, id.n)).collect();
    pairs.sort_unstable();
    pairs.dedup();
    watch.add_total((ids.len() * config.trials) as u64);
    let prepared: Vec<Prepared> = pairs
        .par_iter()
        .map(|&(s, n)| {
            watch.check()?;
            Ok(problem.prepare(plan.schemes[s], plan.ns[n]))
        })
        .collect::<Result<_, String>>()?;
    let of = |id: PointId| &prepared[pairs.binary_search(&(id.scheme, id.n)).unwrap()];
    let tasks: Vec<Task> = ids
        .iter()
        .map(|&id| Task {
            problem,
            prepared: of(id),
            model: &plan.models[id.model],
            seed: config.seed,
            trials: config.trials,
            weight: weight(plan, config.trials, id),
        })
        .collect();
    run_tasks(&tasks, watch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Config;

    /// The points on `threads` threads.
    fn on(threads: usize, config: &Config, plan: &SweepPlan, ids: &[PointId]) -> Vec<SweepPoint> {
        let problem = Problem::new(config).unwrap();
        pool(threads)
            .unwrap()
            .install(|| sweep(&problem, plan, ids, &Watch::new()).unwrap())
    }

    #[test]
    fn chunks_cover_every_trial_once_in_order() {
        for (weights, trials, threads) in [
            (vec![28, 48, 88, 1288], 200, 2),
            (vec![10, 10], 1, 8),
            (vec![5], 3, 64),
        ] {
            let c = chunks(&weights, &vec![trials; weights.len()], threads);
            for i in 0..weights.len() {
                let mine: Vec<_> = c.iter().filter(|x| x.0 == i).collect();
                assert_eq!(mine[0].1, 0);
                assert_eq!(mine.last().unwrap().2, trials);
                assert!(mine.windows(2).all(|w| w[0].2 == w[1].1 && w[0].1 < w[0].2));
            }
        }
        // The heavy point is cut finer than the light ones.
        let c = chunks(&[28, 1288], &[200, 200], 2);
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
            let points = on(threads, &config, &plan, &ids);
            assert_eq!(
                serde_json::to_string(&points).unwrap(),
                serde_json::to_string(&whole).unwrap()
            );
        }
        // A subset, out of order, is those points.
        let some = [ids[4], ids[1]];
        let points = on(2, &config, &plan, &some);
        assert_eq!(points, [whole[4].clone(), whole[1].clone()]);
    }

    #[test]
    fn a_stopped_sweep_says_so_and_counts_what_it_did() {
        let config = Config::from_json(r#"{"trials": 50}"#).unwrap();
        let plan = SweepPlan::new(&config, Some(&[20, 40]), None, None).unwrap();
        let problem = Problem::new(&config).unwrap();
        let ids = point_ids(&plan);
        let watch = Watch::new();
        let whole = pool(2)
            .unwrap()
            .install(|| sweep(&problem, &plan, &ids, &watch))
            .unwrap();
        assert_eq!(
            watch.progress(),
            (whole.len() as u64 * 50, whole.len() as u64 * 50)
        );
        let watch = Watch::new();
        watch.stop();
        let stopped = sweep(&problem, &plan, &ids, &watch).unwrap_err();
        assert_eq!(stopped, crate::watch::STOPPED);
        assert_eq!(watch.progress().0, 0);
    }
}
