"""A fair queue for the writers of one SQLite file, across processes, with a bounded wait.

SQLite's busy handler polls: a writer that finds the file locked sleeps (up to
100 ms a try) while the holder commits and takes the lock again at once, so under
load one process got 14 writes in 6 s and another 362. Here each write first takes
an exclusive ``flock`` on a companion file (``<db>-writer``): a waiting process
sleeps in the kernel and is woken the moment the lock is released, before the
releaser has its next write ready. The wait is bounded by the store's timeout:
past it the write fails with "store is busy" instead of waiting on.

The companion file is a separate file because closing any descriptor of the
database file would drop SQLite's own POSIX locks. Where ``fcntl`` is missing
(Windows) writers fall back to SQLite's busy handler alone.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import TracebackType

from tem.errors import StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class WriterQueue:
    """An exclusive lock on ``<path>-writer`` for one write at a time, waited for in order.

    ``path=None`` (an in-memory store, one connection) needs no queue: a no-op.
    Re-entrant; the store calls it under its own thread lock.
    """

    def __init__(self, path: Path | None, timeout: float) -> None:
        self.timeout = timeout
        self._fd: int | None = None
        self._depth = 0
        if fcntl is not None and path is not None:
            self._fd = os.open(f"{path}-writer", os.O_RDWR | os.O_CREAT, 0o644)

    def __enter__(self) -> WriterQueue:
        self._depth += 1
        if self._fd is None or self._depth > 1:
            return self
        try:  # uncontended: no thread, no wait
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return self
        except BlockingIOError:
            pass
        if not _wait(self._fd, self.timeout):
            self._depth -= 1
            raise StoreError(f"store is busy: no turn to write within {self.timeout:g} s")
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._depth -= 1
        if self._fd is not None and self._depth == 0:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _wait(fd: int, timeout: float) -> bool:
    """Block in ``flock`` on a helper thread for at most ``timeout`` seconds.

    A blocking ``flock`` cannot time out, so a helper thread blocks in it; if the
    caller gives up first, the helper releases the lock as soon as it gets it.
    """
    got = threading.Event()
    gave_up = threading.Event()
    guard = threading.Lock()

    def block() -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with guard:
            if gave_up.is_set():
                fcntl.flock(fd, fcntl.LOCK_UN)
            else:
                got.set()

    threading.Thread(target=block, name="tem-writer-wait", daemon=True).start()
    if got.wait(timeout):
        return True
    with guard:
        gave_up.set()
        return got.is_set()


__all__ = ["WriterQueue"]
