"""The progress bar where a researcher sees it: text in a terminal (a real
pseudo-terminal, as a shell gives a script) and a widget in Jupyter (a real
kernel), shown once a sweep has run a second.

No test here races the clock: a sweep that must show its bar is far longer
than anyone waits (minutes on any machine), and the test stops it, as a
person would with Ctrl-C, once the bar has shown."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios

import pytest

# Minutes of work: 10 000 trials at each of 3 N, 3 p and 2 schemes.
HUGE = "n=[2048, 4096, 8192], p=[0.1, 0.3, 0.5], schemes=['letcc', 'bacc'], trials=10000, threads=1"
TOTAL = 10000 * 3 * 3 * 2
BAR = re.compile(r"coded sweep:\s+\d+%\|.*\| *\d+/" + str(TOTAL) + r" \[")


class Terminal:
    """A script running in a terminal 80 columns wide, as a shell's is (a
    new pseudo-terminal has no size, and tqdm draws its bar to the width it
    finds): what it shows, and Ctrl-C."""

    def __init__(self, code: str):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave, close_fds=True
        )
        os.close(slave)
        self.shown = b""

    def read(self) -> bool:
        """Reads what the terminal shows next; False once the script is gone."""
        try:
            data = os.read(self.master, 4096)
        except OSError:  # the terminal's other end is closed: the script ended
            return False
        self.shown += data
        return bool(data)

    def text(self) -> str:
        return self.shown.decode("utf-8", errors="replace")

    def until(self, pattern: re.Pattern[str]) -> bool:
        while not pattern.search(self.text()):
            if not self.read():
                return False
        return True

    def finish(self) -> str:
        while self.read():
            pass
        os.close(self.master)
        assert self.proc.wait(timeout=600) == 0, self.text()
        return self.text()


def test_a_long_sweep_shows_a_bar_in_a_terminal_and_clears_it_on_ctrl_c():
    pytest.importorskip("tqdm")
    terminal = Terminal(
        "import coded\n"
        "try:\n"
        f"    coded.sweep({HUGE})\n"
        "except KeyboardInterrupt:\n"
        "    print('stopped')\n"
    )
    assert terminal.until(BAR), terminal.text()
    # Ctrl-C, as the terminal sends it.
    terminal.proc.send_signal(signal.SIGINT)
    shown = terminal.finish()
    # The bar was redrawn in place, and cleared: the script's own line is
    # what stays after it.
    tail = shown[shown.rfind("coded sweep:"):].replace("\r\n", "\n").split("\r")
    assert len(tail) == 3 and tail[1].strip() == "" and tail[2] == "stopped\n", repr(tail)


def test_a_quick_sweep_prints_nothing_in_a_terminal():
    pytest.importorskip("tqdm")
    shown = Terminal("import coded\ncoded.sweep(trials=20, n=[20, 40])\nprint('done')").finish()
    assert shown.replace("\r\n", "\n") == "done\n"


def test_a_long_sweep_shows_a_widget_in_jupyter():
    manager = pytest.importorskip("jupyter_client.manager")
    import ipywidgets  # noqa: F401  (the widget needs it: coded[progress])

    km, kc = manager.start_new_kernel(kernel_name="python3")
    try:
        msg_id = kc.execute(f"import coded\ncoded.sweep({HUGE})")
        widget = None
        while widget is None:
            msg = kc.get_iopub_msg(timeout=300)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            data = msg["content"].get("data", {})
            if msg["msg_type"] == "display_data" and "application/vnd.jupyter.widget-view+json" in data:
                widget = data
        assert BAR.search(widget["text/plain"]), widget
        km.interrupt_kernel()
        reply = kc.get_shell_msg(timeout=300)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = kc.get_shell_msg(timeout=300)
        assert reply["content"]["ename"] == "KeyboardInterrupt"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
