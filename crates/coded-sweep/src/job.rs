//! What a sweep request computes, and computing it: the logic of `coded
//! sweep` (its `--config`, `--n`, `--p`, `--schemes`, `--over`, `--values`
//! and `--shard`), for the CLI and the Python package alike.

use crate::over::{self, OverArgs};
use crate::parallel::{self, point_ids};
use crate::problems::Problems;
use crate::shard;
use crate::watch::Watch;
use coded_core::axis::Axis;
use coded_core::axis_sweep::AxisPoint;
use coded_core::csv::{sweep_csv, Columns};
use coded_core::{Config, ConfigError, Scheme, Study, SweepPlan, SweepPoint};

/// What a sweep starts from: the page's study export, or a plain Config.
#[derive(Clone, Debug)]
pub enum Source {
    Study(Study),
    Config(Config),
}

impl Source {
    /// A study or a configuration from its JSON text, checked whole (its
    /// formula too) before anything uses it.
    pub fn read(text: &str) -> Result<Source, String> {
        let value =
            coded_core::json::parse(text).map_err(|m| ConfigError::new("(json)", m).to_string())?;
        let source = if Study::is_study(&value) {
            Source::Study(Study::from_value(value).map_err(|e| e.to_string())?)
        } else {
            Source::Config(Config::from_value(&value).map_err(|e| e.to_string())?)
        };
        source.config().check_formula().map_err(|e| e.to_string())?;
        Ok(source)
    }

    pub fn config(&self) -> &Config {
        match self {
            Source::Study(s) => &s.config,
            Source::Config(c) => c,
        }
    }
}

/// Lists that replace the source's own, and the setting to run along.
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub ns: Option<Vec<usize>>,
    pub ps: Option<Vec<f64>>,
    pub schemes: Option<Vec<Scheme>>,
    /// Error against this setting at the configuration's N (along N: the
    /// N sweep of `values`).
    pub over: Option<Axis>,
    /// The setting's values (None: its defaults).
    pub values: Option<Vec<f64>>,
}

/// What a request computes.
#[derive(Clone, Debug)]
pub enum Job {
    /// Error against N (and p and scheme): the study as run, its plan, and
    /// the N below K it left out.
    Points {
        study: Study,
        plan: SweepPlan,
        below_k: Vec<usize>,
    },
    /// Error against `axis`, whose values are the study's `over`.
    Along { study: Study, axis: Axis },
}

impl Job {
    /// The study the CSV's first line names: what this run computes, so
    /// that rerunning that line gives it again.
    pub fn study(&self) -> &Study {
        match self {
            Job::Points { study, .. } | Job::Along { study, .. } => study,
        }
    }

    /// What `source` and `request` compute.
    pub fn plan(source: Source, request: Request) -> Result<Job, String> {
        let Request {
            mut ns,
            ps,
            schemes,
            over,
            values,
        } = request;
        let over = match over {
            // Along N: the N sweep of these N, byte for byte.
            Some(Axis::N) => {
                if let Some(values) = &values {
                    ns = Some(over::whole_ns(values)?);
                }
                None
            }
            Some(axis) => Some(OverArgs { axis, values }),
            None => None,
        };
        let along = |study, over: OverArgs, schemes| Job::Along {
            axis: over.axis,
            study: over::study_along(study, over, schemes),
        };
        Ok(match source {
            // A study (the page's export) plans its points as the page
            // does; the request's lists replace its own.
            Source::Study(mut study) => {
                // A study along a setting reruns along it (unless N are given).
                let saved = study.over.take();
                if let Some(over) = over {
                    return Ok(along(study, over, schemes));
                }
                if let (Some(o), None) = (saved, &ns) {
                    let axis = o.axis().map_err(|e| e.to_string())?;
                    let values = Some(o.values);
                    return Ok(along(study, OverArgs { axis, values }, schemes));
                }
                study.n = ns.unwrap_or(study.n);
                study.p = ps.or(study.p);
                study.schemes = schemes.unwrap_or(study.schemes);
                let planned = study.plan().map_err(|e| e.to_string())?;
                Job::Points {
                    study: study.as_run(),
                    plan: planned.plan,
                    below_k: planned.below_k,
                }
            }
            Source::Config(config) => {
                if let Some(over) = over {
                    return Ok(along(Study::of_config(config), over, schemes));
                }
                let plan =
                    SweepPlan::new(&config, ns.as_deref(), ps.as_deref(), schemes.as_deref())
                        .map_err(|e| e.to_string())?;
                Job::Points {
                    study: Study::of_plan(config, &plan, ps),
                    plan,
                    below_k: vec![],
                }
            }
        })
    }
}

/// What a run gives: its CSV, and the points it is written from.
#[derive(Clone, Debug)]
pub struct Output {
    pub csv: String,
    pub computed: Computed,
}

#[derive(Clone, Debug)]
pub enum Computed {
    /// The whole N sweep's points, in the plan's order.
    Points(Vec<SweepPoint>),
    /// A part's points and their indices in the whole sweep.
    Shard(Vec<(usize, SweepPoint)>),
    /// The points along a setting.
    Along(Vec<AxisPoint>),
}

/// Runs `job` on `threads` threads, or part `shard` = (i, m) of it (1 ≤ i ≤ m),
/// with the problems `problems` builds, reporting to `watch`.
pub fn run(
    job: &Job,
    shard: Option<(usize, usize)>,
    threads: usize,
    problems: &Problems,
    watch: &Watch,
) -> Result<Output, String> {
    if let Some((part, of)) = shard {
        if part == 0 || part > of {
            return Err(format!(
                "shard {part}/{of} does not exist: parts are numbered 1 to M, as in 2/4"
            ));
        }
    }
    let pool = parallel::pool(threads)?;
    pool.install(|| match job {
        Job::Along { study, axis } => {
            if shard.is_some() {
                return Err("a sweep along a setting runs whole, without shards".into());
            }
            let (points, columns) = over::points(study, *axis, problems, watch)?;
            Ok(Output {
                csv: over::csv(study, &points, &columns),
                computed: Computed::Along(points),
            })
        }
        Job::Points { study, plan, .. } => {
            let problem = problems(&study.config)?;
            let columns = Columns::of_problem(&problem);
            let ids = point_ids(plan);
            let Some((part, of)) = shard else {
                let points = parallel::sweep(&problem, plan, &ids, watch)?;
                return Ok(Output {
                    csv: sweep_csv(study, &points, &columns),
                    computed: Computed::Points(points),
                });
            };
            let weights: Vec<u64> = ids
                .iter()
                .map(|&id| parallel::weight(plan, study.config.trials, id))
                .collect();
            let mine = shard::split(&weights, of).swap_remove(part - 1);
            let my_ids: Vec<_> = mine.iter().map(|&i| ids[i]).collect();
            let points = parallel::sweep(&problem, plan, &my_ids, watch)?;
            let fingerprint = shard::fingerprint(&study.config, plan);
            let csv = shard::shard_csv(
                study,
                (part, of),
                &fingerprint,
                ids.len(),
                &mine,
                &points,
                &columns,
            );
            Ok(Output {
                csv,
                computed: Computed::Shard(mine.into_iter().zip(points).collect()),
            })
        }
    })
}
