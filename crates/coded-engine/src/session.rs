//! A cache of the expensive parts of an experiment, so that interacting is
//! cheap: the [`Problem`] (inputs and exact outputs) per (function, K, point
//! set, seed), and the [`Prepared`] coded inputs and server answers per
//! (scheme, N, λ_enc). Changing the trial, p, the straggler model, λ_dec or
//! the number of trials then never re-runs f (for LeNet-5, N forward passes).
//!
//! Why not in the core: it is a policy of the interactive app (how much to
//! keep, when to drop it), not mathematics. It lives in the worker only.
//! Everything it computes goes through the core's own calls
//! (`Problem::new`, `prepare`, `monte_carlo`), so the numbers equal the
//! `coded` CLI's.

use coded_core::config::{CacheKey, CachePlace};
use coded_core::problem::{Prepared, Problem};
use coded_core::{Config, ConfigError, MonteCarlo, Scheme, StragglerModel, SweepPoint};

/// What a [`Problem`] depends on: the fields the core's table places in
/// [`CachePlace::Problem`] (the function is all of it: a formula's text and
/// declared degree, so a new formula never reuses old answers).
type ProblemKey = CacheKey;

fn problem_key(config: &Config) -> ProblemKey {
    config.cache_key(CachePlace::Problem)
}

/// What a [`Prepared`]'s coded inputs and answers depend on, besides the
/// problem: the fields in [`CachePlace::Prepared`], with the point's
/// scheme and N (λ_dec only changes the decoder, which is rebuilt on every
/// use).
type PreparedKey = CacheKey;

fn prepared_key(config: &Config, scheme: Scheme, n: usize) -> PreparedKey {
    config.point_key(CachePlace::Prepared, scheme, n)
}

/// What a worker's cached answers are for: the problem and the prepared
/// (scheme, N, λ_enc). The worker pool gives a helper another's range of a
/// point only if the helper holds its answers (then f is never run twice).
#[derive(Clone, Debug, PartialEq)]
pub struct AnswersKey {
    problem: ProblemKey,
    prepared: PreparedKey,
}

impl AnswersKey {
    pub fn of(config: &Config, scheme: Scheme, n: usize) -> AnswersKey {
        AnswersKey {
            problem: problem_key(config),
            prepared: prepared_key(config, scheme, n),
        }
    }

    /// Whether both are answers of the same problem (a session keeps one).
    pub fn same_problem(&self, other: &AnswersKey) -> bool {
        self.problem == other.problem
    }
}

/// Keep at most this many prepared (scheme, N) pairs: a sweep over 8 N for 4
/// schemes fits, and at N = 8192 with LeNet-5 one entry is about 50 MB.
pub const MAX_PREPARED: usize = 48;

