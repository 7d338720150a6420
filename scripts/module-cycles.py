#!/usr/bin/env python3
"""Lists module cycles in a crate's src/ (a module using another that uses it
back, directly or through others). Items compiled only for tests (after
`#[cfg(test)]`) are left out, and so are comments and string literals.

A module uses another when it names it or one of its items: in a `use`
(`pub use` included, with groups `{a, b::{c, self}}` expanded), or in a
path in its code (`crate::a::f`, `super::super::b::T`, `self::c::x`, or a
child module's `c::x`). A name that a module imports or re-exports leads to
the module that defines it, so `crate::Config` re-exported by lib.rs from
`config` is a use of `config`, not of the crate root.

Usage: scripts/module-cycles.py crates/coded-core/src [...]
       scripts/module-cycles.py --self-test
Exit 1 when a cycle is found (or the self-test fails)."""
import pathlib
import re
import sys
import tempfile

TEST_ONLY = re.compile(r'#\[cfg\((?:test|all\(test,[^\]]*\))\)\]')


def strip(text):
    """The text without comments, string and char literals (each replaced by
    a space, lines kept), so a path in a doc comment or a message is not a
    use."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith('/*', i):
                    depth, i = depth + 1, i + 2
                elif text.startswith('*/', i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append('\n' if text[i] == '\n' else '')
                    i += 1
            out.append(' ')
        elif (m := re.match(r'b?r(#*)"', text[i:i + 260])) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            close = '"' + m.group(1)
            j = text.find(close, i + m.end())
            j = n if j < 0 else j + len(close)
            out.append(' ' + '\n' * text.count('\n', i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(' ' + '\n' * text.count('\n', i, j))
            i = j + 1
        elif c == "'":
            # A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a).
            if text.startswith('\\', i + 1):
                j = text.find("'", i + 2)
                i = j + 1 if j > 0 else n
                out.append(' ')
            elif i + 2 < n and text[i + 2] == "'":
                i += 3
                out.append(' ')
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def item_end(text, i):
    """Where the item starting at i ends: after its `;` or its braces."""
    depth, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        elif c == ';' and depth == 0:
            return i + 1
        elif c == '{' and depth == 0:
            braces = 0
            while i < n:
                if text[i] == '{':
                    braces += 1
                elif text[i] == '}':
                    braces -= 1
                    if braces == 0:
                        return i + 1
                i += 1
            return n
        i += 1
    return n


def without_tests(text):
    """The text without the items under a test-only `#[cfg(...)]`."""
    while m := TEST_ONLY.search(text):
        i = m.end()
        # Further attributes belong to the same item.
        while a := re.match(r'\s*#\[', text[i:]):
            i = item_end(text, i + a.end() - 1)  # the `[...]` as brackets
        j = item_end(text, i)
        text = text[:m.start()] + '\n' * text.count('\n', m.start(), j) + text[j:]
    return text


def use_trees(text):
    """Every `use` declaration's tree, as text (from `use` to `;`)."""
    for m in re.finditer(r'\buse\s+', text):
        end = text.find(';', m.end())
        if end > 0:
            # `d as e` is kept as `d@e`, every other space dropped.
            yield re.sub(r'\s+', '', re.sub(r'\s+as\s+', '@', text[m.end():end]))


def expand(tree, prefix=()):
    """The paths of a use tree, each as (segments, name it is known by):
    `a::{b, c::{self, d as e}, *}` gives a::b (b), a::c (c), a::c::d (e),
    a::* (*)."""
    tree = tree.lstrip(':')
    i = tree.find('{')
    if i < 0:
        path, _, alias = tree.partition('@')
        segs = list(prefix) + [s for s in path.split('::') if s]
        if segs and segs[-1] == 'self':
            segs = segs[:-1]
        if segs:
            yield segs, alias or segs[-1]
        return
    head = [s for s in tree[:i].split('::') if s]
    inner = tree[i + 1:tree.rfind('}')]
    depth, start = 0, 0
    parts = []
    for j, c in enumerate(inner):
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
        elif c == ',' and depth == 0:
            parts.append(inner[start:j])
            start = j + 1
    parts.append(inner[start:])
    for p in parts:
        if p:
            yield from expand(p, tuple(prefix) + tuple(head))


def inline(parts, text, out):
    """A module's text without its inline modules (`mod m { ... }`), which
    are modules of their own, named below it."""
    while m := re.search(r'\bmod\s+(\w+)\s*\{', text):
        end = item_end(text, m.end() - 1)
        inline(parts + [m.group(1)], text[m.end():end - 1], out)
        text = text[:m.start()] + text[end:]
    out['::'.join(parts) or 'crate'] = (parts, text)


def modules(src):
    """Every module of a crate's src/: its path segments and its text
    (without comments, literals and test-only items)."""
    out = {}
    for f in sorted(pathlib.Path(src).rglob('*.rs')):
        rel = f.relative_to(src).with_suffix('')
        if rel.parts[0] == 'bin':
            continue
        parts = [p for p in rel.parts if p not in ('lib', 'main', 'mod')]
        inline(parts, without_tests(strip(f.read_text())), out)
    return out


