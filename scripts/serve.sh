#!/usr/bin/env bash
# Sets up whatever is missing, then serves the app at http://127.0.0.1:8080
# with live reload. Extra arguments go to `trunk serve` (e.g. --port 9000,
# --release).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/setup.sh
source scripts/env.sh
# Address and port (127.0.0.1:8080) come from Trunk.toml, so "$@" may override them.
exec trunk serve "$@"
