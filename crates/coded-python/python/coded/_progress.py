"""The progress bar of a sweep: tqdm's (``tqdm.auto``: a widget in Jupyter,
text in a terminal) when it is installed, else nothing; or your own
callable, called with (trials done, trials in all)."""

from __future__ import annotations

from typing import Callable, Optional, Union

Progress = Union[None, bool, Callable[[int, int], object]]


class _Bar:
    """A tqdm bar fed with running totals; shown only after a second, so
    quick sweeps print nothing."""

    def __init__(self, desc: str):
        from tqdm.auto import tqdm

        self._bar = tqdm(total=0, desc=desc, unit="trial", delay=1.0, leave=False)

    def __call__(self, done: int, total: int) -> None:
        # Setting the total draws nothing: the bar shows only once its
        # delay has passed, at an update.
        self._bar.total = total
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        self._bar.close()


def reporter(progress: Progress, desc: str) -> tuple[Optional[Callable[[int, int], object]], Callable[[], None]]:
    """The callable the sweep reports to, and what to call when it ends."""
    if progress is False:
        return None, lambda: None
    if progress is not None and progress is not True:
        if not callable(progress):
            raise TypeError(
                f"progress: True, False or a callable of (trials done, trials in all), got {type(progress).__name__}"
            )
        return progress, lambda: None
    try:
        bar = _Bar(desc)
    except ImportError:
        if progress is True:
            raise ImportError(
                "progress=True needs tqdm (pip install tqdm, or the extra coded[progress])"
            ) from None
        return None, lambda: None
    return bar, bar.close
