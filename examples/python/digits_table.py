"""BACC vs LeTCC on scikit-learn's digits, in the style of the LeTCC paper's Table 1.

The paper's Table 1 runs a trained classifier (LeNet-5 on MNIST) as the
coded function and reports, per scheme, the RMSE of the decoded logits
against the exact ones and the relative accuracy (how often the decoded
logits pick the class the uncoded model picks), mean ± std over trials.
This script does the same with a small model trained here in about a
second on sklearn.datasets.load_digits (8×8 images, 64 features scaled to
[0, 1]), so that any Python function can be checked the same way.

Settings are (N servers, K inputs, S stragglers), with exactly S servers
straggling in each trial as in the paper (``--iid`` draws each server
straggling with p = S/N instead). The ``coded`` package runs the rounds;
``--fake`` replaces it with made-up numbers to check the table's layout::

    python examples/python/digits_table.py            # needs the coded package
    python examples/python/digits_table.py --fake     # layout only, no coded
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.neural_network import MLPClassifier

Function = Callable[[np.ndarray], np.ndarray]
SweepFn = Callable[..., Any]

SCHEMES = ("bacc", "letcc")
LABELS = {"bacc": "BACC", "letcc": "LeTCC"}
# Per-trial statistics pooled across input groups (mean and sample std each).
STATS = ("rmse", "rel_acc", "acc")


@dataclass(frozen=True)
class Setting:
    """One row of the table: N servers, K inputs, S stragglers."""

    n: int
    k: int
    s: int


# The settings docs/mathematics.md uses for LeNet-5 ("Against the LeTCC
# paper's Table 1"), so the two tables can be read side by side.
SETTINGS = (Setting(50, 10, 10), Setting(100, 20, 20), Setting(100, 20, 40), Setting(200, 40, 60))


# --- the model --------------------------------------------------------------


def load_data(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Digits scaled to [0, 1], split in half, stratified: X_train, X_test, y_train, y_test."""
    x, y = load_digits(return_X_y=True)
    # Pixel values are 0..16; [0, 1] matches the LeNet-5 inputs' range.
    return train_test_split(x / 16.0, y, test_size=0.5, stratify=y, random_state=seed)


def train_model(x: np.ndarray, y: np.ndarray, seed: int) -> MLPClassifier:
    """A 64-64-10 ReLU MLP; about 0.6 s, about 97 % test accuracy.

    alpha 1e-2 (L2) so that adam converges within max_iter without a
    warning; the seed fixes the initialisation and the batch order.
    """
    model = MLPClassifier(hidden_layer_sizes=(64,), alpha=1e-2, max_iter=1000, random_state=seed)
    return model.fit(x, y)


def logits_function(model: MLPClassifier) -> Function:
    """The model's logits (before softmax) as a NumPy function of a batch.

    Logits rather than predict_proba because that is what the paper
    interpolates for LeNet-5, and softmax would squash the coded errors.
    Written from the fitted weights because sklearn exposes no logits, and
    it must accept any real inputs: coded inputs leave [0, 1].
    """
    (w1, w2), (b1, b2) = model.coefs_, model.intercepts_

    def f(batch: np.ndarray) -> np.ndarray:
        hidden = np.maximum(np.asarray(batch, dtype=np.float64) @ w1 + b1, 0.0)
        return hidden @ w2 + b2

    return f


# --- the coded runs ---------------------------------------------------------


def run_sweep(
    sweep: SweepFn,
    setting: Setting,
    f: Function,
    inputs: np.ndarray,
    labels: np.ndarray,
    trials: int,
    seed: int,
    iid: bool,
) -> pd.DataFrame:
    """One setting, both schemes, on one group of K inputs: the only coded call.

    Returns one row per scheme with the sweep CSV's columns.
    """
    config: dict[str, Any] = {"k": setting.k, "n": setting.n, "trials": trials, "seed": seed}
    if iid:
        p = setting.s / setting.n
        config["stragglers"] = {"model": "iid", "p": p}
        ps: list[float] | None = [p]
    else:
        config["stragglers"] = {"model": "fixed", "s": setting.s}
        ps = None  # p is a parameter of the iid model only
    result = sweep(
        config,
        n=[setting.n],
        p=ps,
        schemes=list(SCHEMES),
        f=f,
        inputs=inputs,
        labels=labels,
        classifier=True,
    )
    return result.to_pandas()


class _FakeResult:
    """What --fake's sweep returns: the same to_pandas() as coded's result."""

    def __init__(self, frame: pd.DataFrame) -> None:
        self._frame = frame

    def to_pandas(self) -> pd.DataFrame:
        return self._frame


def fake_sweep(config: dict[str, Any], **kw: Any) -> _FakeResult:
    """Made-up numbers in coded.sweep's shape, for checking the layout.

    It does call f on the inputs, so a wrong shape shows up without coded.
    """
    f, inputs = kw["f"], kw["inputs"]
    k, n = config["k"], kw["n"][0]
    out = f(inputs[:k])
    assert out.shape == (k, 10), out.shape
    rng = np.random.default_rng(config["seed"])
    s = config["stragglers"].get("s", n * config["stragglers"].get("p", 0.0))
    rows = []
    for scheme in kw["schemes"]:
        scale = (1.0 if scheme == "bacc" else 0.6) * (1 + 4 * s / n) * k / n
        rows.append(
            {
                "scheme": scheme,
                "function": "user",
                "n": n,
                "p": kw["p"][0] if kw["p"] else None,
                "trials": config["trials"],
                "failures": 0,
                "rmse_mean": scale * rng.uniform(0.9, 1.1),
                "rmse_std": scale * rng.uniform(0.2, 0.4),
                "rel_acc_mean": 1 - scale * rng.uniform(0.01, 0.05),
                "rel_acc_std": scale * rng.uniform(0.01, 0.03),
                "acc_mean": 0.97 - scale * rng.uniform(0.01, 0.05),
                "acc_std": scale * rng.uniform(0.01, 0.03),
            }
        )
    return _FakeResult(pd.DataFrame(rows))


