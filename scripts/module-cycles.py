#!/usr/bin/env python3
"""Lists module cycles in a crate's src/ (a module using another that uses it
back, directly or through others). Test modules (after `#[cfg(test)]`) are
left out. Usage: scripts/module-cycles.py crates/coded-core/src [...]
Exit 1 when a cycle is found."""
import re, sys, pathlib

def modules(src):
    out = {}
    for f in pathlib.Path(src).rglob('*.rs'):
        rel = f.relative_to(src).with_suffix('')
        parts = [p for p in rel.parts if p not in ('lib', 'main', 'mod')]
        if rel.parts[0] == 'bin':
            continue
        name = '::'.join(parts) or 'crate'
        text = f.read_text()
        text = text.split('#[cfg(test)]')[0]
        out[name] = (parts, text)
    return out

def resolve(mods, full):
    """The longest prefix of a path that is a module, or None."""
    for i in range(len(full), 0, -1):
        cand = '::'.join(full[:i])
        if cand in mods:
            return cand
    return None

def deps(mods):
    graph = {}
    for name, (parts, text) in mods.items():
        used = set()
        # Paths from the crate root or the parent: crate::a::b, super::a.
        for m in re.finditer(r'\b(crate|super|self)((?:::\w+)+)', text):
            head, path = m.group(1), m.group(2).split('::')[1:]
            base = {'crate': [], 'super': parts[:-1], 'self': parts}[head]
            target = resolve(mods, base + path) or ('::'.join(base) or 'crate')
            if target != name and target in mods:
                used.add(target)
        # Relative paths: a child module (`view::X`), or at the root a
        # top-level module (`settings::X`).
        for m in re.finditer(r'(?<![:\w])(\w+)::(\w+)', text):
            first = m.group(1)
            if first in ('crate', 'super', 'self', 'std', 'core', 'alloc'):
                continue
            for base in (parts, [] if name == 'crate' else None):
                if base is None:
                    continue
                target = resolve(mods, base + [first])
                if target and target == '::'.join(base + [first]) and target != name:
                    used.add(target)
        graph[name] = used
    return graph

def cycles(graph):
    found, state, stack = [], {}, []
    def visit(n):
        state[n] = 1; stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                found.append(stack[stack.index(m):] + [m])
            elif m not in state:
                visit(m)
        stack.pop(); state[n] = 2
    for n in sorted(graph):
        if n not in state:
            visit(n)
    return found

bad = False
for src in sys.argv[1:]:
    g = deps(modules(src))
    cs = cycles(g)
    print(f'{src}: {len(g)} modules, {len(cs)} cycles')
    for c in cs:
        bad = True
        print('  ' + ' -> '.join(c))
sys.exit(1 if bad else 0)
