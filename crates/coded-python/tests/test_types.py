"""The types a researcher's editor and type checker see: the package ships
`py.typed` and a stub for its Rust half. mypy --strict finds no error in
the Python half against that stub, and stubtest finds the stub equal to
the compiled module (every function, argument and default)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "crates" / "coded-python"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, check=False)


def test_the_python_half_type_checks_strictly(tmp_path):
    done = run(
        "-m", "mypy", "--config-file", str(PACKAGE / "pyproject.toml"),
        "--cache-dir", str(tmp_path / "cache"), "-p", "coded",
        cwd=PACKAGE / "python",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (PACKAGE / "python" / "coded" / "py.typed").exists()


def test_the_stub_is_the_compiled_module(tmp_path):
    # Run where the installed wheel, not the source folder, is `coded`.
    done = run("-m", "mypy.stubtest", "--mypy-config-file", str(PACKAGE / "pyproject.toml"), "coded._coded", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
