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

/// The views' JSON without the fields added after the fingerprints were
/// taken (each point's other statistics, each curve's slope interval), so
/// that every field the old tabs had is still compared byte for byte.
fn without_later_fields(json: &str) -> String {
    let mut out = json.to_string();
    for key in [",\"statistics\":", ",\"slope_interval\":"] {
        while let Some(start) = out.find(key) {
            let value = start + key.len();
            let end = value + value_length(&out[value..]);
            out.replace_range(start..end, "");
        }
    }
    out
}

/// The length of the JSON value at the start of `text` (an object, an
/// array, or a scalar up to the next comma or closing bracket).
fn value_length(text: &str) -> usize {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' if depth == 0 => return i,
            '}' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            ',' if depth == 0 => return i,
            _ => {}
        }
    }
    text.len()
}

#[test]
fn the_three_old_tabs_give_the_views_they_gave() {
    // Re-pinned for issue 26's λ search (four λ per pass, a lower bound,
    // parabolic steps): every view holds LeTCC with GCV (the λ_dec tab has
    // a GCV point too), whose λ now differ from the Brent search's in the
    // last digits, so the errors' last digits and the fingerprints change.
    // Every other field (the tabs' structure, BACC's numbers) is unchanged.
    let cases = [
        (r#"{"trials": 12}"#, CurveKind::P, 0x403c_19a3_c1e4_e811),
        (
            r#"{"trials": 9, "stragglers": {"model": "fixed", "s": 3}, "k": 5, "n": 24}"#,
            CurveKind::P,
            0xa1a0_610f_fd18_2a4e,
        ),
        (
            r#"{"trials": 6, "lambda_dec": 1e-6}"#,
            CurveKind::LambdaDec,
            0xf429_3ce9_ffab_22b0,
        ),
        (
            r#"{"trials": 6, "noise": 0.1, "function": "abs"}"#,
            CurveKind::LambdaDec,
            0xb716_3d68_8160_a718,
        ),
        // Error vs N's median slopes are fitted with the core's portable
        // logarithm, the CLI's, so the page shows the same bits natively
        // and in wasm: the last bit of one median slope differs from the
        // platform logarithm's, and so does this fingerprint.
        (r#"{"trials": 12}"#, CurveKind::N, 0x8f24_fadb_4701_0a45),
    ];
    for (text, tab, want) in cases {
        let c = Config::from_json(text).unwrap();
        let ui = UiState {
            error_tab: tab,
            ..UiState::default()
        };
        let v = curves(&mut Session::new(), &c, &ui).unwrap();
        let json = without_later_fields(&serde_json::to_string(&v).unwrap());
        assert_eq!(
            Fingerprint::of_key(&json),
            Fingerprint(want),
            "{text} {tab:?}: {json}"
        );
    }
}
