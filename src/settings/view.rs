//! The settings of the view (compared schemes, sweep lists, panels, error
//! plot, round) and of embed links.

use coded_core::statistic::Statistic;
use coded_core::Scheme;
use coded_panels::errors::{Axis, Band, SlopeRange};
use coded_panels::Panel;
use coded_protocol::MAX_WORKERS;

use super::choices::{panel_choices, panel_names, scheme_choices, statistic_choices};
use super::look::{Size, ThemeChoice};
use super::model::{
    none_locked, Group, Home, Kind, LinkState, Setting, BASE, MAX_SWEEP_NS, MAX_SWEEP_PS,
    MAX_SWEEP_VALUES,
};
use super::parse::{
    entries, join, list, number, number_in, one_of, quoted, short_number, switch, whole, whole_in,
};
use coded_core::config::MAX_N;
use coded_core::limits::{IntRange, N_RANGE, P_RANGE};

/// A tab's name in a link (`tab=`): its setting's link key (the core's
/// table of axes), except λ_dec's, which links wrote as "lambda" before the
/// table (and still do, so that old and new links read alike).
pub fn tab_name(k: Axis) -> &'static str {
    match k {
        Axis::LambdaDec => "lambda",
        other => other.entry().key,
    }
}

/// The tab a link names: by its name, or by its setting's key or name.
fn tab_of(text: &str) -> Option<Axis> {
    let t = text.trim();
    Axis::ALL
        .into_iter()
        .find(|k| tab_name(*k) == t)
        .or_else(|| Axis::parse(t))
}

pub const EMBED: Setting = Setting {
    key: "embed",
    id: "embed",
    name: "embed",
    label: "Embedded panel",
    text: |s| s.embed.map_or("", |p| p.name()).to_string(),
    read: |s, t| match Panel::parse(t.trim()) {
        Some(p) => {
            s.embed = Some(p);
            true
        }
        None => false,
    },
    rule: |_| format!("one of {}", quoted(&panel_names())),
    ..BASE
};

/// The preset a link's settings came from. Only its note depends on it:
/// the settings themselves are in the link's other keys, so an old link
/// keeps its numbers even if a preset is changed later.
pub const PRESET: Setting = Setting {
    key: "preset",
    id: "preset",
    name: "preset",
    label: "Preset",
    text: |s| s.preset.unwrap_or("").to_string(),
    read: |s, t| match crate::presets::by_id(t.trim()) {
        Some(p) => {
            s.preset = Some(p.id);
            true
        }
        None => false,
    },
    rule: |_| {
        let ids: Vec<&str> = crate::presets::all().iter().map(|p| p.id).collect();
        format!("one of {}", quoted(&ids))
    },
    ..BASE
};

pub const COMPARE: Setting = Setting {
    key: "cmp",
    id: "compare",
    label: "Compare",
    name: "The compared schemes",
    help: "Schemes in the table and the error curves (the shown one always is).",
    group: Group::Scheme,
    home: Home::Ui,
    kind: Kind::Set {
        choices: scheme_choices,
        locked: |s| Some(s.config.scheme.name()),
    },
    // The set as the page shows it: the shown scheme always is in it.
    text: |s| join(&s.ui.schemes(&s.config), |x| x.name().to_string()),
    read: |s, t| match entries(t).map(Scheme::parse).collect::<Option<Vec<_>>>() {
        Some(l) => {
            s.ui.compare = l;
            true
        }
        None => false,
    },
    rule: |_| {
        let names = Scheme::ALL.map(|x| x.name());
        format!("a comma-separated list of {}", quoted(&names))
    },
    ..BASE
};

