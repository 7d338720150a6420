# The Rust half (crates/coded-python/src/lib.rs): what the Python half calls.
from typing import Any, Callable, Optional, final

import numpy as np

__all__ = ["Swept", "__version__", "builtin", "check", "link_query", "merge", "round", "sweep", "tables"]
__version__: str

def tables() -> tuple[list[str], list[str]]: ...
def check(text: str) -> tuple[str, str]: ...
def round(
    text: str,
    trial: int,
    f: Optional[Callable[[np.ndarray], np.ndarray]] = None,
    inputs: Optional[np.ndarray] = None,
    labels: Optional[list[int]] = None,
    classifier: Optional[bool] = None,
    degree: Optional[int] = None,
) -> str: ...

@final
class Swept:
    csv: str
    slopes: list[tuple[str, float, Optional[float], Optional[tuple[float, float]], str]]
    below_k: list[int]
    figure: Optional[str]

def sweep(
    text: str,
    n: Optional[list[int]] = None,
    p: Optional[list[float]] = None,
    schemes: Optional[list[str]] = None,
    over: Optional[str] = None,
    values: Optional[list[float]] = None,
    shard: Optional[tuple[int, int]] = None,
    threads: Optional[int] = None,
    slope_range: Optional[str] = None,
    f: Optional[Callable[[np.ndarray], np.ndarray]] = None,
    inputs: Optional[np.ndarray] = None,
    labels: Optional[list[int]] = None,
    classifier: Optional[bool] = None,
    degree: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> Swept: ...
def merge(named: list[tuple[str, str]]) -> str: ...
def link_query(text: str) -> str: ...
def builtin(function: str, batch: np.ndarray) -> np.ndarray: ...
