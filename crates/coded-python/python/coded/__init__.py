"""Coded computing from Python: the Coded Computing Playground's core.

The same Rust core as the playground's page and the ``coded`` CLI: a
configuration is the page's (its link, its study export) and the CLI's
(``--config``), and a sweep's CSV is byte for byte ``coded sweep``'s. Your
own f is any Python callable taking a batch of inputs (rows) and returning a
batch of outputs; it is called once per batch, never per trial or server.

>>> import coded
>>> r = coded.sweep({"trials": 50}, n=[20, 40, 80], p=0.2)
>>> r.to_pandas()[["scheme", "n", "mse_mean"]]           # doctest: +SKIP
>>> coded.sweep(n=[20, 40], f=lambda x: x * np.sin(x))    # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

import numpy as np

from . import _coded
from ._function import Checked, FunctionError
from ._progress import Progress, reporter
from ._result import Slope, SweepResult
from ._round import Round

__all__ = [
    "config",
    "round",
    "sweep",
    "merge",
    "link",
    "builtin",
    "Round",
    "SweepResult",
    "Slope",
    "FunctionError",
    "PLAYGROUND",
    "SCHEMES",
    "SETTINGS",
]
__version__ = _coded.__version__

#: The schemes (``schemes=``), and the settings a sweep can run along
#: (``over=``), from the core's own tables.
SCHEMES, SETTINGS = (tuple(t) for t in _coded.tables())

#: Where ``link`` points by default: give ``base=`` for your own copy of the
#: page (any static host serves it; ``./scripts/serve.sh`` serves it here).
PLAYGROUND = "http://127.0.0.1:8080/"

ConfigLike = Union[None, str, os.PathLike[str], Mapping[str, Any], SweepResult]


def _text(obj: ConfigLike, overrides: Mapping[str, Any]) -> str:
    """The JSON text of a configuration or study given as a dict, a JSON
    string, a file's path (the page's study export), or a sweep's result;
    keyword arguments set fields of the configuration."""
    if isinstance(obj, SweepResult):
        obj = obj.study
    if obj is None:
        value: Any = {}
    elif isinstance(obj, Mapping):
        value = dict(obj)
    elif isinstance(obj, os.PathLike) or (
        isinstance(obj, str) and not obj.lstrip().startswith(("{", "["))
    ):
        try:
            with open(obj, encoding="utf-8") as file:
                text = file.read()
        except FileNotFoundError:
            raise FileNotFoundError(
                f"no study or configuration file {os.fspath(obj)!r} (a configuration is a dict, JSON text or a file's path)"
            ) from None
        except UnicodeDecodeError:
            raise ValueError(f"{os.fspath(obj)} is not a study: it is not text (UTF-8)") from None
        if not overrides:
            return text
        value = _loads(text)
    elif isinstance(obj, str):
        if not overrides:
            return obj
        value = _loads(obj)
    else:
        raise TypeError(
            f"a configuration is a dict, a JSON string or a study file's path, not {type(obj).__name__}"
        )
    if overrides:
        if not isinstance(value, dict):
            raise ValueError("keyword settings need a configuration that is a JSON object")
        target = value["config"] if isinstance(value.get("config"), dict) else value
        target.update(overrides)
    try:
        return json.dumps(value, allow_nan=False)
    except ValueError as e:
        raise ValueError(f"invalid `(json)`: {e} (JSON has no NaN or infinity)") from None


def _loads(text: str) -> Any:
    """JSON that keywords will change: refused in the core's words."""
    try:
        return json.loads(text)
    except ValueError:
        _coded.check(text)  # raises the CLI's message
        raise


def config(obj: ConfigLike = None, **settings: Any) -> dict[str, Any]:
    """The configuration (or study) checked by the core, with every default
    filled in. Raises ValueError with the CLI's one-line message when it
    does not hold.

    >>> coded.config(k=8, n=32)["stragglers"]
    {'model': 'iid', 'p': 0.2}
    """
    _, text = _coded.check(_text(obj, settings))
    checked: dict[str, Any] = json.loads(text)
    return checked


