//! The documentation's tables that mirror code, checked against the code:
//! the registry of panels and the cache places (docs/architecture.md), the
//! Config fields, the straggler models' JSON, its example with every
//! default and the settings of
//! `--over` (docs/reference.md), and the
//! file map ("Where things are"). A table is found by the HTML comment
//! above it (`<!-- checked by tests/docs_tables.rs: NAME -->`); a row that
//! does not say what the code does fails here, with the row it should be.
//! (The link keys and the CLI's help are checked where they are made:
//! `src/settings/mod.rs`, `crates/coded-cli/tests/help.rs`.)
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

use coded_core::config::{CachePlace, TABLE};
use coded_core::Axis;
use coded_panels::Panel;

const ARCHITECTURE: &str = include_str!("../docs/architecture.md");
const REFERENCE: &str = include_str!("../docs/reference.md");

/// The rows of the table under the marker `name` in `doc`, header first
/// (the separator row left out), each as its trimmed cells.
fn table(doc: &str, name: &str) -> Vec<Vec<String>> {
    let marker = format!("<!-- checked by tests/docs_tables.rs: {name} -->");
    let (_, after) = doc
        .split_once(&marker)
        .unwrap_or_else(|| panic!("no marker {marker} in the docs"));
    let rows: Vec<Vec<String>> = after
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .map(cells)
        .collect();
    assert!(rows.len() > 2, "the table under {marker} has no rows");
    rows.into_iter()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, r)| r)
        .collect()
}

/// A table row's cells (`\|` is a `|` inside a cell).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                out.last_mut().unwrap().push(chars.next().unwrap())
            }
            '|' => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// The texts between backticks in a cell.
fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// Compares a table's rows (the columns the code decides) with what the
/// code gives, and says which row differs and what it should read.
fn same_rows(what: &str, got: Vec<Vec<String>>, want: Vec<Vec<String>>) {
    let show = |rows: &[Vec<String>]| {
        rows.iter()
            .map(|r| format!("| {} |", r.join(" | ")))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        got == want,
        "{what}: the docs' rows (these columns)\n{}\nshould read\n{}",
        show(&got),
        show(&want)
    );
}

#[test]
fn the_registry_table_is_the_registry() {
    let rows = table(ARCHITECTURE, "the registry of panels");
    // The columns the registry decides, found by their headings: the table
    // may have others.
    let column = |name: &str| {
        rows[0]
            .iter()
            .position(|h| h.starts_with(&format!("`{name}`")))
            .unwrap_or_else(|| panic!("the registry table has no `{name}` column"))
    };
    let (name, title, stage) = (column("name"), column("title"), column("stage"));
    let got = rows[1..]
        .iter()
        .map(|r| {
            vec![
                r[0].clone(),
                r[name].clone(),
                r[title].clone(),
                r[stage].clone(),
            ]
        })
        .collect();
    let want = Panel::ALL
        .iter()
        .map(|p| {
            vec![
                format!("`{p:?}`"),
                format!("`{}`", p.name()),
                p.title().to_string(),
                format!("`{:?}`", p.stage()),
            ]
        })
        .collect();
    same_rows("docs/architecture.md, the registry of panels", got, want);
}

#[test]
fn the_cache_places_table_has_every_place() {
    // Every place, in the docs' order; a new one does not compile here
    // until it has its row.
    let places = [
        CachePlace::Problem,
        CachePlace::Prepared,
        CachePlace::Decoding,
    ];
    let _every_place = |p: CachePlace| match p {
        CachePlace::Problem | CachePlace::Prepared | CachePlace::Decoding => (),
    };
    let rows = table(ARCHITECTURE, "the cache places");
    let got = rows[1..].iter().map(|r| vec![r[0].clone()]).collect();
    let want = places.iter().map(|p| vec![format!("`{p:?}`")]).collect();
    same_rows("docs/architecture.md, the cache places", got, want);
}

#[test]
fn the_config_table_lists_every_field_in_order_with_its_place() {
    let rows = table(REFERENCE, "the Config fields");
    let place = rows[0]
        .iter()
        .position(|h| h == "cache place")
        .expect("the Config table has a `cache place` column");
    let got = rows[1..]
        .iter()
        .map(|r| vec![r[0].clone(), r[place].clone()])
        .collect();
    let want = TABLE
        .iter()
        .map(|f| vec![format!("`{}`", f.name), format!("`{:?}`", f.place)])
        .collect();
    same_rows("docs/reference.md, the Config fields", got, want);
}

