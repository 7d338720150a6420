#!/usr/bin/env bash
# What a browser downloads for the default view of a release build (gzip on
# the wire, the project's CSP), until the first plot is drawn and the app is
# idle, at a pool of 1, 2 and 4 workers: prints markdown tables
# (tests/bench/transfer.bench.mjs). Asserts nothing; results go to
# docs/performance.md ("What a phone user waits for").
#
#   ./scripts/bench-transfer.sh               measures dist/
#   ./scripts/bench-transfer.sh /other/dist   measures another build
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
node tests/bench/transfer.bench.mjs "${1:-${DIST:-dist}}"
