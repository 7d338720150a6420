#!/usr/bin/env bash
# Installs whatever this project needs and is missing. Idempotent: on a machine
# that has everything it only checks versions (well under a second).
# Versions are pinned here, in Cargo.toml/Cargo.lock, Trunk.toml and
# package.json; see docs/architecture.md ("Build and tools") for why.
set -euo pipefail

TRUNK_VERSION=0.21.14
NODE_MIN_MAJOR=20 # playwright-core 1.65 needs Node >= 20
WASM_OPT_VERSION=version_132
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

# apt needs root: use sudo when not root and sudo exists.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root (or sudo) to run: $*"
  fi
}
APT_UPDATED=
apt_install() {
  if [ -z "$APT_UPDATED" ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v cargo >/dev/null && command -v rustup >/dev/null \
  || die "rustup and cargo are required: https://rustup.rs"

# The wasm-bindgen CLI must equal the crate version in Cargo.lock exactly,
# otherwise the generated JS glue does not match the compiled wasm.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    say "adding rust component $comp"
    rustup component add "$comp"
  fi
done

if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
  # trunk 0.22 needs a newer rustc than the stable one here; --locked works for 0.21.
  say "installing trunk $TRUNK_VERSION (about 9 minutes on 2 cores)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

WB_VERSION="$(wasm_bindgen_version)"
if [ -z "$WB_VERSION" ]; then
  say "Cargo.lock has no wasm-bindgen entry; generating the lockfile"
  cargo generate-lockfile
  WB_VERSION="$(wasm_bindgen_version)"
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WB_VERSION" ] \
  || ! command -v wasm-bindgen-test-runner >/dev/null; then
  # Not --locked: the CLI's own lockfile pins a crate version the registry mirror lacks.
  say "installing wasm-bindgen-cli $WB_VERSION (about 3 minutes)"
  cargo install wasm-bindgen-cli --version "=$WB_VERSION" --force
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian chromium and chromium-driver"
  apt_install chromium chromium-driver
fi

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt "$NODE_MIN_MAJOR" ] || ! command -v npm >/dev/null; then
  say "installing Node.js and npm from apt (need Node >= $NODE_MIN_MAJOR)"
  apt_install nodejs npm || true
  [ "$(node_major)" -ge "$NODE_MIN_MAJOR" ] && command -v npm >/dev/null \
    || die "Node.js >= $NODE_MIN_MAJOR with npm is required (apt gave $(node --version 2>/dev/null || echo none)); install it, e.g. from https://nodejs.org or NodeSource, and re-run"
fi

# npm packages: playwright-core (drives /usr/bin/chromium, downloads no browser)
# and binaryen's wasm-opt (Debian's wasm-opt 108 produces a wasm that breaks at load).
if [ ! -f node_modules/.package-lock.json ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ] \
  || ! node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "$WASM_OPT_VERSION"; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --silent
fi

say "ready: trunk $TRUNK_VERSION, wasm-bindgen $WB_VERSION, $(node_modules/.bin/wasm-opt --version), node $(node --version), $(chromium --version 2>/dev/null | head -1)"
