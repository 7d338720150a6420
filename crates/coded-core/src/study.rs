//! A study: a configuration together with what an error-vs-N figure compares
//! (the schemes, the N list and the p list). The page exports it, and
//! `coded sweep --config study.json` reruns it, so a figure is reproduced
//! from one file without retyping its lists.
//!
//! Why here and not in the page: the page's error-vs-N curves and the CLI's
//! sweep both plan their points with [`Study::plan`], so the same file gives
//! the same points in both.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::axis::Axis;
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
    /// Error against another setting (`coded sweep --over`): which one and
    /// its values, at the configuration's N (then `n` is that one N).
    /// Absent from the JSON of an error-vs-N study.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<Over>,
    /// What was computed from it, as the page saved it (its "with
    /// results" export): kept as JSON, since its form is the page's (the
    /// views of `coded-panels`), which the core does not know. Nothing
    /// here reads it; the CLI reruns the study and ignores it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results: Option<Value>,
}

/// The setting a study runs along, and its values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Over {
    /// The axis's name ([`crate::axis::AxisEntry::name`]).
    pub setting: String,
    pub values: Vec<f64>,
}

impl Over {
    /// Its axis, or an error naming the setting.
    pub fn axis(&self) -> Result<Axis, ConfigError> {
        Axis::parse(&self.setting).ok_or_else(|| {
            ConfigError::new(
                "over",
                format!(
                    "unknown setting “{}”; the settings a sweep can run along: {}",
                    self.setting,
                    Axis::names()
                ),
            )
        })
    }
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

/// The N an error-vs-N plot of the list `ns` runs at (sorted, each once,
/// from K to the limit), and those of the list below K (left out),
/// ascending: the one rule for a study's plan, the worker's refusal of a
/// list with none left and the page's words about it.
pub fn planned_ns(ns: &[usize], k: usize) -> (Vec<usize>, Vec<usize>) {
    let mut ns: Vec<usize> = ns
        .iter()
        .copied()
        .filter(|n| (1..=MAX_N).contains(n))
        .collect();
    ns.sort_unstable();
    ns.dedup();
    let below_k: Vec<usize> = ns.iter().copied().filter(|&n| n < k).collect();
    ns.retain(|&n| n >= k);
    (ns, below_k)
}

impl Study {
    /// A plain configuration as a study of itself: its scheme, its N, its
    /// straggler model.
    pub fn of_config(config: Config) -> Study {
        Study {
            schemes: vec![config.scheme],
            n: vec![config.n],
            p: None,
            over: None,
            results: None,
            config,
        }
    }

    /// The study a sweep of `config` by `plan` ran (`ps`: the p list it
    /// was given): its schemes and N, and its p list, which under
    /// independent stragglers is the configured p when none was given (the
    /// one p it ran), and null under another model, which no p list
    /// changes. `coded sweep` of a configuration and the page's results
    /// table write it as their CSV's first line: one study for one run.
    pub fn of_plan(config: Config, plan: &SweepPlan, ps: Option<Vec<f64>>) -> Study {
        let p = match (&config.stragglers, ps) {
            (_, Some(ps)) => Some(ps),
            (StragglerModel::Iid { p }, None) => Some(vec![*p]),
            (_, None) => None,
        };
        Study {
            schemes: plan.schemes.clone(),
            n: plan.ns.clone(),
            p,
            ..Study::of_config(config)
        }
    }

    /// [`planned_ns`] of the study's N list.
    fn planned_ns(&self) -> (Vec<usize>, Vec<usize>) {
        planned_ns(&self.n, self.config.k)
    }

    /// The study as a run uses it: the N its plan keeps, no p list where
    /// the model does not use one (any model but independent stragglers)
    /// and the configured p where it does and the study lists none, no
    /// results. Two studies that plan the same points are then equal,
    /// whichever file they came from (so the page's table and `coded sweep`
    /// write the same first line of CSV).
    pub fn as_run(self) -> Study {
        let p = match &self.config.stragglers {
            StragglerModel::Iid { p } => Some(self.p.clone().unwrap_or_else(|| vec![*p])),
            _ => None,
        };
        Study {
            n: self.planned_ns().0,
            p,
            results: None,
            ..self
        }
    }

    /// The study in one line of JSON, without its results: the first line
    /// of every CSV the programs write (the `csv` module's study line).
    pub fn to_json_line(&self) -> String {
        let bare = Study {
            results: None,
            ..self.clone()
        };
        serde_json::to_string(&bare).expect("a study always serialises")
    }