/// The cache. One per worker.
#[derive(Default)]
pub struct Session {
    problem: Option<(ProblemKey, Problem)>,
    prepared: Vec<(PreparedKey, Prepared)>,
    /// How many times f was run on all N servers (tests check the cache).
    pub prepare_count: usize,
}

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// The problem of `config`, built or reused; its `config` is updated so
    /// the decoders it builds use the current λ_dec and rule.
    pub fn problem(&mut self, config: &Config) -> Result<&Problem, ConfigError> {
        self.ensure_problem(config)?;
        Ok(&self.problem.as_ref().expect("just ensured").1)
    }

    fn ensure_problem(&mut self, config: &Config) -> Result<(), ConfigError> {
        config.validate()?;
        let key = problem_key(config);
        match &mut self.problem {
            Some((k, p)) if *k == key => p.config = config.clone(),
            _ => {
                self.problem = Some((key, Problem::new(config)?));
                self.prepared.clear();
            }
        }
        Ok(())
    }

    /// The problem and the prepared `scheme` at `n` servers, its decoder set
    /// up for the current configuration.
    pub fn prepared(
        &mut self,
        config: &Config,
        scheme: Scheme,
        n: usize,
    ) -> Result<(&Problem, &Prepared), ConfigError> {
        config.with_n(n).validate()?;
        self.ensure_problem(config)?;
        let problem = &self.problem.as_ref().expect("just ensured").1;
        let key = prepared_key(config, scheme, n);
        let at = match self.prepared.iter().position(|(k, _)| *k == key) {
            Some(i) => {
                // Most recently used last.
                let entry = self.prepared.remove(i);
                self.prepared.push(entry);
                self.prepared.len() - 1
            }
            None => {
                if self.prepared.len() >= MAX_PREPARED {
                    self.prepared.remove(0);
                }
                self.prepare_count += 1;
                self.prepared.push((key, problem.prepare(scheme, n)));
                self.prepared.len() - 1
            }
        };
        let prepared = &mut self.prepared[at].1;
        prepared.coder = problem.coder(scheme, n);
        Ok((problem, &self.prepared[at].1))
    }

    /// Whether it holds the answers of `scheme` at `n` for `config`.
    pub fn has(&self, key: &AnswersKey) -> bool {
        self.problem
            .as_ref()
            .is_some_and(|(k, _)| *k == key.problem)
            && self.prepared.iter().any(|(k, _)| *k == key.prepared)
    }

    /// Monte-Carlo summary of `scheme` at `n` servers under `model`: the
    /// core's sweep point, as `coded sweep` computes it.
    pub fn summary(
        &mut self,
        config: &Config,
        scheme: Scheme,
        n: usize,
        model: &StragglerModel,
    ) -> Result<SweepPoint, ConfigError> {
        coded_core::config::validate_stragglers(model)?;
        let (problem, prepared) = self.prepared(config, scheme, n)?;
        Ok(problem.monte_carlo(prepared, model, config.seed, config.trials))
    }

    /// [`Session::summary`] a few trials at a time: runs `mc`'s trials (any
    /// range of a point's) until it is finished (returns true) or `clock()`
    /// passes `deadline` (at least one trial per call). Run over all
    /// trials, `mc.point(…)` equals `summary`'s bit for bit.
    #[allow(clippy::too_many_arguments)]
    pub fn advance_trials(
        &mut self,
        config: &Config,
        scheme: Scheme,
        n: usize,
        model: &StragglerModel,
        mc: &mut MonteCarlo,
        clock: fn() -> f64,
        deadline: f64,
    ) -> Result<bool, ConfigError> {
        coded_core::config::validate_stragglers(model)?;
        let (problem, prepared) = self.prepared(config, scheme, n)?;
        loop {
            if mc.is_finished() {
                return Ok(true);
            }
            mc.advance(problem, prepared, model, config.seed, 1);
            if !mc.is_finished() && clock() >= deadline {
                return Ok(false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::{sweep, FunctionKind, LambdaDec, SweepPlan};

    fn same(a: &SweepPoint, b: &SweepPoint) {
        assert_eq!(a, b, "cached path differs from the core's sweep");
    }

    #[test]
    fn advancing_in_slices_equals_the_summary_bitwise() {
        // A clock that always says "past the deadline": one trial per call.
        fn late() -> f64 {
            f64::INFINITY
        }
        for text in [
            r#"{"trials": 23}"#,
            r#"{"trials": 9, "function": "lenet5", "k": 4, "n": 20}"#,
            r#"{"trials": 12, "stragglers": {"model": "iid", "p": 1.0}}"#,
        ] {
            let c = Config::from_json(text).unwrap();
            let mut s = Session::new();
            for scheme in Scheme::ALL {
                let whole = s.summary(&c, scheme, c.n, &c.stragglers).unwrap();
                let mut mc = MonteCarlo::new(c.trials);
                let mut calls = 0;
                let sliced = loop {
                    calls += 1;
                    let m = &c.stragglers;
                    if s.advance_trials(&c, scheme, c.n, m, &mut mc, late, 0.0)
                        .unwrap()
                    {
                        break mc.point(c.seed, scheme, c.n, m);
                    }
                };
                assert_eq!(calls, c.trials, "one trial per call");
                same(&sliced, &whole);
            }
        }
    }

    #[test]
    fn summaries_equal_the_core_sweep_bitwise() {
        let configs = [
            r#"{"trials": 30}"#,
            r#"{"trials": 20, "function": "cubic", "k": 4, "n": 15, "stragglers": {"model": "fixed", "s": 4}}"#,
            r#"{"trials": 20, "lambda_dec": 1e-5, "lambda_rule": "shrink", "points": "equispaced"}"#,
            r#"{"trials": 10, "function": "lenet5", "k": 5, "n": 24, "stragglers": {"model": "iid", "p": 0.4}}"#,
            r#"{"trials": 10, "stragglers": {"model": "iid", "p": 1.0}}"#,
        ];
        for text in configs {
            let c = Config::from_json(text).unwrap();
            let plan = SweepPlan::new(&c, Some(&[c.n, c.n + 7]), None, Some(&Scheme::ALL)).unwrap();
            let core = sweep(&c, &plan).unwrap();
            let mut s = Session::new();
            for p in &core {
                let mine = s.summary(&c, p.scheme, p.n, &c.stragglers).unwrap();
                same(&mine, p);
            }
        }
    }

    #[test]
    fn trial_p_and_lambda_dec_changes_reuse_the_prepared_answers() {
        let mut c = Config::from_json(r#"{"trials": 5, "scheme": "letcc"}"#).unwrap();
        let mut s = Session::new();
        s.summary(&c, Scheme::Letcc, c.n, &c.stragglers).unwrap();
        assert_eq!(s.prepare_count, 1);
        c.stragglers = StragglerModel::Iid { p: 0.4 };
        c.lambda_dec = LambdaDec::Value(1e-3);
        c.trials = 7;
        let a = s.summary(&c, Scheme::Letcc, c.n, &c.stragglers).unwrap();
        assert_eq!(s.prepare_count, 1);
        // And the result is still the core's.
        let core = sweep(&c, &SweepPlan::new(&c, None, None, None).unwrap()).unwrap();
        same(&a, &core[0]);
        c.lambda_enc = 1e-4;
        s.summary(&c, Scheme::Letcc, c.n, &c.stragglers).unwrap();
        assert_eq!(s.prepare_count, 2);
        c.seed = 9;
        s.summary(&c, Scheme::Letcc, c.n, &c.stragglers).unwrap();
        assert_eq!(s.prepare_count, 3);
    }

    #[test]
    fn a_new_formula_or_degree_never_reuses_old_answers() {
        let formula = |text: &str| {
            Config::from_json(&format!(
                r#"{{"trials": 5, "function": {{"expr": "{text}"}}, "k": 4, "n": 12}}"#
            ))
            .unwrap()
        };
        let mut s = Session::new();
        let a = formula("sin(3*x) + x^2");
        let first = s.summary(&a, Scheme::Bacc, a.n, &a.stragglers).unwrap();
        s.summary(&a, Scheme::Bacc, a.n, &a.stragglers).unwrap();
        assert_eq!(s.prepare_count, 1, "the same formula: cached");
        let b = formula("sin(3*x) + x^3");
        let second = s.summary(&b, Scheme::Bacc, b.n, &b.stragglers).unwrap();
        assert_eq!(s.prepare_count, 2, "another formula: computed again");
        assert_ne!(first.mse, second.mse);
        let answers = |s: &mut Session, c: &Config| {
            s.prepared(c, Scheme::Bacc, c.n).unwrap().1.outputs.clone()
        };
        // Each answer is the new formula's.
        let out = answers(&mut s, &b);
        let (_, prepared) = s.prepared(&b, Scheme::Bacc, b.n).unwrap();
        for (x, y) in prepared.coded_inputs.iter().zip(out.iter()) {
            assert!((y - ((3.0 * x).sin() + x.powi(3))).abs() < 1e-12);
        }
        // Declaring a degree changes LCC's threshold: a new problem too.
        let mut c = formula("x^3 - 2*x");
        s.summary(&c, Scheme::Lcc, c.n, &c.stragglers).unwrap();
        let count = s.prepare_count;
        c.function =
            FunctionKind::Formula(c.function.formula().unwrap().clone().with_degree(Some(3)));
        s.summary(&c, Scheme::Lcc, c.n, &c.stragglers).unwrap();
        assert_eq!(s.prepare_count, count + 1);
        assert_eq!(
            s.prepared(&c, Scheme::Lcc, c.n)
                .unwrap()
                .1
                .coder
                .threshold(),
            10
        );
        // And the result is the core's, as `coded sweep` prints it.
        let core = sweep(
            &b,
            &SweepPlan::new(&b, None, None, Some(&[Scheme::Bacc])).unwrap(),
        )
        .unwrap();
        same(&second, &core[0]);
    }

    #[test]
    fn invalid_configs_are_errors_not_panics() {
        let mut s = Session::new();
        let c = Config {
            k: 50,
            ..Config::default()
        };
        assert_eq!(s.problem(&c).err().unwrap().field, "k");
        let c = Config::default();
        assert!(s.prepared(&c, Scheme::Bacc, 5).is_err());
    }
}
