"""Your own f: called in batches (once for the exact outputs, once per
scheme and N), scalar or vector; its bad outputs and exceptions are errors
that name f, the batch and the first bad row."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import coded
from coded import FunctionError

from conftest import ROOT, named

LISTS = dict(n=[10, 20, 40], p=[0.1, 0.4], schemes=["bacc", "letcc", "approxifer"])


def test_the_builtin_as_a_python_f_gives_the_same_bytes(cli):
    for function in ['"x_sin_x"', '"cubic"', '{"expr": "sin(3*x) + x^2"}']:
        text = f'{{"trials": 25, "function": {function}}}'
        want = coded.sweep(text, progress=False, **LISTS)
        f = coded.builtin(__import__("json").loads(function))
        got = coded.sweep(text, f=f, progress=False, **LISTS)
        # The same bytes: f is the configuration's own function.
        assert got.csv == want.csv and not got.own_function
        # One call for the exact outputs, one per scheme and N.
        assert got.calls == 3 * 3 + 1
        round_ = coded.round(text, 2, f=f)
        assert round_.json == coded.round(text, 2).json
    # Another built-in than the configuration's is named as your f: the
    # numbers are x·sin x's, on the cubic's inputs.
    text = '{"trials": 25, "function": "cubic"}'
    f = coded.builtin("x_sin_x")
    got = coded.sweep(text, f=f, progress=False, **LISTS)
    assert got.function == "python:builtin:x_sin_x" and got.own_function
    assert got.csv == named(coded.sweep('{"trials": 25}', progress=False, **LISTS).csv.replace(
        '"function":"x_sin_x"', '"function":"cubic"', 1), "python:builtin:x_sin_x")
    assert coded.round(text, 2, f=f).json == {**coded.round('{"trials": 25}', 2).json, "function": "python:builtin:x_sin_x"}
    # On inputs of your own the study line would not rerun the rows: named.
    inputs = np.linspace(-1, 1, 10).reshape(-1, 1)
    assert coded.sweep(f=f, inputs=inputs, trials=5, n=[20], progress=False).own_function


def test_a_numpy_f_is_called_in_batches_on_the_builtins_inputs():
    batches = []

    def f(x):
        batches.append(x.shape)
        return x * np.sin(x)

    got = coded.sweep(trials=40, f=f, threads=2, progress=False, **LISTS)
    assert got.calls == len(batches) == 10
    assert sorted(batches) == sorted([(10, 1)] + [(n, 1) for n in (10, 20, 40) for _ in range(3)])
    want = coded.sweep(trials=40, progress=False, **LISTS).to_pandas()
    mine = got.to_pandas()
    np.testing.assert_allclose(mine["mse_mean"], want["mse_mean"], rtol=1e-6)


def test_a_vector_f_and_given_inputs():
    rng = np.random.default_rng(3)
    inputs = rng.uniform(-2, 2, size=(12, 3))

    def f(x):
        return np.stack([x.sum(axis=1), np.sin(x[:, 0]) * x[:, 1], x[:, 2] ** 2], axis=1)

    r = coded.round({"k": 8, "n": 40, "trials": 5}, 1, f=f, inputs=inputs)
    np.testing.assert_array_equal(r.inputs, inputs[:8])
    np.testing.assert_allclose(r.exact, f(inputs[:8]))
    assert r.answers.shape == (40, 3) and r.estimates.shape == (8, 3)
    np.testing.assert_allclose(r.answers, f(r.coded_inputs))
    got = coded.sweep({"k": 8, "trials": 20}, f=f, inputs=inputs, progress=False, **LISTS)
    frame = got.to_pandas()
    assert (frame["mse_mean"] > 0).all() and got.calls == 10
    # Fewer inputs than K: refused in words.
    with pytest.raises(ValueError, match="K = 8 needs K inputs; 5 were given"):
        coded.sweep({"k": 8}, f=f, inputs=inputs[:5], progress=False)


def test_a_classifier_with_labels_gets_the_accuracy_columns():
    rng = np.random.default_rng(5)
    inputs = rng.normal(size=(10, 4))
    labels = np.argmax(inputs, axis=1)
    got = coded.sweep({"k": 10, "trials": 20}, n=[20, 40], f=lambda x: x, inputs=inputs,
                      labels=labels, classifier=True, progress=False)
    frame = got.to_pandas()
    assert {"rel_acc_mean", "acc_mean"} <= set(frame.columns)
    assert frame["acc_mean"].between(0, 1).all()


def bad_nan(x):
    out = x * np.sin(x)
    out[4] = np.nan
    return out


def bad_inf_later(x):
    out = x * np.sin(x)
    if len(x) > 10:
        out[len(x) - 2] = np.inf
    return out


def bad_rows(x):
    return np.zeros((len(x) + 1, 1))


def bad_ndim(x):
    return np.zeros((len(x), 1, 1))


def bad_type(x):
    return ["a"] * len(x)


def bad_width(x):
    return np.zeros((len(x), 1 if len(x) == 10 else 2))


def bad_empty(x):
    return np.zeros((len(x), 0))


def bad_raises(x):
    raise ZeroDivisionError("the model's own failure")


@pytest.mark.parametrize(
    "f,words",
    [
        (bad_nan, r"f \(bad_nan\), batch 1 \(10 rows\) returned nan in row 4 \(column 0\)"),
        (bad_inf_later, r"f \(bad_inf_later\), batch \d+ \(\d+ rows\) returned inf in row \d+"),
        (bad_rows, r"f \(bad_rows\), batch 1 \(10 rows\) returned shape \(11, 1\)"),
        (bad_ndim, r"returned shape \(10, 1, 1\)"),
        (bad_type, r"f \(bad_type\), batch 1 \(10 rows\) returned list, not numbers"),
        (bad_width, r"returned 2 values per row; its first batch had 1"),
        (bad_empty, r"returned rows of no values"),
        (bad_raises, r"f \(bad_raises\), batch 1 \(10 rows\) raised ZeroDivisionError: the model's own failure"),
    ],
)
def test_every_bad_output_is_an_error_naming_f_batch_and_row(f, words, tmp_path):
    for call in (
        lambda: coded.sweep(trials=10, f=f, threads=2, progress=False, **LISTS),
        lambda: coded.round({"trials": 3, "n": 20}, 0, f=f),
    ):
        with pytest.raises(FunctionError, match=words) as raised:
            call()
        if f is bad_raises:
            assert isinstance(raised.value.__cause__, ZeroDivisionError)
    # Nothing is left behind, and the next sweep runs.
    assert list(tmp_path.iterdir()) == []
    assert coded.sweep(trials=5, n=[10], progress=False).csv


def test_bad_inputs_and_arguments_are_refused_in_words():
    with pytest.raises(ValueError, match="inputs: row 1 is not finite"):
        coded.sweep(f=np.sin, inputs=[[0.0], [np.nan]], k=2, progress=False)
    with pytest.raises(ValueError, match="inputs are given with your own f"):
        coded.sweep(inputs=[[0.0], [1.0]], k=2, progress=False)
    with pytest.raises(ValueError, match="labels: 1 labels for 2 inputs"):
        coded.sweep(f=np.sin, inputs=[[0.0], [1.0]], labels=[1], k=2, progress=False)
    with pytest.raises(TypeError, match="callable"):
        coded.sweep(f=3, progress=False)


sys.path.insert(0, str(ROOT / "examples" / "python"))


def test_lenet5_in_numpy_gives_the_builtins_results():
    lenet_numpy = pytest.importorskip("lenet_numpy")
    net = lenet_numpy.load()
    text = '{"function": "lenet5", "k": 10, "trials": 30}'
    lists = dict(n=[20, 40, 80], p=[0.2], schemes=["bacc", "letcc"])
    want = coded.sweep(text, progress=False, **lists).to_pandas()
    # Its classes' columns come as the configuration's "lenet5" has them.
    got = coded.sweep(text, f=net, progress=False, **lists)
    assert got.calls == 2 * 3 + 1
    assert got.csv.split("\n")[1] == coded.sweep(text, progress=False, **lists).csv.split("\n")[1]
    got = got.to_pandas()
    for column in ["mse_mean", "rmse_mean", "rel_acc_mean", "acc_mean"]:
        np.testing.assert_allclose(got[column], want[column], rtol=1e-4, err_msg=column)
    r = coded.round(text, 0, f=net)
    assert r.relative_accuracy is not None
    builtin = coded.round(text, 0)
    scale = np.abs(builtin.answers).max()
    assert np.abs(r.answers - builtin.answers).max() <= 1e-4 * scale


def test_lenet5_in_pytorch_gives_the_builtins_results():
    pytest.importorskip("torch")
    lenet_torch = pytest.importorskip("lenet_torch")
    f = lenet_torch.as_function(lenet_torch.load())
    text = '{"function": "lenet5", "k": 10, "trials": 30}'
    lists = dict(n=[20, 40], p=[0.2], schemes=["bacc", "letcc"])
    want = coded.sweep(text, progress=False, **lists).to_pandas()
    got = coded.sweep(text, f=f, classifier=True, progress=False, **lists).to_pandas()
    np.testing.assert_allclose(got["mse_mean"], want["mse_mean"], rtol=1e-4)


def test_your_f_along_a_setting_is_called_per_value_and_scheme():
    text = '{"trials": 15}'
    lists = dict(over="k", values=[2, 4, 8], schemes=["bacc", "letcc"])
    f = coded.builtin("x_sin_x")
    got = coded.sweep(text, f=f, progress=False, **lists)
    assert got.csv == coded.sweep(text, progress=False, **lists).csv
    # Each value has its own problem (its K inputs) and its own coded inputs.
    assert got.calls == 3 * (1 + 2)
    # Along p the inputs and the coded inputs stay: f runs once for each.
    lists = dict(over="p", values=[0.1, 0.2, 0.4], schemes=["bacc", "letcc"])
    got = coded.sweep(text, f=f, progress=False, **lists)
    assert got.csv == coded.sweep(text, progress=False, **lists).csv
    assert got.calls == 1 + 2


def test_your_f_is_named_in_its_rows_and_its_link_is_refused():
    def cosine(x):
        return np.cos(x)

    got = coded.sweep(trials=5, n=[20, 40], p=[0.2], schemes=["bacc"], f=cosine, progress=False)
    frame = got.to_pandas()
    assert set(frame["function"]) == {"python:test_your_f_is_named_in_its_rows_and_its_link_is_refused.<locals>.cosine"}
    assert coded.round(trials=5, f=cosine).function == got.function
    import matplotlib

    matplotlib.use("Agg")
    title = got.plot().get_title()
    assert title.startswith(f"Mean squared error vs N ({got.function}, K = 10") and "x·sin x" not in title, title
    # The page cannot run it: a link would show x·sin x's numbers.
    with pytest.raises(ValueError, match=r"your own f \(python:.*cosine\).*\(x_sin_x\)"):
        got.link()
    with pytest.raises(ValueError, match="your own f"):
        coded.link(got)
    assert coded.link(got.study).startswith(coded.PLAYGROUND)
    # A name CSV must quote (a comma) is quoted, and reads back whole.
    cosine.__qualname__ = 'cos, "mine"'
    got = coded.sweep(trials=5, n=[20], p=[0.2], schemes=["bacc"], f=cosine, progress=False)
    assert got.function == 'python:cos, "mine"'
    assert '"python:cos, ""mine"""' in got.csv
    assert list(got.to_pandas()["function"]) == ['python:cos, "mine"']
    # A built-in's rows are not your own f's; its link is the page's.
    plain = coded.sweep(trials=5, n=[20], p=[0.2], schemes=["bacc"], progress=False)
    assert plain.function == "x_sin_x" and not plain.own_function
    assert plain.link().startswith(coded.PLAYGROUND)


def test_the_shards_of_your_f_merge_to_its_whole():
    f = coded.builtin("cubic")
    lists = dict(trials=10, n=[10, 20, 40], p=[0.2], schemes=["bacc", "letcc"], f=f, progress=False)
    whole = coded.sweep(**lists)
    parts = [coded.sweep(shard=(i, 3), **lists) for i in (1, 2, 3)]
    merged = coded.merge(parts)
    assert merged.csv == whole.csv and merged.function == "python:builtin:cubic"
    assert "python:builtin:cubic" in whole.csv.split("\n")[2]
    assert all(p.own_function for p in parts)
