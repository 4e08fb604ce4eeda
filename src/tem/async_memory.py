"""``AsyncMemory``: the :class:`~tem.Memory` verbs as coroutines, for asyncio programs.

The core stays sync (one set of rules, one code path): each verb runs the same
``Memory`` method on worker threads of this memory's own, so an event loop never
blocks on SQLite, PostgreSQL or the offline extractor. There are as many threads as
the store can serve at once (``Store.concurrency``): one for SQLite, whose one
connection sits behind a lock, so its calls run in the order they were made; for
PostgreSQL one per connection of the store's pool (``max_connections``, 8 by
default), so calls gathered at once run at once, each write in its own transaction
(the final state never depends on the order writes land in). Calls awaited one after
another run in that order on every store. PostgreSQL goes through these threads, not
psycopg's async driver: the store's SQL then exists once, and concurrency comes from
the pool (``benchmarks/bench_async.py`` measures it).

    >>> import asyncio
    >>> from tem import AsyncMemory
    >>> async def main() -> list[str]:
    ...     async with AsyncMemory() as mem:
    ...         await mem.add("Ana", "lives in", "Oslo", source="chat", observed_at="2024-06-01")
    ...         return [v.value for v in await mem.current("Ana")]
    >>> asyncio.run(main())
    ['Oslo']
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from tem.memory import Memory

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


def _threaded(
    method: Callable[Concatenate[Memory, P], R],
) -> Callable[Concatenate[AsyncMemory, P], Coroutine[Any, Any, R]]:
    """Wrap one ``Memory`` method as a coroutine that runs it on the memory's thread."""

    async def run(self: AsyncMemory, /, *args: P.args, **kwargs: P.kwargs) -> R:
        call = functools.partial(method, self.memory, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._executor, call)

    run.__name__ = run.__qualname__ = method.__name__
    run.__doc__ = method.__doc__
    return run


def _collected(
    method: Callable[Concatenate[Memory, P], Iterator[T]],
) -> Callable[Concatenate[AsyncMemory, P], Coroutine[Any, Any, list[T]]]:
    """Wrap a ``Memory`` method that returns an iterator: it is read out on the memory's
    thread too, so the event loop never reads from the store."""

    def collect(memory: Memory, /, *args: P.args, **kwargs: P.kwargs) -> list[T]:
        return list(method(memory, *args, **kwargs))

    collect.__name__ = method.__name__
    collect.__doc__ = method.__doc__
    return _threaded(collect)


class AsyncMemory:
    """The :class:`~tem.Memory` verbs as coroutines; same arguments, same results.

    ``AsyncMemory(path, scope=..., ...)`` opens a ``Memory`` with the same
    arguments; ``AsyncMemory(memory=mem)`` wraps one you already have (closing this
    closes it). Use ``async with`` or ``await mem.aclose()``.
    """

    def __init__(
        self, path: str | Path | None = None, *, memory: Memory | None = None, **options: Any
    ) -> None:
        if memory is not None and (path is not None or options):
            from tem.errors import UserError

            raise UserError("give either memory= or the arguments to open one, not both")
        self.memory = memory if memory is not None else Memory(path, **options)
        self._executor = ThreadPoolExecutor(
            max_workers=max(1, self.memory.store.concurrency), thread_name_prefix="tem"
        )

    @property
    def scope(self) -> str:
        """The scope reads and writes use when they name none."""
        return self.memory.scope

    async def aclose(self) -> None:
        """Close the store once every call made before has finished."""
        await asyncio.get_running_loop().run_in_executor(None, self._close)

    def _close(self) -> None:
        try:
            self._executor.shutdown(wait=True)
        finally:
            self.memory.close()

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    declare = _threaded(Memory.declare)
    add = _threaded(Memory.add)
    add_many = _threaded(Memory.add_many)
    retract = _threaded(Memory.retract)
    undo = _threaded(Memory.undo)
    forget = _threaded(Memory.forget)
    declared = _threaded(Memory.declared)
    scopes = _threaded(Memory.scopes)
    subjects = _threaded(Memory.subjects)
    history = _threaded(Memory.history)
    current = _threaded(Memory.current)
    versions = _threaded(Memory.versions)
    group_versions = _threaded(Memory.group_versions)
    observations = _collected(Memory.observations)
    ping = _threaded(Memory.ping)
    recall = _threaded(Memory.recall)
    ingest = _threaded(Memory.ingest)
    add_messages = _threaded(Memory.add_messages)
    forget_session = _threaded(Memory.forget_session)
    sessions = _threaded(Memory.sessions)
    turns = _threaded(Memory.turns)
    provenance = _threaded(Memory.provenance)
    dated_events = _threaded(Memory.dated_events)
    context = _threaded(Memory.context)
    hybrid = _threaded(Memory.hybrid)
    write = _threaded(Memory.write)
    write_session = _threaded(Memory.write_session)


VERBS = (
    "declare",
    "add",
    "add_many",
    "retract",
    "undo",
    "forget",
    "declared",
    "scopes",
    "subjects",
    "history",
    "current",
    "versions",
    "group_versions",
    "observations",
    "ping",
    "recall",
    "ingest",
    "add_messages",
    "forget_session",
    "sessions",
    "turns",
    "provenance",
    "dated_events",
    "context",
    "hybrid",
    "write",
    "write_session",
)
"""The verbs AsyncMemory mirrors (a test checks that every public Memory verb is here)."""

__all__ = ["AsyncMemory"]
