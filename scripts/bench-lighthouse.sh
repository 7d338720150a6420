#!/usr/bin/env bash
# Lighthouse's mobile profile (simulated slow 4G, 4x CPU slowdown; the
# performance category) on a release build served with gzip on 127.0.0.1:
# the default view, a preset link and a slide embed link, 3 runs each, the
# median of each figure (tests/bench/lighthouse.bench.mjs). Asserts nothing;
# results go to docs/performance.md ("What a phone user waits for").
#
#   ./scripts/bench-lighthouse.sh               measures dist/
#   ./scripts/bench-lighthouse.sh /other/dist   measures another build
#   ./scripts/bench-lighthouse.sh before=/a/dist after=dist
#                                               both, runs interleaved
#
# Lighthouse is not a dependency of the tests: the pinned version is
# installed on first use into .bench-tools/ (git-ignored). It drives
# Debian's Chromium; nothing downloads a browser.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
LIGHTHOUSE_VERSION=13.5.0
export LIGHTHOUSE="$PWD/.bench-tools"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
export PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD=1
installed="$(node -p "require('$LIGHTHOUSE/node_modules/lighthouse/package.json').version" 2>/dev/null || true)"
if [ "$installed" != "$LIGHTHOUSE_VERSION" ]; then
  # Lighthouse 13 asks for Node 22; it runs on Node 20, which npm only warns about.
  npm install --prefix "$LIGHTHOUSE" --no-audit --no-fund --silent --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION"
fi
node tests/bench/lighthouse.bench.mjs "${@:-${DIST:-dist}}"
