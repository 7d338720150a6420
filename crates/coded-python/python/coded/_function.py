"""Your own f, checked: what the Rust half calls in place of f.

f takes a batch of inputs (rows) and returns a batch of outputs (a row
each; a 1-D result is read as one output per row). The check turns its
result into a C-contiguous float64 matrix and refuses, in words naming f,
the batch and the first bad row, a wrong shape, NaN or ±∞. An exception
inside f is re-raised with that context, the original chained to it.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

import numpy as np


class FunctionError(ValueError):
    """f failed, or returned what cannot be an output."""


def _name(f: Callable[..., Any]) -> str:
    name = getattr(f, "__qualname__", None) or getattr(f, "__name__", None)
    return name or type(f).__name__


class Checked:
    """f with its outputs checked, counting its calls (thread-safe: the
    sweep may call it from several threads, one at a time under the GIL)."""

    def __init__(self, f: Callable[[np.ndarray], Any]):
        if not callable(f):
            raise TypeError(f"f must be callable, got {type(f).__name__}")
        self.f = f
        self.name = _name(f)
        #: The built-in f is (coded.builtin's JSON), if it is one.
        self.builtin: str | None = getattr(f, "_coded_function", None)
        self.calls = 0
        self.width: int | None = None
        self._lock = threading.Lock()

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        with self._lock:
            self.calls += 1
            call = self.calls
        rows = batch.shape[0]
        where = f"f ({self.name}), batch {call} ({rows} rows)"
        try:
            out = self.f(batch)
        except Exception as e:
            raise FunctionError(f"{where} raised {type(e).__name__}: {e}") from e
        try:
            out = np.asarray(out, dtype=np.float64)
        except (TypeError, ValueError) as e:
            raise FunctionError(
                f"{where} returned {type(out).__name__}, not numbers: {e}"
            ) from e
        if out.ndim == 1:
            out = out.reshape(-1, 1)
        if out.ndim != 2 or out.shape[0] != rows:
            raise FunctionError(
                f"{where} returned shape {out.shape}; expected ({rows}, m): one output row per input row"
            )
        if out.shape[1] == 0:
            raise FunctionError(f"{where} returned rows of no values")
        with self._lock:
            if self.width is None:
                self.width = out.shape[1]
        if out.shape[1] != self.width:
            raise FunctionError(
                f"{where} returned {out.shape[1]} values per row; its first batch had {self.width}"
            )
        finite = np.isfinite(out)
        if not finite.all():
            row, col = np.argwhere(~finite)[0]
            value = out[row, col]
            raise FunctionError(
                f"{where} returned {value} in row {row} (column {col}): outputs must be finite numbers"
            )
        return np.ascontiguousarray(out)
