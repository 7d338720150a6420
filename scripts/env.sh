# Sourced by serve.sh and test.sh: the tool paths every build step needs.
# node_modules/.bin first: its wasm-opt (binaryen 132) is the one trunk must use.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# trunk: never download tools (Trunk.toml says so too).
export TRUNK_OFFLINE=true
# wasm-bindgen-test-runner: headless Chromium through Debian's chromedriver.
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