def _matrix(name: str, a: Any) -> Optional[np.ndarray]:
    if a is None:
        return None
    m = np.asarray(a, dtype=np.float64)
    if m.ndim == 1:
        m = m.reshape(-1, 1)
    if m.ndim != 2 or m.shape[0] == 0 or m.shape[1] == 0:
        raise ValueError(f"{name}: a matrix with one input per row, got shape {m.shape}")
    if not np.isfinite(m).all():
        row = int(np.argwhere(~np.isfinite(m))[0][0])
        raise ValueError(f"{name}: row {row} is not finite numbers")
    return np.ascontiguousarray(m)


def _labels(labels: Any) -> Optional[list[int]]:
    if labels is None:
        return None
    a = np.asarray(labels)
    if a.ndim != 1 or not np.issubdtype(a.dtype, np.integer) or (a < 0).any():
        raise ValueError("labels: whole numbers from 0, one per input")
    return [int(v) for v in a]


def _own(f: Any, inputs: Any, labels: Any) -> dict[str, Any]:
    checked = None if f is None else Checked(f)
    return {
        "f": checked,
        "inputs": _matrix("inputs", inputs),
        "labels": _labels(labels),
    }


def round(
    obj: ConfigLike = None,
    trial: int = 0,
    *,
    f: Optional[Callable[[np.ndarray], Any]] = None,
    inputs: Any = None,
    labels: Any = None,
    classifier: Optional[bool] = None,
    degree: Optional[int] = None,
    **settings: Any,
) -> Round:
    """Trial ``trial`` of the configuration's scheme at its N, as
    ``coded round`` computes it, as NumPy arrays.

    ``f``: your own f in place of the configuration's (called twice: the K
    inputs, the N coded inputs). ``inputs``: the inputs f gets (their first
    K rows; default: those the configuration's function draws), ``labels``
    their classes. ``classifier``: f's outputs are class scores (default:
    as the configuration's function, so your LeNet-5 in place of
    ``"lenet5"`` keeps the accuracy columns). ``degree``: f is a polynomial
    of that degree (for LCC; default: not one).
    """
    own = _own(f, inputs, labels)
    report = _coded.round(
        _text(obj, settings), trial, classifier=classifier, degree=degree, **own
    )
    return Round.from_json(json.loads(report))


def _floats(name: str, v: Any) -> Optional[list[float]]:
    if v is None:
        return None
    return [float(x) for x in np.atleast_1d(np.asarray(v, dtype=np.float64))]


def _ints(name: str, v: Any) -> Optional[list[int]]:
    if v is None:
        return None
    a = np.atleast_1d(np.asarray(v))
    whole = np.issubdtype(a.dtype, np.integer) or (
        np.issubdtype(a.dtype, np.floating) and bool(np.all(np.isfinite(a) & (a == np.round(a))))
    )
    if a.ndim != 1 or not whole or (a < 0).any():
        raise ValueError(f"{name}: whole numbers of servers, such as [20, 40, 80]")
    return [int(x) for x in a]


