//! Draws a [`StragglerView`]: the current round's servers in β order (or
//! their finish times against the deadline), and a raster of trials ×
//! servers in which each straggler is a mark.

use super::hover::{RASTER, ROUND};
use super::view::{Look, StragglerView};
use crate::chart::common::*;
use crate::chart::coord::AxisCoord;
use crate::chart::raster::{Band, Raster};
use crate::chart::verdicts;
use crate::detection::{Judged, Verdict};
use crate::geometry::{ChartGeometry, DataRange};
use crate::packed_bits::Bits;
use crate::theme::{okabe_ito, Theme};
use crate::words::plural;
use crate::{Area, DrawResult, Frame};
use plotters::prelude::*;

/// Straggled fraction of a bin, rounded to quarters (a bin with any
/// straggler is at least 1): its shade is that fraction, so a dense raster
/// keeps its proportions; neighbouring cells of equal level merge into one
/// rectangle, which keeps the number of shapes small at N = 8192.
fn level(straggled: usize, total: usize) -> u8 {
    if straggled == 0 {
        0
    } else {
        ((4 * straggled + total / 2) / total.max(1)).clamp(1, 4) as u8
    }
}

/// The share of stragglers in each of `bins` columns of a row of servers.
pub fn straggled_share(row: &[bool], bins: usize) -> Vec<(usize, usize, f64)> {
    let n = row.len();
    let bins = bins.clamp(1, n.max(1));
    (0..bins)
        .map(|b| (b * n / bins, (b + 1) * n / bins))
        .filter(|(s, e)| s < e)
        .map(|(s, e)| {
            let k = row[s..e].iter().filter(|x| **x).count();
            (s, e, k as f64 / (e - s) as f64)
        })
        .collect()
}

/// Runs of equal level along a row of servers grouped into `bins`
/// columns: (first server, end server, level), level > 0 only.
pub fn runs(row: &[bool], bins: usize) -> Vec<(usize, usize, u8)> {
    runs_of(row.len(), bins, |s, e| {
        row[s..e].iter().filter(|x| **x).count()
    })
}

/// [`runs`] of a raster's row, its stragglers counted a word at a time.
fn packed_runs(row: &Bits, bins: usize) -> Vec<(usize, usize, u8)> {
    runs_of(row.len(), bins, |s, e| row.count_ones(s..e))
}

/// [`runs`] along `n` servers of which `straggled(s, e)` straggled in
/// `s..e`.
fn runs_of(
    n: usize,
    bins: usize,
    straggled: impl Fn(usize, usize) -> usize,
) -> Vec<(usize, usize, u8)> {
    let bins = bins.clamp(1, n.max(1));
    let mut out: Vec<(usize, usize, u8)> = vec![];
    for b in 0..bins {
        let (s, e) = (b * n / bins, (b + 1) * n / bins);
        if s == e {
            continue;
        }
        let l = level(straggled(s, e), e - s);
        match out.last_mut() {
            Some(last) if last.1 == s && last.2 == l => last.1 = e,
            _ => out.push((s, e, l)),
        }
    }
    out.retain(|r| r.2 > 0);
    out
}

/// A frame around one server's column, at least a few pixels wide so that
/// it shows at N = 8192 too.
fn draw_cursor<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<AxisCoord, AxisCoord>>,
    theme: &Theme,
    focus: Option<usize>,
    n: usize,
    lo: f64,
    hi: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Some(i) = focus.filter(|&i| i < n) else {
        return Ok(());
    };
    let width = chart.plotting_area().dim_in_pixel().0.max(1) as f64;
    let half = (n as f64 * f64::from(theme.px(3.0)) / width).max(0.5);
    let mid = i as f64 + 0.5;
    chart.draw_series(std::iter::once(Rectangle::new(
        [(mid - half, lo), (mid + half, hi)],
        theme.foreground.stroke_width(theme.px(2.0)),
    )))?;
    Ok(())
}

