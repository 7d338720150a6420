#!/usr/bin/env bash
# Benchmark of the app's release build in headless Chromium (the
# performance budget): builds dist/ if asked, serves it on 127.0.0.1 and
# prints a table. Asserts nothing; results go to docs/performance.md ("The
# app's budget").
#
#   ./scripts/bench-app.sh           uses the existing dist/
#   ./scripts/bench-app.sh --build   trunk build --release first
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
if [ "${1:-}" = --build ] || [ ! -f dist/index.html ]; then
  trunk build --release
fi
node tests/bench/app.bench.mjs
