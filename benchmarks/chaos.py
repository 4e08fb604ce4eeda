"""Chaos checks on both stores: kill -9 during ingestion, and concurrent writer processes.

Run ``python benchmarks/chaos.py`` (``--help`` for the knobs). For each store (a
SQLite file in a temp dir; PostgreSQL in a throwaway schema on ``--postgres``, the
test server by default, skipped when none answers):

* **kill -9 ingestion**: ``tem ingest`` of the first ``--conversations`` LoCoMo
  conversations is killed with SIGKILL at a random moment after it stored a
  session, ``--kills`` times in a row, then run to the end. After every run:
  SQLite's ``integrity_check``, no session stored without all its turns, and every
  ``one`` group with exactly one current version (or none, when ended). Sessions
  stored after each run show that a rerun resumes instead of starting over.
* **writers**: ``--writers`` processes add conflicting facts to ``--groups`` shared
  groups for ``--seconds``; each records the writes the store acknowledged. Then:
  acknowledged writes missing from the store (lost), groups with a current count
  other than 1, writes per process (fairness) and the longest a write waited.

It prints one JSON line per store and check, and exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tem import Memory, Status
from tem.ingest.formats import load_sessions

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"
POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
BASE = datetime(2024, 1, 1, tzinfo=UTC)


def bad_groups(memory: Memory) -> int:
    """``one`` groups whose current count is not 1 (0 is right only when the group ended)."""
    bad = 0
    for scope in memory.scopes():
        groups: dict[Any, list[Any]] = {}
        for version in memory.store.versions(scope):
            groups.setdefault(version.group, []).append(version)
        for versions in groups.values():
            if memory.cardinality(versions[0].relation) != "one":
                continue
            current = sum(v.status is Status.CURRENT for v in versions)
            ended = any(v.status is Status.ENDED for v in versions)
            bad += current > 1 or (current == 0 and not ended)
    return bad


def integrity(target: str) -> str:
    if target.startswith("postgresql"):
        return "n/a"
    import sqlite3

    with sqlite3.connect(target) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def partial_sessions(memory: Memory, expected: dict[tuple[str, str], int]) -> int:
    """Stored sessions that lack some of their turns."""
    partial = 0
    for scope in memory.scopes():
        for event in memory.sessions(scope=scope):
            stored = len(memory.turns(event.session_id, scope=scope))
            partial += stored != expected.get((scope, event.session_id), -1)
    return partial


def stored_sessions(target: str) -> int:
    with Memory(target) as memory:
        return sum(len(memory.sessions(scope=s)) for s in memory.scopes())


def ingestion_check(target: str, source: Path, kills: int, rng: random.Random) -> dict[str, Any]:
    """Kill ``tem ingest`` ``kills`` times, then let it finish; check after every run."""
    expected = {
        (s.scope or "default", s.id): len(s.turns) for s in load_sessions(source, format="auto")
    }
    command = [sys.executable, "-m", "tem", "--db", target, "ingest", str(source)]
    progress: list[int] = []
    problems = Counter[str]()
    for attempt in range(kills + 1):
        run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if attempt < kills:  # once this run has stored something, at a random moment
            before = progress[-1] if progress else 0
            while stored_sessions(target) <= before and run.poll() is None:
                time.sleep(0.1)
            time.sleep(rng.uniform(0.0, 0.5))
            run.send_signal(signal.SIGKILL)
        code = run.wait(timeout=600)
        with Memory(target) as memory:
            progress.append(stored_sessions(target))
            problems["partial sessions"] += partial_sessions(memory, expected)
            problems["groups != 1 current"] += bad_groups(memory)
        problems["integrity not ok"] += integrity(target) not in ("ok", "n/a")
        if attempt == kills and code != 0:
            problems["final run failed"] += 1
    problems["sessions missing at the end"] += len(expected) - progress[-1]
    return {"sessions": len(expected), "stored after each run": progress, **problems}


def _writer(target: str, number: int, seconds: float, groups: int, out: Any) -> None:
    """One writer process: add until the deadline; report acknowledged values and waits."""
    from tem.errors import StoreError

    rng = random.Random(number)
    acked, waits, errors = [], [], 0
    with Memory(target) as memory:
        deadline = time.monotonic() + seconds
        i = 0
        while time.monotonic() < deadline:
            i += 1
            value = f"w{number}-{i}"
            started = time.perf_counter()
            try:
                memory.add(
                    f"P{rng.randrange(groups)}",
                    "lives in",
                    value,
                    source=f"writer {number}",
                    observed_at=BASE + timedelta(seconds=i, microseconds=number),
                )
            except StoreError:
                errors += 1
                continue
            waits.append(time.perf_counter() - started)
            acked.append(value)
    out.put((number, acked, waits, errors))


def writers_check(target: str, writers: int, seconds: float, groups: int) -> dict[str, Any]:
    """Run ``writers`` processes at once on ``target``; count lost writes and bad groups."""
    Memory(target).close()  # create (migrate) the store before the writers race to
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    processes = [
        context.Process(target=_writer, args=(target, n, seconds, groups, out))
        for n in range(writers)
    ]
    for process in processes:
        process.start()
    results = [out.get(timeout=seconds + 120) for _ in processes]
    for process in processes:
        process.join()
    acked = {value for _, values, _, _ in results for value in values}
    waits = sorted(w for _, _, ws, _ in results for w in ws)
    per_process = [len(values) for _, values, _, _ in sorted(results, key=lambda r: r[0])]
    with Memory(target) as memory:
        stored = {o.value for o in memory.store.all_observations()}
        bad = bad_groups(memory)
    return {
        "acknowledged": len(acked),
        "lost": len(acked - stored),
        "groups != 1 current": bad,
        "errors": sum(r[3] for r in results),
        "writes per process": per_process,
        "wait p50 / p99 / max (ms)": [
            round(1000 * statistics.median(waits), 1),
            round(1000 * waits[int(0.99 * (len(waits) - 1))], 1),
            round(1000 * waits[-1], 1),
        ],
    }


def subset(conversations: int, folder: Path) -> Path:
    """The first conversations of LoCoMo, as a temporary LoCoMo file."""
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))[:conversations]
    path = folder / "locomo-subset.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def postgres_target(url: str) -> tuple[str, str] | None:
    try:
        import psycopg

        psycopg.connect(url, connect_timeout=3).close()
    except Exception as exc:  # noqa: BLE001 - any failure means: skip PostgreSQL
        print(f"PostgreSQL skipped: {exc}", file=sys.stderr)
        return None
    schema = f"chaos_{uuid.uuid4().hex[:10]}"
    return f"{url}{'&' if '?' in url else '?'}schema={schema}", schema


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--postgres", default=os.environ.get("TEM_TEST_DATABASE_URL", POSTGRES))
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--conversations", type=int, default=3)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--groups", type=int, default=8)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        source = subset(args.conversations, Path(folder))
        for store in args.stores.split(","):
            for check in ("ingestion", "writers"):
                target = str(Path(folder) / f"{check}.db")
                pg = postgres_target(args.postgres) if store == "postgres" else None
                if store == "postgres" and pg is None:
                    continue
                target = pg[0] if pg else target
                try:
                    result = (
                        ingestion_check(target, source, args.kills, rng)
                        if check == "ingestion"
                        else writers_check(target, args.writers, args.seconds, args.groups)
                    )
                finally:
                    if pg:
                        drop_schema(args.postgres, pg[1])
                print(f"{store:8} {check:9} {json.dumps(result)}", flush=True)
                failed = failed or any(result.get(k) for k in result if k in FAILURES)
    return 1 if failed else 0


FAILURES = {
    "lost",
    "groups != 1 current",
    "partial sessions",
    "integrity not ok",
    "final run failed",
    "sessions missing at the end",
}


if __name__ == "__main__":
    sys.exit(main())
