#!/usr/bin/env python3
"""What the page's wasm is made of: its code bytes by part of the app.

    python3 tools/bench/page_bytes.py [WASM]

WASM defaults to the page's wasm as the release build links it, before
wasm-bindgen and wasm-opt (target/wasm32-unknown-unknown/page/
coded-playground.wasm, left by `trunk build --release`): that one still has
its function names. Each function's body is counted under the first part
(PARTS below) its name matches: a generic function instantiated for one of
our types counts as ours (Leptos' rendering of a panel's view counts as the
panel), the rest where it is defined. Each part's bodies are also gzipped
alone (-9): a part's share of what goes on the wire. Asserts nothing;
docs/performance.md ("What the page's bytes pay for") has the figures.
"""

import collections
import gzip
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "target/wasm32-unknown-unknown/page/coded-playground.wasm"

# (part, pattern on the demangled name), first match wins.
PARTS = [
    ("sharing: Copy link, Embed…, exports, Open study… (share/, saved results)",
     r"coded_playground::share::|coded_protocol::saved"),
    ("the panels: components, legends, tables (panels/)", r"coded_playground::panels::"),
    ("the panels' drawing (coded_panels)", r"coded_panels::"),
    ("plots on the page: canvas, painting in parts, turns (components/)",
     r"coded_playground::components::"),
    ("talking to the worker (runner, protocol)", r"coded_playground::runner|coded_protocol::"),
    ("the configuration: reading, checking, its words (coded_core)", r"coded_core::"),
    ("the app: layout, controls, settings, link, presets, state",
     r"coded_playground::"),
    ("Leptos (reactive_graph, tachys, leptos and theirs)",
     r"\b(reactive_graph|tachys|leptos|leptos_dom|any_spawner|throw_error|or_poisoned|"
     r"oco_ref|guardian|slotmap|send_wrapper|futures_\w+|pin_project\w*|"
     r"async_lock|event_listener\w*|either_of)::"),
    ("plotters and its backends", r"\bplotters\w*::"),
    ("JSON and messages (serde, serde_json, postcard)",
     r"\b(serde|serde_core|serde_json|postcard|zmij|ryu|itoa|indexmap)::"),
    ("wasm-bindgen, js-sys, web-sys", r"\b(wasm_bindgen\w*|js_sys|web_sys)::|__wbg|__wbindgen"),
    ("Rust's own library (core, alloc, std, allocator, hash tables)",
     r"\b(core|alloc|std|hashbrown|dlmalloc|compiler_builtins|rustc_demangle)::|__rust|__rdl|"
     r"memcpy|memset|memmove|memcmp|dlmalloc"),
]


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def functions(data):
    """(name, body) of every defined function."""
    i, imported, bodies, names = 8, 0, [], {}
    while i < len(data):
        section = data[i]
        size, i = leb(data, i + 1)
        end = i + size
        if section == 2:  # imports: functions count first in the index space
            n, j = leb(data, i)
            for _ in range(n):
                for _ in range(2):
                    length, j = leb(data, j)
                    j += length
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imported += 1
                elif kind in (1, 2):
                    if kind == 1:
                        j += 1
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                else:
                    j += 2
        elif section == 10:
            n, j = leb(data, i)
            for _ in range(n):
                length, j = leb(data, j)
                bodies.append(data[j:j + length])
                j += length
        elif section == 0:
            length, j = leb(data, i)
            if data[j:j + length] == b"name":
                j += length
                while j < end:
                    sub = data[j]
                    sub_size, j = leb(data, j + 1)
                    if sub == 1:
                        n, k = leb(data, j)
                        for _ in range(n):
                            index, k = leb(data, k)
                            length, k = leb(data, k)
                            names[index] = data[k:k + length].decode("utf8", "replace")
                            k += length
                    j += sub_size
        i = end
    if not names:
        sys.exit("this wasm has no function names: give the one before wasm-opt")
    return [(names.get(imported + k, "?"), body) for k, body in enumerate(bodies)]


LEGACY = [("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$C$", ","), ("$RF$", "&"),
          ("$BP$", "*"), ("$u7b$", "{"), ("$u7d$", "}"), ("$u5b$", "["), ("$u5d$", "]"),
          ("$u27$", "'"), ("$LP$", "("), ("$RP$", ")"), ("..", "::")]


def demangle(name):
    """Rust's legacy mangling (`_ZN…E`) to a path; v0 names (`_R…`) keep
    their identifiers, which is all the parts need."""
    if name.startswith("_ZN"):
        i, parts = 3, []
        while i < len(name) and name[i] != "E":
            m = re.match(r"\d+", name[i:])
            if not m:
                break
            i += len(m.group())
            parts.append(name[i:i + int(m.group())])
            i += int(m.group())
        name = "::".join(p.lstrip("_") for p in parts)
        for a, b in LEGACY:
            name = name.replace(a, b)
    elif name.startswith("_R"):
        # Identifiers are written as their length and their letters; the
        # crates' hashes in between give a few stray ones, which no part names.
        idents, i = [], 0
        while i < len(name):
            m = re.match(r"\d+", name[i:])
            if m and (i == 0 or not name[i - 1].isdigit()):
                n, start = int(m.group()), i + len(m.group())
                ident = name[start:start + n]
                if n > 0 and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", ident):
                    idents.append(ident)
                    i = start + n
                    continue
            i += 1
        name = "::".join(idents) + "::"
    return name


def main():
    wasm = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    funcs = functions(wasm.read_bytes())
    parts = collections.OrderedDict((p, []) for p, _ in PARTS)
    parts["other"] = []
    for name, body in funcs:
        full = demangle(name)
        part = next((p for p, rule in PARTS if re.search(rule, full)), "other")
        parts[part].append(body)
    total = sum(len(b) for bodies in parts.values() for b in bodies)
    print(f"{wasm} ({wasm.stat().st_size} bytes): {len(funcs)} functions, {total} bytes of code")
    print()
    print("| part | code | share | gzip -9 alone |")
    print("| --- | --- | --- | --- |")
    rows = sorted(parts.items(), key=lambda kv: -sum(map(len, kv[1])))
    for part, bodies in rows:
        size = sum(map(len, bodies))
        if size == 0:
            continue
        packed = len(gzip.compress(b"".join(bodies), 9))
        print(f"| {part} | {size / 1000:.1f} kB | {100 * size / total:.1f} % | {packed / 1000:.1f} kB |")


if __name__ == "__main__":
    main()
