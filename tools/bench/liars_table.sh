#!/usr/bin/env bash
# The table of issue 43's note: x·sin x and LeNet-5, K = 10, N = 40 and
# 160, no stragglers, γ adversaries from 0 to beyond the tolerance, each
# attack; BACC, LeTCC (adversarial λ), ApproxIFER and the median drop: mean
# squared error and, for the locating schemes, the mean share of the
# adversaries found. Every number comes from `coded sweep --over
# adversaries` (the CLI the page agrees with). Asserts nothing.
#
#   tools/bench/liars_table.sh            (TRIALS=40 by default)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cargo build --release -q -p coded-cli
CODED=target/release/coded
TRIALS="${TRIALS:-40}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| f | N | e | attack | γ | BACC | LeTCC (adv. λ) | ApproxIFER: MSE, found | median drop: MSE, found |"
echo "|---|---|---|---|---|---|---|---|---|"
for f in x_sin_x lenet5; do
  for n in 40 160; do
    if [ "$n" = 40 ]; then e=10; gammas=0,1,3,5,10,20; else e=35; gammas=0,1,3,10,35,70; fi
    for attack in random edge flip stealth; do
      cat >"$tmp/c.json" <<JSON
{"function": "$f", "k": 10, "n": $n, "trials": $TRIALS, "tolerance": $e,
 "lambda_rule": "adversarial", "stragglers": {"model": "fixed", "s": 0},
 "adversaries": {"count": 1, "attack": "$attack"}}
JSON
      "$CODED" sweep --config "$tmp/c.json" --over adversaries --values "$gammas" \
        --schemes bacc,letcc,approxifer,median_drop 2>/dev/null >"$tmp/out.csv"
      python3 - "$tmp/out.csv" "$f" "$n" "$e" "$attack" <<'PY'
import csv, sys
path, f, n, e, attack = sys.argv[1:]
rows = [r for r in csv.reader(l for l in open(path) if not l.startswith('#'))]
head, body = rows[0], rows[1:]
col = {h: i for i, h in enumerate(head)}
by = {}
for r in body:
    by.setdefault(r[col['adversaries']], {})[r[col['scheme']]] = r
def g(x):
    return f"{float(x):.2g}" if x else "–"
for gamma, schemes in by.items():
    cells = []
    for s in ['bacc', 'letcc', 'approxifer', 'median_drop']:
        r = schemes[s]
        cell = g(r[col['mse_mean']])
        if s in ('approxifer', 'median_drop') and r[col['detection_mean']]:
            cell += f", {100 * float(r[col['detection_mean']]):.0f} %"
        cells.append(cell)
    name = {'x_sin_x': 'x·sin x', 'lenet5': 'LeNet-5'}[f]
    print(f"| {name} | {n} | {e} | {attack} | {gamma} | " + " | ".join(cells) + " |")
PY
    done
  done
done
