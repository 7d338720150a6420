"""One round as NumPy arrays, equal to `coded round`'s JSON."""

from __future__ import annotations

import json

import numpy as np
import pytest

import coded

CONFIGS = [
    '{"trials": 10}',
    '{"scheme": "letcc", "lambda_dec": 1e-6, "stragglers": {"model": "deadline"}}',
    '{"function": "lenet5", "k": 4, "n": 12, "stragglers": {"model": "fixed", "s": 3}}',
    '{"scheme": "lcc", "k": 8, "n": 10, "stragglers": {"model": "block", "s": 5}}',
    '{"scheme": "uncoded", "k": 5, "n": 10, "stragglers": {"model": "iid", "p": 0.5}}',
    '{"scheme": "approxifer", "n": 60, "adversaries": {"count": 2, "attack": "flip"}, "noise": 0.01}',
    '{"function": {"expr": "ln(x)"}, "k": 4, "n": 12}',
]


def nan_rows(rows):
    return np.array([[np.nan if v is None else v for v in r] for r in rows], dtype=float)


@pytest.mark.parametrize("text", CONFIGS)
@pytest.mark.parametrize("trial", [0, 3])
def test_round_arrays_equal_the_clis_json(text, trial, cli):
    want = json.loads(cli.ok(text, "round", "--config", "-", "--trial", str(trial)).stdout)
    r = coded.round(text, trial)
    assert r.json == want
    np.testing.assert_array_equal(r.alphas, want["alphas"])
    np.testing.assert_array_equal(r.betas, want["betas"])
    np.testing.assert_array_equal(r.inputs, want["inputs"])
    np.testing.assert_array_equal(r.coded_inputs, want["coded_inputs"])
    np.testing.assert_array_equal(r.answers, nan_rows(want["outputs"]))
    np.testing.assert_array_equal(r.exact, nan_rows(want["exact"]))
    np.testing.assert_array_equal(r.straggled, want["straggled"])
    np.testing.assert_array_equal(r.survivors, want["survivors"])
    np.testing.assert_array_equal(r.adversaries, want.get("adversaries", []))
    assert r.squared_error == want["squared_error"]
    assert r.failed == want["failed"] and r.failure == want["failure"]
    assert (r.k, r.n, r.trial, r.scheme) == (want["k"], want["n"], trial, want["scheme"])
    if want["estimates"] is None:
        assert r.estimates is None and r.errors is None
    else:
        m = r.exact.shape[1]
        rows = [e if e is not None else [None] * m for e in want["estimates"]]
        np.testing.assert_array_equal(r.estimates, nan_rows(rows))
        assert r.estimates.shape == r.exact.shape
        # The mean of the per-input errors is the round's error.
        recovered = ~np.isnan(r.errors)
        if recovered.all():
            assert np.isclose(r.errors.mean(), r.squared_error, rtol=1e-12)
    assert r.answers.shape == (r.n, r.exact.shape[1])
    assert r.inputs.shape[0] == r.k and r.coded_inputs.shape[0] == r.n


def test_a_round_reports_its_detection():
    r = coded.round(scheme="approxifer", n=160, tolerance=35, trials=5,
                    adversaries={"count": 2, "attack": "flip"}, stragglers={"model": "iid", "p": 0})
    assert len(r.adversaries) == 2
    assert r.detection["found"] + r.detection["missed"] == 2


@pytest.mark.parametrize("text", CONFIGS)
def test_a_round_reads_in_one_line_of_its_own_numbers(text):
    r = coded.round(text, 3)
    line = repr(r)
    assert "\n" not in line and len(line) < 400, line
    f = r.function if isinstance(r.function, str) else json.dumps(r.function)
    assert line.startswith(f"Round({r.scheme} on {f}, K = {r.k}, N = {r.n}, trial 3: ")
    assert f"{len(r.survivors)} of {r.n} servers answered" in line
    assert (f"{len(r.adversaries)} adversaries" in line) == (len(r.adversaries) > 0)
    if r.failed:
        assert line.endswith(f"failed: {r.failure})") or f"failed: {r.failure};" in line
    else:
        assert f"squared error {r.squared_error:.3g}" in line
    assert ("relative accuracy" in line) == (r.relative_accuracy is not None)
