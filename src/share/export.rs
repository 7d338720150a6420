//! What the page exports, and the files it writes: the export formats, the
//! CSV writers, and the browser's download of a text or a data URL.
//!
//! Why apart from the export bar: the formats and the CSV text are plain
//! values, tested natively; the bar only wires them to buttons.

use std::time::Duration;

use coded_core::Config;
use coded_panels::errors::CurvesView;
use coded_panels::table::TableView;
use leptos::prelude::set_timeout;
use wasm_bindgen::{JsCast, JsValue};

/// One button of the export bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// The whole study (`coded sweep --config` reruns it).
    Study,
    /// The results table, in `coded sweep`'s CSV format.
    Table,
    /// Every series of the error plot.
    Curves,
    /// Every plot shown, as PNG at twice the screen's resolution or more.
    Png,
    /// Every plot shown, as SVG.
    Svg,
}

impl Export {
    /// Every export, in the bar's order.
    pub const ALL: [Export; 5] = [
        Export::Study,
        Export::Table,
        Export::Curves,
        Export::Png,
        Export::Svg,
    ];

    /// The button's element id.
    pub fn id(self) -> &'static str {
        match self {
            Export::Study => "export-json",
            Export::Table => "export-table-csv",
            Export::Curves => "export-curves-csv",
            Export::Png => "export-png",
            Export::Svg => "export-svg",
        }
    }

    /// The button's text.
    pub fn label(self) -> &'static str {
        match self {
            Export::Study => "Study (JSON)",
            Export::Table => "Table (CSV)",
            Export::Curves => "Curves (CSV)",
            Export::Png => "Plots (PNG, 2×)",
            Export::Svg => "Plots (SVG)",
        }
    }

    /// The name of the file written; `plot` is the canvas id, for the
    /// exports that write one file per plot.
    pub fn file_name(self, plot: &str) -> String {
        match self {
            Export::Study => "coded-study.json".into(),
            Export::Table => "coded-table.csv".into(),
            Export::Curves => "coded-curves.csv".into(),
            Export::Png => format!("coded-{plot}.png"),
            Export::Svg => format!("coded-{plot}.svg"),
        }
    }

    /// The file's media type.
    pub fn mime(self) -> &'static str {
        match self {
            Export::Study => "application/json",
            Export::Table | Export::Curves => "text/csv",
            Export::Png => "image/png",
            Export::Svg => "image/svg+xml",
        }
    }
}

/// Quotes a CSV cell when needed.
pub fn cell(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The results table in `coded sweep`'s CSV format (the core's own writer).
pub fn table_csv(config: &Config, t: &TableView) -> String {
    let points: Vec<coded_core::SweepPoint> = t.rows.iter().map(|r| r.summary.clone()).collect();
    coded_core::csv::sweep_csv(config, &points, t.classifier)
}

/// Every plotted series of the error panel: curves, then reference rates.
pub fn curves_csv(v: &CurvesView) -> String {
    let mut out = format!(
        "series,label,scheme,p,{},mean,std,ci_lo,ci_hi,median,q10,q90,trials,failures\n",
        cell(&v.x_label)
    );
    for c in &v.curves {
        for p in &c.points {
            out.push_str(&format!(
                "curve,{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                cell(&c.label),
                c.scheme.name(),
                c.p,
                p.x,
                p.mean,
                p.std,
                p.ci_lo,
                p.ci_hi,
                p.median,
                p.q10,
                p.q90,
                p.trials,
                p.failures
            ));
        }
    }
    for r in &v.references {
        for (x, y) in &r.points {
            out.push_str(&format!("reference,{},,,{x},{y},,,,,,,,\n", cell(&r.label)));
        }
    }
    out
}

/// Has the browser download `href` (a data or object URL) as `name`.
pub fn download_url(name: &str, href: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = doc.create_element("a") else {
        return;
    };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(href);
    a.set_download(name);
    a.click();
}

/// Has the browser download `text` as the file `name` of type `mime`.
pub fn download_text(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(href) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    download_url(name, &href);
    // The download has started by then; the URL would hold the blob until
    // the page closes.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&href);
        },
        Duration::from_secs(30),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use coded_core::Scheme;
    use coded_panels::errors::{Curve, CurveKind, CurvePoint, Reference};

    #[test]
    fn csv_cells_are_quoted() {
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("a\"b"), "\"a\"\"b\"");
        assert_eq!(cell("a\nb"), "\"a\nb\"");
        assert_eq!(cell("plain"), "plain");
    }

    #[test]
    fn exports_have_distinct_ids_and_files() {
        let ids: Vec<_> = Export::ALL.iter().map(|e| e.id()).collect();
        assert_eq!(
            ids,
            [
                "export-json",
                "export-table-csv",
                "export-curves-csv",
                "export-png",
                "export-svg"
            ]
        );
        assert_eq!(
            Export::Png.file_name("errors-plot"),
            "coded-errors-plot.png"
        );
        assert_eq!(
            Export::Svg.file_name("errors-plot"),
            "coded-errors-plot.svg"
        );
        assert_eq!(Export::Study.file_name(""), "coded-study.json");
        assert_eq!(Export::Curves.mime(), "text/csv");
    }

    #[test]
    fn curves_csv_writes_curves_then_references_with_quoted_labels() {
        let point = CurvePoint {
            x: 20.0,
            mean: 0.5,
            std: 0.25,
            ci_lo: 0.3,
            ci_hi: 0.8,
            median: 0.4,
            q10: 0.1,
            q90: 0.9,
            trials: 10,
            failures: 1,
        };
        let view = CurvesView {
            kind: CurveKind::ErrorVsN,
            title: String::new(),
            x_label: "N, servers".into(),
            y_label: String::new(),
            x_log: true,
            curves: vec![Curve {
                key: "bacc-0.1".into(),
                label: "BACC, p = 0.1".into(),
                scheme: Scheme::Bacc,
                p: 0.1,
                color: 0,
                shape: 0,
                points: vec![point],
                failed: vec![],
                slope: None,
                median_slope: None,
            }],
            references: vec![Reference {
                key: "claim-bacc".into(),
                label: "N^-1".into(),
                dash: 0,
                color: 0,
                points: vec![(20.0, 0.05)],
                median_points: vec![(20.0, 0.04)],
                slope: None,
                level: false,
            }],
            marker: None,
            exact_below: 0.0,
            notes: vec![],
        };
        assert_eq!(
            curves_csv(&view),
            "series,label,scheme,p,\"N, servers\",mean,std,ci_lo,ci_hi,median,q10,q90,trials,failures\n\
             curve,\"BACC, p = 0.1\",bacc,0.1,20,0.5,0.25,0.3,0.8,0.4,0.1,0.9,10,1\n\
             reference,N^-1,,,20,0.05,,,,,,,,\n"
        );
    }
}