    /// The sweep: N sorted, repeated values once, N past the limit and
    /// below K left out (an error when none is left); the p list when the
    /// model is independent stragglers.
    pub fn plan(&self) -> Result<StudyPlan, ConfigError> {
        let k = self.config.k;
        let (ns, below_k) = self.planned_ns();
        if ns.is_empty() {
            return Err(ConfigError::new(
                "sweep N",
                format!("no N in the list is at least K = {k} (and at most {MAX_N})"),
            ));
        }
        let iid = self.config.stragglers.is_iid();
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
        let value = crate::json::parse(text).map_err(|m| ConfigError::new("(json)", m))?;
        if Study::is_study(&value) {
            Study::from_value(value)
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
    /// (Taken whole: its results, megabytes of a page's views, are kept as
    /// they are, not copied.)
    pub fn from_value(value: Value) -> Result<Study, ConfigError> {
        let config = match &value {
            Value::Object(obj) => obj.get("config").map(Config::from_value),
            _ => None,
        };
        let (Value::Object(obj), Some(config)) = (value, config) else {
            return Err(ConfigError::new(
                "(json)",
                "expected a study: an object with a config",
            ));
        };
        let mut study = Study::of_config(config?);
        for (key, v) in obj {
            let bad = |what: &str| ConfigError::new(&key, format!("expected {what}"));
            match key.as_str() {
                "config" => {}
                "schemes" => {
                    study.schemes = serde_json::from_value(v).map_err(|_| {
                        bad(&format!(
                            "a list of {}",
                            Scheme::ALL.map(|s| format!("\"{}\"", s.name())).join(", ")
                        ))
                    })?
                }
                "n" => {
                    study.n =
                        serde_json::from_value(v).map_err(|_| bad("a list of whole numbers"))?
                }
                "p" => {
                    study.p = serde_json::from_value(v)
                        .map_err(|_| bad("a list of numbers from 0 to 1, or null"))?
                }
                "over" => {
                    let over: Over = serde_json::from_value(v).map_err(|_| {
                        bad("{\"setting\": a setting's name, \"values\": a list of numbers}")
                    })?;
                    over.axis()?;
                    study.over = Some(over);
                }
                // Read by whoever wrote them (the page); kept as they are.
                "results" => study.results = Some(v),
                other => {
                    return Err(ConfigError::new(
                        other,
                        "unknown key of a study (its keys: config, schemes, n, p, over, results)",
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
            over: None,
            results: None,
        };
        assert_eq!(study(&s.to_json()), s);
        assert!(!s.to_json().contains("over"), "an N sweep: no key");
        // Along another setting: the setting and its values, read back.
        let over = Study {
            over: Some(Over {
                setting: "noise".into(),
                values: vec![0.0, 0.01],
            }),
            ..s.clone()
        };
        assert!(over
            .to_json_line()
            .contains(r#""over":{"setting":"noise","values":[0.0,0.01]}"#));
        assert_eq!(study(&over.to_json()), over);
        let bad =
            Study::from_json(r#"{"config": {}, "over": {"setting": "colour", "values": [1]}}"#);
        assert!(bad
            .unwrap_err()
            .message
            .starts_with("unknown setting “colour”"));
        assert!(!s.to_json().contains("results"), "no results: no key");
        // With results: kept as they were written, and read back.
        let saved = Study {
            results: Some(serde_json::json!({"curves": {"kind": "ErrorVsN"}, "table": [1, 2]})),
            ..s.clone()
        };
        assert_eq!(study(&saved.to_json()), saved);
        // The one-line form leaves them out, and is one line.
        let line = saved.to_json_line();
        assert!(!line.contains('\n') && !line.contains("results"), "{line}");
        assert_eq!(study(&line), s);
    }

    #[test]
    fn as_run_keeps_the_p_list_only_where_the_model_uses_it() {
        let iid = study(r#"{"config": {}, "n": [40, 5, 20, 40], "p": [0.1, 0.3], "results": 1}"#)
            .as_run();
        assert_eq!(iid.n, [20, 40], "the N the plan keeps");
        assert_eq!(iid.p, Some(vec![0.1, 0.3]));
        assert_eq!(iid.results, None);
        let fixed = study(
            r#"{"config": {"stragglers": {"model": "fixed", "s": 2}}, "n": [20], "p": [0.1]}"#,
        );
        let run = fixed.clone().as_run();
        assert_eq!(run.p, None);
        assert_eq!(
            run.plan().unwrap().plan.models,
            fixed.plan().unwrap().plan.models
        );
    }

    #[test]
    fn a_runs_p_list_is_null_only_under_another_model_than_independent_stragglers() {
        let iid = Config::from_json(r#"{"stragglers": {"model": "iid", "p": 0.05}}"#).unwrap();
        let plan = SweepPlan::new(&iid, None, None, Some(&[Scheme::Bacc])).unwrap();
        let run = Study::of_plan(iid.clone(), &plan, None);
        assert_eq!(run.p, Some(vec![0.05]));
        assert_eq!(run.schemes, [Scheme::Bacc]);
        assert_eq!(run.n, [40]);
        assert_eq!(Study::of_config(iid.clone()).as_run().p, Some(vec![0.05]));
        assert!(run.to_json_line().ends_with(r#""n":[40],"p":[0.05]}"#));
        // Rerunning its line plans the same points.
        let again = study(&run.to_json_line()).plan().unwrap().plan;
        assert_eq!((&again.ns, &again.models), (&plan.ns, &plan.models));
        let given = Study::of_plan(iid, &plan, Some(vec![0.1, 0.3]));
        assert_eq!(given.p, Some(vec![0.1, 0.3]));
        let fixed = Config::from_json(r#"{"stragglers": {"model": "fixed", "s": 2}}"#).unwrap();
        let plan = SweepPlan::new(&fixed, None, None, None).unwrap();
        assert_eq!(Study::of_plan(fixed, &plan, None).p, None);
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
        // A key given twice, at any depth, is named (serde_json would keep
        // the last without a word).
        for (json, want) in [
            (
                r#"{"config": {}, "n": [10], "n": [20]}"#,
                "the key “n” appears twice in the outermost object",
            ),
            (
                r#"{"config": {"k": 4, "k": 5}}"#,
                "the key “k” appears twice in “config”",
            ),
        ] {
            let e = Study::from_json(json).unwrap_err();
            assert_eq!(e.field, "(json)");
            assert!(e.message.starts_with(want), "{json}: {}", e.message);
        }
    }
}
