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
                ..du.clone()
            },
        },
        Preset {
            id: "noisy",
            title: "Noisy servers",
            look: "Every answer carries independent N(0, σ²) noise with σ = 0.1. BACC's interpolant passes through the noisy answers, so from N = 80 on its error stays near σ² = 0.01. LeTCC's spline smooths the noise (GCV chooses λ_dec in every round): its error keeps falling, about halving with each doubling of N, and at N = 1280 it is more than ten times below BACC's. The dashed line is the LeTCC paper's bound for noisy servers, O(S^8/5·N^−3/5), drawn with S = log₁/ₚ N (see below the plot).",
            config: Config {
                scheme: Scheme::Letcc,
                stragglers: StragglerModel::Iid { p: 0.1 },
                noise: 0.1,
                trials: 30,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                sweep_ns: vec![40, 80, 160, 320, 640, 1280],
                sweep_ps: vec![0.1],
                panels: panels(&["stragglers", "encdec", "errors", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "adjacent",
            title: "Eight adjacent servers down",
            look: "Servers 36 to 43 of N = 80 never answer: one gap of 8 adjacent β's that the decoder must bridge (the longest run is 8). In the table BACC's error is about 8e-3 and LeTCC's about 4e-3. The next preset takes 8 servers spread out, one in every ten: the errors are about 5 times (BACC) and 90 times (LeTCC) smaller. What hurts is the longest run of stragglers, not how many straggle: the probabilistic-regime paper's argument, by hand. Click servers in panel 1 to try a pattern of your own.",
            config: Config {
                scheme: Scheme::Letcc,
                n: 80,
                stragglers: StragglerModel::Manual {
                    servers: (36..44).collect(),
                },
                trials: 1,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                panels: panels(&["stragglers", "encdec", "table"]),
                ..du.clone()
            },
        },
        Preset {
            id: "spread",
            title: "Eight servers down, spread out",
            look: "Servers 5, 15, 25, …, 75 of N = 80 never answer: 8 stragglers again, but no two adjacent (the longest run is 1). In the table BACC's error is about 1.7e-3 and LeTCC's about 4e-5, far below the 8e-3 and 4e-3 of the previous preset's 8 adjacent servers.",
            config: Config {
                scheme: Scheme::Letcc,
                n: 80,
                stragglers: StragglerModel::Manual {
                    servers: (0..8).map(|i| 5 + 10 * i).collect(),
                },
                trials: 1,
                ..d.clone()
            },
            ui: UiState {
                compare: vec![Scheme::Bacc, Scheme::Letcc],
                panels: panels(&["stragglers", "encdec", "table"]),
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
        assert_eq!(all.len(), 9);
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

    fn preset(id: &str) -> Preset {
        all().into_iter().find(|p| p.id == id).unwrap()
    }

    /// Trial 0 of a preset's configuration under `scheme`: its squared error.
    fn round_error(p: &Preset, scheme: Scheme) -> f64 {
        let c = Config {
            scheme,
            ..p.config.clone()
        };
        coded_core::run_round(&c, 0).unwrap().squared_error.unwrap()
    }

    /// "about x": within 15 %.
    fn about(value: f64, claimed: f64) -> bool {
        (value / claimed - 1.0).abs() < 0.15
    }

    #[test]
    fn the_noisy_servers_note_matches_its_numbers() {
        let p = preset("noisy");
        let c = &p.config;
        let plan = coded_core::SweepPlan::new(
            c,
            Some(&p.ui.sweep_ns),
            Some(&p.ui.sweep_ps),
            Some(&p.ui.compare),
        )
        .unwrap();
        let points = coded_core::sweep(c, &plan).unwrap();
        let mse = |scheme: Scheme, n: usize| {
            points
                .iter()
                .find(|q| q.scheme == scheme && q.n == n)
                .and_then(|q| q.mse)
                .unwrap()
                .mean
        };
        assert_eq!(c.noise, 0.1);
        let sigma2 = c.noise * c.noise;
        // "from N = 80 on its error stays near σ² = 0.01": within a factor 1.5.
        for &n in &p.ui.sweep_ns[1..] {
            let e = mse(Scheme::Bacc, n);
            assert!(e > sigma2 / 1.5 && e < sigma2 * 1.5, "BACC at N = {n}: {e}");
        }
        // "keeps falling, about halving with each doubling of N".
        for w in p.ui.sweep_ns[1..].windows(2) {
            let r = mse(Scheme::Letcc, w[1]) / mse(Scheme::Letcc, w[0]);
            assert_eq!(w[1], 2 * w[0]);
            assert!((0.4..0.7).contains(&r), "LeTCC {} → {}: ×{r}", w[0], w[1]);
        }
        // "at N = 1280 it is more than ten times below BACC's".
        assert!(mse(Scheme::Letcc, 1280) * 10.0 < mse(Scheme::Bacc, 1280));
        assert!(p.look.contains("σ = 0.1") && p.look.contains("N = 1280"));
    }

    #[test]
    fn the_adjacent_and_spread_notes_match_their_numbers() {
        let (adj, spread) = (preset("adjacent"), preset("spread"));
        for p in [&adj, &spread] {
            let StragglerModel::Manual { servers } = &p.config.stragglers else {
                panic!("{} is not a manual pattern", p.id);
            };
            assert_eq!(servers.len(), 8, "{}", p.id);
            assert_eq!(p.config.n, 80);
        }
        let r = coded_core::run_round(&adj.config, 0).unwrap();
        assert_eq!(r.longest_straggler_run, 8);
        let s = coded_core::run_round(&spread.config, 0).unwrap();
        assert_eq!(s.longest_straggler_run, 1);
        let (ab, al) = (
            round_error(&adj, Scheme::Bacc),
            round_error(&adj, Scheme::Letcc),
        );
        let (sb, sl) = (
            round_error(&spread, Scheme::Bacc),
            round_error(&spread, Scheme::Letcc),
        );
        assert!(about(ab, 8e-3) && about(al, 4e-3), "adjacent: {ab} {al}");
        assert!(about(sb, 1.7e-3) && about(sl, 4e-5), "spread: {sb} {sl}");
        assert!(about(ab / sb, 5.0), "BACC ratio {}", ab / sb);
        assert!(about(al / sl, 90.0), "LeTCC ratio {}", al / sl);
        // A hand-made pattern is the same in every round: trials = 1 says so.
        assert_eq!(
            coded_core::run_round(&adj.config, 0).unwrap().straggled,
            coded_core::run_round(
                &Config {
                    trials: 5,
                    ..adj.config.clone()
                },
                4
            )
            .unwrap()
            .straggled
        );
    }
}
