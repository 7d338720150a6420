"""The progress bar where a researcher sees it: text in a terminal (a real
pseudo-terminal, as a shell gives a script) and a widget in Jupyter (a real
kernel), shown only once a sweep has run a second."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios

import pytest

# About two seconds on one thread: long enough for the bar's one-second
# delay, whatever the machine (the test reads what showed, never a time).
LONG = "trials=2000, n=[20, 40, 80, 160, 320, 640, 1280], p=[0.1, 0.3], schemes=['bacc', 'letcc'], threads=1"
TOTAL = 2000 * 7 * 2 * 2
BAR = re.compile(r"coded sweep:\s+\d+%\|.*\| *\d+/" + str(TOTAL) + r" \[")


def in_a_terminal(code: str) -> str:
    """What a script prints to the terminal it runs in (stdout and stderr,
    as the terminal shows them)."""
    master, slave = pty.openpty()
    # A terminal 80 columns wide, as a shell's is; a new pseudo-terminal has
    # none, and tqdm draws its bar to the width it finds.
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave, close_fds=True
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # the terminal's other end is gone: the script ended
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=600) == 0, b"".join(chunks).decode(errors="replace")
    return b"".join(chunks).decode("utf-8", errors="replace")


def test_a_long_sweep_shows_a_bar_in_a_terminal_and_clears_it():
    pytest.importorskip("tqdm")
    shown = in_a_terminal(f"import coded\nr = coded.sweep({LONG})\nprint('rows', len(r.to_csv().splitlines()) - 2)")
    assert BAR.search(shown), shown
    # The bar is redrawn in place (carriage returns), and gone at the end:
    # the script's own line is what stays.
    assert "\r" in shown
    assert shown.rstrip().endswith("rows 28"), shown


def test_a_quick_sweep_prints_nothing_in_a_terminal():
    pytest.importorskip("tqdm")
    shown = in_a_terminal("import coded\ncoded.sweep(trials=20, n=[20, 40])\nprint('done')")
    assert shown.replace("\r\n", "\n") == "done\n"


def test_a_long_sweep_shows_a_widget_in_jupyter():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    import ipywidgets  # noqa: F401  (the widget needs it: coded[progress])

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"import coded\nr = coded.sweep({LONG})\nprint('rows', len(r.to_pandas()))")]
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3").execute()
    outputs = nb.cells[0].outputs
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, outputs
    assert BAR.search(widgets[0]["data"]["text/plain"]), widgets[0]
    assert [o["text"] for o in outputs if o.output_type == "stream"] == ["rows 28\n"]
