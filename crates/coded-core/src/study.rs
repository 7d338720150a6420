//! A study: a configuration together with what an error-vs-N figure compares
//! (the schemes, the N list and the p list). The page exports it, and
//! `coded sweep --config study.json` reruns it, so a figure is reproduced
//! from one file without retyping its lists.
//!
//! Why here and not in the page: the page's error-vs-N curves and the CLI's
//! sweep both plan their points with [`Study::plan`], so the same file gives
//! the same points in both.

use serde::Serialize;
use serde_json::Value;

use crate::config::MAX_N;
use crate::{Config, ConfigError, Scheme, StragglerModel, SweepPlan};

/// What one error-vs-N figure computes. (Read by [`Study::from_json`],
/// which also takes a plain `Config`.)
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Study {
    pub config: Config,
    /// The schemes compared (in the figure's order).
    pub schemes: Vec<Scheme>,
    /// The N values (N below K is left out, see [`Study::plan`]).
    pub n: Vec<usize>,
    /// The p values of independent stragglers; `None`: the configured
    /// straggler model. Under any other model the list is not used.
    pub p: Option<Vec<f64>>,
}

/// The points of a study, and what the plan left out.
#[derive(Clone, Debug)]
pub struct StudyPlan {
    pub plan: SweepPlan,
    /// N values of the list below K (left out), ascending.
    pub below_k: Vec<usize>,
    /// The points use independent stragglers (so the p list applies).
    pub iid: bool,
}

impl Study {
    /// A plain configuration as a study of itself: its scheme, its N, its
    /// straggler model.
    pub fn of_config(config: Config) -> Study {
        Study {
            schemes: vec![config.scheme],
            n: vec![config.n],
            p: None,
            config,
        }
    }

    /// The sweep: N sorted, repeated values once, N past the limit and
    /// below K left out (an error when none is left); the p list when the
    /// model is independent stragglers.
    pub fn plan(&self) -> Result<StudyPlan, ConfigError> {
        let k = self.config.k;
        let mut ns: Vec<usize> = self
            .n
            .iter()
            .copied()
            .filter(|n| (1..=MAX_N).contains(n))
            .collect();
        ns.sort_unstable();
        ns.dedup();
        let below_k: Vec<usize> = ns.iter().copied().filter(|&n| n < k).collect();
        ns.retain(|&n| n >= k);
        if ns.is_empty() {
            return Err(ConfigError::new(
                "sweep N",
                format!("no N in the list is at least K = {k} (and at most {MAX_N})"),
            ));
        }
        let iid = matches!(self.config.stragglers, StragglerModel::Iid { .. });
        let ps = self.p.as_deref().filter(|_| iid);
        let plan = SweepPlan::new(&self.config, Some(&ns), ps, Some(&self.schemes))?;
        Ok(StudyPlan { plan, below_k, iid })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a study always serialises")
    }

    /// A study, or a plain [`Config`] (an object without a `config` key),
    /// read as [`Study::of_config`].
    pub fn from_json(text: &str) -> Result<Study, ConfigError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ConfigError::new("(json)", format!("not valid JSON: {e}")))?;
        if Study::is_study(&value) {
            Study::from_value(&value)
        } else {
            Config::from_value(&value).map(Study::of_config)
        }
    }

    /// Whether a JSON value is written as a study (an object with a
    /// `config` key, which no `Config` has).
    pub fn is_study(value: &Value) -> bool {
        value.get("config").is_some()
    }

    /// A study written as one; lists it leaves out are the config's own.
    pub fn from_value(value: &Value) -> Result<Study, ConfigError> {
        let (Some(obj), Some(config)) = (value.as_object(), value.get("config")) else {
            return Err(ConfigError::new(
                "(json)",
                "expected a study: an object with a config",
            ));
        };
        let mut study = Study::of_config(Config::from_value(config)?);
        for (key, v) in obj {
            let bad = |what: &str| ConfigError::new(key, format!("expected {what}"));
            match key.as_str() {
                "config" => {}
                "schemes" => {
                    study.schemes = serde_json::from_value(v.clone()).map_err(|_| {
                        bad(&format!(
                            "a list of {}",
                            Scheme::ALL.map(|s| format!("\"{}\"", s.name())).join(", ")
                        ))
                    })?
                }
                "n" => {
                    study.n = serde_json::from_value(v.clone())
                        .map_err(|_| bad("a list of whole numbers"))?
                }
                "p" => {
                    study.p = serde_json::from_value(v.clone())
                        .map_err(|_| bad("a list of numbers from 0 to 1, or null"))?
                }
                other => {
                    return Err(ConfigError::new(
                        other,
                        "unknown key of a study (its keys: config, schemes, n, p)",
                    ))
                }
            }
        }
        Ok(study)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn study(json: &str) -> Study {
        Study::from_json(json).unwrap()
    }

    #[test]
    fn a_study_survives_its_json() {
        let s = Study {
            config: Config::from_json(r#"{"k": 4, "n": 9, "trials": 7}"#).unwrap(),
            schemes: vec![Scheme::Letcc, Scheme::Bacc],
            n: vec![40, 10, 20],
            p: Some(vec![0.1, 0.25]),
        };
        assert_eq!(study(&s.to_json()), s);
    }

    #[test]
    fn a_plain_config_is_a_study_of_itself() {
        let s = study(r#"{"k": 4, "n": 9, "scheme": "letcc"}"#);
        assert_eq!(s.schemes, [Scheme::Letcc]);
        assert_eq!(s.n, [9]);
        assert_eq!(s.p, None);
        let plan = s.plan().unwrap();
        assert_eq!(plan.plan.ns, [9]);
        assert_eq!(plan.plan.models, std::slice::from_ref(&s.config.stragglers));
    }

    #[test]
    fn the_plan_sorts_n_leaves_out_n_below_k_and_uses_p_only_for_iid() {
        let s = study(r#"{"config": {"k": 10}, "n": [80, 5, 20, 20, 0, 9000], "p": [0.1, 0.2]}"#);
        let plan = s.plan().unwrap();
        assert_eq!(plan.plan.ns, [20, 80]);
        assert_eq!(plan.below_k, [5]);
        assert!(plan.iid);
        assert_eq!(plan.plan.models.len(), 2);
        let fixed = study(
            r#"{"config": {"k": 10, "stragglers": {"model": "fixed", "s": 2}}, "n": [20], "p": [0.1, 0.2]}"#,
        );
        let plan = fixed.plan().unwrap();
        assert!(!plan.iid);
        assert_eq!(
            plan.plan.models,
            std::slice::from_ref(&fixed.config.stragglers)
        );
        let err = study(r#"{"config": {"k": 10}, "n": [3, 5]}"#)
            .plan()
            .unwrap_err();
        assert_eq!(err.field, "sweep N");
    }

    #[test]
    fn bad_studies_name_their_key() {
        for (json, key) in [
            (r#"{"config": {}, "schemes": ["nope"]}"#, "schemes"),
            (r#"{"config": {}, "n": [1.5]}"#, "n"),
            (r#"{"config": {}, "p": "x"}"#, "p"),
            (r#"{"config": {}, "extra": 1}"#, "extra"),
            (r#"{"config": {"k": "ten"}}"#, "k"),
        ] {
            assert_eq!(Study::from_json(json).unwrap_err().field, key, "{json}");
        }
        assert!(Study::from_json("[1]").is_err());
        assert!(Study::from_json("{").is_err());
    }
}
