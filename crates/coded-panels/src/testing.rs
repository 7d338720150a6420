//! Views for this crate's tests, built straight from the core's own calls
//! (`Problem`, `sweep`), so the tests of the views, drawings, hover and
//! summaries need no engine. (The app's views come from `coded-engine`,
//! whose tests check that it gives these same numbers.)

use crate::digits::DigitsView;
use crate::encdec::EncDecView;
use crate::errors::{
    error_vs_lambda_view, error_vs_n_view, error_vs_setting_view, lambda_grid, CurvesView, P_GRID,
};
use crate::stragglers::StragglerView;
use crate::table::{TableRow, TableView};
use crate::{Panels, RoundResult};
use coded_core::axis::Axis;
use coded_core::axis_sweep::sweep_over;
use coded_core::{sweep, Config, LambdaDec, Problem, Round, Scheme, SweepPlan};

pub use coded_testing::config as cfg;

/// A sentence a person reads has no sign of a missing value in it.
pub fn no_nan(s: &str) {
    for bad in ["NaN", "inf", "–", "None", "Some("] {
        assert!(!s.contains(bad), "{bad:?} in {s}");
    }
}

/// A round where ApproxIFER's verdicts are of every kind: trial
/// [`MIXED_TRIAL`] of ApproxIFER at N = 40 against three flipping
/// adversaries and 4 stragglers flags servers 2, 15 and 18 (2 and 15 are
/// adversaries, 18 is honest) and misses adversary 4.
pub const MIXED: &str = r#"{"scheme": "approxifer", "n": 40,
    "adversaries": {"count": 3, "attack": "flip"}, "stragglers": {"model": "fixed", "s": 4}}"#;
pub const MIXED_TRIAL: usize = 4;

/// `of` the round `trial` of `config`, decoded with the configuration's
/// scheme.
pub fn decoded_round<T>(config: &Config, trial: usize, of: impl FnOnce(&Round) -> T) -> T {
    let problem = Problem::new(config).unwrap();
    let prepared = problem.prepare(config.scheme, config.n);
    of(&Round::compute(config, trial, Some((&problem, &prepared))))
}

/// Round `trial` of `config`, decoded: the views of every round panel
/// that applies.
pub fn round(config: &Config, trial: usize) -> RoundResult {
    let problem = Problem::new(config).unwrap();
    let prepared = problem.prepare(config.scheme, config.n);
    let round = Round::compute(config, trial, Some((&problem, &prepared)));
    RoundResult::of(&round, Panels::default())
}

/// The results table of BACC and LeTCC for `config`, with round `trial`
/// (the rows' Monte-Carlo statistics, without the round's own errors).
pub fn bacc_letcc_table(config: &Config, trial: usize) -> TableView {
    let problem = Problem::new(config).unwrap();
    let rows = [Scheme::Bacc, Scheme::Letcc]
        .into_iter()
        .map(|scheme| TableRow {
            summary: problem.monte_carlo(
                &problem.prepare(scheme, config.n),
                &config.stragglers,
                config.seed,
                config.trials,
            ),
            round_squared_error: None,
            round_failure: None,
            round_detection: None,
        })
        .collect();
    TableView::assemble(config, trial, rows)
}

pub fn straggler_view(config: &Config, trial: usize) -> StragglerView {
    StragglerView::from_round(&Round::compute(config, trial, None))
}

/// The straggler view of round `trial` decoded, as the app builds it when
/// the scheme locates.
pub fn decoded_straggler_view(config: &Config, trial: usize) -> StragglerView {
    decoded_round(config, trial, StragglerView::from_round)
}

/// How many outline strokes of the verdicts' marks (`chart::verdicts`) an
/// SVG drawn in `theme` has: polylines in the theme's ink of at least five
/// points (a ring and a square are one each, a dashed ring one per dash;
/// the deadline's dashes, in the same ink, have two).
#[cfg(feature = "draw")]
pub fn verdict_strokes(svg: &str, theme: &crate::theme::Theme) -> usize {
    let ink = theme.foreground;
    let stroke = format!("STROKE=\"#{:02X}{:02X}{:02X}\"", ink.0, ink.1, ink.2);
    let points = |l: &str| {
        l.split("points=\"").nth(1).map_or(0, |p| {
            p.split('"').next().unwrap_or("").split_whitespace().count()
        })
    };
    svg.lines()
        .filter(|l| l.contains("<polyline") && l.to_uppercase().contains(&stroke))
        .filter(|l| points(l) >= 5)
        .count()
}