def absolute(mods, parts, segs):
    """A path as seen from a module, made absolute (a list of segments from
    the crate root), or None when it leaves the crate (std, other crates)."""
    segs = list(segs)
    if segs[0] in ('crate', '$crate'):
        return segs[1:]
    base = list(parts)
    if segs[0] in ('self', 'super'):
        while segs and segs[0] in ('self', 'super'):
            if segs.pop(0) == 'super':
                base = base[:-1]
        return base + segs
    # A relative path: a child module (or, at the root, a top-level one).
    if '::'.join(parts + [segs[0]]) in mods:
        return parts + segs
    return None


def imports(mods):
    """For each module, the names its `use` declarations bring in (private
    ones too: a child sees them through `super::`), each as its absolute
    path; `*` lists glob sources."""
    out = {}
    for name, (parts, text) in mods.items():
        names = {'*': []}
        for tree in use_trees(text):
            for segs, alias in expand(tree):
                path = absolute(mods, parts, segs)
                if path is None:
                    continue
                if alias == '*':
                    names['*'].append(path[:-1])
                else:
                    names[alias] = path
        out[name] = names
    return out


def resolve(mods, imps, path, depth=0):
    """The module a path (absolute segments) lands in: the longest prefix
    that is a module, then through that module's imports when the next
    segment is a name it imports."""
    for i in range(len(path), -1, -1):
        cand = '::'.join(path[:i]) or 'crate'
        if cand in mods:
            break
    rest = path[i:]
    if rest and depth < 20:
        names = imps[cand]
        if rest[0] in names:
            return resolve(mods, imps, names[rest[0]] + rest[1:], depth + 1)
    return cand


def deps(mods):
    imps = imports(mods)
    graph = {}
    for name, (parts, text) in mods.items():
        used = set()
        paths = []
        for tree in use_trees(text):
            for segs, alias in expand(tree):
                if alias == '*':
                    segs = segs[:-1]
                paths.append(segs)
        # Paths in code: from the crate root, this module or a parent, or a
        # child module (at the root, a top-level module).
        for m in re.finditer(r'(?<![\w:])\$?\w+(?:::\w+)+', text):
            paths.append(m.group(0).split('::'))
        for segs in paths:
            path = absolute(mods, parts, segs)
            if path is None:
                continue
            target = resolve(mods, imps, path)
            if target != name:
                used.add(target)
        graph[name] = used
    return graph


def cycles(graph):
    found, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                found.append(stack[stack.index(m):] + [m])
            elif m not in state:
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n)
    return found


def check(srcs):
    bad = False
    for src in srcs:
        g = deps(modules(src))
        cs = cycles(g)
        print(f'{src}: {len(g)} modules, {len(cs)} cycles')
        for c in cs:
            bad = True
            print('  ' + ' -> '.join(c))
    return bad


# Tiny crates, each with the cycles it must show (as sorted module sets).
CASES = {
    'braces of super': ({
        'lib.rs': 'mod a; mod b; mod c;',
        'a.rs': 'use super::{b, c};\nfn f() { b::g(); }',
        'b.rs': 'use crate::a::Thing;',
        'c.rs': '',
    }, [{'a', 'b'}]),
    'nested groups from the crate': ({
        'lib.rs': 'mod p; mod s;',
        'p.rs': 'pub mod q; pub mod r;',
        'p/q.rs': 'pub struct Thing;',
        'p/r.rs': 'use crate::{s::{self, Other}, p::q::Thing};',
        's.rs': 'pub struct Other;\nuse crate::p::{\n    q,\n    r::{self as rr},\n};',
    }, [{'p::r', 's'}]),
    'pub use of a child that uses its parent': ({
        'lib.rs': 'mod m;',
        'm/mod.rs': 'mod k;\npub use k::Shown;\npub fn now() {}',
        'm/k.rs': 'pub struct Shown;\nfn f() { super::now(); }',
    }, [{'m', 'm::k'}]),
    'super::super': ({
        'lib.rs': 'mod a; mod b;',
        'a.rs': 'mod inner;',
        'a/inner.rs': 'fn f() { super::super::b::g(); }',
        'b.rs': 'pub fn g() { crate::a::inner::h(); }',
    }, [{'a::inner', 'b'}]),
    'no cycle: re-exports, comments, strings, tests': ({
        'lib.rs': 'mod config; mod scheme;\npub use config::Config;\npub use scheme::*;',
        'config.rs': 'pub struct Config;\n/// See [crate::scheme::Scheme].\n'
                     'fn f() { let s = "crate::scheme::x"; let c = \'"\'; }\n'
                     '#[cfg(test)]\n#[allow(unused)]\nmod tests { use crate::scheme::Scheme; }',
        'scheme.rs': 'use crate::Config;\npub struct Scheme;\nimpl Scheme { fn f(c: &Config) {} }',
    }, []),
}


def self_test():
    failed = False
    for title, (files, want) in CASES.items():
        with tempfile.TemporaryDirectory() as d:
            for path, text in files.items():
                p = pathlib.Path(d, path)
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(text)
            got = [set(c[:-1]) for c in cycles(deps(modules(d)))]
        ok = sorted(map(sorted, got)) == sorted(map(sorted, want))
        failed |= not ok
        print(f'{"ok" if ok else "FAILED"}: {title}' + ('' if ok else f': found {got}, want {want}'))
    return failed


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        sys.exit(1 if self_test() else 0)
    sys.exit(1 if check(sys.argv[1:]) else 0)
