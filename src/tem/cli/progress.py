"""Progress on standard error: a bar with a total, and a spinner until the first step is done.

The first step of a run is often the slowest and says nothing (spaCy loading, the
first LLM answer): a bar at 0 for fifteen seconds looks hung. So until the first
update a spinner turns next to a message saying what is being waited for.
"""

from __future__ import annotations

import itertools
import sys
import threading
from types import TracebackType
from typing import TextIO

from tqdm import tqdm

FRAMES = "|/-\\"


class SpinningBar:
    """A tqdm bar over ``total`` items that spins next to ``waiting`` until the first update.

    Use as a context manager and pass :meth:`update` as the progress callback. Like
    tqdm, it is silent when ``file`` is not a terminal (``disable=None``); then no
    spinner thread is started either.
    """

    def __init__(
        self,
        total: int,
        waiting: str,
        *,
        unit: str = "session",
        desc: str = "ingest",
        file: TextIO | None = None,
        disable: bool | None = None,
        interval_s: float = 0.1,
    ) -> None:
        self.bar = tqdm(total=total, unit=unit, desc=desc, disable=disable, file=file or sys.stderr)
        self.waiting = waiting
        self.interval_s = interval_s
        self._started = threading.Event()
        self._spinner = threading.Thread(target=self._spin, name="tem-spinner", daemon=True)

    def __enter__(self) -> SpinningBar:
        if not self.bar.disable:
            self._spinner.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop_spinning()
        self.bar.close()

    def update(self, done: int) -> None:
        """Count ``done`` more items; the first call stops the spinner."""
        self._stop_spinning()
        self.bar.update(done)

    def _stop_spinning(self) -> None:
        if self._started.is_set():
            return
        self._started.set()
        if self._spinner.is_alive():
            self._spinner.join()
            self.bar.set_postfix_str("")  # redrawn now: tqdm may wait before drawing an update

    def _spin(self) -> None:
        for frame in itertools.cycle(FRAMES):
            self.bar.set_postfix_str(f"{frame} {self.waiting}")
            if self._started.wait(self.interval_s):
                return