pub const SWEEP_NS: Setting = Setting {
    key: "ns",
    id: "sweep-ns",
    label: "N values (error vs N)",
    name: "The N values",
    help: "Comma-separated; values below K are left out.",
    group: Group::MonteCarlo,
    home: Home::Ui,
    kind: Kind::List,
    text: |s| join(&s.ui.sweep_ns, |n| n.to_string()),
    read: |s, t| {
        list(t, MAX_SWEEP_NS, |e| {
            whole_in(e, N_RANGE).map(|n| n as usize)
        })
        .map(|v| s.ui.sweep_ns = v)
        .is_some()
    },
    rule: |_| {
        format!("whole numbers from 1 to {MAX_N}, separated by commas (at most {MAX_SWEEP_NS})")
    },
    ..BASE
};

pub const SWEEP_PS: Setting = Setting {
    key: "ps",
    id: "sweep-ps",
    label: "p values (error vs N)",
    name: "The p values",
    help: "Comma-separated; one curve per scheme and p.",
    group: Group::MonteCarlo,
    home: Home::Ui,
    kind: Kind::List,
    text: |s| join(&s.ui.sweep_ps, |p| short_number(*p)),
    read: |s, t| {
        list(t, MAX_SWEEP_PS, |e| number_in(e, P_RANGE))
            .map(|v| s.ui.sweep_ps = v)
            .is_some()
    },
    rule: |_| format!("numbers from 0 to 1, separated by commas (at most {MAX_SWEEP_PS})"),
    ..BASE
};

/// The pool's size when none is chosen: the browser's logical cores
/// (`navigator.hardwareConcurrency`), from 1 to [`MAX_WORKERS`].
pub fn default_workers() -> usize {
    #[cfg(target_arch = "wasm32")]
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    #[cfg(not(target_arch = "wasm32"))]
    let cores = 1.0;
    (cores as usize).clamp(1, MAX_WORKERS)
}

/// The pool's sizes a person may choose.
const WORKERS_RANGE: IntRange = IntRange {
    min: 1,
    max: MAX_WORKERS as u64,
};

pub const WORKERS: Setting = Setting {
    key: "w",
    id: "workers",
    label: "Workers",
    name: "The number of workers",
    help:
        "Web Workers sharing the trials (default: one per core); the numbers do not depend on it.",
    group: Group::MonteCarlo,
    home: Home::Ui,
    kind: Kind::Whole,
    text: |s| s.ui.workers.unwrap_or_else(default_workers).to_string(),
    // The default's number is the default (a link leaves it out).
    read: |s, t| {
        whole_in(t, WORKERS_RANGE)
            .map(|v| v as usize)
            .map(|v| s.ui.workers = (v != default_workers()).then_some(v))
            .is_some()
    },
    rule: |_| format!("a whole number from 1 to {MAX_WORKERS}"),
    ..BASE
};

pub const PANELS_SHOWN: Setting = Setting {
    key: "panels",
    id: "show",
    label: "Panels shown",
    name: "The panels shown",
    help: "Hidden panels are not computed.",
    group: Group::Panels,
    home: Home::Ui,
    kind: Kind::Set {
        choices: panel_choices,
        locked: none_locked,
    },
    text: |s| {
        let shown: Vec<&str> = panel_names()
            .into_iter()
            .filter(|p| super::choices::panel_shown(&s.ui.panels, p))
            .collect();
        if shown.is_empty() {
            "none".into()
        } else {
            shown.join(",")
        }
    },
    read: |s, t| {
        let mut p = coded_panels::Panels::none();
        for name in entries(t).filter(|e| *e != "none") {
            if !super::choices::show_panel(&mut p, name) {
                return false;
            }
        }
        s.ui.panels = p;
        true
    },
    rule: |_| {
        format!(
            "a comma-separated list of {} (or none)",
            quoted(&panel_names())
        )
    },
    applies: |s| match s.embed {
        Some(_) => Err("an embedded page shows its one panel".into()),
        None => Ok(()),
    },
    ..BASE
};

