"""LeNet-5 in PyTorch, on the project's own weights, as a drop-in ``f`` for coded.sweep.

The layers are plain ``torch.nn`` ones named as the weights' tensors
(conv1, conv2, fc1, fc2, fc3), so the arrays that lenet_numpy.read_weights
decodes from crates/coded-core/assets/lenet5.bin load with
``load_state_dict`` unchanged: the file is already in PyTorch's layout.

Run as a script it compares the logits with lenet_numpy's and, when the
``coded`` Python package is importable, reruns a LeNet-5 sweep with this
network as the worker function next to the built-in one::

    python examples/python/lenet_torch.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from torch import nn

# lenet_numpy.py sits beside this file; make it importable from any cwd.
sys.path.insert(0, str(Path(__file__).resolve().parent))
import lenet_numpy  # noqa: E402

LogitsFn = Callable[[np.ndarray], np.ndarray]


class LeNet5(nn.Module):
    """The core's LeNet-5 (crates/coded-core/src/lenet) as torch.nn layers."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, kernel_size=5, padding=2)
        self.conv2 = nn.Conv2d(6, 16, kernel_size=5)
        self.fc1 = nn.Linear(400, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Logits (B, 10) of images (B, 784)."""
        x = x.reshape(-1, 1, 28, 28)
        x = self.pool(torch.relu(self.conv1(x)))
        x = self.pool(torch.relu(self.conv2(x)))
        # (C, H, W) flattening: the order fc1's weights were trained on.
        x = torch.flatten(x, 1)
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


def load(path: str | Path | None = None) -> LeNet5:
    """The network with the weights at ``path`` (default: the repo's lenet5.bin)."""
    net = LeNet5()
    tensors = lenet_numpy.read_weights(path)
    # strict=True (the default) fails loudly if a name or shape ever drifts.
    net.load_state_dict({k: torch.from_numpy(v.copy()) for k, v in tensors.items()})
    return net.eval()


def as_function(net: nn.Module) -> LogitsFn:
    """Wraps ``net`` as the NumPy-in, NumPy-out callable coded.sweep takes.

    float32 like the built-in network (which rounds its f64 inputs to f32),
    and float64 out because that is what the coded API expects back.
    """

    def f(batch: np.ndarray) -> np.ndarray:
        x = torch.from_numpy(np.ascontiguousarray(batch, dtype=np.float32))
        with torch.inference_mode():
            return net(x).numpy().astype(np.float64)

    return f


def test_batch(count: int = 300, seed: int = 0) -> np.ndarray:
    """The 500 compiled-in digits plus ``count`` seeded blends of three of them.

    Blend weights are drawn around (0.5, 0.3, 0.2) with spread, some
    negative, because coded inputs are not convex combinations: Berrut's
    encoder gives pixels outside [0, 1].
    """
    digits, _ = lenet_numpy.read_digits()
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(digits), size=(count, 3))
    weights = rng.normal([0.5, 0.3, 0.2], 0.4, size=(count, 3))
    blends = np.einsum("bj,bjp->bp", weights, digits[picks])
    return np.vstack([digits, blends])


def compare_with_numpy() -> float:
    """Prints and returns the worst relative difference torch vs NumPy logits."""
    images = test_batch()
    fn_torch = as_function(load())
    fn_numpy = lenet_numpy.load()
    timings = {}
    outputs = {}
    for name, fn in (("torch", fn_torch), ("numpy", fn_numpy)):
        fn(images[:10])  # warm-up: first calls pay for allocation and dispatch set-up
        start = time.perf_counter()
        outputs[name] = fn(images)
        timings[name] = time.perf_counter() - start
    whole, row = lenet_numpy.rel_diff(outputs["torch"], outputs["numpy"])
    print(
        f"{len(images)} images: torch vs numpy max|a-b|/max|b| = {whole:.2e}, "
        f"worst row {row:.2e}; torch {timings['torch'] * 1e3:.0f} ms, "
        f"numpy {timings['numpy'] * 1e3:.0f} ms"
    )
    return max(whole, row)


def compare_sweeps(f: LogitsFn) -> None:
    """Same sweep with ``f`` as the worker function and with the built-in one."""
    try:
        import coded  # the project's PyO3 package; optional here
    except ImportError:
        print("`coded` package not importable: sweep comparison skipped")
        return
    config = {"function": "lenet5", "k": 10, "n": 40, "trials": 20}
    ns = [20, 40, 80]
    ours = coded.sweep(config, n=ns, f=f).to_pandas()
    builtin = coded.sweep(config, n=ns).to_pandas()
    keys = ["scheme", "n", "p"]
    both = ours.merge(builtin, on=keys, suffixes=("_torch", "_builtin"))
    both["rel_diff"] = (both["mse_mean_torch"] - both["mse_mean_builtin"]).abs() / both[
        "mse_mean_builtin"
    ].abs()
    print(both[keys + ["mse_mean_torch", "mse_mean_builtin", "rel_diff"]].to_string(index=False))
    print(f"worst relative difference of mse_mean: {both['rel_diff'].max():.2e}")


def main() -> int:
    """Compares torch with NumPy (and with the built-in when `coded` is there)."""
    worst = compare_with_numpy()
    compare_sweeps(as_function(load()))
    return 0 if worst <= 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
