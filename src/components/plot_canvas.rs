//! `PlotCanvas`: a canvas that a plotters draw function paints, kept sharp and
//! up to date.
//!
//! Why a component of its own: what every plot needs and plotters does
//! not do by itself.
//! - Sharpness on HiDPI screens: plotters' canvas backend draws in backing-store
//!   pixels (plotters issue #164), so the backing store is set to CSS size ×
//!   `devicePixelRatio` and the draw function gets that factor in
//!   [`Theme::scale`].
//! - Redraw on resize: a `ResizeObserver` watches the canvas' box.
//! - Redraw on reactive change: the draw closure runs inside an effect, so any
//!   signal it reads (a control, the theme) triggers a redraw.
//! - Hover: the draw function returns a [`Frame`] (where its charts are and
//!   which data ranges they show); the `hover` closure turns a cursor
//!   position into words, shown in a small tooltip.
//! - Turns: a plot draws in a task of its own, not in the one that changed
//!   its data (see [`turns`]), and paints a large drawing in parts (see
//!   [`painting`]), so no task holds the page for the message, the page's
//!   update and every plot together (a round at N = 8192).
//! - A text alternative: the canvas is an image (`role="img"`) named by
//!   `label` and described by a summary sentence of the data drawn (see
//!   each panel module's `summary` in `coded-panels`), shown under it for everyone. The sentence is
//!   a polite live region, silenced while `quiet` (a sweep drawing point by
//!   point, rounds playing), so a screen reader hears the settled result
//!   once rather than every intermediate step.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;
use plotters::drawing::{DrawingAreaErrorKind, IntoDrawingArea};
use plotters::prelude::SVGBackend;
use send_wrapper::SendWrapper;
use wasm_bindgen::{closure::Closure, JsCast};

use super::canvas_batch::BatchedCanvas;
use super::plot_backend::{BackendError, CanvasArea, CanvasResult, DrawFn, PlotBackend};
use super::{drawing_parts, painting, turns};
use crate::theme::{use_theme, Theme};
use coded_panels::chart::caption::Caption;
use coded_panels::{Frame, Shape};

/// Every plot below draws its lines and text this many times larger (a
/// slide: read from the back of a room). Provided through context.
#[derive(Clone, Copy, Debug)]
pub struct PlotZoom(pub f64);

/// On a slide the smallest text of a plot (10.5 px tick labels) becomes
/// 16 px in a 1280 × 720 frame.
pub const SLIDE_ZOOM: f64 = 16.0 / 10.5;

/// The zoom a plot `width` CSS pixels wide gets from `zoom`: all of it in
/// a frame as wide as a slide, less in a narrower one (a slide embed shown
/// on a phone), where the zoomed plot would have no room for its text.
fn zoom_for(zoom: f64, width: f64) -> f64 {
    zoom.min((width / 800.0).max(1.0))
}

/// A plot on the page, as the exports redraw it.
struct Shown {
    id: String,
    draw: DrawFn,
    size: RwSignal<Option<BoxSize>>,
    theme: Signal<Theme>,
}

thread_local! {
    /// Every mounted plot with an id, in the order they were mounted.
    static SHOWN: RefCell<Vec<Shown>> = const { RefCell::new(Vec::new()) };
}

/// Every plot shown with a size on screen: (canvas id, its draw function,
/// its CSS size, its theme).
fn shown_plots() -> Vec<(String, DrawFn, BoxSize, Theme)> {
    SHOWN.with_borrow(|all| {
        all.iter()
            .filter_map(|p| {
                let size = p
                    .size
                    .get_untracked()
                    .filter(|s| s.width >= 1.0 && s.height >= 1.0)?;
                Some((p.id.clone(), p.draw.clone(), size, p.theme.get_untracked()))
            })
            .collect()
    })
}

/// Draws the plot under `draw` on `area`, with the band of `caption`
/// (laid out for the area's width) under it.
fn draw_captioned(
    area: &CanvasArea<'_>,
    draw: &DrawFn,
    theme: &Theme,
    caption: &Caption,
) -> Result<(), DrawingAreaErrorKind<BackendError>> {
    let plot = caption.draw_below(area, theme)?;
    draw(&plot, theme).map(|_| ())
}

