//! One-click settings that reproduce the papers' claims (MATH.md §8), each
//! with a short text of what to look for.
//!
//! Why plain values: a preset is a `Config` plus UI choices, so it is tested
//! natively (every preset validates) and is the same thing a link carries.

use coded_core::{Config, FunctionKind, LambdaDec, Scheme, StragglerModel};
use coded_plots::messages::{Panel, Panels, UiState};
use coded_plots::views::curves::CurveKind;

pub struct Preset {
    /// Element id suffix (`preset-<id>`).
    pub id: &'static str,
    pub title: &'static str,
    /// What to look for.
    pub look: &'static str,
    pub config: Config,
    pub ui: UiState,
}

fn panels(names: &[&str]) -> Panels {
    let mut p = Panels::none();
    for n in names {
        if let Some(f) = Panel::parse(n) {
            p.set(f, true);
        }
    }
    p
}

pub fn all() -> Vec<Preset> {
    let d = Config::default();
    let du = UiState::default();
    vec![
        Preset {
            id: "probabilistic",
            title: "Probabilistic regime: error vs N",
            look: "x·sin x with independent stragglers, p = 0.1, 0.3, 0.5. About Np servers straggle, yet every curve falls as N grows: the longest run of consecutive stragglers grows only like log₁/ₚ N. Compare the fitted slopes in the legend with the dashed rates the paper's abstract states (upper bounds: BACC O(log³N·N⁻³), LeTCC O(log⁴N·N⁻²)); LeTCC falls much faster.",
            config: Config {
                scheme: Scheme::Letcc,
                stragglers: StragglerModel::Iid { p: 0.1 },
                trials: 50,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                sweep_ns: vec![20, 40, 80, 160, 320, 640, 1280],
                sweep_ps: vec![0.1, 0.3, 0.5],
                panels: panels(&["stragglers", "errors", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "fixed-s",
            title: "BACC vs LeTCC with S stragglers",
            look: "Exactly S = 5 servers straggle at random. LeTCC's error stays below BACC's at every N and falls faster; the dashed line is the LeTCC paper's O(S³N⁻³) for noise-free answers.",
            config: Config {
                scheme: Scheme::Letcc,
                stragglers: StragglerModel::Fixed { s: 5 },
                trials: 50,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                sweep_ns: vec![20, 40, 80, 160, 320, 640],
                panels: panels(&["stragglers", "encdec", "errors", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "lenet",
            title: "LeNet-5, Table 1 style",
            look: "N = 100 servers, K = 20 digits, S = 40 stragglers, λ_dec by GCV. In the table, LeTCC's logit RMSE is clearly below BACC's (the paper: 2.55 → 2.18); relative accuracy is about equal at this K (the paper: 0.92 → 0.94).",
            config: Config {
                scheme: Scheme::Letcc,
                function: FunctionKind::Lenet5,
                k: 20,
                n: 100,
                stragglers: StragglerModel::Fixed { s: 40 },
                lambda_dec: LambdaDec::default(),
                trials: 100,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                panels: panels(&["stragglers", "digits", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "lcc-cliff",
            title: "LCC's recovery-threshold cliff",
            look: "The cubic x³ − 2x with K = 4 on N = 16 servers, error vs p. LCC is exact while at least 3(K − 1) + 1 = 10 servers answer and then fails outright (hollow markers, failed rounds in the table); BACC and LeTCC are never exact but degrade gradually.",
            config: Config {
                scheme: Scheme::Lcc,
                function: FunctionKind::Cubic,
                k: 4,
                n: 16,
                stragglers: StragglerModel::Iid { p: 0.3 },
                trials: 100,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc, Scheme::Lcc],
                error_tab: CurveKind::ErrorVsP,
                panels: panels(&["stragglers", "encdec", "errors", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "block",
            title: "Adversarial block of stragglers",
            look: "S = 8 consecutive servers straggle: the decoder must bridge one wide gap in the β's. Compare the error with 8 random stragglers (model “Exactly S”): the block is the worst case, and BACC suffers more than LeTCC.",
            config: Config {
                scheme: Scheme::Bacc,
                stragglers: StragglerModel::Block { s: 8 },
                trials: 50,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                sweep_ns: vec![20, 40, 80, 160, 320],
                panels: panels(&["stragglers", "encdec", "errors", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "deadline",
            title: "Waiting time: the deadline model",
            look: "Finishing times a + Exp(μ) with a = 1, μ = 1; answers after τ = 1.5 are lost, so each server straggles with p = exp(−μ(τ − a)) ≈ 0.61. Error vs p reads as error vs deadline: τ = a + ln(1/p)/μ (p = 0.1 ↔ τ ≈ 3.3). Raise τ to wait longer and see the error fall.",
            config: Config {
                scheme: Scheme::Letcc,
                stragglers: StragglerModel::Deadline {
                    shift: 1.0,
                    rate: 1.0,
                    deadline: 1.5,
                },
                n: 80,
                trials: 50,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                error_tab: CurveKind::ErrorVsP,
                panels: panels(&["stragglers", "encdec", "errors", "table"]),
                ..du
            },
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_survive_a_link() {
        let all = all();
        assert_eq!(all.len(), 6);
        for p in all {
            p.config.validate().unwrap();
            let s = crate::settings::Shared {
                config: p.config.clone(),
                ui: p.ui.clone(),
                ..Default::default()
            };
            let (back, notes) = crate::url::decode(&crate::url::encode(&s));
            assert!(notes.is_empty(), "{}: {notes:?}", p.id);
            assert_eq!(back.config, p.config, "{}", p.id);
            assert_eq!(back.ui.panels, p.ui.panels, "{}", p.id);
            assert!(!p.look.is_empty());
        }
    }
}
