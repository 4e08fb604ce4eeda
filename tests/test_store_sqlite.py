"""The SQLite store: atomic writes, migrations, no residue, several writer processes."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tem import Memory
from tem.core.model import Cardinality, GroupKey, Observation, Status, Support, Version
from tem.core.status import derive
from tem.core.times import to_text
from tem.memory import Fact
from tem.store.rows import sources_json
from tem.store.sqlite import SQLiteStore
from tem.store.sqlite_schema import MIGRATIONS


def test_a_failing_write_leaves_the_store_as_it_was(memory: Memory) -> None:
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
    before = memory.store.count()

    def exploding(
        group: GroupKey, observations: Sequence[Observation], declared: Cardinality | None
    ) -> list[Version]:
        if len(observations) > 1:
            raise RuntimeError("crash mid-ingest")
        return derive(observations, "one")

    obs = memory._from_fact  # build observations the normal way
    batch = [
        obs(Fact("Bo", "lives in", "Rome", "s", "2024-01-01"), memory.clock.now()),
        obs(Fact("Ana", "lives in", "Oslo", "s", "2024-02-01"), memory.clock.now()),
    ]
    with pytest.raises(RuntimeError, match="crash"):
        memory.store.write(batch, exploding)
    assert memory.store.count() == before
    assert [v.value for v in memory.current("Ana")] == ["Lisbon"]


def test_migrations_run_once_and_record_the_version(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    SQLiteStore(path).close()
    SQLiteStore(path).close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def _fts_terms(store: SQLiteStore) -> set[str]:
    conn = store._conn
    terms: set[str] = set()
    for table in ("versions_fts", "subjects_fts"):
        vocab = f"temp.{table}_vocab"
        conn.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS {vocab} USING fts5vocab(main, '{table}', 'row')"
        )
        terms |= {r[0] for r in conn.execute(f"SELECT term FROM {vocab}")}
    # The per-scope statistics of ranking name the stems too.
    terms |= {r[0] for r in conn.execute("SELECT term FROM fts_terms")}
    return terms


def test_forget_leaves_no_residue_in_rows_or_index(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "m.db")
    memory = Memory(store=store)
    memory.add("Zanzibarian", "lives in", "Quuxville", source="s", observed_at="2024-01-01")
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
    assert {"zanzibarian", "quuxvil"} <= _fts_terms(store)
    memory.forget(subject="Zanzibarian")
    terms = _fts_terms(store)
    assert not any(t.startswith(("zanzibar", "quux")) for t in terms)
    for table in ("observations", "versions", "subjects"):
        rows = store._conn.execute(f"SELECT * FROM {table}").fetchall()
        assert not any("Zanzibarian" in map(str, tuple(r)) for r in rows)
    store.close()


def _writer(path: str, worker: int, count: int) -> None:
    memory = Memory(path)
    for i in range(count):
        # Every worker writes into the same few groups, interleaved in time.
        memory.add(
            f"person {i % 3}",
            "lives in",
            f"city {worker}-{i}",
            source=f"w{worker}",
            observed_at=f"2024-01-{1 + i % 28:02d}T{worker:02d}:00:00",
        )
    memory.close()


@pytest.mark.slow
def test_several_writer_processes_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    Memory(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(path, w, 30)) for w in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(timeout=120)
        assert process.exitcode == 0
    memory = Memory(path)
    assert memory.store.count()["observations"] == 4 * 30
    for person in range(3):
        stored = memory.history(f"person {person}")
        replayed = derive(memory.store.observations("default", f"person {person}"), "one")
        assert [(v.id, v.status, v.valid_to) for v in stored] == [
            (v.id, v.status, v.valid_to) for v in replayed
        ]
        assert sum(v.status is Status.CURRENT for v in stored) == 1
    memory.close()


@given(st.lists(st.tuples(st.text(), st.text(), st.datetimes(timezones=st.just(UTC))), max_size=3))
def test_sources_json_is_what_json_dumps_writes(
    sources: list[tuple[str, str, datetime]],
) -> None:
    supports = [Support(oid, source, when, when) for oid, source, when in sources]
    expected = [
        [s.observation_id, s.source, to_text(s.observed_at), to_text(s.recorded_at)]
        for s in supports
    ]
    assert sources_json(supports) == json.dumps(expected)
