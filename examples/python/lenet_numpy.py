"""LeNet-5 in NumPy, on the project's own weights (crates/coded-core/assets/lenet5.bin).

The network is the one the Rust core compiles in (crates/coded-core/src/lenet):

    conv1 1->6 5x5, zero padding 2 -> ReLU -> 2x2 max-pool      (28x28 -> 14x14)
    conv2 6->16 5x5, no padding    -> ReLU -> 2x2 max-pool      (14x14 -> 5x5)
    flatten in PyTorch's (C, H, W) order -> fc1 400->120 -> ReLU
    -> fc2 120->84 -> ReLU -> fc3 84->10 (logits, no softmax)

The weights' file has no header: 61 706 IEEE binary16 values stored as two
byte planes (first the low byte of every value, then the high byte of every
value), tensors in PyTorch layout and in the order of ``TENSORS``. Its
FNV-1a 64 checksum is recorded in ``lenet5.json`` beside it and checked here,
as the core does, so a stale or truncated file is refused rather than giving
quietly wrong logits.

Usage as a library::

    import lenet_numpy
    net = lenet_numpy.load()
    logits = net(images)          # (rows, 784) float64 in, (rows, 10) float64 out

Run as a script it checks itself against the built-in network (the ``coded``
CLI's ``round`` command) and against the training tool's candle logits::

    python examples/python/lenet_numpy.py [--coded target/release/coded]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

REPO = Path(__file__).resolve().parents[2]
ASSETS = REPO / "crates" / "coded-core" / "assets"
DEFAULT_WEIGHTS = ASSETS / "lenet5.bin"

PIXELS = 28 * 28
CLASSES = 10

# (name, PyTorch shape), in file order: tools/train-lenet/README.md and the
# "tensors" list of lenet5.json.
TENSORS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("conv1.weight", (6, 1, 5, 5)),
    ("conv1.bias", (6,)),
    ("conv2.weight", (16, 6, 5, 5)),
    ("conv2.bias", (16,)),
    ("fc1.weight", (120, 400)),
    ("fc1.bias", (120,)),
    ("fc2.weight", (84, 120)),
    ("fc2.bias", (84,)),
    ("fc3.weight", (10, 84)),
    ("fc3.bias", (10,)),
)
PARAMETERS = sum(int(np.prod(shape)) for _, shape in TENSORS)  # 61 706

# Images per block in LeNet5.__call__: bounds the working memory (conv1's
# map is 19 kB per image in float32, and einsum may gather the 78 kB of its
# patches) while keeping the work in large array operations.
BLOCK = 512


def fnv1a64(data: bytes) -> int:
    """FNV-1a 64 of ``data`` (the checksum in the provenance records)."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def decode_f16_planes(data: bytes) -> np.ndarray:
    """The file's two byte planes -> float32 (widening f16 is exact)."""
    if len(data) % 2:
        raise ValueError(f"odd byte count {len(data)}: not two byte planes")
    half = len(data) // 2
    planes = np.frombuffer(data, dtype=np.uint8)
    low = planes[:half].astype(np.uint16)
    high = planes[half:].astype(np.uint16)
    return ((high << 8) | low).view(np.float16).astype(np.float32)


def verify(data: bytes, info_path: Path) -> None:
    """Checks size and checksum against the provenance record, if there is one.

    Raises ValueError on a mismatch. A record that is absent (the .bin copied
    elsewhere on its own) is not an error: the size check still applies.
    """
    if len(data) != 2 * PARAMETERS:
        raise ValueError(f"{len(data)} bytes, expected {2 * PARAMETERS}")
    if not info_path.exists():
        return
    want = int(json.loads(info_path.read_text())["checksum_fnv1a64"], 16)
    got = fnv1a64(data)
    if got != want:
        raise ValueError(f"checksum {got:016x}, {info_path.name} says {want:016x}")


