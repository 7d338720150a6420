#!/usr/bin/env bash
# The Python package's virtual environment, .venv-python: the pinned tools
# that build and test `coded` (crates/coded-python/requirements-test.txt).
# The system's Python packages are never touched. Idempotent: with the
# environment in place and the pins unchanged it only compares one file.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv-python"
REQ=crates/coded-python/requirements-test.txt

say() { printf '[setup-python] %s\n' "$*"; }
die() { printf '[setup-python] error: %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 (3.10 or later) is required"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || die "python3 is $(python3 --version 2>&1); the package needs 3.10 or later"

if [ ! -x "$VENV/bin/python" ]; then
  say "creating $VENV"
  if ! python3 -m venv "$VENV" 2>/dev/null; then
    # Debian's python3 comes without venv/ensurepip until python3-venv is in.
    rm -rf "$VENV"
    as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
    say "installing Debian's python3-venv"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv "$VENV"
  fi
fi
if ! cmp -s "$REQ" "$VENV/.installed-requirements"; then
  say "installing the pinned Python tools (about a minute)"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ"
  cp "$REQ" "$VENV/.installed-requirements"
fi
say "ready: $("$VENV/bin/python" --version), maturin $("$VENV/bin/maturin" --version | cut -d' ' -f2)"