pub const TAB: Setting = Setting {
    key: "tab",
    id: "tab",
    label: "Error plot",
    name: "The error plot",
    home: Home::Ui,
    text: |s| tab_name(s.ui.axis).into(),
    read: |s, t| match tab_of(t) {
        Some(k) => {
            if k != s.ui.axis {
                s.ui.axis = k;
                s.ui.sweep_values = None;
            }
            true
        }
        None => false,
    },
    rule: |_| {
        let names: Vec<&str> = Axis::ALL.into_iter().map(tab_name).collect();
        format!("one of {}", quoted(&names))
    },
    ..BASE
};

/// The values of the error plot's setting (any but N, whose lists are
/// `ns` and `ps`): read after the tab, whose setting they are of.
pub const SWEEP_VALUES: Setting = Setting {
    key: "vals",
    id: "sweep-values",
    label: "Plotted values",
    name: "The plotted values",
    help: "Comma-separated values of the setting the error plot runs along; one point per scheme and value.",
    group: Group::MonteCarlo,
    home: Home::Plotted,
    kind: Kind::List,
    // None under error vs N, whose values are its lists.
    text: |s| match s.ui.axis {
        Axis::N => String::new(),
        _ => join(&s.ui.axis_values(), |v| short_number(*v)),
    },
    read: |s, t| {
        let whole = s.ui.axis.entry().whole;
        let one = |e: &str| number(e).filter(|v| !whole || v.fract() == 0.0);
        list(t, MAX_SWEEP_VALUES, one)
            .map(|v| s.ui.sweep_values = Some(v))
            .is_some()
    },
    rule: |s| {
        let e = s.ui.axis.entry();
        let what = if e.whole && s.ui.axis != Axis::N {
            "whole numbers"
        } else {
            "numbers"
        };
        let of = match s.ui.axis {
            Axis::N => "the setting the error plot runs along",
            _ => e.symbol,
        };
        format!(
            "{what}, separated by commas (at most {MAX_SWEEP_VALUES}), values of {of}; those the other settings do not allow are left out of the plot, with a note"
        )
    },
    applies: |s| match s.ui.axis {
        Axis::N => Err("error vs N takes its values from “N values” and “p values”".into()),
        _ => Ok(()),
    },
    ..BASE
};

pub const REFERENCES: Setting = Setting {
    key: "ref",
    id: "references",
    label: "Claimed rates",
    name: "The claimed-rates switch",
    home: Home::Ui,
    text: |s| (s.ui.references as u8).to_string(),
    read: |s, t| switch(t).map(|on| s.ui.references = on).is_some(),
    rule: |_| "0 or 1".into(),
    ..BASE
};

pub const BAND: Setting = Setting {
    key: "band",
    id: "band",
    label: "Line and band",
    name: "The error curves' line and band",
    home: Home::Ui,
    text: |s| s.ui.band.name().into(),
    read: |s, t| match Band::parse(t.trim()) {
        Some(b) => {
            s.ui.band = b;
            true
        }
        None => false,
    },
    rule: |_| {
        Band::ALL
            .map(|b| format!("{} ({})", b.name(), b.meaning()))
            .join(" or ")
    },
    ..BASE
};

pub const STATISTIC: Setting = Setting {
    key: "stat",
    id: "statistic",
    label: "Error shown",
    name: "The error shown",
    help: "Which error of a round the curves show; switching does not rerun the sweep.",
    // Beside "Line and band", in the error plot's own row (like it, it
    // changes only the drawing): a control there keeps the controls
    // column short enough that a phone reaches the first plot.
    home: Home::Ui,
    text: |s| s.ui.statistic.name().into(),
    read: |s, t| Statistic::parse(t).map(|v| s.ui.statistic = v).is_some(),
    rule: |_| one_of(statistic_choices),
    ..BASE
};

pub const SLOPE: Setting = Setting {
    key: "slope",
    id: "slope-range",
    label: "Slope over N",
    name: "The slope's range of N",
    help: "Fits the slopes over these N only, such as 40-320 (empty: every N).",
    group: Group::MonteCarlo,
    home: Home::Ui,
    kind: Kind::List,
    text: |s| s.ui.slope_range.text(),
    read: |s, t| SlopeRange::parse(t).map(|r| s.ui.slope_range = r).is_some(),
    rule: |_| {
        "two numbers of servers with a dash between them, the smaller first, such as 40-320 (40- or -320 leave one side open; empty: every N)".into()
    },
    ..BASE
};

