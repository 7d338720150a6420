#!/usr/bin/env python3
"""Checks the links of the documentation: README.md and docs/**/*.md.

Every relative link and image must name a file or folder of the repository
(tracked, or new and not ignored), and a `#anchor` must name a heading of
the Markdown file it points into (GitHub's anchors). A link that leaves the
repository (`../` past its root, an absolute path, `file:`) is an error:
every reader of the repository would meet a dead link. Web links
(http, https, mailto) are not fetched.

Why a script of its own: a moved file or a renamed heading breaks links
silently; the test command runs this so it cannot.

Usage: scripts/check-doc-links.py [FILE.md ...]   (default: the docs)
Exit 1 when a link does not resolve."""
import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ('http://', 'https://', 'mailto:')

FENCE = re.compile(r'^\s*(```+|~~~+)')
CODE_SPAN = re.compile(r'(`+)(.+?)\1')
# [text](target "title") and ![alt](target); text may hold one level of [].
INLINE = re.compile(
    r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)')
REFERENCE = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*(\S+)')
HTML = re.compile(r'<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*"([^"]*)"', re.I)
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
HTML_ANCHOR = re.compile(r'<a\b[^>]*?\b(?:id|name)\s*=\s*"([^"]*)"', re.I)


def repository_paths():
    """Files of the repository (tracked, or untracked and not ignored) and
    their folders; None when git cannot tell (then the disk decides)."""
    try:
        out = subprocess.run(
            ['git', 'ls-files', '--cached', '--others', '--exclude-standard', '-z'],
            cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    paths = set()
    for name in out.decode().split('\0'):
        if not name:
            continue
        p = Path(name)
        paths.add(p)
        paths.update(p.parents)
    return paths


def outside_code(text):
    """The lines outside fenced code blocks, as (number, line)."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield number, line


def prose_lines(text):
    """The lines outside code, with code spans blanked out (links in code
    are examples, not links), as (number, line)."""
    for number, line in outside_code(text):
        yield number, CODE_SPAN.sub(lambda c: ' ' * len(c.group(0)), line)


def slug(heading):
    """GitHub's anchor of a heading: its text as rendered, lower case,
    without punctuation, spaces as hyphens."""
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading)
    text = re.sub(r'<[^>]+>', '', text).replace('`', '').replace('*', '')
    text = text.lower()
    text = ''.join(ch for ch in text if ch.isalnum() or ch in ' -_')
    return text.replace(' ', '-')


ANCHORS = {}


def anchors(path):
    """The anchors of a Markdown file: its headings' and its HTML ids."""
    cache = ANCHORS
    if path not in cache:
        found, seen = set(), {}
        for _, line in outside_code(path.read_text(encoding='utf-8')):
            found.update(HTML_ANCHOR.findall(line))
            h = HEADING.match(line)
            if h:
                base = slug(h.group(2))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f'{base}-{n}')
        cache[path] = found
    return cache[path]


def links(text):
    for number, line in prose_lines(text):
        for pattern in (INLINE, REFERENCE, HTML):
            for target in pattern.findall(line):
                yield number, target.strip('<>')


def check(md, repo):
    """The problems of one Markdown file's links, as messages."""
    problems = []
    rel = md.relative_to(ROOT)
    for number, target in links(md.read_text(encoding='utf-8')):
        where = f'{rel}:{number}: {target}'
        lower = target.lower()
        if lower.startswith(WEB):
            continue
        if re.match(r'^[a-z][a-z0-9+.-]*:', lower) or target.startswith('/'):
            problems.append(f'{where}: not a path inside the repository')
            continue
        path_part, _, anchor = target.partition('#')
        path_part = urllib.parse.unquote(path_part)
        dest = (md.parent / path_part).resolve() if path_part else md
        try:
            inside = dest.relative_to(ROOT)
        except ValueError:
            problems.append(f'{where}: leaves the repository')
            continue
        exists = dest.exists() and (repo is None or inside in repo or inside == Path('.'))
        if not exists:
            problems.append(f'{where}: no such file in the repository')
            continue
        if anchor:
            if dest.suffix != '.md' or dest.is_dir():
                problems.append(f'{where}: an anchor into a file that is not Markdown')
            elif urllib.parse.unquote(anchor) not in anchors(dest):
                problems.append(f'{where}: no heading #{anchor} in {inside}')
    return problems


def main(argv):
    if argv:
        files = [Path(a).resolve() for a in argv]
    else:
        files = [ROOT / 'README.md'] + sorted((ROOT / 'docs').rglob('*.md'))
    repo = repository_paths()
    problems = []
    count = 0
    for md in files:
        count += sum(1 for _ in links(md.read_text(encoding='utf-8')))
        problems += check(md, repo)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f'{len(problems)} of {count} links do not resolve', file=sys.stderr)
        return 1
    print(f'{count} links in {len(files)} files resolve')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
