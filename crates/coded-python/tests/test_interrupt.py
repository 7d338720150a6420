"""Ctrl-C: a SIGINT sent while a sweep runs stops it and raises
KeyboardInterrupt; the interpreter goes on, and the next sweep runs."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import coded

# Far more work than the test waits for (minutes on any machine): the test
# sends the signal as soon as the sweep reports progress, so it races
# nothing; what it checks is that the sweep stops instead of finishing.
HUGE = dict(n=[2048, 4096, 8192], p=[0.1, 0.3, 0.5], schemes=["letcc", "bacc"], trials=10000)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_signal_stops_the_sweep(threads, tmp_path):
    sent, started, reports = [], [], []

    def interrupt():
        # As a terminal does: from outside, while the sweep's caller waits.
        time.sleep(0.3)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    def progress(done, total):
        reports.append((done, total))
        if done > 0 and not started:
            started.append(threading.Thread(target=interrupt, daemon=True))
            started[0].start()

    with pytest.raises(KeyboardInterrupt):
        coded.sweep(threads=threads, progress=progress, **HUGE)
    stopped = time.monotonic()
    done, total = reports[-1]
    assert sent and done < total
    # Measured, not asserted: how long the stop took after the signal.
    print(f"stopped {stopped - sent[0]:.3f} s after SIGINT at {done} of {total} trials")
    assert coded.sweep(n=[10, 20], trials=5, progress=False).csv


def test_a_signal_during_your_f_stops_it_too():
    calls = []

    def slow(x):
        calls.append(len(x))
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGINT)
        return x

    seen = []
    with pytest.raises(KeyboardInterrupt):
        coded.sweep(f=slow, progress=lambda done, total: seen.append((done, total)), **HUGE)
    # Stopped long before its trials were done (f ran in the sweep's own
    # threads: the signal was seen by the thread that called the sweep).
    assert not seen or seen[-1][0] < seen[-1][1]
    assert 2 <= len(calls) <= 1 + 2 * 3


def test_jupyters_interrupt_stops_the_sweep_and_the_kernel_goes_on():
    manager = pytest.importorskip("jupyter_client.manager")
    km, kc = manager.start_new_kernel(kernel_name="python3")
    try:
        # The cell says when its sweep has started; the test presses
        # "interrupt" then, as a person would on seeing the bar move.
        cell = (
            "import coded\n"
            "def started(done, total):\n"
            "    if done and not getattr(started, 'said', False):\n"
            "        started.said = True\n"
            "        print('started', flush=True)\n"
            f"coded.sweep(threads=1, progress=started, **{HUGE!r})\n"
        )
        msg_id = kc.execute(cell)
        while True:
            msg = kc.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream" and "started" in msg["content"]["text"]:
                break
        pressed = time.monotonic()
        km.interrupt_kernel()
        reply = kc.get_shell_msg(timeout=120)
        while reply["parent_header"].get("msg_id") != msg_id:
            reply = kc.get_shell_msg(timeout=120)
        print(f"the kernel answered {time.monotonic() - pressed:.3f} s after the interrupt")
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        # The kernel lives on, and sweeps again.
        reply = kc.execute_interactive("print(coded.sweep(n=[10, 20], trials=5, progress=False).csv.count('\\n'))", timeout=120)
        assert reply["content"]["status"] == "ok"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
