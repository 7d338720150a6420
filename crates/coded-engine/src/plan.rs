//! What a sweep of the error plot runs: its points ([`Unit`]s) in the order
//! they run, where each lands in the view's order, and what it weighs for
//! the progress bar.
//!
//! Why a plan: the sweep runs point by point in the worker (partial curves,
//! progress, Cancel between two points), and its points must assemble into
//! exactly the view the core's `sweep` gives in one go.

use crate::axis_plan::{axis_configs, lambda_configs, IN_WORDS};
use coded_core::axis_sweep::AxisPoint;
use coded_core::config::MAX_N;
use coded_core::study::{planned_ns, StudyPlan};
use coded_core::{
    Config, ConfigError, LambdaDec, Scheme, StragglerModel, Study, SweepPlan, SweepPoint,
};
use coded_panels::errors::{
    error_vs_lambda_view, error_vs_n_view, error_vs_setting_view, Axis, CurvesView,
};
use coded_protocol::UiState;

/// One point of a sweep: a Monte-Carlo run of `scheme` at `n` servers.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub scheme: Scheme,
    pub n: usize,
    pub model: StragglerModel,
    /// Error vs another setting than N: the configuration with the
    /// setting at this point's value (else the configured one).
    pub config: Option<Config>,
    /// The value of the plot's setting at this point (its x; error vs N:
    /// N).
    pub value: f64,
    /// Where its point goes in the view's order.
    pub slot: usize,
    /// Its share of the work (about N × trials).
    pub weight: f64,
}

/// The points of one error plot (error vs N, or vs another setting).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub kind: Axis,
    /// In the order they run.
    pub units: Vec<Unit>,
    /// Error vs N: the models are independent stragglers (curves named by p).
    pub iid: bool,
    /// What the plot leaves out, and why (N below K, ...).
    pub notes: Vec<String>,
}

impl Plan {
    /// The plan of the error plot `ui` shows for `config`.
    pub fn new(config: &Config, ui: &UiState) -> Result<Plan, ConfigError> {
        config.validate()?;
        let schemes = ui.schemes(config);
        // Decoding cost grows about linearly in N; f runs once per (scheme, N).
        let weight = |n: usize| (n as f64 + 8.0) * config.trials as f64;
        match ui.axis {
            Axis::N => {
                let (plan, iid, notes) =
                    error_vs_n_plan(config, &schemes, &ui.sweep_ns, &ui.sweep_ps)?;
                Ok(Self::points(Axis::N, &plan, iid, notes, weight))
            }
            Axis::LambdaDec => {
                let (runs, notes) = lambda_configs(config, &schemes, &ui.axis_values())?;
                let units = runs
                    .into_iter()
                    .enumerate()
                    .map(|(slot, (value, c, scheme))| Unit {
                        scheme,
                        n: config.n,
                        model: c.stragglers.clone(),
                        config: Some(c),
                        value,
                        slot,
                        weight: weight(config.n),
                    })
                    .collect();
                Ok(Plan {
                    kind: Axis::LambdaDec,
                    units,
                    iid: false,
                    notes,
                })
            }
            axis => {
                // Value by value (all curves grow together), slots by
                // (scheme, value) as the core's `sweep_over` orders them.
                let (configs, notes) = axis_configs(config, axis, &ui.axis_values())?;
                let nv = configs.len();
                let mut units = vec![];
                for (vi, (value, c)) in configs.into_iter().enumerate() {
                    for (si, &scheme) in schemes.iter().enumerate() {
                        units.push(Unit {
                            scheme,
                            n: c.n,
                            model: c.stragglers.clone(),
                            weight: weight(c.n),
                            config: Some(c.clone()),
                            value,
                            slot: si * nv + vi,
                        });
                    }
                }
                Ok(Plan {
                    kind: axis,
                    units,
                    iid: false,
                    notes,
                })
            }
        }
    }

    /// Units N by N (all curves grow together), slots in the core sweep's
    /// order (scheme, model, N).
    fn points(
        kind: Axis,
        plan: &SweepPlan,
        iid: bool,
        notes: Vec<String>,
        weight: impl Fn(usize) -> f64,
    ) -> Plan {
        let (nm, nn) = (plan.models.len(), plan.ns.len());
        let mut units = vec![];
        for (ni, &n) in plan.ns.iter().enumerate() {
            for (si, &scheme) in plan.schemes.iter().enumerate() {
                for (mi, model) in plan.models.iter().enumerate() {
                    units.push(Unit {
                        scheme,
                        n,
                        model: model.clone(),
                        config: None,
                        value: n as f64,
                        slot: (si * nm + mi) * nn + ni,
                        weight: weight(n),
                    });
                }
            }
        }
        Plan {
            kind,
            units,
            iid,
            notes,
        }
    }

    pub fn total_weight(&self) -> f64 {
        self.units.iter().map(|u| u.weight).sum()
    }