/// Most series a link hides (a view has at most 2 × 4 × 6 curves and lines).
pub const MAX_HIDDEN: usize = 64;

/// A series' key as views write them (`bacc-0.1`, `claim-letcc`,
/// `level-gcv`): lower-case letters, digits, dots and dashes.
fn series_key(text: &str) -> Option<String> {
    let ok = !text.is_empty()
        && text.len() <= 32
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
    ok.then(|| text.to_string())
}

pub const HIDDEN: Setting = Setting {
    key: "hide",
    id: "errors-legend",
    label: "Hidden series",
    name: "The hidden series",
    home: Home::Ui,
    text: |s| s.ui.hidden.join(","),
    // Keys of series not in the view shown stay: they may be another tab's,
    // or come back with the next computation.
    read: |s, t| {
        let keys: Option<Vec<String>> = entries(t).map(series_key).collect();
        match keys {
            Some(keys) if keys.len() <= MAX_HIDDEN => {
                s.ui.hidden.clear();
                for k in keys {
                    if !s.ui.hidden.contains(&k) {
                        s.ui.hidden.push(k);
                    }
                }
                true
            }
            _ => false,
        }
    },
    rule: |_| {
        format!("names of the error plot's series, such as “bacc-0.1” or “claim-letcc”, separated by commas (at most {MAX_HIDDEN})")
    },
    ..BASE
};

pub const ROUND: Setting = Setting {
    key: "r",
    id: "trial",
    label: "Round",
    name: "The round",
    home: Home::Ui,
    text: |s| s.ui.trial.to_string(),
    read: |s, t| {
        whole(t)
            .and_then(|v| usize::try_from(v).ok())
            .map(|v| s.ui.trial = v)
            .is_some()
    },
    rule: |s| {
        format!(
                "a whole number from 0 to {} (rounds count from 0 in a link, below the number of trials)",
                s.config.trials.saturating_sub(1)
            )
    },
    check: |s| s.ui.trial < s.config.trials,
    // The last round, rather than the first.
    fallback: Some(|s| s.config.trials.saturating_sub(1).to_string()),
    ..BASE
};

fn embed_only(s: &LinkState) -> Result<(), String> {
    match s.embed {
        Some(_) => Ok(()),
        None => Err("it applies to an embedded panel (embed=…)".into()),
    }
}

pub const THEME: Setting = Setting {
    key: "theme",
    id: "theme",
    label: "Colours",
    name: "The colours",
    text: |s| s.look.theme.name().into(),
    read: |s, t| ThemeChoice::parse(t).map(|v| s.look.theme = v).is_some(),
    rule: |_| {
        let names = ThemeChoice::ALL.map(ThemeChoice::name);
        format!("one of {} (system: as the viewer's system)", quoted(&names))
    },
    ..BASE
};

pub const PLOT_ONLY: Setting = Setting {
    key: "plot-only",
    id: "plot-only",
    label: "Plot only",
    name: "The plot-only switch",
    text: |s| (s.look.plot_only as u8).to_string(),
    read: |s, t| switch(t).map(|on| s.look.plot_only = on).is_some(),
    rule: |_| "0 or 1".into(),
    applies: embed_only,
    ..BASE
};

pub const SIZE: Setting = Setting {
    key: "size",
    id: "size",
    label: "Size",
    name: "The embed's size",
    text: |s| s.look.size.name().into(),
    read: |s, t| Size::parse(t).map(|v| s.look.size = v).is_some(),
    rule: |_| {
        let names = Size::ALL.map(Size::name);
        format!("one of {} (slide: 1280 × 720)", quoted(&names))
    },
    applies: embed_only,
    ..BASE
};