/// The adversarial servers of the round: triangles (a shape no other mark
/// of the panel has) in the palette's reddish purple, filled when the
/// server answered (a corrupted answer), hollow when it straggled.
fn draw_adversaries<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<AxisCoord, AxisCoord>>,
    theme: &Theme,
    view: &StragglerView,
    y: impl Fn(usize) -> f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let purple = okabe_ito::REDDISH_PURPLE;
    let size = adversary_size(theme, view);
    let marks = view
        .adversarial_servers
        .iter()
        .filter(|&&i| i < view.n)
        .map(|&i| {
            let style = if view.straggled[i] {
                purple.stroke_width(theme.px(1.5))
            } else {
                purple.filled()
            };
            ((i as f64 + 0.5, y(i)), style)
        })
        .collect();
    draw_markers(chart, 1, size, marks)
}

/// The servers a locating decoder judged: an outline around each one's
/// place in the strip (its triangle, for an adversary), by verdict.
fn draw_verdict_marks<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<AxisCoord, AxisCoord>>,
    theme: &Theme,
    view: &StragglerView,
    y: impl Fn(usize) -> f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let marks: Vec<((f64, f64), Verdict)> = (view.verdicts().into_iter())
        .map(|(i, v)| ((i as f64 + 0.5, y(i)), v))
        .collect();
    let radius = verdicts::radius(theme, adversary_size(theme, view));
    verdicts::draw_verdicts(chart, theme, &marks, radius)
}

/// The adversaries' triangles' size in pixels.
fn adversary_size(theme: &Theme, view: &StragglerView) -> i32 {
    theme.px(if view.n > 200 { 3.0 } else { 5.0 }) as i32
}

