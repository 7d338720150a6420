"""The default x·sin x sweep done "the SciPy way", for comparison with our
criterion benchmark `sweep_xsinx_N20-1280_200trials_2schemes_2p` and with
`coded sweep` (docs/performance.md).

What it measures: the wall-clock (and CPU) time of one whole sweep in
NumPy/SciPy, with the same sizes and steps as ours (docs/mathematics.md, the
defaults of crates/coded-core/src/config.rs):

- f(x) = x·sin x; K = 10 inputs x_k drawn once, uniformly from [-3, 3];
  data points α_k = cos((2k-1)π/(2K)) (Chebyshev, first kind), server points
  β_n = cos((n-1)π/(N-1)) (Chebyshev, second kind), both sorted ascending;
- N = 20, 40, 80, 160, 320, 640, 1280; schemes BACC and LeTCC; stragglers
  independent with p = 0.1 and p = 0.3;
- per (scheme, N), once: encode (BACC: `FloaterHormannInterpolator(α, x,
  d=0)` at β; LeTCC: `make_smoothing_spline(α, x, lam=K·λ_enc)` with
  λ_enc = 0, the interpolating natural cubic spline, at β) and run f on all N
  servers, as ours does (answers do not depend on who straggles);
- per (p, trial): draw the straggler pattern, decode from the survivors
  (BACC: `FloaterHormannInterpolator(β_F, y_F, d=0)` at α; LeTCC:
  `make_smoothing_spline(β_F, y_F, lam=...)` at α) and score
  (1/K) Σ_k (û_k - f(x_k))².

Two sweeps are timed separately, BACC in both:
  (a) LeTCC with a fixed λ_dec = 1e-12 (our `"lambda_dec": 1e-12`). Our λ is
      (1/n)-normalised and SciPy's `lam` is not (docs/mathematics.md), so SciPy gets
      lam = n·λ_dec with n = the number of surviving servers of the round;
  (b) LeTCC with `lam=None`: SciPy's own GCV. It is slow, so it runs with
      fewer trials (`--gcv-trials`) and the time is also shown scaled
      linearly to `--trials` (marked "scaled"). SciPy raises ValueError
      ("the problem is ill-posed") on noise-free data at large N; such
      rounds are caught and counted as failures per (N, p).

A round with no survivor (BACC) or fewer than 5 (SciPy's spline minimum)
is a failure too. Outside its outermost knots our spline is a straight line
(docs/mathematics.md), SciPy's `BSpline` continues the end cubic: this script
extends SciPy's splines linearly (end value and slope) beyond their knots,
at the encoder (β = ±1 lie outside the α's) and at the decoder (when an end
server straggles), so the numbers are those of our method. The random
draws (numpy `default_rng(seed)`) are not ours, so the errors agree with
ours only statistically.

It prints markdown tables: the times, the mean squared error per (scheme,
p, N) of each sweep as a sanity check, the GCV failures per (N, p), and the
load average (`uptime`) before and after. It asserts nothing.

Run (single-threaded BLAS, lowest priority, the machine is shared):

    python3 -m venv /tmp/scipy-venv
    /tmp/scipy-venv/bin/pip install numpy==2.2.6 scipy==1.15.3
    nice -n 19 /tmp/scipy-venv/bin/python tools/bench/scipy_sweep.py \\
        --trials 200 --gcv-trials 20

Options: --trials T (sweep (a), default 200), --gcv-trials T (sweep (b),
default 20), --only fixed|gcv|both, --seed S, --lambda-dec L (default 1e-12).
"""

import argparse
import os
import subprocess
import time

# One BLAS/LAPACK thread, as our criterion benchmark runs on one thread.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402
import scipy  # noqa: E402
from scipy.interpolate import (  # noqa: E402
    FloaterHormannInterpolator,
    make_smoothing_spline,
)

K = 10
NS = [20, 40, 80, 160, 320, 640, 1280]
PS = [0.1, 0.3]
SCHEMES = ["bacc", "letcc"]
LABEL = {"bacc": "BACC", "letcc": "LeTCC"}
LAMBDA_ENC = 0.0
SPLINE_MIN_POINTS = 5  # make_smoothing_spline needs at least 5 points


def f(x):
    return x * np.sin(x)


def data_points(k):
    """α_k = cos((2k-1)π/(2K)), ascending."""
    i = np.arange(1, k + 1)
    return np.sort(np.cos((2 * i - 1) * np.pi / (2 * k)))


def server_points(n):
    """β_n = cos((n-1)π/(N-1)), ascending, snapped antisymmetric as ours."""
    if n == 1:
        return np.zeros(1)
    pts = np.sort(np.cos(np.arange(n) * np.pi / (n - 1)))
    half = n // 2
    m = 0.5 * (pts[::-1][:half] - pts[:half])
    pts[:half] = -m
    pts[n - half:] = m[::-1]
    if n % 2 == 1:
        pts[half] = 0.0
    return pts


def linear_ends(spline, knots, z):
    """The spline inside [knots[0], knots[-1]], its end tangent lines outside
    (the natural smoothing spline's true continuation)."""
    out = spline(z)
    lo, hi = knots[0], knots[-1]
    below, above = z < lo, z > hi
    if below.any() or above.any():
        d = spline.derivative(1)
        ends = np.array([lo, hi])
        v, s = spline(ends), d(ends)
        out[below] = v[0] + s[0] * (z[below] - lo)
        out[above] = v[1] + s[1] * (z[above] - hi)
    return out