/// [`verdict_strokes`] of `caught`, `missed` and `false_alarms` marks.
#[cfg(feature = "draw")]
pub fn strokes_of(caught: usize, missed: usize, false_alarms: usize) -> usize {
    use crate::chart::verdicts::outline;
    use crate::detection::Verdict;
    let pieces = |v| outline(v, 9).iter().filter(|p| p.len() >= 5).count();
    caught * pieces(Verdict::Caught)
        + missed * pieces(Verdict::Missed)
        + false_alarms * pieces(Verdict::FalseAlarm)
}

pub fn encdec(config: &Config, trial: usize) -> EncDecView {
    let r = round(config, trial);
    r.get::<crate::encdec::Encdec>()
        .expect("a scalar function has an encode/decode view")
        .clone()
}

pub fn digits(config: &Config, trial: usize) -> DigitsView {
    let r = round(config, trial);
    r.get::<crate::digits::Digits>()
        .expect("LeNet-5 has a digits view")
        .clone()
}

/// Error vs N over `ns` (each at least K) and, for independent stragglers,
/// the p values `ps` (else the configured model).
pub fn error_vs_n(
    config: &Config,
    schemes: &[Scheme],
    ns: &[usize],
    ps: &[f64],
    references: bool,
) -> CurvesView {
    let iid = config.stragglers.is_iid();
    let plan = SweepPlan::new(config, Some(ns), iid.then_some(ps), Some(schemes)).unwrap();
    let points = sweep(config, &plan).unwrap();
    error_vs_n_view(config, &points, iid, references, vec![])
}

/// BACC against LeTCC at N = 20, 40, 80 and each p of `ps`, with the
/// claimed rates: the error plot most tests look at.
pub fn bacc_letcc_vs_n(config: &Config, ps: &[f64]) -> CurvesView {
    error_vs_n(
        config,
        &[Scheme::Bacc, Scheme::Letcc],
        &[20, 40, 80],
        ps,
        true,
    )
}

pub fn error_vs_p(config: &Config, schemes: &[Scheme]) -> CurvesView {
    let points = sweep_over(config, Axis::P, &P_GRID, schemes).unwrap();
    error_vs_setting_view(config, Axis::P, &points, vec![])
}

pub fn error_vs_lambda(config: &Config, schemes: &[Scheme]) -> CurvesView {
    let mut runs: Vec<(LambdaDec, Scheme)> = lambda_grid()
        .into_iter()
        .map(|l| (LambdaDec::Value(l), Scheme::Letcc))
        .collect();
    runs.push((LambdaDec::default(), Scheme::Letcc));
    if schemes.contains(&Scheme::Bacc) {
        runs.push((config.lambda_dec, Scheme::Bacc));
    }
    let points: Vec<_> = runs
        .into_iter()
        .map(|(lambda_dec, scheme)| {
            let c = Config {
                lambda_dec,
                ..config.clone()
            };
            let plan = SweepPlan::new(&c, None, None, Some(&[scheme])).unwrap();
            sweep(&c, &plan).unwrap().remove(0)
        })
        .collect();
    error_vs_lambda_view(config, schemes, &lambda_grid(), &points, vec![])
}

/// A drawing made of parts (see `Theme::part`), drawn part by part on one
/// SVG document and at once on another: both documents, and the frame of
/// each. The number of parts is the one the drawing at once says.
#[cfg(feature = "draw")]
pub fn in_parts_and_at_once<F>(theme: &crate::theme::Theme, draw: F) -> [(String, crate::Frame); 2]
where
    F: for<'a> Fn(
        &crate::Area<plotters::prelude::SVGBackend<'a>>,
        &crate::theme::Theme,
    ) -> crate::DrawResult<plotters::prelude::SVGBackend<'a>>,
{
    let whole = crate::to_svg(900, 640, |a| draw(a, theme)).unwrap();
    let parts = whole.1.parts;
    assert!(parts > 1, "a drawing of one part");
    let in_parts = crate::to_svg(900, 640, |a| {
        let mut frames = (0..parts)
            .map(|k| draw(a, &theme.clone().with_part(k)))
            .collect::<Result<Vec<_>, _>>()?;
        // Every part knows where every chart is.
        assert!(frames.windows(2).all(|w| w[0] == w[1]));
        Ok(frames.remove(0))
    })
    .unwrap();
    if in_parts != whole {
        let (a, b): (Vec<_>, Vec<_>) = (in_parts.0.lines().collect(), whole.0.lines().collect());
        let at = a
            .iter()
            .zip(&b)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len()));
        eprintln!(
            "lines {} vs {}; first difference at {at}:\n{:?}\n{:?}",
            a.len(),
            b.len(),
            a.get(at),
            b.get(at)
        );
    }
    [in_parts, whole]
}
