"""Offline extraction in several processes: a batch's sessions split between them.

Parsing is CPU-bound Python and C under the GIL, so threads do not help; processes
do. The calling process reads one share of the sessions, each worker process another.
Workers are started (with ``spawn``: no fork of a process that may hold threads)
the first time a batch is big enough, load the models once, and are kept for the
life of the process.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from tem.core.session import Session
from tem.extract.facts import ExtractedFact

MIN_TURNS = 200
"""Below this many turns a batch is read in the calling process alone."""

Reader = Callable[[Sequence[Session], Mapping[str, str]], list[list[ExtractedFact]]]
"""Reads sessions in one process: each session's facts, in order."""

_pool: ProcessPoolExecutor | None = None
_pool_size = 0


def auto_workers() -> int:
    """The processes worth using here: the CPUs this process may run on, at most 4."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, 4))


def shares(sessions: Sequence[Session], parts: int) -> list[list[Session]]:
    """Split ``sessions`` in order into at most ``parts`` runs of about equal turns."""
    total = sum(len(s.turns) for s in sessions)
    runs: list[list[Session]] = [[]]
    done = 0
    for session in sessions:
        if runs[-1] and done >= total * len(runs) / parts and len(runs) < parts:
            runs.append([])
        runs[-1].append(session)
        done += len(session.turns)
    return runs


def read_shared(
    sessions: Sequence[Session],
    names: Mapping[str, str],
    workers: int,
    read: Reader,
    remote: Reader,
) -> list[list[ExtractedFact]]:
    """Read ``sessions`` with ``read`` here and ``remote`` in up to ``workers - 1`` workers.

    ``remote`` must be a module-level function (it is sent to the workers by name).
    Small batches, or ``workers == 1``, are read here alone.
    """
    if workers <= 1 or sum(len(s.turns) for s in sessions) < MIN_TURNS:
        return read(sessions, names)
    runs = shares(sessions, workers)
    pool = _workers(workers - 1)
    futures: list[Future[list[list[ExtractedFact]]]] = [
        pool.submit(remote, run, dict(names)) for run in runs[1:]
    ]
    found = read(runs[0], names)
    for future in futures:
        found.extend(future.result())
    return found


def shutdown() -> None:
    """Stop the worker processes (the next big batch starts them again)."""
    global _pool, _pool_size
    if _pool is not None:
        _pool.shutdown()
    _pool, _pool_size = None, 0


def _workers(size: int) -> ProcessPoolExecutor:
    global _pool, _pool_size
    if _pool is None or _pool_size != size:
        if _pool is not None:
            _pool.shutdown()
        _pool = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"))
        _pool_size = size
    return _pool