def encode(scheme, alphas, x, betas):
    if scheme == "bacc":
        return FloaterHormannInterpolator(alphas, x, d=0)(betas)
    spl = make_smoothing_spline(alphas, x, lam=len(alphas) * LAMBDA_ENC)
    return linear_ends(spl, alphas, betas)


def decode(scheme, t, y, alphas, lam_dec):
    """û at the α's from the survivors (t ascending), or None (failure).
    lam_dec: our (1/n) λ, or None for SciPy's GCV."""
    if scheme == "bacc":
        if len(t) == 0:
            return None
        return FloaterHormannInterpolator(t, y, d=0)(alphas)
    if len(t) < SPLINE_MIN_POINTS:
        return None
    lam = None if lam_dec is None else len(t) * lam_dec
    try:
        spl = make_smoothing_spline(t, y, lam=lam)
    except (ValueError, np.linalg.LinAlgError):
        return None
    return linear_ends(spl, t, alphas)


def run_sweep(trials, lam_dec, seed):
    """One whole sweep; returns (wall s, cpu s, {scheme: wall s},
    {(scheme, p, n): (mse, failures)})."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-3.0, 3.0, K)
    exact = f(x)
    alphas = data_points(K)
    results, per_scheme = {}, {}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for scheme in SCHEMES:
        start = time.perf_counter()
        for n in NS:
            betas = server_points(n)
            answers = f(encode(scheme, alphas, x, betas))
            for p in PS:
                errs, failures = [], 0
                for _ in range(trials):
                    alive = rng.random(n) >= p
                    est = decode(scheme, betas[alive], answers[alive], alphas, lam_dec)
                    if est is None:
                        failures += 1
                        continue
                    errs.append(np.mean((est - exact) ** 2))
                mse = float(np.mean(errs)) if errs else float("nan")
                results[(scheme, p, n)] = (mse, failures)
        per_scheme[scheme] = time.perf_counter() - start
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return wall, cpu, per_scheme, results


def load():
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        with open("/proc/loadavg") as fh:
            return "loadavg " + fh.read().strip()


def mse_table(title, results):
    print(f"\n{title}\n")
    print("| scheme | p | " + " | ".join(f"N = {n}" for n in NS) + " |")
    print("| --- | --- |" + " --- |" * len(NS))
    for scheme in SCHEMES:
        for p in PS:
            cells = []
            for n in NS:
                mse, fails = results[(scheme, p, n)]
                cell = f"{mse:.2e}"
                if fails:
                    cell += f" ({fails} failed)"
                cells.append(cell)
            print(f"| {LABEL[scheme]} | {p} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser(
        description="Times the default x·sin x sweep (BACC + LeTCC) in NumPy/SciPy; see the docstring.")
    ap.add_argument("--trials", type=int, default=200, help="trials of sweep (a), fixed λ (default 200)")
    ap.add_argument("--gcv-trials", type=int, default=20, help="trials of sweep (b), GCV (default 20)")
    ap.add_argument("--only", choices=["fixed", "gcv", "both"], default="both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lambda-dec", type=float, default=1e-12, help="our (1/n) λ_dec for (a)")
    args = ap.parse_args()
    target = 200

    print(f"numpy {np.__version__}, scipy {scipy.__version__}; K = {K}, N = {NS}, p = {PS}, "
          f"schemes BACC + LeTCC, λ_enc = {LAMBDA_ENC}")
    print(f"load before: {load()}")
    rows, sweeps = [], []
    if args.only in ("fixed", "both"):
        wall, cpu, per, res = run_sweep(args.trials, args.lambda_dec, args.seed)
        rows.append((f"(a) fixed λ_dec = {args.lambda_dec:g} (SciPy lam = n·λ)", args.trials, wall, cpu, per, res))
        sweeps.append((f"Mean squared error, (a) fixed λ_dec = {args.lambda_dec:g}, {args.trials} trials", res))
    if args.only in ("gcv", "both"):
        wall, cpu, per, res = run_sweep(args.gcv_trials, None, args.seed)
        rows.append(("(b) GCV (`lam=None`)", args.gcv_trials, wall, cpu, per, res))
        sweeps.append((f"Mean squared error, (b) GCV, {args.gcv_trials} trials", res))
    after = load()

    print("\n| sweep | trials run | seconds measured (wall) | CPU s | of which BACC / LeTCC s | "
          f"seconds for {target} trials | failures (LeTCC) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, trials, wall, cpu, per, res in rows:
        scaled = wall * target / trials
        note = "" if trials == target else " (scaled)"
        fails = sum(v[1] for (s, _, _), v in res.items() if s == "letcc")
        total = len(NS) * len(PS) * trials
        split = f"{per['bacc']:.2f} / {per['letcc']:.2f}"
        print(f"| {name} | {trials} | {wall:.2f} | {cpu:.2f} | {split} | {scaled:.1f}{note} "
              f"| {fails} of {total} rounds |")

    for title, res in sweeps:
        mse_table(title, res)

    for name, trials, _, _, _, res in rows:
        if all(v[1] == 0 for v in res.values()):
            continue
        print(f"\nFailed rounds per (N, p), {name}, of {trials} each "
              "(LeTCC: SciPy raised or < 5 survivors; BACC: no survivor)\n")
        print("| scheme | p | " + " | ".join(f"N = {n}" for n in NS) + " |")
        print("| --- | --- |" + " --- |" * len(NS))
        for scheme in SCHEMES:
            for p in PS:
                print(f"| {LABEL[scheme]} | {p} | "
                      + " | ".join(str(res[(scheme, p, n)][1]) for n in NS) + " |")

    print(f"\nload after: {after}")


if __name__ == "__main__":
    main()
