//! The embed snippet a lecturer pastes into a page: the iframe of one
//! panel and the script that sizes it.
//!
//! Why pure and apart from the dialog: the snippet is text built from plain
//! values (the state, the dialog's choice, the page's address), so it is
//! tested natively; the dialog only shows it.

use coded_panels::Panel;

use crate::settings::look::{Look, Size};
use crate::settings::LinkState;
use crate::url;

/// What the Embed dialog is set to.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedChoice {
    pub panel: Panel,
    /// As typed: controls named by label or link key, separated by commas
    /// (names of no control are left out, and the dialog says which).
    pub controls: String,
    pub look: Look,
}

impl Default for EmbedChoice {
    /// The error curves, no controls, the viewer's colours at page size.
    fn default() -> Self {
        EmbedChoice {
            panel: Panel::Errors,
            controls: String::new(),
            look: Look::default(),
        }
    }
}

/// The embed link's state: the current view, one panel, the chosen
/// controls and look. Encoded by the one link codec, so keys an embed does
/// not use (which panels are shown) are left out rather than noted as
/// ignored inside the lecture page.
pub fn embed_state(state: LinkState, choice: &EmbedChoice) -> LinkState {
    let mut link = LinkState {
        embed: Some(choice.panel),
        controls: vec![],
        look: choice.look,
        ..state
    };
    // The controls setting's own reader: the same names a link accepts.
    if let Some(st) = crate::settings::by_key("controls") {
        let _ = (st.read)(&mut link, &choice.controls);
    }
    link
}

/// What the dialog says of the names in “Controls shown” that name no
/// control (None when every name is one).
pub fn unknown_controls_note(controls: &str) -> Option<String> {
    let (_, unknown) = crate::settings::controls_named(controls);
    if unknown.is_empty() {
        return None;
    }
    let names: Vec<String> = unknown.iter().map(|n| format!("“{n}”")).collect();
    let what = if unknown.len() == 1 {
        "Not a control"
    } else {
        "Not controls"
    };
    Some(format!(
        "{what}: {} (left out). Name a control by its label in the controls column or its key in a link.",
        names.join(", ")
    ))
}

/// A short tag of a text (FNV-1a): the iframe's id, so that two embeds of
/// different views on one lecture page have different ids.
pub fn tag(text: &str) -> String {
    let h = text.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    });
    format!("{h:08x}")
}

/// The widest frame the embedded page lays out as a phone (its stylesheet's
/// narrow-screen rule, `@media (max-width: 700px)`).
const PHONE_WIDTH: u32 = 700;

/// The iframe's size attributes for the chosen size. A page is as wide as
/// the host's column and as tall as it reports; a slide fills the box the
/// host gives it: the width, a 16:9 shape, never taller than its box, and
/// in a Reveal.js deck the height left under a slide's title (`r-stretch`,
/// which other hosts ignore).
fn frame_size(size: Size) -> String {
    match size {
        Size::Page => "width=\"100%\" height=\"560\" style=\"border: 0\"".to_string(),
        Size::Slide => {
            let (w, h) = Size::SLIDE;
            format!(
                "class=\"r-stretch\" style=\"display: block; border: 0; width: 100%; aspect-ratio: {w} / {h}; max-height: 100%\""
            )
        }
    }
}

