"""The Python package against the CLI, and a Python f against the built-in
(docs/python.md, "Speed"). Asserts nothing; prints a markdown table.

Run with the package installed (./scripts/test-python.sh builds it):

    .venv-python/bin/python tools/bench/python_sweep.py [--runs 7] [--scipy]

- The default error-vs-N sweep (x·sin x, N 20 … 1280 doubling, 200 trials,
  BACC + LeTCC, p 0.1 and 0.3): `coded sweep` (a process, its wall time)
  against `coded.sweep` in this process, on 1 and 2 threads; medians of
  interleaved runs.
- The same sweep with f = x·sin x written in NumPy as a Python callable,
  against the built-in; the number of calls into Python per sweep.
- `--scipy`: the same study the SciPy way (tools/bench/scipy_sweep.py, GCV,
  20 trials scaled to 200), for the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import coded

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "target" / "release" / "coded"
CONFIG = '{"trials": 200}'
NS = [20, 40, 80, 160, 320, 640, 1280]
PS = [0.1, 0.3]
SCHEMES = ["bacc", "letcc"]


def cli_seconds(threads: int) -> float:
    args = [str(CLI), "sweep", "--config", "-", "--n", ",".join(map(str, NS)),
            "--p", ",".join(map(str, PS)), "--schemes", ",".join(SCHEMES), "--threads", str(threads)]
    start = time.perf_counter()
    subprocess.run(args, input=CONFIG, capture_output=True, text=True, check=True)
    return time.perf_counter() - start


def python_seconds(threads: int, f=None) -> tuple[float, coded.SweepResult]:
    start = time.perf_counter()
    result = coded.sweep(CONFIG, n=NS, p=PS, schemes=SCHEMES, threads=threads, f=f, progress=False)
    return time.perf_counter() - start, result


def x_sin_x(x: np.ndarray) -> np.ndarray:
    return x * np.sin(x)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--scipy", action="store_true")
    args = ap.parse_args()
    rows = []
    for threads in (1, 2):
        cli, py, own = [], [], []
        for _ in range(args.runs):
            cli.append(cli_seconds(threads))
            py.append(python_seconds(threads)[0])
            t, result = python_seconds(threads, f=x_sin_x)
            own.append(t)
        same = python_seconds(threads)[1].csv == subprocess.run(
            [str(CLI), "sweep", "--config", "-", "--n", ",".join(map(str, NS)), "--p", "0.1,0.3",
             "--schemes", "bacc,letcc", "--threads", str(threads)],
            input=CONFIG, capture_output=True, text=True, check=True).stdout
        m = statistics.median
        rows.append((threads, m(cli), m(py), m(own), result.calls, same))
    print("| threads | coded sweep (process) | coded.sweep | ratio | NumPy f = x·sin x | ratio to built-in | calls into f | CSV = CLI's |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for threads, cli, py, own, calls, same in rows:
        print(f"| {threads} | {cli * 1e3:.0f} ms | {py * 1e3:.0f} ms | {py / cli:.2f}× | "
              f"{own * 1e3:.0f} ms | {own / py:.2f}× | {calls} (= {len(SCHEMES)} × {len(NS)} + 1) | {same} |")
    if args.scipy:
        out = subprocess.run([sys.executable, str(ROOT / "tools" / "bench" / "scipy_sweep.py"),
                              "--only", "gcv", "--gcv-trials", "20"], capture_output=True, text=True, check=True).stdout
        print(out)
        print(f"(Python at 1 thread: {rows[0][2] * 1e3:.0f} ms; divide SciPy's scaled time by it for the ratio)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
