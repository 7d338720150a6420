"""A sweep's result: the CLI's CSV, its slopes and its figure, as plain
values (strings, numbers, lists), so that it pickles and crosses processes
(Dask, Slurm) as it is."""

from __future__ import annotations

import csv as _csv
import io
import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class Slope:
    """A curve's fitted log-log slope of the mean squared error against N,
    with its 95 % bootstrap interval, and the line ``coded sweep`` prints."""

    scheme: str
    p: float
    slope: Optional[float]
    interval: Optional[tuple[float, float]]
    line: str


@dataclass(frozen=True, repr=False)
class SweepResult:
    """What :func:`coded.sweep` (or :func:`coded.merge`) gives.

    ``csv`` is byte for byte what ``coded sweep`` prints for the same
    study (``coded sweep --shard I/M``'s for a part; ``coded merge``'s for
    merged parts), its first line the study that reruns it.
    """

    csv: str
    slopes: list[Slope] = field(default_factory=list)
    #: The part (i, m) this is, for a shard.
    shard: Optional[tuple[int, int]] = None
    #: Calls into your own f during the sweep (0 for a built-in f).
    calls: int = 0
    #: N below K that the plan left out.
    below_k: list[int] = field(default_factory=list)
    #: The error-vs-N figure as data (the playground's view), for .plot().
    figure: Optional[str] = field(default=None, repr=False)

    @property
    def study(self) -> dict[str, Any]:
        """The study the CSV's first line names."""
        line = self.csv.split("\n", 2)[1 if self.shard else 0]
        study: dict[str, Any] = json.loads(line[2:])
        return study

    def _header_lines(self) -> int:
        return 2 if self.shard else 1

    def _table(self) -> tuple[list[str], list[list[str]]]:
        """The CSV's header and rows, as CSV reads them (a quoted cell may
        hold commas and line ends)."""
        lines = self.csv.split("\n", self._header_lines())[-1]
        header, *rows = _csv.reader(io.StringIO(lines))
        return header, rows

    @property
    def function(self) -> Optional[str]:
        """The f the rows are of, as their ``function`` column names it: a
        built-in's name, a formula's text, or ``python:`` and the name of
        your own f (its study line then holds the configuration that drew
        the inputs, and rerunning that line runs the configuration's
        function instead). None when there are no rows."""
        header, rows = self._table()
        return rows[0][header.index("function")] if rows else None

    def __repr__(self) -> str:
        # A line a person reads, where the dataclass's would print the whole
        # CSV (a sweep of thousands of rows in a notebook's cell).
        study = self.study
        config = study["config"]
        _, rows = self._table()
        count = f"{len(rows)} row" + ("" if len(rows) == 1 else "s")
        what = [f"{count} of {self.function}", f"K = {config['k']}", f"{config['trials']} trials"]
        what.append("schemes " + ", ".join(study["schemes"]))
        if study.get("over"):
            values = ", ".join(f"{v:g}" for v in study["over"]["values"])
            what.append(f"along {study['over']['setting']} = {values}")
        else:
            what.append("N " + ", ".join(str(n) for n in study["n"]))
        if study.get("p"):
            what.append("p " + ", ".join(f"{p:g}" for p in study["p"]))
        else:
            model = config["stragglers"]
            what.append("stragglers " + ", ".join(f"{k} {v}" for k, v in model.items()))
        if self.shard:
            what.append(f"part {self.shard[0]} of {self.shard[1]}")
        lines = [f"SweepResult({'; '.join(what)})"] + [f"  {s.line}" for s in self.slopes]
        return "\n".join(lines)

    @property
    def own_function(self) -> bool:
        """The rows are of your own f (``f=``), not a function the page
        and the CLI can run."""
        return (self.function or "").startswith("python:")

    def to_csv(self, path: Optional[str | os.PathLike[str]] = None) -> Optional[str]:
        """The CSV text, or written to ``path`` (whole or not at all: a
        temporary file renamed into place)."""
        if path is None:
            return self.csv
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".coded-", suffix=".csv")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
                out.write(self.csv)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        return None

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (the study line left out: see
        :attr:`study`)."""
        import pandas as pd

        return pd.read_csv(
            io.StringIO(self.csv),
            skiprows=self._header_lines(),
            dtype={"function": str, "scheme": str},
        )

    def link(self, base: Optional[str] = None) -> str:
        """The playground's URL that opens this study (``base``: where the
        page is served; default :data:`coded.PLAYGROUND`).

        Refused (ValueError) for a sweep of your own f: the page would run
        the configuration's function and show other numbers.
        ``coded.link(result.study)`` opens the configuration itself."""
        from . import PLAYGROUND, link

        return link(self, base=PLAYGROUND if base is None else base)

    def check_linkable(self) -> None:
        """Raises ValueError, in words, when this is a sweep of your own f,
        which the page cannot run."""
        if self.own_function:
            config = self.study["config"]["function"]
            named = config if isinstance(config, str) else json.dumps(config)
            raise ValueError(
                f"this sweep ran your own f ({self.function}), which the page cannot run: "
                f"its link would show the configuration's function ({named}) instead; "
                "coded.link(result.study) opens that configuration"
            )

    def plot(self, ax: Any = None, *, band: bool = True, claims: bool = True) -> Any:
        """The error-vs-N figure as ``coded sweep --plot`` draws it: log-log
        mean squared error against N, each curve with its 95 % bootstrap
        band and fitted slope, and the papers' claimed rates (dashed).
        Returns the matplotlib Axes."""
        from ._plot import draw

        if self.figure is None:
            raise ValueError(
                "plot() draws a whole error-vs-N sweep; a part or a sweep along another setting has no such figure (use to_pandas())"
            )
        return draw(json.loads(self.figure), ax=ax, band=band, claims=claims)