def sweep(
    obj: ConfigLike = None,
    *,
    n: Union[None, int, Sequence[int]] = None,
    p: Union[None, float, Sequence[float]] = None,
    schemes: Union[None, str, Sequence[str]] = None,
    over: Optional[str] = None,
    values: Union[None, float, Sequence[float]] = None,
    shard: Optional[tuple[int, int]] = None,
    threads: Optional[int] = None,
    slope_range: Optional[str] = None,
    f: Optional[Callable[[np.ndarray], Any]] = None,
    inputs: Any = None,
    labels: Any = None,
    classifier: Optional[bool] = None,
    degree: Optional[int] = None,
    progress: Progress = None,
    **settings: Any,
) -> SweepResult:
    """A sweep as ``coded sweep`` runs it, on ``threads`` threads (default:
    every core); the CSV is byte for byte the CLI's.

    ``n``, ``p``, ``schemes``: the lists of ``--n``, ``--p``, ``--schemes``.
    ``over``, ``values``: error against another setting (``--over``,
    ``--values``: "p", "k", "noise", "lambda_dec", ...). ``shard=(i, m)``:
    part i of m (``--shard i/m``), to :func:`merge` later. ``f`` and the
    rest: your own f, as in :func:`round`; it is called once for the exact
    outputs and once per scheme and N. ``progress``: a bar (tqdm's, shown
    after a second, when tqdm is installed; False: none) or your own
    callable of (trials done, trials in all). Ctrl-C stops the sweep within
    a second and raises KeyboardInterrupt.
    """
    own = _own(f, inputs, labels)
    text = _text(obj, settings)
    if isinstance(schemes, str):
        schemes = [schemes]
    if shard is not None:
        shard = (int(shard[0]), int(shard[1]))
    report, done = reporter(progress, "coded sweep")
    try:
        swept = _coded.sweep(
            text,
            n=_ints("n", n),
            p=_floats("p", p),
            schemes=None if schemes is None else list(schemes),
            over=over,
            values=_floats("values", values),
            shard=shard,
            threads=threads,
            slope_range=slope_range,
            classifier=classifier,
            degree=degree,
            progress=report,
            **own,
        )
    finally:
        done()
    return SweepResult(
        csv=swept.csv,
        slopes=[Slope(s, p_, v, None if i is None else (i[0], i[1]), line) for s, p_, v, i, line in swept.slopes],
        shard=shard,
        calls=0 if own["f"] is None else own["f"].calls,
        below_k=list(swept.below_k),
        figure=swept.figure,
    )


def merge(parts: Iterable[Union[SweepResult, str, os.PathLike[str]]]) -> SweepResult:
    """The whole sweep from its parts (results of ``sweep(shard=…)``, their
    CSV texts, or files), in any order: byte for byte ``coded merge``'s
    CSV, after checking they are every part of one sweep, each once."""
    named = []
    for i, part in enumerate(parts):
        if isinstance(part, SweepResult):
            named.append((f"part {part.shard[0] if part.shard else i + 1}", part.csv))
        elif isinstance(part, os.PathLike) or (isinstance(part, str) and not part.startswith("#")):
            with open(part, encoding="utf-8", newline="") as file:
                named.append((os.fspath(part), file.read()))
        elif isinstance(part, str):
            named.append((f"text {i + 1}", part))
        else:
            raise TypeError(f"a part is a sweep result, a CSV text or a file, not {type(part).__name__}")
    return SweepResult(csv=_coded.merge(named))


def link(obj: ConfigLike = None, *, base: str = PLAYGROUND, **settings: Any) -> str:
    """The playground's URL that opens this configuration or study, read
    by the page's own rules (as "Open study…" reads a file). Refused for
    the result of a sweep of your own f (see :meth:`SweepResult.link`)."""
    if isinstance(obj, SweepResult):
        obj.check_linkable()
    query = _coded.link_query(_text(obj, settings))
    return f"{base}?{query}"


def builtin(function: Union[str, Mapping[str, Any]] = "x_sin_x") -> Callable[[np.ndarray], np.ndarray]:
    """A built-in f ("x_sin_x", "cubic", "abs", "lenet5", or {"expr": "…"})
    as a Python callable on a batch: the core's own values."""
    spec = json.dumps(function)

    def f(batch: np.ndarray) -> np.ndarray:
        return _coded.builtin(spec, np.ascontiguousarray(batch, dtype=np.float64))

    # Its name in a CSV's function column: python:builtin:x_sin_x, or the
    # built-in's own where the configuration's function is this one (the
    # rows are then that function's, and the CSV is the CLI's).
    f.__qualname__ = "builtin:" + (function if isinstance(function, str) else spec)
    setattr(f, "_coded_function", spec)
    return f
