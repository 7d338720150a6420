#!/usr/bin/env bash
# Builds the Python package's wheel with maturin, installs it into
# .venv-python and runs its tests (pytest: crates/coded-python/tests,
# including the example notebook). Part of scripts/test.sh; runs alone too.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./scripts/setup-python.sh
VENV="$ROOT/.venv-python"
rm -rf target/wheels
"$VENV/bin/maturin" build --quiet -m crates/coded-python/Cargo.toml -o target/wheels
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps target/wheels/coded-*.whl
# The CLI the tests compare with, byte for byte.
cargo build --release --quiet -p coded-cli
CODED_CLI="$ROOT/target/release/coded" "$VENV/bin/python" -m pytest -q crates/coded-python/tests "$@"
