"""AsyncMemory: the Memory verbs as coroutines on a thread of the memory's own."""

from __future__ import annotations

import asyncio
import inspect
import threading
from pathlib import Path

import pytest

from tem import AsyncMemory, ManualClock, Memory, NotFound, UserError
from tem.async_memory import VERBS


def test_every_public_memory_verb_has_a_coroutine_twin() -> None:
    # lifecycle (aclose), a pure in-memory lookup, and a second Memory on the same store
    skip = {"close", "cardinality", "lexical"}
    public = {
        n for n in dir(Memory) if not n.startswith("_") and callable(getattr(Memory, n))
    } - skip
    assert public == set(VERBS)
    for name in VERBS:
        method = getattr(AsyncMemory, name)
        assert inspect.iscoroutinefunction(method), name
        assert method.__doc__ == getattr(Memory, name).__doc__


def test_verbs_give_the_same_answers_as_memory(tmp_path: Path, clock: ManualClock) -> None:
    async def run() -> None:
        async with AsyncMemory(tmp_path / "a.db", clock=clock, scope="ana") as mem:
            await mem.add("Ana", "lives in", "Lisbon", source="c1", observed_at="2024-01-05")
            await mem.add("Ana", "lives in", "Oslo", source="c2", observed_at="2024-06-01")
            history = await mem.history("Ana", "lives in")
            assert [(v.value, v.status.value) for v in history] == [
                ("Lisbon", "historical"),
                ("Oslo", "current"),
            ]
            assert [v.value for v in await mem.current("Ana", at="2024-02-01")] == ["Lisbon"]
            assert "[historical]" in await mem.context("Where does Ana live?")
            assert await mem.scopes() == ["ana"]
            assert await mem.subjects() == ["Ana"]
            report = await mem.add_messages(
                [{"role": "user", "name": "Ana", "content": "I moved to Porto."}]
            )
            assert report.sessions == 1
            with pytest.raises(NotFound):
                await mem.undo("nobody")

    asyncio.run(run())
    with Memory(tmp_path / "a.db", scope="ana") as again:
        assert [v.value for v in again.current("Ana", "lives in")] == ["Porto"]


def test_calls_run_off_the_event_loop_thread_in_await_order() -> None:
    seen: list[str] = []
    memory = Memory()
    real = memory.add_many  # Memory.add writes through it

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(threading.current_thread().name)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    memory.add_many = spy  # type: ignore[method-assign]

    async def run() -> list[str]:
        mem = AsyncMemory(memory=memory)
        await asyncio.gather(
            *(
                mem.add("Ana", "age", str(n), source=f"s{n}", observed_at=f"2024-01-0{n}")
                for n in range(1, 6)
            )
        )
        values = [v.value for v in await mem.history("Ana", "age")]
        await mem.aclose()
        return values

    assert asyncio.run(run()) == ["1", "2", "3", "4", "5"]
    assert seen and all(name.startswith("tem") for name in seen)
    assert threading.main_thread().name not in seen


def test_memory_or_options_not_both() -> None:
    with pytest.raises(UserError, match="not both"):
        AsyncMemory(memory=Memory(), scope="x")


def test_an_iterator_verb_is_read_out_on_the_memory_thread() -> None:
    async def run() -> None:
        async with AsyncMemory() as mem:
            await mem.add("Ana", "age", "30", source="s", observed_at="2024-01-01")
            found = await mem.observations()
            assert isinstance(found, list) and [o.value for o in found] == ["30"]
            assert await mem.ping() is None

    asyncio.run(run())


def test_sqlite_runs_one_call_at_a_time(tmp_path: Path) -> None:
    with Memory(tmp_path / "a.db") as memory:
        assert memory.store.concurrency == 1


@pytest.mark.slow
def test_postgres_calls_gathered_at_once_run_at_once(
    postgres_url: str, postgres_schema: str
) -> None:
    from tem.store.postgres import PostgresStore

    store = PostgresStore(postgres_url, schema=postgres_schema, max_connections=4)
    assert store.concurrency == 4
    memory = Memory(store=store, scope="ana")
    inside = threading.Barrier(4, timeout=10)  # breaks unless four calls are in at once
    real = memory.recall  # Memory.context reads through it

    def spy(*args: object, **kwargs: object) -> object:
        inside.wait()
        return real(*args, **kwargs)  # type: ignore[arg-type]

    memory.recall = spy  # type: ignore[method-assign]

    async def run() -> list[str]:
        async with AsyncMemory(memory=memory) as mem:
            await mem.add("Ana", "lives in", "Oslo", source="c1", observed_at="2024-06-01")
            return await asyncio.gather(*(mem.context("Where does Ana live?") for _ in range(4)))

    assert all("Oslo" in prompt for prompt in asyncio.run(run()))
