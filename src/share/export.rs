//! What the page exports, and the files it writes: the export formats, the
//! CSV writers, and the browser's download of a text or a data URL.
//!
//! Why apart from the export bar: the formats and the CSV text are plain
//! values, tested natively; the bar only wires them to buttons.

use std::time::Duration;

use coded_core::csv::study_line;
use coded_core::{Config, Study};
use coded_panels::errors::{Band, CurvesView, SlopeRange};
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

/// The study of the results table: its schemes at the configuration's own
/// N and straggler model, which is what `coded sweep --config <config>
/// --schemes <the table's>` runs: the core's study of that run, which the
/// CLI writes as its first line too.
pub fn table_study(config: &Config, t: &TableView) -> Study {
    let mut schemes = vec![];
    for r in &t.rows {
        if !schemes.contains(&r.summary.scheme) {
            schemes.push(r.summary.scheme);
        }
    }
    let plan = coded_core::SweepPlan {
        ns: vec![config.n],
        models: vec![config.stragglers.clone()],
        schemes,
    };
    Study::of_plan(config.clone(), &plan, None)
}

/// The results table in `coded sweep`'s CSV format (the core's own writer),
/// its study on the first line.
pub fn table_csv(config: &Config, t: &TableView) -> String {
    let points: Vec<coded_core::SweepPoint> = t.rows.iter().map(|r| r.summary.clone()).collect();
    let columns = coded_core::csv::Columns {
        classifier: t.classifier,
        ..coded_core::csv::Columns::of_config(config)
    };
    coded_core::csv::sweep_csv(&table_study(config, t), &points, &columns)
}

/// A number's cell: empty for none (a curve without a fitted slope).
fn number_cell(v: Option<f64>) -> String {
    v.filter(|v| v.is_finite())
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// The statistic a slope is fitted to, as the Curves CSV names it.
fn slope_statistic(band: Band) -> &'static str {
    match band {
        Band::Mean95 => "mean",
        Band::Quantiles => "median",
    }
}

