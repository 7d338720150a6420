"""Python 3.10 and later: the package says so (requires-python, an abi3
wheel for 3.10), and its Python code, the tests and the examples use
nothing newer (vermin reads the syntax and the standard library they use).
Only one interpreter (this machine's) runs the suite; this is what checks
the oldest."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
import tomllib  # the tests run on 3.11+; the package itself does not need it

from conftest import ROOT

PACKAGE = ROOT / "crates" / "coded-python"


def vermin(*args: str) -> subprocess.CompletedProcess:
    """vermin (pinned in the tests' requirements) against Python 3.10."""
    command = [str(Path(sys.executable).parent / "vermin"), "--no-tips", "--violations", "-t=3.10-"]
    return subprocess.run([*command, *args], capture_output=True, text=True, check=False)


def test_the_package_declares_python_3_10():
    meta = tomllib.loads((PACKAGE / "pyproject.toml").read_text())
    assert meta["project"]["requires-python"] == ">=3.10"
    cargo = (PACKAGE / "Cargo.toml").read_text()
    assert '"abi3-py310"' in cargo


def test_no_code_needs_a_python_newer_than_3_10():
    paths = [PACKAGE / "python", ROOT / "examples" / "python", ROOT / "tools" / "bench" / "python_sweep.py"]
    done = vermin("--eval-annotations", *map(str, paths))
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"Minimum required versions: (\d+)\.(\d+)", done.stdout)
    assert found, done.stdout
    assert (int(found[1]), int(found[2])) <= (3, 10), done.stdout


def test_the_check_sees_what_3_10_lacks(tmp_path):
    # tomllib and typing.Self came with 3.11: the same check refuses them.
    newer = tmp_path / "newer.py"
    newer.write_text("import tomllib\nfrom typing import Self\n")
    done = vermin(str(newer))
    assert done.returncode != 0 and "tomllib" in done.stdout, done.stdout
