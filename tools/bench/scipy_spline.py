"""SciPy's smoothing spline at n = 10^5, for comparison with our criterion
benchmark `spline_fit_eval/100000` (same data shape: sin(3t) + noise on an
equispaced grid, lam = n * 1e-6, evaluated at 100 points).

    python3 tools/bench/scipy_spline.py
"""

import time

import numpy as np
from scipy.interpolate import make_smoothing_spline

n = 100_000
t = np.linspace(-1.0, 1.0, n)
y = np.sin(3.0 * t) + 0.1 * np.random.default_rng(1).standard_normal(n)
at = np.linspace(-1.0, 1.0, 100)
times = []
for _ in range(5):
    start = time.perf_counter()
    make_smoothing_spline(t, y, lam=n * 1e-6)(at)
    times.append(time.perf_counter() - start)
print(f"scipy make_smoothing_spline n={n}: best {min(times):.3f} s, median {sorted(times)[2]:.3f} s")