def read_weights(path: str | Path | None = None) -> dict[str, np.ndarray]:
    """The weights as float32 arrays in PyTorch layout, keyed by tensor name.

    Shared with lenet_torch.py, which copies them into torch.nn layers as is.
    """
    path = Path(path) if path is not None else DEFAULT_WEIGHTS
    data = path.read_bytes()
    verify(data, path.with_suffix(".json"))
    flat = decode_f16_planes(data)
    if not np.all(np.isfinite(flat)):
        raise ValueError("weights contain non-finite values")
    tensors: dict[str, np.ndarray] = {}
    at = 0
    for name, shape in TENSORS:
        size = int(np.prod(shape))
        tensors[name] = flat[at : at + size].reshape(shape)
        at += size
    return tensors


def _relu_pool(x: np.ndarray) -> np.ndarray:
    """ReLU then 2x2 max-pool of an NCHW map (H and W even)."""
    # Four strided quarter-maps and elementwise maxima: the same pairing as
    # the core's relu_max4, and several times faster than .max() over two
    # non-adjacent axes of a reshaped view.
    top = np.maximum(x[:, :, 0::2, 0::2], x[:, :, 0::2, 1::2])
    bottom = np.maximum(x[:, :, 1::2, 0::2], x[:, :, 1::2, 1::2])
    # ReLU commutes with max (both monotone), so apply it to the 4x smaller map.
    return np.maximum(np.maximum(top, bottom), 0)


