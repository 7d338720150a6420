"""Sweeps, and sweeps along any setting, byte for byte `coded sweep`'s CSV,
with its slopes; the result's pandas, CSV file, figure and pickling."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import coded


def flags(n=None, p=None, schemes=None, over=None, values=None, threads=None):
    out = []
    for name, v in [("--n", n), ("--p", p), ("--schemes", schemes), ("--values", values)]:
        if v is not None:
            out += [name, ",".join(str(x) for x in v)]
    if over is not None:
        out += ["--over", over]
    if threads is not None:
        out += ["--threads", str(threads)]
    return out


CASES = [
    ('{"trials": 30}', dict(n=[10, 20, 40], p=[0.1, 0.5])),
    ('{"trials": 20}', dict(n=[10, 20, 40], p=[0.2], schemes=list(coded.SCHEMES))),
    ('{"trials": 20, "noise": 0.01, "k": 6}', dict(n=[6, 12, 24, 48], schemes=["bacc", "letcc"])),
    ('{"trials": 10, "function": "lenet5", "k": 5, "n": 20}', dict(n=[10, 20, 40])),
    ('{"trials": 15, "function": {"expr": "sin(3*x) + x^2"}}', dict(n=[20, 40])),
    ('{"trials": 15, "stragglers": {"model": "fixed", "s": 3}}', dict(n=[10, 20, 40])),
    ('{"trials": 10, "n": 60, "adversaries": {"count": 2, "attack": "stealth"}}',
     dict(n=[40, 80], schemes=["bacc", "approxifer", "median_drop"])),
    ('{"config": {"trials": 10}, "schemes": ["bacc"], "n": [5, 10, 20], "p": [0.2]}', {}),
    # The page's export "with results": rerun, its saved results ignored.
    ('{"config": {"trials": 10}, "schemes": ["bacc", "letcc"], "n": [10, 20], "p": [0.1],'
     ' "results": {"curves": {"curves": []}, "table": null}}', {}),
]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("text,lists", CASES)
def test_a_sweep_is_the_clis_csv_and_slopes(text, lists, threads, cli):
    done = cli.ok(text, "sweep", "--config", "-", *flags(threads=threads, **lists))
    got = coded.sweep(text, threads=threads, progress=False, **lists)
    assert got.csv == done.stdout
    lines = [ln for ln in done.stderr.splitlines() if ln.startswith("slope ")]
    assert [s.line for s in got.slopes] == lines
    for s in got.slopes:
        if s.interval is not None:
            assert s.interval[0] <= s.slope <= s.interval[1]


@pytest.mark.parametrize("setting", coded.SETTINGS)
def test_a_sweep_along_every_setting_is_the_clis(setting, cli):
    text = '{"trials": 12, "k": 6, "n": 24}'
    done = cli.ok(text, "sweep", "--config", "-", "--over", setting, "--threads", "2")
    got = coded.sweep(text, over=setting, threads=2, progress=False)
    assert got.csv == done.stdout
    frame = got.to_pandas()
    if setting == "n":
        # Along N: the N sweep of those N, with its slopes and figure.
        assert list(frame.columns[:2]) == ["scheme", "function"] and got.figure
    else:
        assert got.slopes == [] and got.figure is None
        assert list(frame.columns[:2]) == [setting, "scheme"]


def test_values_of_a_setting_and_their_refusals(cli):
    text = '{"trials": 12}'
    done = cli.ok(text, "sweep", "--config", "-", "--over", "k", "--values", "2,4,8")
    assert coded.sweep(text, over="k", values=[2, 4, 8], progress=False).csv == done.stdout
    words = cli.error(text, "sweep", "--config", "-", "--over", "k", "--values", "2,50")
    with pytest.raises(ValueError) as raised:
        coded.sweep(text, over="k", values=[2, 50], progress=False)
    assert str(raised.value) == words
    with pytest.raises(ValueError, match="not a setting a sweep can run along"):
        coded.sweep(over="colour")
    # The CLI's reader of --schemes, and its words.
    words = cli.run(text, "sweep", "--config", "-", "--schemes", "magic").stderr
    assert "`magic` is not a scheme (" in words
    with pytest.raises(ValueError) as raised:
        coded.sweep(schemes=["magic"])
    assert str(raised.value).startswith("schemes: `magic` is not a scheme (")
    assert str(raised.value)[len("schemes: "):] in words
    with pytest.raises(ValueError, match="give the setting too"):
        coded.sweep(values=[1, 2])
    with pytest.raises(ValueError, match="whole numbers of servers"):
        coded.sweep(n=[10.5, 20])
    # Whole numbers as floats (np.arange(...) * 2.0, say) are whole numbers.
    assert coded.sweep(text, n=np.array([10.0, 20.0]), progress=False).csv == coded.sweep(
        text, n=[10, 20], progress=False).csv


def test_the_result_reads_writes_plots_and_pickles(tmp_path, cli):
    text = '{"trials": 40}'
    got = coded.sweep(text, n=[10, 20, 40, 80], p=[0.1, 0.3], schemes=["bacc", "letcc"], progress=False)
    frame = got.to_pandas()
    assert len(frame) == 2 * 2 * 4
    assert list(frame["n"][:4]) == [10, 20, 40, 80]
    assert got.study["config"]["trials"] == 40 and got.study["n"] == [10, 20, 40, 80]
    path = tmp_path / "sweep.csv"
    got.to_csv(path)
    assert path.read_bytes() == got.csv.encode()
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.csv"]
    # The study line reruns it, through the CLI and through Python.
    line = got.csv.split("\n", 1)[0][2:]
    assert cli.ok(line, "sweep", "--config", "-").stdout == got.csv
    assert coded.sweep(got, progress=False).csv == got.csv
    back = pickle.loads(pickle.dumps(got))
    assert back == got
    import matplotlib

    matplotlib.use("Agg")
    ax = got.plot()
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("BACC" in t for t in labels) and any("claim" in t.lower() or "N^" in t or "N⁻" in t for t in labels), labels
    ax.figure.savefig(tmp_path / "figure.png")


def test_progress_is_reported_and_reaches_the_whole():
    seen = []
    coded.sweep(n=[10, 20], p=[0.1, 0.3], schemes=["bacc", "letcc"], trials=50,
                progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (2 * 2 * 2 * 50, 2 * 2 * 2 * 50)
    assert all(d <= t for d, t in seen)


def test_n_below_k_is_left_out_and_said(cli):
    text = '{"config": {"trials": 5, "k": 10}, "schemes": ["bacc"], "n": [5, 10, 20], "p": [0.2]}'
    got = coded.sweep(text, progress=False)
    assert got.below_k == [5]
    assert "N below K = 10 left out: [5]" in cli.ok(text, "sweep", "--config", "-").stderr


def test_the_progress_bar_follows_the_trials():
    pytest.importorskip("tqdm")
    from coded._progress import reporter

    bar, close = reporter(True, "test")
    bar(0, 0)
    bar(40, 200)
    bar(200, 200)
    assert (bar._bar.n, bar._bar.total) == (200, 200)
    close()
    assert reporter(False, "x")[0] is None
    mine = lambda done, total: None  # noqa: E731
    assert reporter(mine, "x")[0] is mine
    with pytest.raises(TypeError, match="progress: True, False or a callable"):
        coded.sweep(n=[20], trials=5, progress=5)


def test_the_link_is_the_pages():
    got = coded.sweep('{"trials": 10, "k": 4}', n=[8, 16], p=[0.2], schemes=["bacc", "letcc"], progress=False)
    url = got.link(base="https://example.org/p/")
    assert url.startswith("https://example.org/p/?v=1&")
    assert "k=4" in url and "ns=8,16" in url and "ps=0.2" in url and "tr=10" in url
    assert coded.link(k=4).startswith(coded.PLAYGROUND + "?v=1&")
    with pytest.raises(ValueError, match="cannot be used"):
        coded.link(k=0)


def test_a_result_reads_in_one_line_with_its_slopes():
    got = coded.sweep(n=[20, 40, 80], p=[0.1, 0.3], schemes=["bacc", "letcc"], trials=10, progress=False)
    lines = repr(got).split("\n")
    rows = len(got.to_pandas())
    assert lines[0] == f"SweepResult({rows} rows of x_sin_x; K = 10; 10 trials; schemes bacc, letcc; N 20, 40, 80; p 0.1, 0.3)"
    assert lines[1:] == [f"  {s.line}" for s in got.slopes] and len(lines) == 5
    # Not the CSV: a sweep of thousands of rows is one line too.
    assert got.csv not in repr(got)
    part = coded.sweep(n=[20, 40], trials=5, shard=(1, 2), progress=False)
    assert repr(part) == "SweepResult(1 row of x_sin_x; K = 10; 5 trials; schemes bacc; N 20, 40; p 0.2; part 1 of 2)"
    fixed = coded.sweep({"stragglers": {"model": "fixed", "s": 3}}, over="k", values=[2, 4], trials=5, progress=False)
    assert repr(fixed) == "SweepResult(2 rows of x_sin_x; K = 10; 5 trials; schemes bacc; along k = 2, 4; stragglers model fixed, s 3)"