def pool_groups(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Merges the per-group rows of one setting into one row per scheme.

    Each group reports the mean and sample std of each statistic over its
    decoded rounds (trials - failures); the pooled std is the exact sample
    std of all those rounds together (within-group plus between-group
    spread), so it equals one sweep over all the rounds.
    """
    every = pd.concat(frames, ignore_index=True)
    pooled = []
    for scheme, rows in every.groupby("scheme", sort=False):
        count = (rows["trials"] - rows["failures"]).to_numpy(dtype=float)
        row: dict[str, Any] = {
            "scheme": scheme,
            "trials": int(rows["trials"].sum()),
            "failures": int(rows["failures"].sum()),
        }
        for stat in STATS:
            mean, std = rows[f"{stat}_mean"].to_numpy(float), rows[f"{stat}_std"].to_numpy(float)
            ok = count > 0  # a group with no decoded round has no statistics
            c, m, s = count[ok], mean[ok], np.nan_to_num(std[ok])
            total = c.sum()
            grand = float((c * m).sum() / total) if total else np.nan
            spread = ((c - 1) * s**2).sum() + (c * (m - grand) ** 2).sum()
            row[f"{stat}_mean"] = grand
            row[f"{stat}_std"] = float(np.sqrt(spread / (total - 1))) if total > 1 else 0.0
        pooled.append(row)
    return pd.DataFrame(pooled).set_index("scheme")


# --- the table --------------------------------------------------------------


def pm(mean: float, std: float, digits: int) -> str:
    """'mean ± std' with a fixed number of decimals."""
    return f"{mean:.{digits}f} ± {std:.{digits}f}"


def table_row(setting: Setting, pooled: pd.DataFrame, uncoded: float) -> list[str]:
    """One Markdown row of the table.

    The setting, each statistic for each scheme, and the uncoded model's
    accuracy on the same inputs (what the coded "accuracy" is compared with).
    """
    cells = [f"{setting.n}, {setting.k}, {setting.s}"]
    for stat, digits in (("rmse", 3), ("rel_acc", 3), ("acc", 3)):
        for scheme in SCHEMES:
            r = pooled.loc[scheme]
            cells.append(pm(r[f"{stat}_mean"], r[f"{stat}_std"], digits))
    cells.append(f"{uncoded:.3f}")
    cells.append(" / ".join(str(int(pooled.loc[s, "failures"])) for s in SCHEMES))
    return cells


def markdown(rows: list[list[str]]) -> str:
    """The table in Markdown, ready to paste into the docs."""
    header = ["N, K, S"]
    for what in ("RMSE", "rel. acc.", "accuracy (labels)"):
        header += [f"{LABELS[s]} {what}" for s in SCHEMES]
    header.append("uncoded accuracy")
    header.append("failures (" + " / ".join(LABELS[s] for s in SCHEMES) + ")")
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Trains the model, runs every setting, prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fake", action="store_true", help="made-up numbers instead of coded")
    parser.add_argument("--trials", type=int, default=200, help="trials per setting, in all")
    parser.add_argument(
        "--groups",
        type=int,
        default=4,
        help="disjoint groups of K test inputs per setting (coded takes the first K "
        "rows as the inputs of every trial, so more groups means more digits seen)",
    )
    parser.add_argument("--iid", action="store_true", help="iid stragglers, p = S/N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    x_train, x_test, y_train, y_test = load_data(args.seed)
    model = train_model(x_train, y_train, args.seed)
    f = logits_function(model)
    # The hand-written logits must rank classes exactly as sklearn does.
    assert np.array_equal(f(x_test).argmax(axis=1), model.predict(x_test))
    print(
        f"model: MLP 64-64-10, {len(x_train)} train / {len(x_test)} test digits, "
        f"test accuracy {model.score(x_test, y_test):.3f} "
        f"(trained in {time.perf_counter() - start:.1f} s)"
    )

    if args.fake:
        sweep: SweepFn = fake_sweep
        print("FAKE NUMBERS (--fake): layout check only\n")
    else:
        try:
            import coded  # the project's PyO3 package
        except ImportError:
            raise SystemExit(
                "the `coded` package is not installed (--fake checks the layout)"
            ) from None
        sweep = coded.sweep
    per_group = max(1, args.trials // args.groups)
    rows = []
    for setting in SETTINGS:
        frames, correct = [], 0
        for g in range(args.groups):
            part = slice(g * setting.k, (g + 1) * setting.k)
            if part.stop > len(x_test):
                raise SystemExit(f"{args.groups} groups of K={setting.k} exceed the test set")
            correct += int((f(x_test[part]).argmax(axis=1) == y_test[part]).sum())
            frames.append(
                run_sweep(
                    sweep,
                    setting,
                    f,
                    x_test[part],
                    y_test[part],
                    per_group,
                    # A seed per group: its straggler draws differ from the others'.
                    args.seed + g,
                    args.iid,
                )
            )
        uncoded = correct / (args.groups * setting.k)
        rows.append(table_row(setting, pool_groups(frames), uncoded))
    stragglers = "iid, p = S/N" if args.iid else "exactly S per trial"
    print(
        f"{per_group * args.groups} trials per setting ({args.groups} groups of K test "
        f"digits × {per_group}), stragglers {stragglers}; logits' RMSE, mean ± std:\n"
    )
    print(markdown(rows))
    print(f"\n{time.perf_counter() - start:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
