//! The error plots that were hand-written tabs before the table of axes
//! (error vs N, vs p, vs λ_dec) give the same views, byte for byte in their
//! JSON: the fingerprints below were taken from the hand-written tabs'
//! views of these settings just before they became entries of the table.

use coded_core::Config;
use coded_engine::curves_run::curves;
use coded_engine::session::Session;
use coded_panels::errors::CurveKind;
use coded_protocol::fingerprint::Fingerprint;
use coded_protocol::UiState;

#[test]
fn the_three_old_tabs_give_the_views_they_gave() {
    let cases = [
        (r#"{"trials": 12}"#, CurveKind::P, 0x393d_69a8_7e69_6df0),
        (
            r#"{"trials": 9, "stragglers": {"model": "fixed", "s": 3}, "k": 5, "n": 24}"#,
            CurveKind::P,
            0xf89c_591d_1a08_cb37,
        ),
        (
            r#"{"trials": 6, "lambda_dec": 1e-6}"#,
            CurveKind::LambdaDec,
            0x6e77_76cc_539e_c1da,
        ),
        (
            r#"{"trials": 6, "noise": 0.1, "function": "abs"}"#,
            CurveKind::LambdaDec,
            0xf898_81ae_8635_a95c,
        ),
        (r#"{"trials": 12}"#, CurveKind::N, 0x8b84_2523_2501_057a),
    ];
    for (text, tab, want) in cases {
        let c = Config::from_json(text).unwrap();
        let ui = UiState {
            error_tab: tab,
            ..UiState::default()
        };
        let v = curves(&mut Session::new(), &c, &ui).unwrap();
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(
            Fingerprint::of_key(&json),
            Fingerprint(want),
            "{text} {tab:?}: {json}"
        );
    }
}