/// Every plot shown, drawn on a canvas `factor` times its size on screen (in
/// CSS pixels) with `caption` in a band under it (the image is taller by
/// the band), as a PNG data URL: (canvas id, data URL).
pub fn plots_as_png(factor: f64, caption: &str) -> Vec<(String, String)> {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return vec![];
    };
    let mut out = vec![];
    for (id, draw, size, theme) in shown_plots() {
        let Some(canvas) = doc
            .create_element("canvas")
            .ok()
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            continue;
        };
        let theme = theme.with_scale(factor).for_export().with_images();
        let width = (size.width * factor).round() as u32;
        let band = Caption::new(caption, &theme, width);
        canvas.set_width(width);
        canvas.set_height((size.height * factor).round() as u32 + band.height());
        let Some(backend) = BatchedCanvas::new(canvas.clone()) else {
            continue;
        };
        let area = PlotBackend::Canvas(backend).into_drawing_area();
        // present(): the last run of marks is drawn before the pixels are read.
        if draw_captioned(&area, &draw, &theme, &band).is_ok() && area.present().is_ok() {
            if let Ok(url) = canvas.to_data_url() {
                out.push((id, url));
            }
        }
    }
    out
}

/// Every plot shown, redrawn as an SVG document of its size on screen (CSS
/// pixels) with `caption` in a band under it: (canvas id, SVG text). Vector
/// lines and real text, for slides and papers.
pub fn plots_as_svg(caption: &str) -> Vec<(String, String)> {
    let mut out = vec![];
    for (id, draw, size, theme) in shown_plots() {
        let mut svg = String::new();
        let theme = theme.with_scale(1.0).for_export();
        let w = size.width.round() as u32;
        let band = Caption::new(caption, &theme, w);
        let h = size.height.round() as u32 + band.height();
        let drawn = {
            let area =
                PlotBackend::Svg(SVGBackend::with_string(&mut svg, (w, h))).into_drawing_area();
            let drawn = draw_captioned(&area, &draw, &theme, &band);
            // Writes the closing tag (the backend also would when dropped).
            drawn.is_ok() && area.present().is_ok()
        };
        if drawn {
            out.push((id, svg));
        }
    }
    out
}

/// Size of the canvas box in CSS pixels, and the device pixel ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BoxSize {
    width: f64,
    height: f64,
    dpr: f64,
}

impl BoxSize {
    /// Backing store size in device pixels.
    fn backing(&self) -> (u32, u32) {
        (
            (self.width * self.dpr).round() as u32,
            (self.height * self.dpr).round() as u32,
        )
    }
}

fn measure(el: &web_sys::HtmlElement) -> BoxSize {
    let rect = el.get_bounding_client_rect();
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .filter(|d| d.is_finite() && *d > 0.0)
        .unwrap_or(1.0);
    BoxSize {
        width: rect.width(),
        height: rect.height(),
        dpr,
    }
}

