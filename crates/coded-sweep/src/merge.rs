//! `coded merge FILE...`: the parts of one sharded sweep (in any order)
//! joined into exactly the bytes the unsharded `coded sweep` prints, after
//! checking that they are every part of one sweep, each once. Anything else
//! is refused with what is wrong: merging it would give a CSV that looks
//! whole and is not.

use crate::shard::MARK;

/// One shard file, read.
struct Shard {
    path: String,
    part: usize,
    of: usize,
    fingerprint: String,
    total: usize,
    /// The sweep's study line (`# {…}`), with its `\n`.
    study: String,
    /// The sweep's header line (without the `point` column), with its `\n`.
    header: String,
    /// (index in the whole sweep, the row with its `\n`).
    rows: Vec<(usize, String)>,
}

/// The text's CSV records, each with its closing `\n`: a newline inside
/// double quotes (a formula's text) does not end one. A last record
/// without `\n` is returned as it is (the file was cut short).
fn records(text: &str) -> Vec<&str> {
    let (mut out, mut start, mut quoted) = (vec![], 0, false);
    for (i, b) in text.bytes().enumerate() {
        match b {
            // A doubled `""` inside quotes toggles twice: still quoted.
            b'"' => quoted = !quoted,
            b'\n' if !quoted => {
                out.push(&text[start..=i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// `I/M of sweep FP, P points`, the first line after the mark.
fn parse_mark(rest: &str) -> Option<(usize, usize, String, usize)> {
    let (part, rest) = rest.split_once('/')?;
    let (of, rest) = rest.split_once(" of sweep ")?;
    let (fingerprint, rest) = rest.split_once(", ")?;
    let total = rest.strip_suffix(" points")?;
    let (part, of, total) = (part.parse().ok()?, of.parse().ok()?, total.parse().ok()?);
    let hex = fingerprint.len() == 16 && fingerprint.bytes().all(|b| b.is_ascii_hexdigit());
    (hex && 1 <= part && part <= of).then(|| (part, of, fingerprint.to_string(), total))
}

/// A shard's text, named `path` in what is wrong with it.
fn parse(path: &str, text: &str) -> Result<Shard, String> {
    let not_shard = || format!("{path} is not a shard of `coded sweep --shard I/M`");
    // The two comment lines are whole lines (the study's JSON may hold
    // quotes that are not CSV's); the records start after them.
    let mut lines = text.splitn(3, '\n');
    let (first, study, rest) = (lines.next(), lines.next(), lines.next());
    let (part, of, fingerprint, total) = first
        .and_then(|r| r.strip_prefix(MARK))
        .and_then(parse_mark)
        .ok_or_else(not_shard)?;
    let study = study
        .filter(|l| l.starts_with("# {"))
        .map(|l| format!("{l}\n"))
        .ok_or_else(not_shard)?;
    let mut records = records(rest.unwrap_or("")).into_iter();
    let header = records
        .next()
        .and_then(|h| h.strip_prefix("point,"))
        .filter(|h| h.starts_with("scheme,") && h.ends_with('\n'))
        .ok_or_else(not_shard)?
        .to_string();
    let rows = records
        .map(|r| {
            let (index, row) = r.split_once(',').unwrap_or(("", r));
            match (index.parse(), row.ends_with('\n')) {
                (Ok(i), true) => Ok((i, row.to_string())),
                (_, false) => Err(format!("{path} is cut short (its last row has no end)")),
                (Err(_), _) => Err(format!("{path}: a row does not start with its point index")),
            }
        })
        .collect::<Result<_, String>>()?;
    Ok(Shard {
        path: path.to_string(),
        part,
        of,
        fingerprint,
        total,
        study,
        header,
        rows,
    })
}

/// Part numbers, as words: "part 2" or "parts 2, 3".
fn parts_named(parts: &[usize]) -> String {
    let list: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
    let s = if parts.len() == 1 { "" } else { "s" };
    format!("part{s} {}", list.join(", "))
}

/// The whole sweep's CSV from the shard files at `paths`.
pub fn merge(paths: &[String]) -> Result<String, String> {
    if paths.is_empty() {
        return Err("merge needs the shard files (coded merge part*.csv)".into());
    }
    let texts = paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))?;
            Ok((p.clone(), text))
        })
        .collect::<Result<Vec<_>, String>>()?;
    merge_texts(&texts)
}

/// The whole sweep's CSV from the shards' texts, each with the name its
/// errors call it by (a file's path, or "part 2" for a text in memory).
pub fn merge_texts(named: &[(String, String)]) -> Result<String, String> {
    if named.is_empty() {
        return Err("merge needs the shards of a sweep (none were given)".into());
    }
    let shards = named
        .iter()
        .map(|(name, text)| parse(name, text))
        .collect::<Result<Vec<_>, _>>()?;
    let first = &shards[0];
    let mut by_part: Vec<Option<&Shard>> = vec![None; first.of];
    for s in &shards {
        let (a, b) = (&first.path, &s.path);
        if s.fingerprint != first.fingerprint || s.total != first.total {
            return Err(format!(
                "{a} and {b} are parts of different sweeps (fingerprints {} and {})",
                first.fingerprint, s.fingerprint
            ));
        }
        if s.of != first.of {
            return Err(format!(
                "{a} is part {} of {} but {b} is part {} of {}: the sweep was split two ways",
                first.part, first.of, s.part, s.of
            ));
        }
        if s.header != first.header {
            return Err(format!("{a} and {b} have different CSV headers"));
        }
        if s.study != first.study {
            return Err(format!(
                "{a} and {b} name different studies on their second line"
            ));
        }
        if let Some(twin) = by_part[s.part - 1].replace(s) {
            return Err(format!(
                "part {} of {} is given twice ({} and {b})",
                s.part, s.of, twin.path
            ));
        }
    }
    let missing: Vec<usize> = (1..=first.of)
        .filter(|&p| by_part[p - 1].is_none())
        .collect();
    if !missing.is_empty() {
        let verb = if missing.len() == 1 { "is" } else { "are" };
        let named = parts_named(&missing);
        return Err(format!("{named} of {} {verb} missing", first.of));
    }
    let mut rows: Vec<Option<(&str, &Shard)>> = vec![None; first.total];
    for s in &shards {
        for (i, row) in &s.rows {
            let slot = rows.get_mut(*i).ok_or_else(|| {
                format!(
                    "{}: point {i} is not in a sweep of {} points",
                    s.path, first.total
                )
            })?;
            if let Some((_, twin)) = slot.replace((row, s)) {
                return Err(format!("point {i} is in both {} and {}", twin.path, s.path));
            }
        }
    }
    let mut out = first.study.clone() + &first.header;
    for (i, row) in rows.iter().enumerate() {
        let (row, _) = row.ok_or_else(|| format!("point {i} of {} is in no part", first.total))?;
        out.push_str(row);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_end_at_newlines_outside_quotes() {
        let text = "a,\"x\ny\",1\nb,\"say \"\"hi\"\"\n\",2\nc";
        assert_eq!(
            records(text),
            ["a,\"x\ny\",1\n", "b,\"say \"\"hi\"\"\n\",2\n", "c"]
        );
    }

    #[test]
    fn the_mark_parses_only_when_well_formed() {
        let fp = "0123456789abcdef";
        assert_eq!(
            parse_mark(&format!("2/4 of sweep {fp}, 28 points")),
            Some((2, 4, fp.to_string(), 28))
        );
        for bad in [
            format!("0/4 of sweep {fp}, 28 points"),
            format!("5/4 of sweep {fp}, 28 points"),
            "1/4 of sweep 0123, 28 points".into(),
            format!("1/4 of sweep {fp}, many points"),
        ] {
            assert_eq!(parse_mark(&bad), None, "{bad}");
        }
    }
}
