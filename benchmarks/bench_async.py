"""AsyncMemory under concurrent load: how many reads per second when calls are gathered.

``AsyncMemory`` runs the sync core on threads of its own, as many as the store can
serve at once (``Store.concurrency``): one for SQLite, the pool's connections for
PostgreSQL. This prints, per store, the throughput and per-call latency of
``--calls`` ``context`` questions made ``--at-once`` at a time with ``asyncio.gather``,
next to the same store limited to one connection (one thread: every call waits for
the one before), measured in the same run on the same data (``bench_store``'s
generator, ``--versions`` versions in one scope).

    .venv/bin/python benchmarks/bench_async.py --versions 20000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import BATCH, facts_of, generate, percentiles, questions  # noqa: E402

from tem import AsyncMemory, Memory  # noqa: E402
from tem.store.base import Store  # noqa: E402
from tem.store.postgres import PostgresStore  # noqa: E402
from tem.store.sqlite import SQLiteStore  # noqa: E402

DEFAULT_URL = os.environ.get("TEM_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


def fill(store: Store, versions: int, seed: int) -> None:
    """Write the generator's data into ``store`` through tem's own write path."""
    with Memory(store=store) as memory:
        batch = []
        for _, group in generate(seed, versions):
            batch += facts_of(group)
            if len(batch) >= BATCH:
                memory.add_many(batch)
                batch = []
        if batch:
            memory.add_many(batch)


async def load(store: Store, asked: list[str], at_once: int) -> tuple[float, list[float]]:
    """Seconds for all of ``asked``, ``at_once`` gathered at a time, and each call's."""
    latencies: list[float] = []

    async def one(mem: AsyncMemory, question: str) -> None:
        start = time.perf_counter()
        await mem.context(question)
        latencies.append(time.perf_counter() - start)

    async with AsyncMemory(memory=Memory(store=store)) as mem:
        for question in asked[:at_once]:  # warm up: lazy imports, the pool's connections
            await mem.context(question)
        latencies.clear()
        started = time.perf_counter()
        for start in range(0, len(asked), at_once):
            await asyncio.gather(*(one(mem, q) for q in asked[start : start + at_once]))
        return time.perf_counter() - started, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", type=int, default=20_000)
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--at-once", type=int, default=16)
    parser.add_argument("--connections", type=int, default=8, help="PostgreSQL pool size")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--url", default=DEFAULT_URL)
    args = parser.parse_args()
    asked = [q.text for q in questions(args.seed, args.versions // 20, args.calls)][: args.calls]
    schema = f"bench_async_{uuid.uuid4().hex[:8]}"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        fill(SQLiteStore(Path(tmp) / "tem.db"), args.versions, args.seed)
        fill(PostgresStore(args.url, schema=schema), args.versions, args.seed)
        setups = [
            ("SQLite", lambda n: SQLiteStore(Path(tmp) / "tem.db")),
            ("PostgreSQL", lambda n: PostgresStore(args.url, schema=schema, max_connections=n)),
        ]
        try:
            for name, open_store in setups:
                for connections in (1, args.connections):
                    store = open_store(connections)
                    threads = store.concurrency
                    seconds, latencies = asyncio.run(load(store, asked, args.at_once))
                    rows.append((name, connections, threads, seconds, percentiles(latencies)))
                    if name == "SQLite":
                        break  # one connection whatever is asked
        finally:
            import psycopg

            with psycopg.connect(args.url, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    print(
        f"{args.calls} context questions, {args.at_once} gathered at a time, "
        f"{args.versions:,} versions in one scope, {os.cpu_count()} cores"
    )
    print("| store | connections | threads | calls/s | p50 ms | p99 ms | × one thread |")
    print("|---|---|---|---|---|---|---|")
    single: dict[str, float] = {}
    for name, connections, threads, seconds, lat in rows:
        rate = len(asked) / seconds
        single.setdefault(name, rate)
        print(
            f"| {name} | {connections} | {threads} | {rate:.0f} | {lat['p50_ms']:.1f} "
            f"| {lat['p99_ms']:.1f} | {rate / single[name]:.2f} |"
        )


if __name__ == "__main__":
    main()
