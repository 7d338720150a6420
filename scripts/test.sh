#!/usr/bin/env bash
# Sets up whatever is missing, then runs every check and test, in order,
# stopping at the first failure (non-zero exit). See docs/testing.md for
# running a single test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

START=$(date +%s)
CURRENT=""
section() {
  CURRENT="$1"
  STEP_START=$(date +%s)
  printf '\n\033[1m==> %s\033[0m\n' "$1"
}
done_step() { printf '    (%s s)\n' "$(( $(date +%s) - STEP_START ))"; }
trap 'status=$?; if [ $status -ne 0 ]; then printf "\n\033[1;31mFAILED: %s (exit %s)\033[0m\n" "$CURRENT" "$status" >&2; fi' EXIT

section "setup (installs only what is missing)"
./scripts/setup.sh
source scripts/env.sh
done_step

section "cargo fmt --all --check"
cargo fmt --all --check
done_step

# Every relative link and image of README.md and docs/ names a file of the
# repository (and a heading, for an anchor); none leaves the repository.
section "documentation links"
python3 scripts/check-doc-links.py
done_step

# The checker first proves on tiny crates that it sees every form of use.
section "no module cycle in any crate"
python3 scripts/module-cycles.py --self-test
python3 scripts/module-cycles.py src crates/*/src
done_step

section "cargo clippy (native, all targets)"
cargo clippy --workspace --all-targets -- -D warnings
done_step

section "cargo clippy (wasm32, the app)"
cargo clippy -p coded-playground --target wasm32-unknown-unknown --all-targets -- -D warnings
done_step

# The page builds the core without the feature `formulas` (no fasteval):
# the workspace runs above enable it, so check that build on its own.
# The worker is compiled to wasm only (trunk builds it): check it as such.
section "cargo clippy (wasm32, the worker)"
cargo clippy -p coded-worker --target wasm32-unknown-unknown -- -D warnings
done_step

section "cargo clippy (wasm32, the page's core without formulas)"
cargo clippy -p coded-core -p coded-panels --target wasm32-unknown-unknown -- -D warnings
done_step

# The worker builds the panels' views without their drawing (coded-panels
# without its default feature `draw`): check that build, its tests too.
section "cargo clippy (the panels without drawing, as the worker builds them)"
cargo clippy -p coded-panels --no-default-features --all-targets -- -D warnings
done_step

section "cargo test (native)"
cargo test --workspace
done_step

# The Python package (crates/coded-python): its wheel built by maturin and
# installed into .venv-python, then pytest (CSV = the CLI's, shards on a
# Dask cluster, your own f, Ctrl-C, the example notebook).
section "Python package: wheel and pytest"
./scripts/test-python.sh
done_step

section "wasm-bindgen-test in headless Chromium"
cargo test --target wasm32-unknown-unknown -p coded-playground
done_step

section "wasm-bindgen-test of the core in headless Chromium (same draws as native)"
cargo test --target wasm32-unknown-unknown -p coded-core --test wasm_portable
done_step

section "trunk build --release"
trunk build --release
# The transfer budget (docs/performance.md): what the browser downloads for
# the default view at the default pool, served gzip-compressed, every file
# counted as often as it is fetched. A change that breaks it fails here,
# not in a later benchmark.
node tests/bench/budget.mjs 500500 816000
done_step

section "end-to-end tests (node --test tests/e2e/)"
node --test tests/e2e/
done_step

printf '\n\033[1;32mAll checks passed in %s s.\033[0m\n' "$(( $(date +%s) - START ))"