/// A canvas filled by `draw`, resized to its CSS box and redrawn whenever that
/// box, the theme or any signal `draw` reads changes.
///
/// `shape` (a panel's, from its contract) sets the box height from its
/// width, on a wide screen and on a phone, and the least height at which
/// the plot stays readable. Styles need no stylesheet (so the component
/// works anywhere, e.g. in the browser tests); the stylesheet picks the
/// phone's ratio through the CSS custom property `--plot-phone-ratio`, and
/// may override the ratio with `--plot-aspect-ratio` (a slide does).
#[component]
pub fn PlotCanvas<F, H>(
    /// Draws the plot; called with the full canvas area and the current theme
    /// scaled for this canvas.
    draw: F,
    /// Describes the data under a canvas pixel: (frame, x, y, device pixel
    /// ratio) → text; None hides the tooltip.
    hover: H,
    /// Accessible description of the plot (`aria-label`).
    #[prop(into)]
    label: String,
    /// Optional element id of the `<canvas>`; the summary gets `<id>-summary`.
    #[prop(optional, into)]
    id: Option<String>,
    /// One sentence on what the plot shows, from the data drawn.
    #[prop(optional, into)]
    summary: Option<Signal<String>>,
    /// While true, changes of the summary are not announced.
    #[prop(optional, into)]
    quiet: Option<Signal<bool>>,
    /// Its shape: ratios and least height (by default a plain plot's).
    #[prop(default = DEFAULT_SHAPE)]
    shape: Shape,
    /// Called on a click with the frame drawn, the canvas pixel clicked
    /// (device pixels, as for `hover`) and whether it was a finger's tap
    /// (a finger is wide: the panel may ask which target was meant); the
    /// canvas then shows a hand cursor.
    #[prop(optional)]
    click: Option<Callback<(Frame, f64, f64, bool)>>,
    /// Shown right under the canvas, above the summary (the error plot's
    /// legend buttons).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView
where
    F: Fn(&CanvasArea<'_>, &Theme) -> CanvasResult + 'static,
    H: Fn(&Frame, f64, f64, f64) -> Option<String> + 'static,
{
    plot_canvas(
        Rc::new(draw),
        Rc::new(hover),
        label,
        id,
        summary,
        quiet,
        shape,
        click,
        children,
    )
}

/// A plot's shape when it says none.
const DEFAULT_SHAPE: Shape = Shape {
    aspect_ratio: 1.6,
    phone_aspect_ratio: 0.8,
    charts: 1,
    min_chart_height: 120.0,
};

type HoverFn = Rc<dyn Fn(&Frame, f64, f64, f64) -> Option<String>>;

/// [`PlotCanvas`] with its closures behind pointers: one copy of the
/// component's code in the page's wasm rather than one per panel (its
/// effects were compiled once for each draw closure's type).
#[allow(clippy::too_many_arguments)]
fn plot_canvas(
    draw: DrawFn,
    hover: HoverFn,
    label: String,
    id: Option<String>,
    summary: Option<Signal<String>>,
    quiet: Option<Signal<bool>>,
    shape: Shape,
    click: Option<Callback<(Frame, f64, f64, bool)>>,
    children: Option<Children>,
) -> impl IntoView {
    let canvas_ref = NodeRef::<html::Canvas>::new();
    let box_ref = NodeRef::<html::Div>::new();
    // A custom property is set through the CSSOM (no inline style
    // attribute: the page's CSP forbids them); the stylesheet's phone rule
    // reads it.
    Effect::new(move |_| {
        if let Some(el) = box_ref.get() {
            let el: &web_sys::HtmlElement = &el;
            let _ = el
                .style()
                .set_property("--plot-phone-ratio", &shape.phone_aspect_ratio.to_string());
        }
    });
    let size = RwSignal::new(None::<BoxSize>);
    let theme = use_theme();
    let zoom = use_context::<PlotZoom>().map_or(1.0, |z| z.0);
    if let Some(id) = id.clone() {
        SHOWN.with_borrow_mut(|all| {
            all.push(Shown {
                id: id.clone(),
                draw: draw.clone(),
                size,
                theme,
            })
        });
        on_cleanup(move || SHOWN.with_borrow_mut(|all| all.retain(|p| p.id != id)));
    }
    let frame = StoredValue::new(Frame::default());
    // Tooltip text and its position in CSS pixels within the box.
    let tip = RwSignal::new(None::<(String, f64, f64)>);

    // Watch the canvas box. ResizeObserver also reports the initial size, which
    // triggers the first draw. Browser zoom changes the CSS size too, so it
    // is covered; a window moved to a screen with another DPR at the same CSS
    // size is not (rare; the next resize fixes it).
    // The observer belongs to the effect: if the canvas element were ever
    // replaced, the cleanup disconnects the old observer before a new one.
    Effect::new(move |_| {
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let observed: web_sys::HtmlElement = canvas.clone().unchecked_into();
        let on_resize = Closure::<dyn Fn()>::new(move || {
            let new = measure(&observed);
            if size.try_get_untracked().flatten() != Some(new) {
                size.try_set(Some(new));
            }
        });
        let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) else {
            // No ResizeObserver: draw once at the current size.
            size.set(Some(measure(&canvas.unchecked_into())));
            return;
        };
        observer.observe(&canvas);
        let keep = SendWrapper::new((observer, on_resize));
        on_cleanup(move || {
            let (observer, _on_resize) = keep.take();
            observer.disconnect();
        });
    });

    // Records what the effect below draws, at once or a part a turn, and
    // paints it, at once or in parts.
    let recorder = Rc::new(drawing_parts::Recorder::default());
    let painter = Rc::new(painting::Painter::new(canvas_ref, frame, tip));
    // When the plot goes, its parts still waiting for a turn stop: they
    // would read the plot's signals, gone with it.
    let stop = SendWrapper::new((recorder.clone(), painter.clone()));
    on_cleanup(move || {
        let (recorder, painter) = stop.take();
        recorder.stop();
        painter.stop();
    });
    // Bumped to draw again in a task of its own (see `turns`).
    let redraw = RwSignal::new(0u64);
    // Whether this plot waits for its turn (shared with the cleanup, which
    // may run after the component's stored values are gone).
    let waiting = Arc::new(AtomicBool::new(false));
    let waits = waiting.clone();
    on_cleanup(move || {
        if waits.swap(false, Ordering::Relaxed) {
            turns::waited();
        }
    });
    Effect::new(move |_| {
        redraw.track();
        // A run of this effect ends any wait: it draws, has nothing to
        // draw (hidden), or waits anew below.
        if waiting.swap(false, Ordering::Relaxed) {
            turns::waited();
        }
        let Some(size) = size.get() else { return };
        let theme = theme
            .get()
            .with_scale(size.dpr * zoom_for(zoom, size.width))
            .with_images();
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let (w, h) = size.backing();
        if w == 0 || h == 0 {
            return; // hidden: nothing to draw
        }
        if !turns::may_draw() {
            waiting.store(true, Ordering::Relaxed);
            turns::wait(move || {
                redraw.try_update(|n| *n += 1);
            });
            return;
        }
        drawing_parts::start(
            &recorder,
            &painter,
            drawing_parts::Drawing {
                draw: draw.clone(),
                theme,
                canvas,
                size: (w, h),
                dpr: size.dpr,
            },
        );
    });

    // Device pixels per CSS pixel of the canvas as drawn now.
    let scale_now = move || {
        let (canvas, size) = (canvas_ref.get_untracked()?, size.get_untracked()?);
        Some(if size.width > 0.0 {
            canvas.width() as f64 / size.width
        } else {
            1.0
        })
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        let Some(scale) = scale_now() else { return };
        let (x, y) = (ev.offset_x() as f64, ev.offset_y() as f64);
        let text = frame.with_value(|f| hover(f, x * scale, y * scale, scale));
        tip.set(text.map(|t| (t, x, y)));
    };
    // A click event does not say what made it: the pointer down before it
    // does.
    let touched = StoredValue::new(false);
    let on_down = move |ev: web_sys::PointerEvent| touched.set_value(ev.pointer_type() == "touch");
    let on_click = move |ev: web_sys::MouseEvent| {
        let (Some(click), Some(scale)) = (click, scale_now()) else {
            return;
        };
        let (x, y) = (ev.offset_x() as f64 * scale, ev.offset_y() as f64 * scale);
        click.run((frame.get_value(), x, y, touched.get_value()));
    };
    let clickable = click.is_some();

    // Position through CSSOM properties (`style:` directives), never a `style`
    // attribute: the page runs under a CSP without 'unsafe-inline' for styles.
    // The tooltip opens towards the centre, so it stays inside the box.
    let tip_side = move |right_side: bool| {
        tip.get().and_then(|(_, x, _)| {
            let w = size.get().map(|s| s.width).unwrap_or(0.0);
            match (x > w / 2.0, right_side) {
                (true, true) => Some(format!("{:.0}px", (w - x + 12.0).max(0.0))),
                (false, false) => Some(format!("{:.0}px", x + 12.0)),
                _ => None,
            }
        })
    };
    let tip_top = move || tip.get().map(|(_, _, y)| format!("{:.0}px", y + 12.0));

    let summary_id = summary.and(id.as_ref()).map(|id| format!("{id}-summary"));
    let quiet = move || quiet.is_some_and(|q| q.get());
    let summary_view = summary.map(|text| {
        view! {
            <p
                class="plot-summary"
                id=summary_id.clone()
                aria-live=move || if quiet() { "off" } else { "polite" }
                aria-busy=move || quiet().to_string()
            >
                {move || text.get()}
            </p>
        }
    });

    view! {
        <div
            class="plot-canvas"
            node_ref=box_ref
            style:aspect-ratio=format!("var(--plot-aspect-ratio, {})", shape.aspect_ratio)
            style:min-height=format!("{}px", shape.min_height())
        >
            <canvas
                node_ref=canvas_ref
                id=id
                role="img"
                aria-label=label
                aria-describedby=summary_id
                on:pointermove=on_move
                on:pointerleave=move |_| tip.set(None)
                on:pointerdown=on_down
                on:click=on_click
                class:clickable=clickable
            ></canvas>
            <Show when=move || tip.with(Option::is_some)>
                <div
                    class="plot-tooltip"
                    aria-hidden="true"
                    style:left=move || tip_side(false)
                    style:right=move || tip_side(true)
                    style:top=tip_top
                >
                    {move || tip.get().map(|t| t.0).unwrap_or_default()}
                </div>
            </Show>
        </div>
        {children.map(|c| c())}
        {summary_view}
    }
}
