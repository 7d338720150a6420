//! Every panel of the registry through its whole contract: each view in
//! the results, in every look its contract lists, drawn to SVG, summarised
//! and hovered on a grid of points. What the tests that check "every
//! panel" read (the fuzz tests of the app's data path, the named edge
//! cases, the plain-words scan), so a new panel or a new look is walked the
//! day it exists.

use plotters::prelude::{IntoDrawingArea, SVGBackend};

use crate::contract::Cursor;
use crate::panel::{Panel, Registered, Results, Visit};
use crate::theme::Theme;

/// One view of one panel in one look.
#[derive(Clone, Debug)]
pub struct Walked {
    pub panel: Panel,
    /// The look, in Rust's debug form (for messages).
    pub look: String,
    /// The drawing, as an SVG document.
    pub svg: String,
    pub summary: String,
    /// The hover texts found on a 9 × 9 grid over the drawing.
    pub hovers: Vec<String>,
}

/// Walks every panel whose view `results` holds, drawn at `size` pixels
/// with `theme`. A drawing that fails is an error naming the panel.
pub fn walk(results: &Results, theme: &Theme, size: (u32, u32)) -> Result<Vec<Walked>, String> {
    struct Walk<'r, 'a> {
        results: &'r Results<'a>,
        theme: &'r Theme,
        size: (u32, u32),
    }
    impl Visit for Walk<'_, '_> {
        type Output = Result<Vec<Walked>, String>;
        fn visit<P: Registered>(self) -> Self::Output {
            let Some(view) = P::view(self.results) else {
                return Ok(vec![]);
            };
            let mut out = vec![];
            for look in P::looks(view) {
                let mut svg = String::new();
                let frame = {
                    let area = SVGBackend::with_string(&mut svg, self.size).into_drawing_area();
                    P::draw(&area, self.theme, view, &look)
                        .map_err(|e| format!("{}: drawing failed: {e}", P::NAME))?
                };
                let mut hovers = vec![];
                for i in 0..=8 {
                    for j in 0..=8 {
                        let at = Cursor::new(
                            self.size.0 as f64 * i as f64 / 8.0,
                            self.size.1 as f64 * j as f64 / 8.0,
                            1.0,
                        );
                        hovers.extend(P::hover(view, &look, &frame, at));
                    }
                }
                out.push(Walked {
                    panel: P::PANEL,
                    look: format!("{look:?}"),
                    summary: P::summary(view, &look),
                    svg,
                    hovers,
                });
            }
            Ok(out)
        }
    }
    let mut all = vec![];
    for panel in Panel::ALL {
        all.extend(panel.visit(Walk {
            results,
            theme,
            size,
        })?);
    }
    Ok(all)
}