/// Every plotted series of the error panel, after the study's line: curves,
/// then reference rates, each row with the fitted log-log slope the legend
/// shows (that of the line drawn, the means' or the medians' by `band`;
/// empty where the series has none) and each curve point with its own p.
/// Then the 95 % interval of that slope (the means' only), the statistic
/// the values are of (the y axis's words), and for a fitted slope what it
/// is fitted to (`mean` or `median`) and the range of N it is fitted over
/// (empty ends: every point): appended, so the earlier columns keep their
/// places.
pub fn curves_csv(study: &Study, v: &CurvesView, band: Band, range: SlopeRange) -> String {
    let mut out = study_line(study);
    out.push_str(&format!(
        "series,label,scheme,p,{},mean,std,ci_lo,ci_hi,median,q10,q90,trials,failures,slope,\
         slope_lo,slope_hi,statistic,slope_of,slope_n_from,slope_n_to\n",
        cell(&v.x_label)
    ));
    let statistic = cell(&v.y_label);
    for c in &v.curves {
        let fitted = c.slope_of(band).filter(|k| k.is_finite());
        let interval = c.slope_interval_of(band);
        let slope = format!(
            "{},{},{}",
            number_cell(fitted),
            number_cell(interval.map(|i| i.0)),
            number_cell(interval.map(|i| i.1))
        );
        let fit = match fitted {
            Some(_) => format!(
                "{},{},{}",
                slope_statistic(band),
                number_cell(range.from),
                number_cell(range.to)
            ),
            None => ",,".into(),
        };
        for p in &c.points {
            out.push_str(&format!(
                "curve,{},{},{},{},{},{},{},{},{},{},{},{},{},{slope},{statistic},{fit}\n",
                cell(&c.label),
                c.scheme.name(),
                p.p,
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
        let slope = number_cell(r.slope);
        for (x, y) in &r.points {
            out.push_str(&format!(
                "reference,{},,,{x},{y},,,,,,,,,{slope},,,{statistic},,,\n",
                cell(&r.label)
            ));
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
    use coded_panels::errors::{Axis, Curve, CurvePoint, Reference};
    use coded_protocol::UiState;

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
    fn curves_csv_writes_the_study_then_curves_then_references_with_slopes() {
        let point = CurvePoint {
            x: 20.0,
            p: 0.1,
            mean: 0.5,
            std: 0.25,
            ci_lo: 0.3,
            ci_hi: 0.8,
            median: 0.4,
            q10: 0.1,
            q90: 0.9,
            trials: 10,
            failures: 1,
            statistics: Default::default(),
        };
        let view = CurvesView {
            kind: Axis::N,
            title: String::new(),
            x_label: "N, servers".into(),
            y_label: "mean squared error".into(),
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
                slope: Some(-1.5),
                median_slope: None,
                saved: false,
                slope_interval: Some((-1.75, -1.25)),
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
        let study = UiState::default().study(&Config::default());
        let csv = curves_csv(&study, &view, Band::Mean95, SlopeRange::default());
        let (first, rest) = csv.split_once('\n').unwrap();
        assert_eq!(
            Study::from_json(first.strip_prefix("# ").unwrap()).unwrap(),
            study
        );
        assert_eq!(
            rest,
            "series,label,scheme,p,\"N, servers\",mean,std,ci_lo,ci_hi,median,q10,q90,trials,failures,slope,slope_lo,slope_hi,statistic,slope_of,slope_n_from,slope_n_to\n\
             curve,\"BACC, p = 0.1\",bacc,0.1,20,0.5,0.25,0.3,0.8,0.4,0.1,0.9,10,1,-1.5,-1.75,-1.25,mean squared error,mean,,\n\
             reference,N^-1,,,20,0.05,,,,,,,,,,,,mean squared error,,,\n"
        );
        // With the median's line: the median's slope, as the legend shows
        // it (no interval: the means' is not the medians'), and the range
        // it is fitted over.
        let mut median = view.clone();
        median.curves[0].median_slope = Some(-1.25);
        let range = SlopeRange {
            from: Some(20.0),
            to: Some(320.0),
        };
        let csv = curves_csv(&study, &median, Band::Quantiles, range);
        let row = csv.lines().nth(2).unwrap();
        assert!(
            row.ends_with(",10,1,-1.25,,,mean squared error,median,20,320"),
            "{row}"
        );
        median.curves[0].label = "BACC, p = 0.1 (slope −1.50)".into();
        assert_eq!(
            median.curves[0].legend(Band::Quantiles),
            "BACC, p = 0.1 (median's slope −1.25)"
        );
    }

    #[test]
    fn the_tables_study_line_is_the_clis_for_the_same_run() {
        let iid = Config::from_json(r#"{"trials": 3, "stragglers": {"model": "iid", "p": 0.05}}"#)
            .unwrap();
        let ui = UiState::default();
        let t = coded_engine::table(&mut coded_engine::Session::new(), &iid, &ui).unwrap();
        let csv = table_csv(&iid, &t);
        let first = csv.lines().next().unwrap();
        // `coded sweep --config` of the configuration writes this line (the
        // CLI's own test pins its end): the p it ran, not null.
        assert!(first.ends_with(r#""n":[40],"p":[0.05]}"#), "{first}");
        let schemes = ui.schemes(&iid);
        let plan = coded_core::SweepPlan::new(&iid, None, None, Some(&schemes)).unwrap();
        assert_eq!(
            first,
            format!(
                "# {}",
                Study::of_plan(iid.clone(), &plan, None).to_json_line()
            )
        );
    }

    /// The curves of a real sweep: the p column is each point's p on
    /// every tab, and every curve of error vs N has its slope.
    #[test]
    fn curves_csv_has_each_points_p_and_the_fitted_slopes() {
        use coded_panels::errors::P_GRID;
        let config = Config::from_json(r#"{"trials": 4, "k": 4, "n": 12}"#).unwrap();
        let ui = UiState {
            sweep_ns: vec![8, 16, 32],
            ..UiState::default()
        };
        let study = ui.study(&config);
        let rows = |v: &CurvesView| -> Vec<Vec<String>> {
            let csv = curves_csv(&study, v, Band::Mean95, SlopeRange::default());
            let mut lines = csv.lines().skip(1);
            let head: Vec<&str> = lines.next().unwrap().split(',').collect();
            assert_eq!(
                head[head.len() - 7..],
                [
                    "slope",
                    "slope_lo",
                    "slope_hi",
                    "statistic",
                    "slope_of",
                    "slope_n_from",
                    "slope_n_to"
                ]
            );
            lines
                .filter(|l| l.starts_with("curve,"))
                .map(|l| {
                    // Labels may hold commas (then quoted): the cells from
                    // the scheme on.
                    let tail = match l.strip_prefix("curve,\"") {
                        Some(quoted) => quoted.split_once("\",").unwrap().1,
                        None => l.splitn(3, ',').nth(2).unwrap(),
                    };
                    tail.split(',').map(String::from).collect()
                })
                .collect()
        };
        let mut session = coded_engine::Session::new();
        let by_p = coded_engine::curves(&mut session, &config, &ui.along(Axis::P)).unwrap();
        let rows_p = rows(&by_p);
        assert_eq!(rows_p.len(), 2 * P_GRID.len());
        for (row, p) in rows_p.iter().zip(P_GRID.iter().cycle()) {
            // scheme, p, x, …: p is the x of the row, never 0 throughout.
            assert_eq!(row[1], p.to_string(), "{row:?}");
            assert_eq!(row[1], row[2], "{row:?}");
        }
        let fixed = Config::from_json(
            r#"{"trials": 4, "k": 4, "n": 12, "stragglers": {"model": "fixed", "s": 2}}"#,
        )
        .unwrap();
        let by_n = coded_engine::curves(&mut session, &fixed, &ui).unwrap();
        let rows_n = rows(&by_n);
        assert_eq!(rows_n.len(), 2 * 3);
        for row in &rows_n {
            // A fixed S: p = S/N at each N.
            let n: f64 = row[2].parse().unwrap();
            assert_eq!(row[1], (2.0 / n).to_string(), "{row:?}");
            let slope: f64 = row[row.len() - 7].parse().unwrap();
            assert!(slope < 0.0, "{row:?}");
        }
        assert_eq!(
            by_n.curves[0].slope.unwrap().to_string(),
            rows_n[0][rows_n[0].len() - 7]
        );
    }
}