/// The Config table's `stragglers` row gives every straggler model's JSON
/// as the core's allowed text has it (the forms a refused model lists), so
/// a new model, or a new range, shows here.
#[test]
fn the_stragglers_row_gives_every_model() {
    let rows = table(REFERENCE, "the Config fields");
    let row = rows
        .iter()
        .find(|r| r[0] == "`stragglers`")
        .expect("the Config table has a `stragglers` row");
    let want: Vec<String> = coded_core::config::allowed("stragglers")
        .split(" | ")
        .map(|form| format!("`{form}`"))
        .collect();
    assert_eq!(
        row[1],
        want.join(", "),
        "docs/reference.md, the Config fields: the `stragglers` row's values should read {}",
        want.join(", ")
    );
}

/// The JSON "with every default" is the default configuration, every
/// field of it (a new field that is written by default shows here).
#[test]
fn the_config_example_is_the_defaults() {
    let after = REFERENCE
        .split_once("With every default:")
        .expect("docs/reference.md shows the configuration with every default")
        .1;
    let block = after
        .split_once("```json\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a ```json block after \"With every default:\"")
        .0;
    let shown: serde_json::Value = serde_json::from_str(block).unwrap();
    let defaults: serde_json::Value =
        serde_json::from_str(&coded_core::Config::default().to_json()).unwrap();
    assert_eq!(
        shown, defaults,
        "docs/reference.md, \"With every default\": it should read {defaults}"
    );
}

#[test]
fn the_over_table_lists_every_axis() {
    let rows = table(REFERENCE, "the settings of --over");
    let got = rows[1..].iter().map(|r| r[..3].to_vec()).collect();
    let want = Axis::ALL
        .iter()
        .map(|a| {
            let e = a.entry();
            let scale = if e.log { "log" } else { "linear" };
            vec![
                format!("`{}`", e.name),
                format!("`{}`", e.key),
                scale.into(),
            ]
        })
        .collect();
    same_rows("docs/reference.md, the settings of --over", got, want);
}

/// Whether a text between backticks names a file or a folder.
fn is_path(t: &str) -> bool {
    const KINDS: [&str; 10] = [
        ".rs", ".mjs", ".js", ".sh", ".py", ".toml", ".html", ".css", ".json", ".md",
    ];
    !t.contains(' ') && (t.ends_with('/') || KINDS.iter().any(|k| t.ends_with(k)))
}

/// Whether `name` (a file or a folder) is somewhere under `dir`.
fn under(dir: &Path, name: &str) -> bool {
    dir.join(name).exists()
        || std::fs::read_dir(dir).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.path().is_dir() && under(&e.path(), name))
        })
}

/// A source folder's top-level modules: `m.rs` and `m/`, without the
/// crate roots.
fn modules(src: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(src)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let module = name.strip_suffix(".rs").unwrap_or(&name).to_string();
            let kept = (e.path().is_dir() || name.ends_with(".rs"))
                && !["lib", "main"].contains(&module.as_str());
            kept.then_some(module)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_file_map_names_what_exists_and_every_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rows = table(ARCHITECTURE, "where things are");
    let mut wrong = vec![];
    for row in &rows[1..] {
        let paths = ticked(&row[0]);
        for p in &paths {
            if !root.join(p).exists() {
                wrong.push(format!("{p}: no such file or folder"));
            }
        }
        // A folder's row names its files relative to it.
        if let [dir] = paths[..] {
            if dir.ends_with('/') {
                for name in ticked(&row[1]).into_iter().filter(|t| is_path(t)) {
                    if !under(&root.join(dir), name) {
                        wrong.push(format!("{dir}: no {name} in it"));
                    }
                }
            }
        }
    }
    let named: Vec<&str> = rows[1..].iter().flat_map(|r| ticked(&r[0])).collect();
    // The page: each top-level module has a row (or shares one).
    for m in modules(&root.join("src")) {
        let (file, folder) = (format!("src/{m}.rs"), format!("src/{m}/"));
        if !named.iter().any(|p| *p == file || *p == folder) {
            wrong.push(format!("src/{m}: no row names it"));
        }
    }
    // Every other crate: a row for its src/ that names each of its modules.
    for entry in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        let krate = entry.file_name().into_string().unwrap();
        let src = format!("crates/{krate}/src/");
        let Some(row) = rows[1..]
            .iter()
            .find(|r| ticked(&r[0]).iter().any(|p| p.starts_with(&src)))
        else {
            wrong.push(format!("{src}: no row"));
            continue;
        };
        let said = ticked(&row[1]);
        for m in modules(&entry.path().join("src")) {
            let (file, folder) = (format!("{m}.rs"), format!("{m}/"));
            if !said.iter().any(|t| *t == m || *t == file || *t == folder) {
                wrong.push(format!("{src}: its row does not name `{m}`"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/architecture.md, \"Where things are\":\n{}",
        wrong.join("\n")
    );
}