def _conv1(images: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """conv1 (one input channel) of (B, 32, 32) padded images -> (B, 6, 28, 28).

    Cross-correlation, as PyTorch's Conv2d. The 5x5 patches are a strided
    view of the images; einsum contracts them with the kernels. The input
    channel axis is dropped on purpose: with a size-1 channel axis in the
    view, einsum's BLAS path copies the patches first and ran 5x slower.
    """
    patches = sliding_window_view(images, w.shape[2:], axis=(1, 2))  # (B,28,28,5,5)
    out = np.einsum("bhwyx,oyx->bohw", patches, w[:, 0], optimize=True)
    return out + b[:, None, None]


def _conv(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Valid convolution of an NCHW map with PyTorch's [out][in][ky][kx] kernels."""
    patches = sliding_window_view(x, w.shape[2:], axis=(2, 3))  # (B,C,H',W',ky,kx)
    out = np.einsum("bchwyx,ocyx->bohw", patches, w, optimize=True)
    return out + b[:, None, None]


class LeNet5:
    """LeNet-5 with the project's weights; call it on a (rows, 784) batch.

    ``dtype`` is the arithmetic precision. The default, float32, is what the
    built-in network computes in (it rounds its f64 inputs to f32 first), so
    the two differ only by the order of f32 additions; float64 is also
    offered to see how far f32 rounding itself moves the logits.
    """

    def __init__(self, tensors: dict[str, np.ndarray], dtype: type = np.float32) -> None:
        self.dtype = np.dtype(dtype)
        self.tensors = {k: v.astype(self.dtype) for k, v in tensors.items()}

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        """Logits (rows, 10) float64 of images (rows, 784), any real values."""
        x = np.asarray(batch, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != PIXELS:
            raise ValueError(f"expected (rows, {PIXELS}), got {x.shape}")
        out = np.empty((x.shape[0], CLASSES), dtype=np.float64)
        for start in range(0, x.shape[0], BLOCK):
            out[start : start + BLOCK] = self._forward(x[start : start + BLOCK])
        return out

    def _forward(self, x: np.ndarray) -> np.ndarray:
        """One block of images through the network, in PyTorch's NCHW layout."""
        t = self.tensors
        images = np.pad(x.astype(self.dtype).reshape(-1, 28, 28), ((0, 0), (2, 2), (2, 2)))
        h = _relu_pool(_conv1(images, t["conv1.weight"], t["conv1.bias"]))  # (B,6,14,14)
        h = _relu_pool(_conv(h, t["conv2.weight"], t["conv2.bias"]))  # (B,16,5,5)
        # NCHW flattens in the (C, H, W) order fc1's columns were trained on.
        h = h.reshape(h.shape[0], 400)
        h = np.maximum(h @ t["fc1.weight"].T + t["fc1.bias"], 0)
        h = np.maximum(h @ t["fc2.weight"].T + t["fc2.bias"], 0)
        return h @ t["fc3.weight"].T + t["fc3.bias"]


def load(path: str | Path | None = None, dtype: type = np.float32) -> LeNet5:
    """The network with the weights at ``path`` (default: the repo's lenet5.bin)."""
    return LeNet5(read_weights(path), dtype=dtype)


# --- self-check -------------------------------------------------------------


def rel_diff(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """(max|a-b| / max|b| over the batch, the same ratio's worst row)."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    whole = float(np.abs(a - b).max() / np.abs(b).max())
    rows = np.abs(a - b).max(axis=1) / np.abs(b).max(axis=1)
    return whole, float(rows.max())


def read_digits(path: Path = ASSETS / "digits.bin") -> tuple[np.ndarray, np.ndarray]:
    """The 500 held-out digits: (images (500, 784) in [0, 1], labels)."""
    records = np.frombuffer(path.read_bytes(), dtype=np.uint8).reshape(-1, 1 + PIXELS)
    return records[:, 1:] / 255.0, records[:, 0].astype(np.int64)


def coded_round(coded: Path, config: dict, trial: int = 0) -> dict:
    """One ``coded round`` of ``config``, parsed."""
    done = subprocess.run(
        [str(coded), "round", "--config", "-", "--trial", str(trial)],
        input=json.dumps(config),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def round_configs() -> Iterable[dict]:
    """Configurations whose rounds exercise raw digits and blends of several kinds."""
    for scheme in ("bacc", "letcc"):
        for k, n in ((10, 40), (20, 40), (10, 160), (20, 160)):
            for seed in (1, 7):
                yield {"function": "lenet5", "scheme": scheme, "k": k, "n": n, "seed": seed}


def check_against_builtin(net: LeNet5, coded: Path) -> float:
    """Prints and returns the worst relative difference to ``coded round``."""
    worst = 0.0
    for config in round_configs():
        r = coded_round(coded, config)
        raw = rel_diff(net(np.array(r["inputs"])), r["exact"])
        blend = rel_diff(net(np.array(r["coded_inputs"])), r["outputs"])
        worst = max(worst, *raw, *blend)
        print(
            f"{config['scheme']:5} k={config['k']:2} n={config['n']:3} seed={config['seed']}: "
            f"digits {raw[0]:.2e} (row {raw[1]:.2e}), "
            f"coded inputs {blend[0]:.2e} (row {blend[1]:.2e})"
        )
    return worst


def check_against_candle(net: LeNet5) -> float:
    """Relative difference to the training tool's candle f32 logits fixture."""
    fixture = json.loads((REPO / "crates/coded-core/tests/fixtures/lenet5_logits.json").read_text())
    whole, row = rel_diff(net(np.array(fixture["inputs"])), fixture["logits"])
    print(f"candle fixture (48 digits + 16 blends): {whole:.2e} (row {row:.2e})")
    return max(whole, row)


def main(argv: list[str] | None = None) -> int:
    """Self-check; exits non-zero if any difference exceeds the tolerance."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--coded", type=Path, default=REPO / "target/release/coded")
    parser.add_argument("--tolerance", type=float, default=1e-4)
    args = parser.parse_args(argv)

    worst: dict[str, float] = {}
    for dtype in (np.float32, np.float64):
        net = load(dtype=dtype)
        print(f"== {np.dtype(dtype).name} arithmetic")
        images, labels = read_digits()
        accuracy = float((net(images).argmax(axis=1) == labels).mean())
        print(f"accuracy on the 500 compiled-in digits: {accuracy:.3f} (lenet5.json: 0.984)")
        worst[f"{np.dtype(dtype).name} vs candle"] = check_against_candle(net)
        if args.coded.exists():
            worst[f"{np.dtype(dtype).name} vs built-in"] = check_against_builtin(net, args.coded)
        else:
            print(f"{args.coded} not found: built-in comparison skipped")
    print("== worst relative differences")
    for what, value in worst.items():
        print(f"{what}: {value:.2e}")
    return 0 if max(worst.values()) <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
