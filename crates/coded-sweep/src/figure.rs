//! The error-vs-N figure of a sweep, as data: the curves (means, their
//! bootstrap bands, slopes) and the papers' claimed rates, from the same
//! view the playground's panel draws. `coded sweep --plot` draws it to SVG;
//! the Python package's `.plot()` draws it with matplotlib.

use coded_core::statistic::Statistic;
use coded_core::{Config, StragglerModel, SweepPlan, SweepPoint};
use coded_panels::errors::{error_vs_n_view, shown, CurvesView, SlopeRange};

/// The figure of `points` (a whole sweep of `plan`), its slopes fitted over
/// `range`, the mean squared error shown; `own` names an f that is not the
/// configuration's function (your own, from Python) in the title.
pub fn error_vs_n(
    config: &Config,
    plan: &SweepPlan,
    points: &[SweepPoint],
    range: SlopeRange,
    own: Option<&str>,
) -> CurvesView {
    let iid = plan.models.first().is_some_and(StragglerModel::is_iid);
    let view = error_vs_n_view(config, points, iid, true, vec![]);
    // The legend's slopes as printed: with their intervals, over the range.
    let mut view = shown(&view, Statistic::Mse, range);
    if let Some(name) = own {
        // The panel's title names the configuration's function, whose
        // inputs these are but whose curves these are not.
        view.title = view.title.replacen(&config.function.title(), name, 1);
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_f_that_ran() {
        let config = Config::from_json(r#"{"trials": 4}"#).unwrap();
        let plan = SweepPlan::new(&config, Some(&[20, 40]), None, None).unwrap();
        let points = coded_core::sweep(&config, &plan).unwrap();
        let range = SlopeRange::default();
        let builtin = error_vs_n(&config, &plan, &points, range, None);
        assert!(
            builtin.title.contains("(x·sin x, K = 10"),
            "{}",
            builtin.title
        );
        let own = error_vs_n(&config, &plan, &points, range, Some("python:model"));
        assert_eq!(
            own.title,
            builtin.title.replace("x·sin x", "python:model"),
            "{}",
            own.title
        );
        assert!(!own.title.contains("sin"));
    }
}
