"""What the tests share: the `coded` CLI they compare with, byte for byte,
and the repository's paths."""

from __future__ import annotations

import csv
import io
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


class Cli:
    """`coded ARGS` with a configuration on standard input."""

    def __init__(self, path: str):
        self.path = path

    def run(self, config: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [self.path, *args], input=config, capture_output=True, text=True, check=False
        )

    def ok(self, config: str, *args: str) -> subprocess.CompletedProcess:
        done = self.run(config, *args)
        assert done.returncode == 0, done.stderr
        return done

    def error(self, config: str, *args: str) -> str:
        """The CLI's one-line message, without its `coded: ` prefix."""
        done = self.run(config, *args)
        assert done.returncode == 2, done
        line = done.stderr.strip()
        assert line.startswith("coded: ") and "\n" not in line, line
        return line[len("coded: "):]


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = os.environ.get("CODED_CLI", str(ROOT / "target" / "release" / "coded"))
    if not Path(path).exists():
        pytest.fail(f"the coded CLI is not built at {path} (cargo build --release -p coded-cli)")
    return Cli(path)


def named(text: str, function: str) -> str:
    """A sweep's CSV with every row's function cell replaced by
    ``function`` (quoted as CSV quotes it): the CSV your own f gives where
    it computes what the built-in does."""
    lines = text.split("\n")
    head = next(i for i, line in enumerate(lines) if not line.startswith("#")) + 1
    rows = list(csv.reader(io.StringIO("\n".join(lines[head - 1:]))))
    column = rows[0].index("function")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows[1:]:
        row[column] = function
        writer.writerow(row)
    return "\n".join(lines[:head]) + "\n" + out.getvalue()
