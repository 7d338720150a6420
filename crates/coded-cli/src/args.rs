//! A small `--name value` parser: the CLI's few options do not justify a
//! dependency, and every error must be a single line.

use coded_core::Scheme;
use std::collections::BTreeMap;

pub struct Options(BTreeMap<String, String>);

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut map = BTreeMap::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let name = a.strip_prefix("--").ok_or_else(|| {
                format!("unexpected argument `{a}` (options look like --name value)")
            })?;
            let (name, value) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    let v = it
                        .next()
                        .ok_or_else(|| format!("option --{name} needs a value"))?;
                    (name.to_string(), v.clone())
                }
            };
            if map.insert(name.clone(), value).is_some() {
                return Err(format!("option --{name} given twice"));
            }
        }
        Ok(Options(map))
    }

    pub fn allow(&self, names: &[&str]) -> Result<(), String> {
        match self.0.keys().find(|k| !names.contains(&k.as_str())) {
            Some(k) => Err(format!(
                "unknown option --{k} (allowed: --{})",
                names.join(", --")
            )),
            None => Ok(()),
        }
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    pub fn required(&self, name: &str) -> Result<&str, String> {
        self.get(name)
            .ok_or_else(|| format!("option --{name} is required"))
    }

    pub fn usize(&self, name: &str) -> Result<Option<usize>, String> {
        self.get(name)
            .map(|v| {
                v.parse()
                    .map_err(|_| format!("--{name}: `{v}` is not a non-negative integer"))
            })
            .transpose()
    }

    /// A whole number of at least 1 (a count of threads).
    pub fn positive(&self, name: &str) -> Result<Option<usize>, String> {
        match self.usize(name)? {
            Some(0) => Err(format!("--{name}: must be at least 1")),
            v => Ok(v),
        }
    }

    /// `I/M` with 1 ≤ I ≤ M: part I of M (`--shard`).
    pub fn part(&self, name: &str) -> Result<Option<(usize, usize)>, String> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        let parsed = v
            .split_once('/')
            .and_then(|(i, m)| Some((i.parse().ok()?, m.parse().ok()?)));
        match parsed {
            Some((i, m)) if 1 <= i && i <= m => Ok(Some((i, m))),
            _ => Err(format!(
                "--{name}: `{v}` is not I/M with 1 <= I <= M (part I of M, e.g. 2/8)"
            )),
        }
    }

    fn list<T>(
        &self,
        name: &str,
        what: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<Option<Vec<T>>, String> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        v.split(',')
            .map(|s| parse(s.trim()).ok_or_else(|| format!("--{name}: `{s}` is not {what}")))
            .collect::<Result<Vec<T>, String>>()
            .map(Some)
    }

    pub fn usize_list(&self, name: &str) -> Result<Option<Vec<usize>>, String> {
        self.list(name, "a non-negative integer", |s| s.parse().ok())
    }

    pub fn f64_list(&self, name: &str) -> Result<Option<Vec<f64>>, String> {
        self.list(name, "a number", |s| s.parse().ok())
    }

    pub fn scheme_list(&self, name: &str) -> Result<Option<Vec<Scheme>>, String> {
        let names = Scheme::ALL.map(|s| s.name()).join(", ");
        self.list(name, &format!("a scheme ({names})"), Scheme::parse)
    }
}
