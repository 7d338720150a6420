//! Panel 3's values under the cursor, in words (the tooltip).

use super::view::DigitsView;
use crate::format::f4;
use crate::geometry::Frame;

/// Chart ids: INPUT + i for the i-th input card, SERVER + j for servers.
pub const INPUT: u32 = 300;
pub const SERVER: u32 = 400;

pub fn hover(view: &DigitsView, frame: &Frame, px: f64, py: f64) -> Option<String> {
    let chart = frame.chart_at(px, py)?;
    let (x, y) = chart.to_data(px, py);
    let (col, row) = ((x.floor() as usize).min(27), (y.floor() as usize).min(27));
    let pixel = |p: &[f32]| {
        p.get(row * 28 + col)
            .map(|v| f4(*v as f64))
            .unwrap_or_default()
    };
    if (INPUT..SERVER).contains(&chart.id) {
        let card = view.inputs.get((chart.id - INPUT) as usize)?;
        let decoded = card
            .decoded
            .map(|d| d.to_string())
            .unwrap_or_else(|| "none (failed)".into());
        Some(format!(
            "input k = {} (α = {}): true label {}, uncoded model {}, decoded {decoded}; pixel ({row}, {col}) = {}",
            card.k + 1,
            f4(card.alpha),
            card.label.map(|l| l.to_string()).unwrap_or_else(|| "?".into()),
            card.model,
            pixel(&card.pixels)
        ))
    } else {
        let card = view.servers.get((chart.id - SERVER) as usize)?;
        let state = if card.straggled {
            "straggled"
        } else {
            "returned"
        };
        Some(format!(
            "server {} (β = {}), {state}: network says {}; pixel ({row}, {col}) = {}",
            card.index,
            f4(card.beta),
            card.prediction,
            pixel(&card.pixels)
        ))
    }
}