    /// The view of the points computed so far (`slots`, indexed by
    /// [`Unit::slot`]; a missing point is left out).
    pub fn view(&self, config: &Config, ui: &UiState, slots: &[Option<SweepPoint>]) -> CurvesView {
        let points: Vec<SweepPoint> = slots.iter().flatten().cloned().collect();
        match self.kind {
            Axis::N => {
                error_vs_n_view(config, &points, self.iid, ui.references, self.notes.clone())
            }
            Axis::LambdaDec => {
                let schemes = ui.schemes(config);
                let grid = self.lambda_grid();
                error_vs_lambda_view(config, &schemes, &grid, &points, self.notes.clone())
            }
            axis => {
                let mut by_slot: Vec<&Unit> = self.units.iter().collect();
                by_slot.sort_by_key(|u| u.slot);
                let points: Vec<AxisPoint> = by_slot
                    .into_iter()
                    .filter_map(|u| {
                        let point = slots.get(u.slot)?.clone()?;
                        Some(AxisPoint {
                            value: u.value,
                            point,
                        })
                    })
                    .collect();
                error_vs_setting_view(config, axis, &points, self.notes.clone())
            }
        }
    }

    /// The λ_dec values LeTCC runs at, in order (error vs λ_dec: the levels
    /// of GCV and BACC are not among them).
    fn lambda_grid(&self) -> Vec<f64> {
        let fixed = |u: &&Unit| {
            u.scheme == Scheme::Letcc
                && u.config
                    .as_ref()
                    .is_some_and(|c| matches!(c.lambda_dec, LambdaDec::Value(_)))
        };
        self.units.iter().filter(fixed).map(|u| u.value).collect()
    }
}

/// A refusal of the planner (or of a stage) as the page shows it: plain
/// words that name the setting as the page labels it. Its own refusals say what to change; a
/// refused configuration is one the page's settings refuse first, with
/// their own message by the control, so the plot only points there.
pub fn words(e: &ConfigError) -> String {
    match e.field.as_str() {
        IN_WORDS => e.message.clone(),
        // Building f can fail where its text is valid (LeNet-5's weights
        // unreadable): the reason is written for people.
        "function" => format!("f cannot be computed: {}", e.message),
        _ => "These settings cannot be computed: the message by the controls says which value to change."
            .into(),
    }
}

/// The lists of the error-vs-N plot checked before the core plans them:
/// what the page's “N values” and “p values” accept but the plot cannot use.
fn check_lists(config: &Config, ns: &[usize], ps: &[f64]) -> Result<(), ConfigError> {
    let k = config.k;
    if planned_ns(ns, k).0.is_empty() {
        return Err(ConfigError::new(
            IN_WORDS,
            format!(
                "No N in “N values” is from K = {k} to {MAX_N}, so the error-vs-N plot has no point: add an N of at least {k} to “N values”, or lower K."
            ),
        ));
    }
    if config.stragglers.is_iid() {
        if ps.is_empty() {
            return Err(ConfigError::new(
                IN_WORDS,
                "“p values” is empty, so the error-vs-N plot has no curve: give at least one p from 0 to 1.",
            ));
        }
        if let Some(p) = ps.iter().find(|p| !(0.0..=1.0).contains(*p)) {
            return Err(ConfigError::new(
                IN_WORDS,
                format!("“p values” must be numbers from 0 to 1, and {p} is not."),
            ));
        }
    }
    Ok(())
}

