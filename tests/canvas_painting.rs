//! The page's canvas backend (`components::canvas_batch`) against plotters'
//! own, in headless Chromium: the same drawing looks the same, and a drawing
//! painted in parts ends up as it would painted at once.
//! Run with the other browser tests:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-playground`
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use coded_core::Config;
use coded_panels::chart::raster::{Band, Raster};
use coded_panels::stragglers::view::StragglerView;
use coded_panels::theme::Theme;
use coded_playground::components::canvas_batch::{BatchedCanvas, Recording};
use coded_playground::components::plot_backend::PlotBackend;
use plotters::coord::Shift;
use plotters::element::{Circle, Cross, EmptyElement, Rectangle, TriangleMarker};
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

wasm_bindgen_test_configure!(run_in_browser);

const W: u32 = 640;
const H: u32 = 400;

fn new_canvas() -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let c: HtmlCanvasElement = document.create_element("canvas").unwrap().unchecked_into();
    c.set_width(W);
    c.set_height(H);
    c
}

fn pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    ctx.get_image_data(0.0, 0.0, W as f64, H as f64)
        .unwrap()
        .data()
        .to_vec()
}

/// Every kind of mark the panels draw, dense and overlapping (as at
/// N = 8192), opaque and translucent, with texts.
fn scene<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>) {
    area.fill(&WHITE).unwrap();
    let mut chart = ChartBuilder::on(area)
        .margin(10)
        .caption("λ_dec and x̃_n", ("sans-serif", 18))
        .x_label_area_size(30)
        .y_label_area_size(40)
        .build_cartesian_2d(0f64..100f64, 0f64..100f64)
        .unwrap();
    chart.configure_mesh().draw().unwrap();
    let curve = |i: usize, f: f64| {
        let x = i as f64 / 30.0;
        (x, 50.0 + 30.0 * (x / 7.0 + f).sin())
    };
    chart
        .draw_series(
            (0..3000).map(|i| Circle::new(curve(i, 0.0), 2, RGBColor(0, 150, 60).filled())),
        )
        .unwrap();
    chart
        .draw_series((0..3000).map(|i| {
            EmptyElement::at(curve(i, 1.0))
                + Rectangle::new([(-2, -2), (2, 2)], RGBColor(0, 90, 200).stroke_width(1))
        }))
        .unwrap();
    chart
        .draw_series((0..300).map(|i| Cross::new(curve(i * 10, 2.0), 3, RED.stroke_width(2))))
        .unwrap();
    chart
        .draw_series((0..300).map(|i| Circle::new(curve(i * 10, 3.0), 5, BLACK.stroke_width(2))))
        .unwrap();
    chart
        .draw_series((0..300).map(|i| TriangleMarker::new(curve(i * 10, 4.0), 4, MAGENTA.filled())))
        .unwrap();
    chart
        .draw_series(LineSeries::new(
            (0..3000).map(|i| curve(i, 5.0)),
            BLUE.stroke_width(2),
        ))
        .unwrap();
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(10.0, 10.0), (60.0, 40.0)],
            BLUE.mix(0.3).filled(),
        )))
        .unwrap();
    // An image (the straggler raster's way), under a translucent mark.
    let bands: Vec<_> = (0..40)
        .map(|i| Band {
            rows: 300 + i % 7..305 + i % 7,
            spans: vec![(200 + 3 * i..202 + 3 * i, RGBColor(200, (i * 6) as u8, 0))],
        })
        .collect();
    let raster = Raster {
        bands,
        background: WHITE,
        as_image: true,
    };
    area.draw(&raster).unwrap();
    area.draw(&Rectangle::new(
        [(210, 290), (260, 320)],
        BLUE.mix(0.3).filled(),
    ))
    .unwrap();
    area.draw_text(
        "rotated",
        &TextStyle::from(("sans-serif", 14).into_font()).transform(FontTransform::Rotate270),
        (30, 200),
    )
    .unwrap();
    area.present().unwrap();
}

fn close(p: &[u8], q: &[u8], by: u8) -> bool {
    p.iter().zip(q).all(|(x, y)| x.abs_diff(*y) <= by)
}

/// Pixels whose colour differs by more than `by` in a channel.
fn differing(a: &[u8], b: &[u8], by: u8) -> usize {
    a.chunks_exact(4)
        .zip(b.chunks_exact(4))
        .filter(|(p, q)| !close(p, q, by))
        .count()
}

