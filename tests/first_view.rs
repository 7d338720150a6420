//! The first view of `index.html` (painted before the wasm loads) says what
//! the app's header says, word for word, so that the app replaces it without
//! a visible change.
#![cfg(not(target_arch = "wasm32"))]

use coded_playground::app::{TAGLINE, TITLE};
use coded_playground::FIRST_VIEW;

const INDEX: &str = include_str!("../index.html");

#[test]
fn the_first_view_is_the_apps_header() {
    let (_, view) = INDEX
        .split_once(&format!("id=\"{FIRST_VIEW}\""))
        .expect("index.html has the first view");
    let view = view.split("</div>").next().unwrap();
    assert!(view.contains(&format!("<h1>{TITLE}</h1>")), "{view}");
    assert!(
        view.contains(&format!("<p class=\"tagline\">{TAGLINE}</p>")),
        "{view}"
    );
}
