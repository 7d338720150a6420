#!/usr/bin/env bash
# The tab's default error-vs-N sweep (x·sin x, N 20 … 1280, 200 trials,
# BACC + LeTCC, p 0.1 and 0.3, λ_dec by GCV) at the default pool of 2
# workers, and the same study done the SciPy way (tools/bench/scipy_sweep.py:
# FloaterHormannInterpolator and make_smoothing_spline with SciPy's own GCV,
# one thread), one after the other in one run; prints both and their ratio.
# Asserts nothing; results go to docs/performance.md ("The tab against
# SciPy").
#
#   ./scripts/bench-vs-scipy.sh               measures dist/ (built if missing)
#   ./scripts/bench-vs-scipy.sh before=/a/dist after=dist
#                                             several builds, interleaved, each
#                                             with its ratio to the same SciPy run
#   GCV_TRIALS=20 ./scripts/bench-vs-scipy.sh SciPy runs 20 trials, its time
#                                             scaled to 200 (about 10× quicker)
#
# NumPy and SciPy are installed on first use into a virtual environment in
# .bench-tools/ (git-ignored), never into the system's Python.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
VENV="$PWD/.bench-tools/scipy-venv"
if ! "$VENV/bin/python" -c 'import numpy, scipy' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check numpy==2.2.6 scipy==1.15.3
fi
if [ $# -eq 0 ] && [ ! -f dist/index.html ]; then
  trunk build --release
fi
GCV_TRIALS="${GCV_TRIALS:-200}"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
tab_table=$(ONLY=sweeps SWEEP=0 WS=2 SEEDS="${SEEDS:-7}" node tests/bench/pool.bench.mjs "$@")
echo "$tab_table"
# Each build's row: its label and the first number of the W = 2 cell (the
# median of the seeds, in ms), tab-separated.
tab_rows=$(awk -F'|' '/x·sin x/ { label = $3; gsub(/^ +| +$/, "", label); gsub(/ ms.*/, "", $4); gsub(/ /, "", $4); print label "\t" $4 }' <<<"$tab_table")

scipy_out=$(nice -n 19 "$VENV/bin/python" tools/bench/scipy_sweep.py --only gcv --gcv-trials "$GCV_TRIALS")
echo "$scipy_out"
# The row of sweep (b): its "seconds for 200 trials" cell.
scipy_s=$(awk -F'|' '/^\| \(b\) GCV/ { gsub(/ \(scaled\)/, "", $7); gsub(/ /, "", $7); print $7 }' <<<"$scipy_out")

echo
echo "| the default sweep | time |"
echo "| --- | --- |"
echo "| SciPy's way, one thread, ${GCV_TRIALS} trials$([ "$GCV_TRIALS" = 200 ] || echo ', scaled to 200') | ${scipy_s} s |"
while IFS=$'\t' read -r label tab_ms; do
  echo "| the tab ($label), 2 workers (median of the seeds) | ${tab_ms} ms, $(awk -v s="$scipy_s" -v t="$tab_ms" 'BEGIN { printf "%.0f×", s * 1000 / t }') SciPy's speed |"
done <<<"$tab_rows"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