/// The whole snippet: the iframe, and the script that answers what the
/// embedded page says (only from this app's origin and this iframe's
/// window): its height (a page-sized embed), and that a click on its plot
/// hands the keyboard back to this page (a deck's arrow keys).
pub fn snippet(base: &str, origin: &str, state: LinkState, choice: &EmbedChoice) -> String {
    let src = format!("{base}?{}", url::encode(&embed_state(state, choice)));
    let id = format!("coded-{}-{}", choice.panel.name(), tag(&src));
    let title = choice.panel.title();
    let size = frame_size(choice.look.size);
    let src = src.replace('&', "&amp;");
    // A slide's frame in a column narrower than the embed's phone layout
    // (a lecture page read on a phone) takes a phone's shape: at 16:9 it
    // would be a strip too low for any plot. A deck's slide is always
    // 1280 wide, so it keeps 16:9 there.
    let reshape = match choice.look.size {
        Size::Page => String::new(),
        Size::Slide => {
            let (w, h) = Size::SLIDE;
            format!(
                "
(function (f) {{
  function fit() {{ f.style.aspectRatio = f.offsetWidth > {PHONE_WIDTH} ? \"{w} / {h}\" : \"9 / 16\"; }}
  fit();
  addEventListener(\"resize\", fit);
}})(document.getElementById(\"{id}\"));"
            )
        }
    };
    format!(
        "<iframe id=\"{id}\" src=\"{src}\" title=\"Coded computing: {title}\" {size} loading=\"lazy\"></iframe>
<script>
addEventListener(\"message\", function (e) {{
  var f = document.getElementById(\"{id}\");
  if (!f || e.source !== f.contentWindow || e.origin !== \"{origin}\") return;
  if (e.data && e.data.type === \"coded-playground-height\" && isFinite(e.data.height))
    f.style.height = Math.ceil(e.data.height) + \"px\";
  if (e.data && e.data.type === \"coded-playground-keys\" && document.activeElement === f) {{
    f.blur();
    window.focus();
  }}
}});{reshape}
</script>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::look::ThemeChoice;
    use coded_panels::Panels;

    #[test]
    fn a_slides_frame_takes_a_phones_shape_where_the_page_lays_out_as_a_phone() {
        let css = include_str!("../../style/main.css");
        assert!(css.contains(&format!("@media (max-width: {PHONE_WIDTH}px)")));
        let mut choice = EmbedChoice {
            panel: Panel::Errors,
            controls: String::new(),
            look: Look::default(),
        };
        let snippet_of = |choice: &EmbedChoice| {
            snippet(
                "https://x.org/",
                "https://x.org",
                LinkState::default(),
                choice,
            )
        };
        choice.look.size = Size::Slide;
        let slide = snippet_of(&choice);
        assert!(
            slide.contains(&format!("f.offsetWidth > {PHONE_WIDTH}")),
            "{slide}"
        );
        choice.look.size = Size::Page;
        let page = snippet_of(&choice);
        assert!(!page.contains("aspectRatio"), "{page}");
    }

    #[test]
    fn snippet_leaves_out_unused_keys_escapes_and_sizes_its_frame() {
        let mut state = LinkState::default();
        state.config.n = 80;
        // A preset's panels: not an embed's key.
        state.ui.panels = Panels::only(Panel::Errors);
        let choice = EmbedChoice {
            panel: Panel::Table,
            controls: "n, p, <b>".into(),
            look: Look {
                theme: ThemeChoice::Light,
                plot_only: true,
                size: Size::Slide,
                picks: false,
            },
        };
        let s = snippet(
            "https://x.org/app/",
            "https://x.org",
            state.clone(),
            &choice,
        );
        let src = "https://x.org/app/?v=1&amp;embed=table&amp;controls=n,p&amp;theme=light&amp;plot-only=1&amp;size=slide&amp;n=80";
        assert!(s.starts_with("<iframe id=\"coded-table-"), "{s}");
        assert!(s.contains(&format!("src=\"{src}\"")), "{s}");
        assert!(s.contains("class=\"r-stretch\""));
        assert!(s.contains("aspect-ratio: 1280 / 720") && !s.contains("height=\""));
        assert!(s.contains("coded-playground-keys"));
        assert!(s.contains("e.origin !== \"https://x.org\""));
        assert!(!s.contains("panels") && !s.contains("<b>"));
        // The link decodes without a notice, to what was chosen.
        let query = src.split_once('?').unwrap().1.replace("&amp;", "&");
        let (back, notes) = url::decode(&query);
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!((back.embed, back.look), (Some(Panel::Table), choice.look));
        // Another view, another id; the page size fills the width.
        let other = EmbedChoice {
            look: Look::default(),
            ..choice
        };
        let t = snippet("https://x.org/app/", "https://x.org", state, &other);
        assert!(t.contains("width=\"100%\" height=\"560\""));
        assert_ne!(
            s.lines().next().unwrap()[..30],
            t.lines().next().unwrap()[..30]
        );
    }

    #[test]
    fn embed_state_keeps_the_view_and_takes_the_known_controls() {
        let mut state = LinkState::default();
        state.config.k = 7;
        state.ui.trial = 3;
        let choice = EmbedChoice {
            controls: "p, nonsense".into(),
            ..EmbedChoice::default()
        };
        let e = embed_state(state.clone(), &choice);
        assert_eq!((e.config, e.ui), (state.config, state.ui));
        assert_eq!(e.embed, Some(Panel::Errors));
        assert_eq!(e.controls, vec!["p"]);
        assert_eq!(e.look, Look::default());
    }

    #[test]
    fn names_of_no_control_are_said_and_labels_in_any_case_are_taken() {
        let choice = EmbedChoice {
            controls: "N, sigma, foo, σ, Trials".into(),
            ..EmbedChoice::default()
        };
        let e = embed_state(LinkState::default(), &choice);
        assert_eq!(e.controls, vec!["n", "noise", "trials"]);
        assert_eq!(
            unknown_controls_note(&choice.controls).as_deref(),
            Some("Not a control: “foo” (left out). Name a control by its label in the controls column or its key in a link.")
        );
        assert!(unknown_controls_note("foo, bar")
            .unwrap()
            .starts_with("Not controls: “foo”, “bar” (left out)."));
        assert_eq!(unknown_controls_note("n, P (straggle probability)"), None);
        assert_eq!(unknown_controls_note(""), None);
    }

    #[test]
    fn tags_are_eight_hex_digits_and_tell_texts_apart() {
        assert_eq!(tag(""), "811c9dc5");
        assert_eq!(tag("a"), tag("a"));
        assert_ne!(tag("a"), tag("b"));
        assert!(tag("https://x.org/?v=1")
            .chars()
            .all(|c| c.is_ascii_hexdigit()));
    }
}
