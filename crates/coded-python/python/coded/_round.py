"""One round as NumPy arrays: the fields of ``coded round``'s JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np


def _matrix(rows: list[list[Optional[float]]]) -> np.ndarray:
    # JSON's null (f not a finite number) is NaN, as the CLI reads it back.
    return np.array(
        [[np.nan if v is None else v for v in r] for r in rows], dtype=np.float64
    ).reshape(len(rows), -1)


@dataclass(frozen=True, repr=False)
class Round:
    """Trial ``trial`` of a configuration's scheme at its N.

    Arrays are indexed by input (K rows) or by server in β order (N rows).
    ``estimates`` has a row of NaN where replication lost that output; it is
    None when the round failed (``failure`` says why).
    """

    scheme: str
    function: Any
    k: int
    n: int
    trial: int
    alphas: np.ndarray
    betas: np.ndarray
    inputs: np.ndarray
    coded_inputs: np.ndarray
    answers: np.ndarray
    straggled: np.ndarray
    survivors: np.ndarray
    adversaries: np.ndarray
    finish_times: Optional[np.ndarray]
    estimates: Optional[np.ndarray]
    exact: np.ndarray
    squared_error: Optional[float]
    relative_accuracy: Optional[float]
    accuracy: Optional[float]
    labels: Optional[np.ndarray]
    lost_fraction: float
    lambda_dec_used: Optional[float]
    failed: bool
    failure: Optional[str]
    detection: Optional[dict[str, Any]]
    json: dict[str, Any] = field(repr=False)

    @property
    def errors(self) -> Optional[np.ndarray]:
        """Per input, ‖estimate − f(x)‖² (NaN where lost); None if failed."""
        if self.estimates is None:
            return None
        errors: np.ndarray = ((self.estimates - self.exact) ** 2).sum(axis=1)
        return errors

    def __repr__(self) -> str:
        # A line a person reads: the dataclass's would print every array
        # (LeNet-5's coded inputs are N × 784).
        f = self.function if isinstance(self.function, str) else json.dumps(self.function)
        said = [f"{len(self.survivors)} of {self.n} servers answered"]
        if len(self.adversaries):
            said.append(f"{len(self.adversaries)} adversaries")
        if self.failed:
            said.append(f"failed: {self.failure}")
        elif self.squared_error is not None:
            said.append(f"squared error {self.squared_error:.3g}")
        if self.relative_accuracy is not None:
            said.append(f"relative accuracy {self.relative_accuracy:.3g}")
        return f"Round({self.scheme} on {f}, K = {self.k}, N = {self.n}, trial {self.trial}: {'; '.join(said)})"

    @classmethod
    def from_json(cls, report: dict[str, Any]) -> "Round":
        estimates = report["estimates"]
        if estimates is not None:
            m = len(report["exact"][0]) if report["exact"] else 0
            estimates = _matrix([r if r is not None else [None] * m for r in estimates])
        times = report.get("finish_times")
        labels = report.get("labels")
        return cls(
            scheme=report["scheme"],
            function=report["function"],
            k=report["k"],
            n=report["n"],
            trial=report["trial"],
            alphas=np.array(report["alphas"], dtype=np.float64),
            betas=np.array(report["betas"], dtype=np.float64),
            inputs=_matrix(report["inputs"]),
            coded_inputs=_matrix(report["coded_inputs"]),
            answers=_matrix(report["outputs"]),
            straggled=np.array(report["straggled"], dtype=bool),
            survivors=np.array(report["survivors"], dtype=np.int64),
            adversaries=np.array(report.get("adversaries", []), dtype=np.int64),
            finish_times=None if times is None else np.array(times, dtype=np.float64),
            estimates=estimates,
            exact=_matrix(report["exact"]),
            squared_error=report["squared_error"],
            relative_accuracy=report["relative_accuracy"],
            accuracy=report["accuracy"],
            labels=None if labels is None else np.array(labels, dtype=np.int64),
            lost_fraction=report["lost_fraction"],
            lambda_dec_used=report["lambda_dec_used"],
            failed=report["failed"],
            failure=report["failure"],
            detection=report.get("detection"),
            json=report,
        )
