"""The example notebook runs end to end (nbclient, a real Jupyter kernel)."""

from __future__ import annotations

import shutil

import pytest

from conftest import ROOT


def test_the_example_notebook_runs(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = ROOT / "examples" / "coded_study.ipynb"
    shutil.copy(path, tmp_path)
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert errors == []
    # It saved its CSV where it ran, and plotted its figures.
    assert (tmp_path / "study.csv").read_text().startswith("# {")
    images = [o for c in nb.cells for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    assert len(images) >= 3
    # What its text says of your own f: 2 schemes × 5 N + 1 calls, and
    # the rows named after it.
    printed = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    assert "calls into f: 11 | its rows are named python:f\n" in printed, printed


def test_the_digits_table_example_runs_and_letcc_has_the_lower_rmse():
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / "digits_table.py")],
        capture_output=True, text=True, check=False, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    rows = [ln for ln in done.stdout.splitlines() if ln.startswith("| ") and ln[2].isdigit()]
    assert len(rows) == 4, done.stdout
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        bacc, letcc = (float(cells[i].split(" ± ")[0]) for i in (1, 2))
        assert letcc < bacc, row
