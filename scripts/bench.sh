#!/usr/bin/env bash
# Benchmarks: the core natively (criterion, one thread) and compiled to wasm in
# headless Chromium (one thread). Prints numbers; asserts nothing. Results and
# the machine they ran on are recorded in docs/performance.md ("The core,
# natively and in the browser").
#
#   ./scripts/bench.sh            both
#   ./scripts/bench.sh native     criterion only
#   ./scripts/bench.sh browser    Chromium only
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/setup.sh >/dev/null
source scripts/env.sh
what="${1:-all}"
if [ "$what" = all ] || [ "$what" = native ]; then
  echo "== native (criterion; $(nproc) cores, one used; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
  cargo bench -p coded-core --bench core 2>&1 | grep -E '^[a-z0-9_/.-]+ +time:|^ +thrpt:|^[a-z0-9_/.-]+$|time:' || true
fi
if [ "$what" = all ] || [ "$what" = browser ]; then
  echo "== browser ($(chromium --version 2>/dev/null | head -1), wasm simd128, one thread)"
  cargo test --release --target wasm32-unknown-unknown -p coded-core --test wasm_bench -- --nocapture 2>&1 \
    | grep -E '^\|' || { echo "browser benchmark failed"; exit 1; }
fi