/// Pixels of `a` whose colour (within `by`) is on no pixel of `b` at most
/// one pixel away, nor the other way round: what an edge moved by less
/// than a pixel (antialiasing) cannot explain.
fn unexplained(a: &[u8], b: &[u8], by: u8) -> usize {
    let at = |img: &[u8], x: i64, y: i64| -> Option<[u8; 4]> {
        (x >= 0 && y >= 0 && x < W as i64 && y < H as i64).then(|| {
            let i = 4 * (y as usize * W as usize + x as usize);
            [img[i], img[i + 1], img[i + 2], img[i + 3]]
        })
    };
    let near = |img: &[u8], x: i64, y: i64, p: &[u8; 4]| {
        (-1..=1)
            .any(|dy| (-1..=1).any(|dx| at(img, x + dx, y + dy).is_some_and(|q| close(p, &q, by))))
    };
    let mut n = 0;
    for y in 0..H as i64 {
        for x in 0..W as i64 {
            let (p, q) = (at(a, x, y).unwrap(), at(b, x, y).unwrap());
            if !close(&p, &q, by) && (!near(b, x, y, &p) || !near(a, x, y, &q)) {
                n += 1;
            }
        }
    }
    n
}

#[wasm_bindgen_test]
fn the_batched_backend_draws_what_plotters_canvas_draws() {
    let theirs = new_canvas();
    scene(
        &CanvasBackend::with_canvas_object(theirs.clone())
            .unwrap()
            .into_drawing_area(),
    );
    let ours = new_canvas();
    scene(&PlotBackend::Canvas(BatchedCanvas::new(ours.clone()).unwrap()).into_drawing_area());
    let (a, b) = (pixels(&theirs), pixels(&ours));
    let background = a
        .chunks_exact(4)
        .filter(|p| *p == [255, 255, 255, 255])
        .count();
    assert!(
        background < (W * H) as usize * 95 / 100,
        "the scene draws something"
    );
    // Only the soft rims of overlapping marks may differ: filled together,
    // their shared edges are not blended again and again, so the rim of a
    // dense band is lighter by up to a pixel. Nothing else.
    let rims = differing(&a, &b, 96);
    let other = unexplained(&a, &b, 96);
    assert!(
        other * 2000 < (W * H) as usize,
        "{other} pixels differ beyond a rim (of {rims} that differ strongly)"
    );
}

#[wasm_bindgen_test]
fn the_straggler_plot_at_n_8192_draws_as_with_plotters_canvas() {
    let config = Config::from_json(r#"{"n": 8192, "k": 1024, "trials": 200}"#).unwrap();
    let view = StragglerView::from_round(&coded_core::Round::compute(&config, 3, None));
    let theme = Theme::light();
    // Theirs draws the raster as shapes (plotters-canvas paints an image a
    // pixel at a time), ours as one image.
    let theirs = new_canvas();
    coded_panels::stragglers::draw::draw(
        &CanvasBackend::with_canvas_object(theirs.clone())
            .unwrap()
            .into_drawing_area(),
        &theme,
        &view,
        &Default::default(),
    )
    .unwrap();
    let ours = new_canvas();
    coded_panels::stragglers::draw::draw(
        &PlotBackend::Canvas(BatchedCanvas::new(ours.clone()).unwrap()).into_drawing_area(),
        &theme.clone().with_images(),
        &view,
        &Default::default(),
    )
    .unwrap();
    let (a, b) = (pixels(&theirs), pixels(&ours));
    // Its marks do not overlap: the same pixels but for a rounding of the
    // shades (given as opaque colours, not translucent over the surface).
    let strongly = differing(&a, &b, 2);
    assert!(strongly == 0, "{strongly} pixels differ");
}

/// `scene`, recorded.
fn recorded() -> Recording {
    let into = Rc::new(RefCell::new(Recording::default()));
    let backend = BatchedCanvas::recording(new_canvas(), (W, H), into.clone()).unwrap();
    scene(&PlotBackend::Canvas(backend).into_drawing_area());
    into.take()
}

#[wasm_bindgen_test]
fn a_drawing_painted_in_parts_is_the_drawing_painted_at_once() {
    let whole = new_canvas();
    assert!(recorded().paint(&whole, None));
    let parted = new_canvas();
    let mut recording = recorded();
    assert!(recording.weight() > 3000, "{}", recording.weight());
    let mut parts = 1;
    while !recording.paint(&parted, Some((f64::INFINITY, 100))) {
        parts += 1;
        assert!(parts < 1000, "painting ends");
    }
    assert!(parts > 10, "{parts} parts");
    assert!(pixels(&whole) == pixels(&parted), "the same pixels");
}
