//! Error vs λ_dec: LeTCC at each λ_dec of the list, with the levels of
//! LeTCC with GCV and of BACC (which has no λ_dec) to compare with. Apart
//! from the other settings' plots (`setting_view`) for those levels.

use super::failed::AllFailed;
use super::setting_view::{formula_in_title, unfitted_curve};
use super::view::{model_words, points_of, Axis, CurvesView, Marker, Reference};
use crate::series::scheme_series;
use crate::words::plural;
use coded_core::{Config, LambdaDec, Scheme, SweepPoint};

/// Error vs λ_dec for LeTCC at the configured N, with GCV's and BACC's
/// levels, from the points of its runs in this order (a shorter list, of a
/// run still going, gives a shorter curve): LeTCC at each λ_dec of
/// `grid` (the λ_dec values, ascending, all above 0: [`lambda_grid`] by
/// default), LeTCC with GCV, then BACC if `schemes` has it. `notes`: what
/// the plan left out.
///
/// [`lambda_grid`]: coded_core::axis::lambda_grid
pub fn error_vs_lambda_view(
    config: &Config,
    schemes: &[Scheme],
    grid: &[f64],
    sums: &[SweepPoint],
    mut notes: Vec<String>,
) -> CurvesView {
    let (fixed, rest) = sums.split_at(grid.len().min(sums.len()));
    let mut all_failed = AllFailed::default();
    let (pts, failed) = points_of("LeTCC", grid, fixed, "λ_dec", &mut notes, &mut all_failed);
    let lo = grid.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = grid.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut refs = vec![];
    // A level in each statistic: the mean, and the median (the mean where
    // the spread is missing, as for the curves' points).
    let mut level =
        |key: &str, label: &str, s: &SweepPoint, color: usize, notes: &mut Vec<String>| {
            all_failed.see(label, None, s);
            let median = s.mse_spread.map(|q| q.median);
            match (s.mse, median) {
                (Some(m), median) if m.mean > 0.0 && m.mean.is_finite() => {
                    let median = median.filter(|v| v.is_finite()).unwrap_or(m.mean);
                    refs.push(Reference {
                        key: key.into(),
                        label: label.into(),
                        dash: refs.len(),
                        color,
                        points: vec![(lo, m.mean), (hi, m.mean)],
                        median_points: vec![(lo, median), (hi, median)],
                        slope: None,
                        level: true,
                    })
                }
                (Some(_), _) => notes.push(format!(
                    "{label}: no error to show (an error of 0, or one that overflowed)"
                )),
                // Every round failed: said with the other points' reasons.
                (None, _) => {}
            }
        };
    if let Some(gcv) = rest.first() {
        level(
            "level-gcv",
            "LeTCC, λ_dec by GCV",
            gcv,
            scheme_series(Scheme::Letcc),
            &mut notes,
        );
    }
    if schemes.contains(&Scheme::Bacc) {
        if let Some(b) = rest.get(1) {
            level(
                "level-bacc",
                "BACC",
                b,
                scheme_series(Scheme::Bacc),
                &mut notes,
            );
        }
    }
    let marker = match config.lambda_dec {
        LambdaDec::Value(l) if l >= lo && l <= hi => Some(Marker {
            x: l,
            label: format!("λ_dec = {l}"),
        }),
        LambdaDec::Value(l) => {
            notes.push(format!(
                "The configured λ_dec = {l} is outside the axis ({lo} to {hi})."
            ));
            None
        }
        LambdaDec::Auto(_) => None,
    };
    notes.extend(all_failed.notes(&config.function));
    CurvesView {
        kind: Axis::LambdaDec,
        title: format!(
            "LeTCC: mean squared error vs λ_dec (N = {}, {}, {}{})",
            config.n,
            model_words(&config.stragglers),
            plural(config.trials, "trial", "trials"),
            formula_in_title(config)
        ),
        x_label: "λ_dec".into(),
        y_label: "mean squared error".into(),
        x_log: true,
        curves: vec![unfitted_curve(
            Scheme::Letcc,
            "LeTCC, fixed λ_dec".into(),
            config.stragglers.straggle_probability(config.n),
            pts,
            failed,
        )],
        references: refs,
        marker,
        exact_below: coded_core::problem::rounding_level(config),
        notes,
    }
}