/// The sweep plan of error vs N ([`Study::plan`]: the page and `coded sweep`
/// of an exported study plan the same points), whether its models are
/// independent stragglers, and the notes to show.
pub fn error_vs_n_plan(
    config: &Config,
    schemes: &[Scheme],
    ns: &[usize],
    ps: &[f64],
) -> Result<(SweepPlan, bool, Vec<String>), ConfigError> {
    check_lists(config, ns, ps)?;
    let study = Study {
        config: config.clone(),
        schemes: schemes.to_vec(),
        n: ns.to_vec(),
        p: Some(ps.to_vec()),
        over: None,
        results: None,
    };
    let StudyPlan { plan, below_k, iid } = study.plan()?;
    let mut notes = vec![];
    if !below_k.is_empty() {
        let list: Vec<String> = below_k.iter().map(|n| n.to_string()).collect();
        notes.push(format!(
            "N below K = {} left out: {}",
            config.k,
            list.join(", ")
        ));
    }
    if !iid {
        notes.push(format!(
            "The p list applies to independent stragglers; this sweep uses the configured model ({}).",
            config.stragglers.about().caption
        ));
    }
    Ok((plan, iid, notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_testing::config as cfg;

    #[test]
    fn error_vs_n_leaves_out_n_below_k_and_sorts() {
        let c = cfg(r#"{"trials": 3}"#);
        let (plan, iid, notes) =
            error_vs_n_plan(&c, &[Scheme::Bacc], &[80, 5, 20, 20, 0, 9000], &[0.1]).unwrap();
        assert_eq!(plan.ns, [20, 80]);
        assert!(iid);
        assert_eq!(notes, ["N below K = 10 left out: 5"]);
        let err = error_vs_n_plan(&c, &[Scheme::Bacc], &[3, 5], &[0.1]).unwrap_err();
        assert_eq!(
            words(&err),
            "No N in “N values” is from K = 10 to 8192, so the error-vs-N plot has no point: add an N of at least 10 to “N values”, or lower K."
        );
        for (ns, ps) in [(&[20][..], &[][..]), (&[20], &[1.5]), (&[], &[0.1])] {
            let err = error_vs_n_plan(&c, &[Scheme::Bacc], ns, ps).unwrap_err();
            assert_eq!(err.field, IN_WORDS, "{ns:?} {ps:?}: {err}");
        }
        // A configuration the page's settings refuse: the plot points there.
        let bad = Config { k: 0, ..c.clone() };
        let err = Plan::new(&bad, &UiState::default()).unwrap_err();
        assert!(words(&err).contains("the message by the controls"));
        // Another model: the p list does not apply, and a note says so.
        let fixed = cfg(r#"{"stragglers": {"model": "fixed", "s": 3}}"#);
        let (plan, iid, notes) =
            error_vs_n_plan(&fixed, &[Scheme::Bacc], &[20], &[0.1, 0.2]).unwrap();
        assert!(!iid);
        assert_eq!(plan.models.len(), 1);
        assert!(notes[0].contains("configured model"), "{notes:?}");
    }

    #[test]
    fn units_run_n_by_n_and_land_in_the_core_sweeps_order() {
        let c = cfg(r#"{"trials": 4}"#);
        let ui = UiState {
            sweep_ns: vec![10, 20, 40],
            sweep_ps: vec![0.1, 0.3],
            ..UiState::default()
        };
        let plan = Plan::new(&c, &ui).unwrap();
        assert_eq!(plan.units.len(), 3 * 2 * 2);
        // All curves grow together: N never decreases along the run.
        assert!(plan.units.windows(2).all(|w| w[0].n <= w[1].n));
        // Every slot once; slot order = (scheme, p, N) as `sweep` returns.
        let mut by_slot = plan.units.clone();
        by_slot.sort_by_key(|u| u.slot);
        assert!(by_slot.iter().enumerate().all(|(i, u)| u.slot == i));
        let core = SweepPlan::new(
            &c,
            Some(&[10, 20, 40]),
            Some(&[0.1, 0.3]),
            Some(&ui.schemes(&c)),
        )
        .unwrap();
        let mut expected = vec![];
        for s in &core.schemes {
            for m in &core.models {
                for n in &core.ns {
                    expected.push((*s, m.clone(), *n));
                }
            }
        }
        let got: Vec<_> = by_slot
            .iter()
            .map(|u| (u.scheme, u.model.clone(), u.n))
            .collect();
        assert_eq!(got, expected);
        assert_eq!(plan.total_weight(), 2.0 * 2.0 * (18.0 + 28.0 + 48.0) * 4.0);
    }

    #[test]
    fn error_vs_lambda_runs_the_list_then_gcv_then_bacc() {
        let c = cfg(r#"{"lambda_dec": 1e-6}"#);
        let ui = UiState {
            axis: Axis::LambdaDec,
            ..UiState::default()
        };
        let plan = Plan::new(&c, &ui).unwrap();
        let grid = coded_core::axis::lambda_grid();
        assert_eq!(plan.units.len(), grid.len() + 2);
        assert!(plan.units.iter().all(|u| u.n == c.n && u.config.is_some()));
        assert!(plan.units.iter().enumerate().all(|(i, u)| u.slot == i));
        assert_eq!(plan.lambda_grid(), grid);
    }

    #[test]
    fn other_settings_run_value_by_value_into_scheme_major_slots() {
        let c = cfg(r#"{"trials": 3}"#);
        let ui = UiState {
            axis: Axis::K,
            sweep_values: Some(vec![8.0, 2.0, 4.0, 80.0]),
            ..UiState::default()
        };
        let plan = Plan::new(&c, &ui).unwrap();
        assert_eq!(plan.kind, Axis::K);
        assert_eq!(plan.units.len(), 3 * 2);
        let values: Vec<f64> = plan.units.iter().map(|u| u.value).collect();
        assert_eq!(
            values,
            [2.0, 2.0, 4.0, 4.0, 8.0, 8.0],
            "value by value, ascending"
        );
        let slots: Vec<usize> = plan.units.iter().map(|u| u.slot).collect();
        assert_eq!(slots, [0, 3, 1, 4, 2, 5]);
        assert!(plan
            .units
            .iter()
            .all(|u| u.config.as_ref().unwrap().k as f64 == u.value));
        assert_eq!(
            plan.notes,
            ["K = 80 is left out: K must be from 1 to N = 40."]
        );
    }
}
