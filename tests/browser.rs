//! Browser tests of the app, run by wasm-bindgen-test in headless Chromium:
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p coded-playground`
//!
//! They mount the real `App` into a fresh div (without the page's CSS), so they
//! check behaviour, not looks; the end-to-end tests in `tests/e2e/` check the
//! built page. No worker script is served here: the app reaches the engine
//! through an in-process backend (below) that runs `coded_engine::Engine` in
//! slices on this thread, with the same JSON messages as the Web Worker.
#![cfg(target_arch = "wasm32")]

mod in_browser;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use coded_core::{sweep, Config, Scheme, SweepPlan};
use coded_engine::Engine;
use coded_playground::runner::{self, Backend, Deliver, Event};
use coded_playground::App;
use coded_protocol::{FromWorker, ToWorker};
use in_browser::{later, sleep, until};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn now() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

/// The engine on this thread, in slices of about 25 ms like the worker's;
/// every message goes through JSON both ways, as between page and worker.
#[derive(Clone)]
struct InProcess {
    engine: Rc<RefCell<Engine>>,
    deliver: Deliver,
    scheduled: Rc<Cell<bool>>,
    closed: Rc<Cell<bool>>,
}

fn through_json<T: serde::Serialize + serde::de::DeserializeOwned>(v: &T) -> T {
    serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap()
}

impl InProcess {
    fn connect(deliver: Deliver) -> Result<Rc<dyn Backend>, String> {
        let d = deliver.clone();
        later(move || d(Event::Message(FromWorker::Ready)));
        Ok(Rc::new(InProcess {
            engine: Rc::new(RefCell::new(Engine::new(now))),
            deliver,
            scheduled: Rc::new(Cell::new(false)),
            closed: Rc::new(Cell::new(false)),
        }))
    }

    /// Delivers `out` from a task of its own (never from within `post`).
    fn send(&self, out: Vec<FromWorker>) {
        let (deliver, closed) = (self.deliver.clone(), self.closed.clone());
        later(move || {
            for m in &out {
                if !closed.get() {
                    deliver(Event::Message(through_json(m)));
                }
            }
        });
    }

    fn schedule(&self) {
        if self.scheduled.replace(true) {
            return;
        }
        let me = self.clone();
        later(move || {
            me.scheduled.set(false);
            if me.closed.get() {
                return;
            }
            let t0 = now();
            let mut out = vec![];
            let mut more = true;
            while more && now() - t0 < 25.0 {
                more = me.engine.borrow_mut().step(&mut out);
            }
            me.send(out);
            if more {
                me.schedule();
            }
        });
    }
}

impl Backend for InProcess {
    fn post(&self, msg: &ToWorker) {
        let mut out = vec![];
        let busy = {
            let mut e = self.engine.borrow_mut();
            e.handle(through_json(msg), &mut out);
            e.busy()
        };
        self.send(out);
        if busy {
            self.schedule();
        }
    }

    fn close(&self) {
        self.closed.set(true);
    }
}

/// Apps mounted from now on compute with the in-process engine.
fn in_process() {
    runner::set_backend(InProcess::connect);
}

/// A fresh 900 px wide container in the document body.
fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    div.style().set_property("width", "900px").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

/// The app mounted in a fresh container: unmounted, and its container
/// removed, when dropped (a test that fails leaves no page behind).
struct Mounted {
    root: HtmlElement,
    handle: Option<Box<dyn std::any::Any>>,
}

impl Mounted {
    /// The app in a fresh container, with the backend set before.
    fn app() -> Mounted {
        let root = container();
        let handle = leptos::mount::mount_to(root.clone(), App);
        Mounted {
            root,
            handle: Some(Box::new(handle)),
        }
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        drop(self.handle.take());
        self.root.remove();
    }
}

/// The app computing on this thread, idle after its first computation.
async fn computed_app() -> Mounted {
    in_process();
    let app = Mounted::app();
    idle(&app.root, 0).await;
    app
}

/// The page's error box.
fn error_box() -> web_sys::Element {
    shown_error_box().expect("the error box")
}

fn shown_error_box() -> Option<web_sys::Element> {
    let document = web_sys::window().unwrap().document().unwrap();
    document.get_element_by_id(coded_playground::panic::BOX_ID)
}

/// The app mounted with the backend set before, once its error box shows
/// and every panel of the registry is on the page (they mount a task
/// each), and the text of its error box (the box removed: the next test's
/// page has none).
async fn app_and_its_error() -> (Mounted, String) {
    let app = Mounted::app();
    let root = app.root.clone();
    until("the error box and every panel", || {
        shown_error_box().is_some()
            && coded_panels::Panel::ALL.iter().all(|p| {
                root.query_selector(&format!("#panel-{}", p.name()))
                    .unwrap()
                    .is_some()
            })
    })
    .await;
    let el = error_box();
    let text = el.text_content().unwrap();
    el.remove();
    (app, text)
}

/// Number of pixels that differ from the top-left (background) pixel.
fn drawn_pixels(canvas: &HtmlCanvasElement) -> usize {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let data = ctx
        .get_image_data(0.0, 0.0, canvas.width() as f64, canvas.height() as f64)
        .unwrap()
        .data();
    let bg = &data[0..4];
    data.chunks_exact(4).filter(|px| *px != bg).count()
}

fn canvas(root: &HtmlElement, id: &str) -> HtmlCanvasElement {
    root.query_selector(&format!("canvas#{id}"))
        .unwrap()
        .unwrap_or_else(|| panic!("canvas #{id}"))
        .unchecked_into()
}

/// Waits until the app is idle after more than `after` computations.
async fn idle(root: &HtmlElement, after: u64) {
    for _ in 0..300 {
        sleep(Duration::from_millis(50)).await;
        if let Some(s) = root.query_selector("#status").unwrap() {
            let runs: u64 = s
                .get_attribute("data-runs")
                .unwrap_or_default()
                .parse()
                .unwrap_or(0);
            if s.get_attribute("data-state").as_deref() == Some("idle") && runs > after {
                return;
            }
        }
    }
    panic!("the app did not finish computing");
}

#[wasm_bindgen_test]
async fn app_mounts_and_draws_every_panel() {
    let app = computed_app().await;
    let root = &app.root;
    sleep(Duration::from_millis(100)).await;
    let h1 = root.query_selector("h1").unwrap().expect("a header");
    assert_eq!(h1.text_content().unwrap(), "Coded Computing Playground");
    // Every panel of the registry: its plot drawn, its table filled, or,
    // where it does not apply to the default configuration, its note.
    let config = Config::default();
    for panel in coded_panels::Panel::ALL {
        let name = panel.name();
        let section = root
            .query_selector(&format!("#panel-{name}"))
            .unwrap()
            .unwrap_or_else(|| panic!("no section for panel {name}"));
        if !panel.applies(&config) {
            let note = root.query_selector(&format!("#{name}-note")).unwrap();
            let text = note.and_then(|n| n.text_content()).unwrap_or_default();
            assert_eq!(text, panel.words().not_shown, "{name}");
            continue;
        }
        if section.query_selector("canvas").unwrap().is_some() {
            let c = canvas(root, &format!("{name}-plot"));
            let total = (c.width() * c.height()) as usize;
            let drawn = drawn_pixels(&c);
            assert!(
                total > 0 && drawn > total / 100,
                "{name}: only {drawn} of {total} pixels drawn"
            );
        } else {
            let rows = section
                .query_selector_all("table tbody tr")
                .unwrap()
                .length();
            assert!(rows > 0, "{name}: neither a plot nor a filled table");
        }
    }
}

#[wasm_bindgen_test]
async fn table_in_the_browser_equals_the_core_sweep() {
    let app = computed_app().await;
    let root = &app.root;
    let table = root
        .query_selector("#results")
        .unwrap()
        .expect("the results table");
    let config = Config::from_json(&table.get_attribute("data-config").unwrap()).unwrap();
    assert_eq!(config, Config::default());
    let schemes = [Scheme::Bacc, Scheme::Letcc];
    let points = sweep(
        &config,
        &SweepPlan::new(&config, None, None, Some(&schemes)).unwrap(),
    )
    .unwrap();
    let rows = table.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows.length(), 2);
    for (i, p) in points.iter().enumerate() {
        let row: web_sys::Element = rows.item(i as u32).unwrap().unchecked_into();
        assert_eq!(row.get_attribute("data-scheme").unwrap(), p.scheme.name());
        let mse: f64 = row.get_attribute("data-mse-mean").unwrap().parse().unwrap();
        assert_eq!(mse, p.mse.unwrap().mean);
    }
}

#[wasm_bindgen_test]
async fn editing_n_redraws_and_k_above_n_is_reported() {
    let app = computed_app().await;
    let root = &app.root;
    let c = canvas(root, "stragglers-plot");
    let before = c.to_data_url().unwrap();
    let set = |id: &str, v: &str| {
        let input: web_sys::HtmlInputElement = root
            .query_selector(&format!("input#{id}"))
            .unwrap()
            .unwrap()
            .unchecked_into();
        input.set_value(v);
        input
            .dispatch_event(&web_sys::Event::new("input").unwrap())
            .unwrap();
        // A typed value is read when the field is left (or after a pause).
        input
            .dispatch_event(&web_sys::Event::new("blur").unwrap())
            .unwrap();
    };
    set("n", "25");
    idle(root, 1).await;
    sleep(Duration::from_millis(100)).await;
    assert_ne!(
        before,
        c.to_data_url().unwrap(),
        "the canvas did not change"
    );
    set("k", "30");
    let msg = || {
        root.query_selector("#k-error")
            .unwrap()
            .and_then(|e| e.text_content())
            .unwrap_or_default()
    };
    until("K's message", || !msg().is_empty()).await;
    assert_eq!(
        msg(),
        "K must be a whole number from 1 to N (now 25; at most 1024)."
    );
}

#[wasm_bindgen_test]
async fn a_legend_button_hides_and_shows_its_series() {
    let app = computed_app().await;
    let root = &app.root;
    sleep(Duration::from_millis(100)).await;
    let button: HtmlElement = root
        .query_selector(r#"#errors-legend button.series-toggle[data-series="bacc-0.1"]"#)
        .unwrap()
        .expect("a legend button for BACC at p = 0.1")
        .unchecked_into();
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let plot = canvas(root, "errors-plot");
    let before = plot.to_data_url().unwrap();
    let summary = || {
        root.query_selector("#errors-plot-summary")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap()
    };
    let pressed = || button.get_attribute("aria-pressed");
    button.focus().unwrap();
    button.click();
    // The plot redraws in a turn of its own: wait for all three.
    until("the series hidden, said and redrawn", || {
        pressed().as_deref() == Some("false")
            && summary().contains("hidden: BACC, p = 0.1")
            && plot.to_data_url().unwrap() != before
    })
    .await;
    // The button pressed is the same element, still focused: a keyboard
    // user presses it again.
    let focused = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element();
    assert_eq!(
        focused.as_ref(),
        Some(button.unchecked_ref::<web_sys::Element>())
    );
    button.click();
    until("the series shown again and said", || {
        pressed().as_deref() == Some("true") && !summary().contains("hidden:")
    })
    .await;
}

#[wasm_bindgen_test]
fn error_box_shows_the_message() {
    coded_playground::panic::show_error_box("test message <b>not markup</b>");
    let el = error_box();
    assert_eq!(el.get_attribute("role").as_deref(), Some("alert"));
    let text = el.text_content().unwrap();
    assert!(text.contains("test message <b>not markup</b>"), "{text}");
    assert!(el.query_selector("b").unwrap().is_none());
    el.remove();
}

#[wasm_bindgen_test]
async fn without_a_worker_the_page_says_so_instead_of_computing() {
    runner::set_backend(|_| Err("no worker in this test".into()));
    let (app, text) = app_and_its_error().await;
    let root = &app.root;
    assert!(
        text.contains("The computation worker could not be started: no worker in this test"),
        "{text}"
    );
    // Nothing computed on the page: the panels show the message, the
    // status line is not left "Computing…" (it settles, once every plot
    // has had its turn, at idle without a run).
    let table_note = root.query_selector("#panel-table .note").unwrap().unwrap();
    assert!(table_note
        .text_content()
        .unwrap()
        .contains("could not be started"));
    let status = root.query_selector("#status").unwrap().unwrap();
    until("the status line idle", || {
        status.get_attribute("data-state").as_deref() == Some("idle")
    })
    .await;
    assert_eq!(status.get_attribute("data-runs").as_deref(), Some("0"));
}

#[wasm_bindgen_test]
async fn a_worker_that_fails_to_load_is_reported() {
    struct Dead;
    impl Backend for Dead {
        fn post(&self, _: &ToWorker) {
            panic!("nothing is posted before Ready");
        }
    }
    runner::set_backend(|deliver| {
        later(move || deliver(Event::Failed("script not found".into())));
        Ok(Rc::new(Dead))
    });
    let (_app, text) = app_and_its_error().await;
    assert!(
        text.contains("The computation worker did not load: script not found"),
        "{text}"
    );
}

/// A mounted plot's handle, where its draw function can drop it (behind
/// `Any`: its type names the view, which holds this).
type Slot = Rc<RefCell<Option<Box<dyn std::any::Any>>>>;

/// Waits until the plot's draw function has dropped its handle, then lets
/// the turns that would have come after it run (a task each, several
/// times over): what a removed plot must not do, it would have done.
async fn removed_and_a_while_after(mounted: &Slot, what: &str) {
    until(what, || mounted.borrow().is_none()).await;
    sleep(Duration::from_millis(500)).await;
}

/// A plot drawn a part a turn (see `components::drawing_parts`) whose
/// component is removed right after its first part: the other parts are
/// not drawn (its draw function would read signals that are gone: a
/// panic, seen when a preset replaced the panels of a slide).
#[wasm_bindgen_test]
async fn a_plot_removed_between_its_parts_draws_no_more() {
    use coded_panels::Frame;
    use coded_playground::components::PlotCanvas;
    use leptos::prelude::*;
    use plotters::style::Color;
    let root = container();
    let calls = Rc::new(Cell::new(0usize));
    let mounted: Slot = Rc::new(RefCell::new(None));
    let (counted, removed) = (calls.clone(), mounted.clone());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let shade = RwSignal::new(0.5);
        let (counted, removed) = (counted.clone(), removed.clone());
        view! {
            <PlotCanvas
                draw=move |area, theme| {
                    counted.set(counted.get() + 1);
                    if counted.get() == 1 {
                        // Removes the plot in a microtask: after this
                        // part, before the turn of the next one.
                        let removed = removed.clone();
                        wasm_bindgen_futures::spawn_local(async move {
                            drop(removed.borrow_mut().take());
                        });
                    }
                    area.fill(&theme.surface.mix(shade.get()))?;
                    Ok(Frame { charts: vec![], parts: 3 })
                }
                hover=|_, _, _, _| None
                label="A plot in three parts"
            />
        }
    });
    mounted.replace(Some(Box::new(handle)));
    removed_and_a_while_after(&mounted, "the first part drawn and the plot removed").await;
    assert_eq!(calls.get(), 1, "parts drawn after the plot went");
    root.remove();
}

/// A plot whose drawing is large enough to be painted in parts (see
/// `components::painting`), removed right after it was recorded: the
/// painting stops (its last part would show the drawing on a canvas
/// that is gone: a panic, seen when a preset replaced a slide's panels).
#[wasm_bindgen_test]
async fn a_plot_removed_while_it_is_painted_paints_no_more() {
    use coded_panels::Frame;
    use coded_playground::components::PlotCanvas;
    use leptos::prelude::*;
    use plotters::prelude::{Rectangle, BLACK};
    use plotters::style::Color;
    let root = container();
    // A panic in a later task is no failure of this test's future: the
    // page's uncaught errors are counted instead.
    let errors = Rc::new(Cell::new(0usize));
    let counter = errors.clone();
    let on_error = Closure::<dyn Fn()>::new(move || counter.set(counter.get() + 1));
    let window = web_sys::window().unwrap();
    window
        .add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();
    let calls = Rc::new(Cell::new(0usize));
    let mounted: Slot = Rc::new(RefCell::new(None));
    let (counted, removed) = (calls.clone(), mounted.clone());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let (counted, removed) = (counted.clone(), removed.clone());
        view! {
            <PlotCanvas
                draw=move |area, _theme| {
                    counted.set(counted.get() + 1);
                    // Thousands of marks: more than is painted at once.
                    for i in 0..6000 {
                        let (x, y) = ((i % 100) * 3, (i / 100) * 3);
                        area.draw(&Rectangle::new([(x, y), (x + 2, y + 2)], BLACK.filled()))?;
                    }
                    // Removes the plot in a microtask: after the recording,
                    // before the painting's first turn.
                    let removed = removed.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        drop(removed.borrow_mut().take());
                    });
                    Ok(Frame::default())
                }
                hover=|_, _, _, _| None
                label="A plot of many marks"
            />
        }
    });
    mounted.replace(Some(Box::new(handle)));
    removed_and_a_while_after(&mounted, "the plot recorded and removed").await;
    window
        .remove_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();
    assert_eq!(calls.get(), 1);
    assert_eq!(errors.get(), 0, "the painting went on after its plot");
    root.remove();
}