/// A chart builder with the margins both charts share (their y axes line
/// up).
fn builder<'a, 'b, DB: DrawingBackend>(
    area: &'a Area<DB>,
    theme: &Theme,
) -> ChartBuilder<'a, 'b, DB> {
    let mut b = ChartBuilder::on(area);
    b.margin(theme.px(8.0))
        .margin_top(theme.px(2.0))
        .margin_right(theme.px(16.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(58.0));
    b
}

/// The round's strip over the raster; with a frame around server
/// `look.focus` in the strip (the keyboard's cursor when the panel picks
/// servers).
pub fn draw<DB: DrawingBackend>(
    area: &Area<DB>,
    theme: &Theme,
    view: &StragglerView,
    look: &Look,
) -> DrawResult<DB> {
    let focus = look.focus;
    // In two parts, a chart each (see `Theme::part`): at N = 8192 the
    // round is 8 192 marks, the raster a million cells.
    if theme.draws(0) {
        area.fill(&theme.surface)?;
    }
    // A locating scheme's key under the plot, in one row (a phone has no
    // room for more); its marks need a taller strip than the raster.
    let (main, key, strip_share) = if view.detection.is_some() {
        let (_, h) = area.dim_in_pixel();
        let (main, key) = area.split_vertically(h.saturating_sub(theme.px(verdicts::KEY_CSS)));
        (main, Some(key), 0.46)
    } else {
        (area.clone(), None, 0.38)
    };
    let (_, h) = main.dim_in_pixel();
    let (top, bottom) = main.split_vertically((h as f64 * strip_share) as u32);
    let n = view.n as f64;
    let x = DataRange::linear(0.0..n);
    let alert = theme.alert;
    let good = theme.good;

    // The current round.
    let mut caption = format!(
        "Round {}: |F| = {} of {} returned · longest straggler run {}",
        view.trial + 1,
        view.returned,
        view.n,
        view.longest_run
    );
    if !view.adversarial_servers.is_empty() {
        caption.push_str(&format!(
            " · {} adversarial (purple triangles)",
            view.adversarial_servers.len()
        ));
    }
    if let Some(d) = &view.detection {
        caption.push_str(&format!(
            " · {} flagged {}",
            d.scheme.label(),
            d.flagged.len()
        ));
    }
    let top = titled_in(0, &top, theme, &caption, 14.0)?;
    let mut cb = builder(&top, theme);
    let round_geometry = match (&view.finish_times, view.deadline) {
        (Some(times), Some(deadline)) => {
            let (lo, hi) = linear_range(times.iter().copied().chain([deadline]), 0.08);
            let y = DataRange::linear(lo.min(deadline)..hi);
            let mut chart = cb.build_cartesian_2d(AxisCoord::linear(x), AxisCoord::linear(y))?;
            if theme.draws(0) {
                style_mesh(&mut chart, theme, "server (β order)", "finish time", 10)?;
                chart.draw_series(DashedLineSeries::new(
                    vec![(0.0, deadline), (n, deadline)],
                    theme.px(6.0),
                    theme.px(4.0),
                    theme.foreground.stroke_width(theme.px(1.5)),
                ))?;
                let r = theme.px(if view.n > 200 { 1.5 } else { 3.0 }) as i32;
                let pts = times
                    .iter()
                    .enumerate()
                    .map(|(i, &t)| {
                        let style = if view.straggled[i] {
                            alert.filled()
                        } else {
                            good.filled()
                        };
                        ((i as f64 + 0.5, t.clamp(y.lo, y.hi)), style)
                    })
                    .collect();
                draw_markers(&mut chart, 0, r, pts)?;
                let at = |i: usize| times[i].clamp(y.lo, y.hi);
                draw_adversaries(&mut chart, theme, view, at)?;
                draw_verdict_marks(&mut chart, theme, view, at)?;
                draw_cursor(&mut chart, theme, focus, view.n, y.lo, y.hi)?;
            }
            ChartGeometry::new(ROUND, chart.plotting_area().get_pixel_range(), x, y)
        }
        _ => {
            let y = DataRange::linear(0.0..1.0);
            let mut chart = cb.build_cartesian_2d(AxisCoord::linear(x), AxisCoord::linear(y))?;
            if theme.draws(0) {
                let width = chart.plotting_area().dim_in_pixel().0;
                chart
                    .configure_mesh()
                    .disable_y_mesh()
                    .disable_y_axis()
                    .disable_x_mesh()
                    .axis_style(theme.axis.stroke_width(theme.px(1.0)))
                    .label_style(font(theme, 11.0))
                    .axis_desc_style(font(theme, 12.0))
                    .x_desc("server (β order)")
                    .x_label_formatter(&|v| tick(*v))
                    .x_labels(fit_labels(theme, width, X_LABEL_CSS, 10))
                    .draw()?;
                // Returned servers fill the strip; stragglers are short marks in
                // the alert colour (shape and colour both differ).
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(0.0, 0.35), (n, 1.0)],
                    theme.on_surface(good, 0.85).filled(),
                )))?;
                let bins = (chart.plotting_area().dim_in_pixel().0 as usize).max(1);
                if view.n <= bins {
                    let marks = runs(&view.straggled, bins);
                    chart.draw_series(marks.iter().map(|&(s, e, _)| {
                        Rectangle::new([(s as f64, 0.0), (e as f64, 1.0)], alert.filled())
                    }))?;
                    chart.draw_series(marks.iter().map(|&(s, e, _)| {
                        Rectangle::new([(s as f64, 0.35), (e as f64, 1.0)], theme.surface.filled())
                    }))?;
                } else {
                    // More servers than pixel columns: a column with one
                    // straggler among a dozen servers would be a whole mark, and
                    // the strip would read as nearly all stragglers. Each column
                    // instead gives the stragglers its share of the height (from
                    // the top: a gap above the returned servers, like a mark).
                    let mut columns = straggled_share(&view.straggled, bins);
                    columns.retain(|c| c.2 > 0.0);
                    chart.draw_series(columns.iter().map(|&(s, e, f)| {
                        Rectangle::new(
                            [(s as f64, 1.0 - f), (e as f64, 1.0)],
                            theme.surface.filled(),
                        )
                    }))?;
                    chart.draw_series(columns.iter().map(|&(s, e, f)| {
                        Rectangle::new([(s as f64, 0.0), (e as f64, 0.35 * f)], alert.filled())
                    }))?;
                }
                draw_adversaries(&mut chart, theme, view, |_| 0.68)?;
                draw_verdict_marks(&mut chart, theme, view, |_| 0.68)?;
                draw_cursor(&mut chart, theme, focus, view.n, 0.0, 1.0)?;
            }
            ChartGeometry::new(ROUND, chart.plotting_area().get_pixel_range(), x, y)
        }
    };

    // The raster: trials (rows, top first) × servers.
    let rows = view.raster.len();
    let first = view.raster_first as f64;
    let y = DataRange::linear(first + rows as f64..first);
    // Wrapped, not plotters' one-line caption: it must fit a phone.
    let caption = format!(
        "{} × {}: a mark is a straggler ({})",
        plural(rows, "trial", "trials"),
        plural(view.n, "server", "servers"),
        view.model
    );
    let bottom = titled_in(1, &bottom, theme, &caption, 12.5)?;
    let mut chart =
        builder(&bottom, theme).build_cartesian_2d(AxisCoord::linear(x), AxisCoord::linear(y))?;
    if theme.draws(1) {
        let (width, height) = chart.plotting_area().dim_in_pixel();
        chart
            .configure_mesh()
            .disable_mesh()
            .axis_style(theme.axis.stroke_width(theme.px(1.0)))
            .label_style(font(theme, 11.0))
            .axis_desc_style(font(theme, 12.0))
            .x_desc("server (β order)")
            .y_desc("trial")
            .x_label_formatter(&|v| tick(*v))
            // A row spans [t, t + 1): label whole rows only, by their trial
            // counted from 1 (not the bottom edge "101" of 100 rows, nor
            // "1, 1, 1" on a single row).
            .y_label_formatter(&|v| {
                let t = v.round();
                if (v - t).abs() < 1e-9 && t >= first && t < first + rows as f64 {
                    format!("{}", t as i64 + 1)
                } else {
                    String::new()
                }
            })
            .x_labels(fit_labels(theme, width, X_LABEL_CSS, 10))
            .y_labels(fit_labels(theme, height, Y_LABEL_CSS, 6))
            .draw()?;
        let bins = (chart.plotting_area().dim_in_pixel().0 as usize).max(1);
        let runs: Vec<(f64, (usize, usize, u8))> = view
            .raster
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                packed_runs(row, bins)
                    .into_iter()
                    .map(move |run| (r as f64, run))
            })
            .collect();
        // A band of cells per trial, a cell per run of bins of one shade
        // (opaque colours: the cells never overlap). The pixels of each are
        // those its `Rectangle` would cover (see `chart::raster`).
        let shades = [1.0, 2.0, 3.0, 4.0].map(|l| theme.on_surface(alert, l / 4.0));
        let mut bands: Vec<Band> = vec![];
        for &(r, (s, e, level)) in &runs {
            let t = first + r;
            let (rows, cols) = Band::span(
                chart.backend_coord(&(s as f64, t)),
                chart.backend_coord(&(e as f64, t + 1.0)),
            );
            let cell = (cols, shades[usize::from(level.clamp(1, 4)) - 1]);
            match bands.last_mut() {
                Some(b) if b.rows == rows => b.spans.push(cell),
                _ => bands.push(Band {
                    rows,
                    spans: vec![cell],
                }),
            }
        }
        chart.plotting_area().draw(&Raster {
            bands,
            background: theme.surface,
            as_image: theme.images,
        })?;
        // Outline the current trial's row.
        let t = view.trial as f64;
        if t >= first && t < first + rows as f64 {
            chart.draw_series(std::iter::once(Rectangle::new(
                [(0.0, t), (n, t + 1.0)],
                theme.foreground.stroke_width(theme.px(1.5)),
            )))?;
        }
    }
    let raster_geometry = ChartGeometry::new(RASTER, chart.plotting_area().get_pixel_range(), x, y);
    if let Some(key) = key.filter(|_| theme.draws(1)) {
        verdicts::draw_key(&key, theme)?;
    }
    // Once, with the last part (an SVG document is closed by it).
    if theme.draws(1) {
        area.present()?;
    }
    Ok(Frame {
        charts: vec![round_geometry, raster_geometry],
        parts: 2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Config;
    use plotters_backend::{BackendCoord, DrawingErrorKind};

    fn svg(text: &str, trial: usize) -> (String, Frame, StragglerView) {
        let c = Config::from_json(text).unwrap();
        let v = crate::testing::straggler_view(&c, trial);
        let (s, f) = crate::to_svg(800, 500, |a| {
            draw(a, &Theme::dark(), &v, &Default::default())
        })
        .unwrap();
        (s, f, v)
    }

    /// The pixels of filled rectangles and images (what the raster is
    /// made of), every other mark left out.
    struct Pixels {
        size: (u32, u32),
        px: std::rc::Rc<std::cell::RefCell<Vec<[u8; 3]>>>,
        images: std::rc::Rc<std::cell::Cell<usize>>,
    }

    impl Pixels {
        fn fill(&self, x: i32, y: i32, c: [u8; 3]) {
            let (w, h) = (self.size.0 as i32, self.size.1 as i32);
            if (0..w).contains(&x) && (0..h).contains(&y) {
                self.px.borrow_mut()[(y * w + x) as usize] = c;
            }
        }
    }

    impl DrawingBackend for Pixels {
        type ErrorType = std::fmt::Error;
        fn get_size(&self) -> (u32, u32) {
            self.size
        }
        fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            Ok(())
        }
        fn present(&mut self) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            Ok(())
        }
        fn draw_pixel(
            &mut self,
            _: BackendCoord,
            _: plotters_backend::BackendColor,
        ) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            Ok(())
        }
        fn draw_rect<S: plotters_backend::BackendStyle>(
            &mut self,
            a: BackendCoord,
            b: BackendCoord,
            style: &S,
            fill: bool,
        ) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            let c = style.color();
            if fill && c.alpha >= 1.0 {
                for y in a.1.min(b.1)..a.1.max(b.1) {
                    for x in a.0.min(b.0)..a.0.max(b.0) {
                        self.fill(x, y, [c.rgb.0, c.rgb.1, c.rgb.2]);
                    }
                }
            }
            Ok(())
        }
        fn blit_bitmap(
            &mut self,
            at: BackendCoord,
            (w, h): (u32, u32),
            src: &[u8],
        ) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            self.images.set(self.images.get() + 1);
            for (i, p) in src.chunks_exact(3).enumerate() {
                let (x, y) = ((i as u32 % w) as i32, (i as u32 / w) as i32);
                assert!(y < h as i32);
                self.fill(at.0 + x, at.1 + y, [p[0], p[1], p[2]]);
            }
            Ok(())
        }
        fn draw_text<T: plotters_backend::BackendTextStyle>(
            &mut self,
            _: &str,
            _: &T,
            _: BackendCoord,
        ) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            Ok(())
        }
        fn draw_line<S: plotters_backend::BackendStyle>(
            &mut self,
            _: BackendCoord,
            _: BackendCoord,
            _: &S,
        ) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            Ok(())
        }
        fn draw_circle<S: plotters_backend::BackendStyle>(
            &mut self,
            _: BackendCoord,
            _: u32,
            _: &S,
            _: bool,
        ) -> Result<(), DrawingErrorKind<std::fmt::Error>> {
            Ok(())
        }
        fn estimate_text_size<T: plotters_backend::BackendTextStyle>(
            &self,
            text: &str,
            style: &T,
        ) -> Result<(u32, u32), DrawingErrorKind<std::fmt::Error>> {
            Ok((
                (text.len() as f64 * style.size() * 0.6) as u32,
                style.size() as u32,
            ))
        }
    }

    /// The raster's pixels drawn as shapes or as an image, and the images drawn.
    fn raster_pixels(
        view: &StragglerView,
        theme: &Theme,
        size: (u32, u32),
    ) -> (Vec<[u8; 3]>, usize) {
        let px = std::rc::Rc::new(std::cell::RefCell::new(vec![
            [0; 3];
            (size.0 * size.1) as usize
        ]));
        let images = std::rc::Rc::new(std::cell::Cell::new(0));
        let backend = Pixels {
            size,
            px: px.clone(),
            images: images.clone(),
        };
        draw(
            &backend.into_drawing_area(),
            theme,
            view,
            &Default::default(),
        )
        .unwrap();
        let out = px.borrow().clone();
        (out, images.get())
    }

    #[test]
    fn the_raster_as_an_image_has_the_pixels_of_its_shapes() {
        for (text, size) in [
            (r#"{"n": 8192, "trials": 300}"#, (2400, 1400)),
            (
                r#"{"n": 40, "trials": 50, "stragglers": {"model": "iid", "p": 0.4}}"#,
                (700, 450),
            ),
            (
                r#"{"n": 1000, "trials": 7, "stragglers": {"model": "iid", "p": 0.9}}"#,
                (1100, 900),
            ),
        ] {
            let view = crate::testing::straggler_view(&Config::from_json(text).unwrap(), 2);
            for theme in [Theme::light(), Theme::dark().with_scale(2.0)] {
                let (shapes, none) = raster_pixels(&view, &theme, size);
                let (image, one) = raster_pixels(&view, &theme.clone().with_images(), size);
                assert_eq!((none, one), (0, 1), "{text}");
                assert!(shapes == image, "{text}: the image differs from the shapes");
                // The raster is there: pixels of the alert colour.
                let alert = [theme.alert.0, theme.alert.1, theme.alert.2];
                assert!(
                    image.iter().filter(|p| **p == alert).count() > 100,
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn a_dense_strip_keeps_the_share_of_stragglers() {
        // 8192 servers, a fifth straggling, in 700 columns.
        let row: Vec<bool> = (0..8192).map(|i| i % 5 == 0).collect();
        let cols = straggled_share(&row, 700);
        assert_eq!(cols.len(), 700);
        let covered: f64 = cols.iter().map(|(s, e, f)| (e - s) as f64 * f).sum();
        let stragglers = row.iter().filter(|x| **x).count() as f64;
        assert!(
            (covered - stragglers).abs() < 1e-9,
            "{covered} vs {stragglers}"
        );
        assert!(
            cols.iter().all(|c| c.2 < 0.5),
            "no column reads as mostly stragglers"
        );
        // One straggler in a bin of 12 is a twelfth, not a whole mark.
        let mut one = vec![false; 12];
        one[3] = true;
        assert_eq!(straggled_share(&one, 1), [(0, 12, 1.0 / 12.0)]);
        assert_eq!(level(1, 12), 1);
        assert_eq!(level(6, 12), 2);
    }

    #[test]
    fn runs_merge_and_bin() {
        let row = [false, true, true, false, true];
        assert_eq!(runs(&row, 5), vec![(1, 3, 4), (4, 5, 4)]);
        // Two bins of 2 and 3 servers: half straggled, then 2 of 3.
        assert_eq!(runs(&row, 2), vec![(0, 2, 2), (2, 5, 3)]);
        assert!(runs(&[false; 4], 2).is_empty());
        // A raster's packed row gives the same runs.
        let long: Vec<bool> = (0..8192).map(|i| (i * 31 + i / 9) % 7 < 2).collect();
        for bins in [1, 3, 700, 1000, 8192, 9000] {
            assert_eq!(packed_runs(&Bits::from(&long[..]), bins), runs(&long, bins));
        }
    }

    #[test]
    fn servers_that_never_finish_are_drawn_without_hanging() {
        // Found by tests/fuzz_views.rs: with a rate of 5e-324 every finish
        // time is f64::MAX; the padded time axis overflowed to infinity and
        // plotters' tick search looped forever (a frozen tab).
        for rate in ["5e-324", "1e-300"] {
            let (s, f, v) = svg(
                &format!(
                    r#"{{"n": 12, "stragglers": {{"model": "deadline", "shift": 0, "rate": {rate}, "deadline": 0}}}}"#
                ),
                0,
            );
            assert!(v.finish_times.unwrap().iter().all(|t| t.is_finite()));
            assert!(!s.contains("NaN") && !s.contains("inf"));
            assert_eq!(f.charts.len(), 2);
        }
    }

    #[test]
    fn drawn_in_its_two_parts_it_is_the_drawing_at_once() {
        for (text, focus) in [
            (r#"{"n": 40, "trials": 50}"#, None),
            (
                r#"{"n": 2000, "trials": 300, "adversaries": {"count": 5}}"#,
                Some(7),
            ),
            (
                r#"{"n": 30, "stragglers": {"model": "deadline", "shift": 1, "rate": 2, "deadline": 1.4}}"#,
                Some(3),
            ),
        ] {
            let v = crate::testing::straggler_view(&Config::from_json(text).unwrap(), 4);
            for theme in [Theme::light(), Theme::dark().with_images()] {
                let [parts, whole] = crate::testing::in_parts_and_at_once(&theme, |a, t| {
                    draw(a, t, &v, &Look { focus })
                });
                assert_eq!(whole.1.parts, 2);
                assert_eq!(parts, whole, "{text}");
            }
        }
    }

    #[test]
    fn draws_the_round_and_the_raster() {
        let (s, f, v) = svg(r#"{"n": 40, "trials": 50}"#, 7);
        assert!(s.contains(&format!("Round 8: |F| = {} of 40 returned", v.returned)));
        assert!(s.contains(&format!("longest straggler run {}", v.longest_run)));
        assert!(s.contains("50 trials × 40 servers"));
        assert!(!s.contains("NaN"));
        assert_eq!(f.charts.len(), 2);
        // Hover maps the raster back to (server, trial).
        let g = f.charts[1];
        let (px, py) = g.to_pixel(10.5, 7.5);
        let (x, y) = g.to_data(px, py);
        assert!((x - 10.5).abs() < 1e-9 && (y - 7.5).abs() < 1e-9);
        let alert = Theme::dark().alert;
        assert!(s
            .to_uppercase()
            .contains(&format!("#{:02X}{:02X}{:02X}", alert.0, alert.1, alert.2)));
    }

    #[test]
    fn deadline_and_extremes() {
        let (s, f, _) = svg(
            r#"{"stragglers": {"model": "deadline", "shift": 1, "rate": 1, "deadline": 1.5}}"#,
            0,
        );
        assert!(s.contains("finish time") && s.contains("deadline τ = 1.5"));
        assert!(f.charts[0].y.hi > 1.5);
        // Every server straggling, and a huge N: still drawn, no NaN.
        let (s, _, v) = svg(
            r#"{"stragglers": {"model": "iid", "p": 1}, "trials": 3}"#,
            2,
        );
        assert_eq!(v.returned, 0);
        assert!(s.contains("|F| = 0 of 40") && !s.contains("NaN"));
        let (s, _, _) = svg(r#"{"n": 8192, "trials": 200}"#, 199);
        assert!(!s.contains("NaN"));
        assert!(s.len() < 4_000_000, "{} bytes: binning failed", s.len());
    }

    #[test]
    fn the_decoders_verdicts_are_marked_and_keyed() {
        use crate::testing::{cfg, decoded_straggler_view, strokes_of, verdict_strokes};
        use crate::testing::{MIXED, MIXED_TRIAL};
        let v = decoded_straggler_view(&cfg(MIXED), MIXED_TRIAL);
        // The key's three marks, and 2 caught, 1 missed, 1 false alarm.
        let legend = strokes_of(1, 1, 1);
        for (theme, size, words) in [
            (
                Theme::light(),
                (800, 500),
                Verdict::meaning as fn(Verdict) -> &'static str,
            ),
            (Theme::dark(), (366, 340), Verdict::short),
            (Theme::light().with_scale(2.0), (732, 680), Verdict::short),
        ] {
            let (s, _) =
                crate::to_svg(size.0, size.1, |a| draw(a, &theme, &v, &Default::default()))
                    .unwrap();
            assert_eq!(
                verdict_strokes(&s, &theme),
                strokes_of(2, 1, 1) + legend,
                "{size:?}"
            );
            for v in Verdict::ALL {
                assert!(s.contains(&format!(">\n{}\n<", words(v))), "{}", words(v));
            }
            assert!(s.contains("ApproxIFER flagged 3"), "the strip's caption");
            assert!(!s.contains("NaN"));
        }
        // Without a locating scheme, no mark and no key.
        let bacc = cfg(&MIXED.replace("approxifer", "bacc"));
        let v = decoded_straggler_view(&bacc, MIXED_TRIAL);
        let (s, _) = crate::to_svg(800, 500, |a| {
            draw(a, &Theme::light(), &v, &Default::default())
        })
        .unwrap();
        assert_eq!(verdict_strokes(&s, &Theme::light()), 0);
        assert!(!s.contains("ring") && !s.contains("flagged"));
        // The deadline model's chart marks them at the finish times.
        let c = cfg(
            r#"{"scheme": "approxifer", "n": 40, "adversaries": {"count": 3, "attack": "flip"},
            "stragglers": {"model": "deadline", "shift": 1, "rate": 2, "deadline": 2}}"#,
        );
        let v = decoded_straggler_view(&c, 1);
        let d = v.detection.clone().unwrap();
        let (s, _) = crate::to_svg(800, 500, |a| {
            draw(a, &Theme::light(), &v, &Default::default())
        })
        .unwrap();
        let c = d.counts;
        assert!(c.found + c.missed + c.false_alarms > 0, "{d:?}");
        let keyed = legend;
        assert_eq!(
            verdict_strokes(&s, &Theme::light()),
            strokes_of(c.found, c.missed, c.false_alarms) + keyed
        );
    }
}
