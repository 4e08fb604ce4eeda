"""The PostgreSQL store: migrations, no residue, several writer processes, rollback, opening.

The backend-neutral behaviour runs through the ``store`` fixture's "postgres" param
(every test using ``store`` or ``memory``); this file tests what only PostgreSQL has.
Every test skips when no server answers (see tests/conftest.py).
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import secrets
import sys
import threading
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from click.testing import CliRunner

from tem import Memory, UserError
from tem.cli import cli
from tem.core.model import Cardinality, GroupKey, Observation, Status, Version
from tem.core.session import Session, Turn
from tem.core.status import derive
from tem.errors import StoreError
from tem.memory import Fact
from tem.store.base import WriteReport
from tem.store.open import open_store, split_options
from tem.store.postgres import PostgresStore, connect_options
from tem.store.postgres_schema import MIGRATIONS
from tem.store.postgres_search import ColumnStats, plan, widened
from tem.store.postgres_writes import Transaction

pytestmark = pytest.mark.slow  # a server: `make test` and CI, not the quick loop
psycopg = pytest.importorskip("psycopg")


def schema_url(url: str, schema: str) -> str:
    """``url`` naming ``schema`` the way users do: tem's ``?schema=`` parameter."""
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


@pytest.fixture
def pg(postgres_url: str, postgres_schema: str) -> Iterator[PostgresStore]:
    store = PostgresStore(postgres_url, schema=postgres_schema)
    yield store
    store.close()


def rows(url: str, schema: str, sql: str) -> list[tuple[object, ...]]:
    """Run ``sql`` on a connection of its own, in ``schema``."""
    with psycopg.connect(url, options=f"-c search_path={schema}") as conn:
        return conn.execute(sql).fetchall()


def tables(url: str, schema: str) -> list[str]:
    found = rows(
        url,
        schema,
        "SELECT table_name FROM information_schema.tables "
        f"WHERE table_schema = '{schema}' ORDER BY 1",
    )
    return [str(r[0]) for r in found]


# -- migrations ------------------------------------------------------------------------


def test_migrations_run_once_and_record_each_version(
    postgres_url: str, postgres_schema: str
) -> None:
    PostgresStore(postgres_url, schema=postgres_schema).close()
    PostgresStore(postgres_url, schema=postgres_schema).close()
    versions = rows(postgres_url, postgres_schema, "SELECT version FROM schema_version ORDER BY 1")
    assert versions == [(n,) for n in range(1, len(MIGRATIONS) + 1)]
    assert {"observations", "versions", "subjects", "sessions", "turns", "vectors"} <= set(
        tables(postgres_url, postgres_schema)
    )


def test_scope_keys_migrate_a_store_that_has_sessions_and_vectors(
    postgres_url: str, postgres_schema: str
) -> None:
    """m005 (scope first in every key) keeps the rows written under m004's keys."""
    from tem.embed.testing import HashEmbedder

    with psycopg.connect(
        postgres_url, autocommit=True, options=f"-c search_path={postgres_schema}"
    ) as conn:
        conn.execute(f"CREATE SCHEMA {postgres_schema}")
        with conn.transaction():
            conn.execute("CREATE TABLE schema_version (version integer PRIMARY KEY)")
            for number, step in enumerate(MIGRATIONS[:4], start=1):
                step(conn)
                conn.execute("INSERT INTO schema_version VALUES (%s)", (number,))
        seq = conn.execute(
            "INSERT INTO sessions (scope, id, observed_at, participants, summary) "
            "VALUES ('default', 'chat', '2024-01-01T00:00:00.000000Z', '[]', 'a chat') "
            "RETURNING seq"
        ).fetchone()
        assert seq is not None
        conn.execute(
            "INSERT INTO turns (session_seq, idx, speaker, text) VALUES (%s, 0, 'Ana', 'hi')",
            (seq[0],),
        )
    store = PostgresStore(postgres_url, schema=postgres_schema)
    assert [t.text for t in store.session_turns("default", "chat")] == ["hi"]
    memory = Memory(store=store, embedder=HashEmbedder())
    memory.add("Ana", "lives in", "Oslo", source="s", observed_at="2024-01-01")
    memory.forget(scope="default")  # the turns go with their session (the new foreign key)
    assert store.count() == dict.fromkeys(
        ("observations", "versions", "subjects", "sessions", "turns", "vectors"), 0
    )
    keys = rows(
        postgres_url,
        postgres_schema,
        "SELECT c.conrelid::regclass::text, a.attname FROM pg_constraint c "
        "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] "
        "WHERE c.contype IN ('p', 'u', 'f') AND c.connamespace = "
        f"'{postgres_schema}'::regnamespace",
    )
    whole = ("relations", "commits", "schema_version")  # no scope: never split
    first = {(table, column) for table, column in keys if table not in whole}
    assert {column for _, column in first} == {"scope"} and len(first) == 6
    store.close()


def test_stores_opening_a_fresh_schema_at_once_migrate_it_once(
    postgres_url: str, postgres_schema: str
) -> None:
    errors: list[BaseException] = []

    def open_close() -> None:
        try:
            PostgresStore(postgres_url, schema=postgres_schema).close()
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=open_close) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    versions = rows(postgres_url, postgres_schema, "SELECT version FROM schema_version ORDER BY 1")
    assert versions == [(n,) for n in range(1, len(MIGRATIONS) + 1)]


def test_a_schema_newer_than_this_tem_is_refused(postgres_url: str, postgres_schema: str) -> None:
    PostgresStore(postgres_url, schema=postgres_schema).close()
    with psycopg.connect(postgres_url, options=f"-c search_path={postgres_schema}") as conn:
        conn.execute("INSERT INTO schema_version (version) VALUES (99)")
    with pytest.raises(StoreError, match="newer than this tem"):
        PostgresStore(postgres_url, schema=postgres_schema)


# -- no residue ------------------------------------------------------------------------


def test_forget_leaves_no_residue_in_any_table_or_text_index(
    pg: PostgresStore, postgres_url: str, postgres_schema: str
) -> None:
    from tem.embed.testing import HashEmbedder

    memory = Memory(store=pg, embedder=HashEmbedder())
    memory.add("Zanzibarian", "lives in", "Quuxville", source="s", observed_at="2024-01-01")
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
    said = Fact("Ana", "works at", "Quuxcorp", "quux chat", "2024-01-02")
    session = Session(
        "quux chat", datetime(2024, 1, 2, tzinfo=UTC), (Turn("Ana", "I joined Quuxcorp.", 0),)
    )
    pg.write_session(
        session,
        "default",
        "Ana's new job at Quuxcorp",
        [memory._from_fact(said, memory.clock.now())],
        memory._derive,
    )

    def residue() -> set[str]:
        """Tables with a row whose text (tsvector lexemes included) mentions the secrets."""
        found = set()
        for table in tables(postgres_url, postgres_schema):
            text = rows(postgres_url, postgres_schema, f"SELECT t::text FROM {table} t")
            if any("zanzibar" in str(r[0]).lower() or "quux" in str(r[0]) for r in text):
                found.add(table)
        return found

    assert residue() == {"observations", "versions", "subjects", "sessions", "turns"}
    memory.forget(subject="Zanzibarian")
    memory.forget(source="quux chat")  # the session with that id goes too
    assert residue() == set()
    orphans = (
        "SELECT count(*) FROM vectors WHERE observation_id NOT IN (SELECT id FROM observations)"
    )
    assert rows(postgres_url, postgres_schema, orphans) == [(0,)]
    assert pg.count()["vectors"] == 1
    assert [v.value for v in memory.current("Ana")] == ["Lisbon"]
    memory.forget(scope="default")
    counts = {
        table: rows(postgres_url, postgres_schema, f"SELECT count(*) FROM {table}")[0][0]
        for table in tables(postgres_url, postgres_schema)
    }
    # Only the bookkeeping stays: migrations applied, the commit counter's shards, and
    # the numbers of the vectors that went (for semantic indexes to mask them).
    assert {t for t, n in counts.items() if n} == {"schema_version", "commits", "vectors_gone"}
    types = rows(
        postgres_url,
        postgres_schema,
        "SELECT DISTINCT data_type FROM information_schema.columns "
        f"WHERE table_schema = '{postgres_schema}' AND table_name = 'vectors_gone'",
    )
    assert {t[0] for t in types} == {"bigint", "xid8"}


# -- concurrency -----------------------------------------------------------------------


def _writer(url: str, worker: int, count: int) -> None:
    memory = Memory(url)
    for i in range(count):
        # Every worker writes into the same few groups, interleaved in time.
        memory.add(
            f"person {i % 3}",
            "lives in",
            f"city {worker}-{i}",
            source=f"w{worker}",
            observed_at=f"2024-01-{1 + i % 28:02d}T{worker:02d}:00:00",
        )
        memory.add(
            f"person {i % 3}",
            "likes",
            f"dish {worker}-{i}",
            source=f"w{worker}",
            observed_at="2024-02-01",
        )
    memory.close()


@pytest.mark.slow
def test_several_writer_processes_lose_nothing(postgres_url: str, postgres_schema: str) -> None:
    url = schema_url(postgres_url, postgres_schema)
    Memory(url).close()  # migrated once here; the workers only open it
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_writer, args=(url, w, 25)) for w in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(timeout=180)
        assert process.exitcode == 0
    memory = Memory(url)
    assert memory.store.count()["observations"] == 4 * 25 * 2
    for person in range(3):
        for relation, cardinality in (("lives in", "one"), ("likes", "many")):
            stored = memory.history(f"person {person}", relation)
            replayed = derive(
                memory.store.observations("default", f"person {person}", relation), cardinality
            )
            assert [(v.id, v.status, v.valid_to) for v in stored] == [
                (v.id, v.status, v.valid_to) for v in replayed
            ]
        lives = memory.current(f"person {person}", "lives in")
        assert len(lives) == 1
    assert sorted(memory.store.subjects("default")) == ["person 0", "person 1", "person 2"]
    memory.close()


def test_declare_racing_writers_leaves_every_group_as_declared(
    postgres_url: str, postgres_schema: str
) -> None:
    url = schema_url(postgres_url, postgres_schema)
    with Memory(url) as memory:
        memory.declare("rides", "one")

    errors: list[BaseException] = []

    def write(worker: int) -> None:
        try:
            add_rides(worker)
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    def add_rides(worker: int) -> None:
        with Memory(url) as memory:
            for i in range(30):
                memory.add(
                    f"kid {i % 4}",
                    "rides",
                    f"bike {worker}-{i}",
                    source=f"w{worker}",
                    observed_at=f"2024-03-{1 + i % 28:02d}",
                )

    threads = [threading.Thread(target=write, args=(w,)) for w in range(3)]
    for thread in threads:
        thread.start()
    with Memory(url) as memory:
        for flip in range(11):  # the last says "many"
            memory.declare("rides", "one" if flip % 2 else "many")
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    with Memory(url) as memory:
        for kid in range(4):
            stored = memory.history(f"kid {kid}", "rides")
            replayed = derive(memory.store.observations("default", f"kid {kid}", "rides"), "many")
            assert [(v.id, v.status) for v in stored] == [(v.id, v.status) for v in replayed]
            assert all(v.status is Status.CURRENT for v in stored)


def test_data_version_changes_when_another_store_commits(
    pg: PostgresStore, postgres_url: str, postgres_schema: str
) -> None:
    other = PostgresStore(postgres_url, schema=postgres_schema)
    before = pg.data_version()
    assert other.data_version() == before
    Memory(store=other).add("Ana", "lives in", "Oslo", source="s", observed_at="2024-01-01")
    assert pg.data_version() != before
    seen = pg.data_version()
    Memory(store=pg).add("Ana", "lives in", "Rome", source="s", observed_at="2024-02-01")
    assert pg.data_version() != seen and other.data_version() == pg.data_version()
    other.close()


# -- failures --------------------------------------------------------------------------


def test_a_vector_committed_after_the_mark_by_an_older_transaction_is_not_missed(
    pg: PostgresStore,
) -> None:
    """Transactions commit out of order: the mark must not skip an older one's vectors."""
    from tem.embed.recall import vectors_for
    from tem.embed.testing import HashEmbedder

    embedder = HashEmbedder(synonyms={"abode": "resides"})
    memory = Memory(store=pg, embedder=embedder)
    memory.add("Bo", "resides", "Rome", source="b", observed_at="2024-01-01")
    ana = memory._from_fact(Fact("Ana", "resides", "Oslo", "a", "2024-01-01"), memory.clock.now())
    deriving, release = threading.Event(), threading.Event()

    def slow(group: GroupKey, observations: Sequence[Observation], c: Any) -> list[Version]:
        deriving.set()  # inside the transaction, its observation inserted
        release.wait(10)
        return memory._derive(group, observations, c)

    older = threading.Thread(target=pg.write, args=([ana], slow, vectors_for(embedder, [ana])))
    older.start()
    assert deriving.wait(10)
    memory.add("Cy", "resides", "Kyiv", source="c", observed_at="2024-01-01")
    assert {v.subject for v in memory.recall("Which abode?")} == {"Bo", "Cy"}
    release.set()
    older.join()
    assert {v.subject for v in memory.recall("Which abode?")} == {"Ana", "Bo", "Cy"}


def _exploding(
    group: GroupKey, observations: Sequence[Observation], declared: Cardinality | None
) -> list[Version]:
    if group.subject_key == "bo":
        raise RuntimeError("crash mid-write")
    return derive(observations, "one")


def test_a_failed_write_rolls_back_everything(pg: PostgresStore) -> None:
    memory = Memory(store=pg)
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
    before, version = pg.count(), pg.data_version()
    batch = [
        memory._from_fact(Fact("Ana", "lives in", "Oslo", "s", "2024-02-01"), memory.clock.now()),
        memory._from_fact(Fact("Bo", "lives in", "Rome", "s", "2024-01-01"), memory.clock.now()),
    ]
    with pytest.raises(RuntimeError, match="crash"):
        pg.write(batch, _exploding)  # Ana's group was already rewritten when Bo's failed
    assert pg.count() == before and pg.data_version() == version
    assert [v.value for v in memory.current("Ana")] == ["Lisbon"]


def test_a_database_error_is_a_store_error_and_writes_nothing(pg: PostgresStore) -> None:
    memory = Memory(store=pg)
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
    before = pg.count()
    huge = secrets.token_hex(8000)  # a key too long for a B-tree index entry
    ok = Fact("Ana", "lives in", "Oslo", "s", "2024-02-01")
    bad = Fact("Ana", "lives in", "Rome", "s", "2024-01-01")
    now = datetime(2024, 3, 1, tzinfo=UTC)
    observations = [memory._from_fact(ok, now), memory._from_fact(bad, now)]
    # Past tem.limits no Memory verb gets here; the store itself must still fail cleanly.
    observations[1] = dataclasses.replace(observations[1], source=huge)
    with pytest.raises(StoreError, match="index row"):
        pg.write(observations, memory._derive)
    assert pg.count() == before
    assert [v.value for v in memory.current("Ana")] == ["Lisbon"]


def test_a_deadlocked_write_is_rolled_back_and_run_again(
    pg: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    real, calls = Transaction.write, []

    def deadlocking(tx: Transaction, *args: Any) -> WriteReport:
        calls.append(1)
        report = real(tx, *args)  # written, then lost with the transaction
        if len(calls) == 1:
            raise psycopg.errors.DeadlockDetected("deadlock detected")
        return report

    monkeypatch.setattr(Transaction, "write", deadlocking)
    Memory(store=pg).add("Ana", "lives in", "Oslo", source="s", observed_at="2024-01-01")
    assert len(calls) == 2
    assert pg.count()["observations"] == 1 and pg.count()["versions"] == 1


@pytest.mark.slow
def test_a_batch_of_10000_facts_fits_a_default_lock_table(pg: PostgresStore) -> None:
    """Per-group locks for 10,000 groups ran out of shared memory (6,000 worked)."""
    facts = [Fact(f"P{i}", "lives in", "Oslo", "s", "2024-01-01") for i in range(10_000)]
    assert len(Memory(store=pg).add_many(facts).results) == 10_000
    assert pg.count()["versions"] == 10_000


def test_a_write_of_many_groups_holds_one_lock(
    pg: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    real, held = Transaction.write, []

    def counting(tx: Transaction, *args: Any) -> WriteReport:
        report = real(tx, *args)
        sql = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
        held.append(tx.conn.execute(sql).fetchone()[0])  # type: ignore[index]
        return report

    monkeypatch.setattr(Transaction, "write", counting)
    memory = Memory(store=pg)
    memory.add_many([Fact(f"P{i}", f"r{i % 3}", "x", "s", "2024-01-01") for i in range(100)])
    memory.add_many([Fact("Ana", f"r{i}", "x", "s", "2024-01-01") for i in range(3)])
    assert held == [1, 1 + 3 + 3 + 1]  # alone: the store; else store, relations, groups, subject


def test_text_postgres_cannot_store_is_refused_before_writing(pg: PostgresStore) -> None:
    memory = Memory(store=pg)
    with pytest.raises(UserError, match="value: contains a NUL"):
        memory.add("Ana", "lives in", "Lis\x00bon", source="s", observed_at="2024-01-01")
    assert pg.count()["observations"] == 0


# -- search ----------------------------------------------------------------------------


def test_search_ranks_higher_is_better_and_relation_terms_stay_in_relations(
    pg: PostgresStore,
) -> None:
    memory = Memory(store=pg)
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
    memory.add(
        "Bo", "favourite book", "Where the Crawdads Sing", source="s", observed_at="2024-01-01"
    )
    memory.add("Cy", "lives in", "a house by the river", source="s", observed_at="2024-01-01")
    hits = pg.search("default", ["river"], limit=5)
    assert [h.group.subject_key for h in hits] == ["cy"] and hits[0].score > 0
    # "lives" is stemmed ("living" finds it) and is searched in relation names only.
    hits = pg.search("default", [], limit=5, relation_terms=["living"])
    assert sorted(h.group.subject_key for h in hits) == ["ana", "cy"]
    hits = pg.search("default", ["crawdads"], limit=5, relation_terms=["house"])
    assert [h.group.subject_key for h in hits] == ["bo"]  # "house" is only in Cy's value
    both = pg.search("default", ["river", "lisbon"], limit=5, relation_terms=["lives"])
    assert [h.score for h in both] == sorted((h.score for h in both), reverse=True)
    assert pg.search("other scope", ["river"], limit=5) == []
    assert pg.match_subjects("default", ["ana", "nobody"], limit=5) == ["Ana"]


def _bounded_data(store: PostgresStore) -> None:
    """120 rows with the common word "alpha" (short, so they score high) and 6 with "zeta"."""
    memory = Memory(store=store)
    facts = [Fact(f"Alpha {i}", "code", f"alpha {i}", "s", "2024-01-01") for i in range(120)]
    facts += [
        Fact(f"Person {i}", "long note", f"zeta {'and more words ' * i}{i}", "s", "2024-01-01")
        for i in range(6)
    ]
    facts.append(Fact("Both", "long note", "zeta alpha here", "s", "2024-01-01"))
    memory.add_many(facts)
    with store._connection() as conn:
        conn.execute("ANALYZE versions")


@pytest.fixture
def capped_and_exact(
    postgres_url: str, postgres_schema: str
) -> Iterator[tuple[PostgresStore, PostgresStore]]:
    """Two stores on one schema: one ranking at most 20 rows a search, one every match."""
    capped = PostgresStore(postgres_url, schema=postgres_schema, rank_cap=20)
    exact = PostgresStore(postgres_url, schema=postgres_schema, rank_cap=None)
    try:
        yield capped, exact
    finally:
        capped.close()
        exact.close()


def test_a_search_over_the_rank_cap_ranks_rare_terms_first_with_exact_scores(
    postgres_url: str, postgres_schema: str
) -> None:
    capped = PostgresStore(postgres_url, schema=postgres_schema, rank_cap=20)
    exact = PostgresStore(postgres_url, schema=postgres_schema, rank_cap=None)
    try:
        _bounded_data(capped)
        every = {h.id: h.score for h in exact.search("default", ["alpha", "zeta"], 200)}
        assert len(every) == 127
        # "zeta" (7 rows) fits the cap, "alpha" (121) does not: the zeta rows are ranked,
        # with their exact scores; the short alpha-only rows, which score higher, are not.
        hits = capped.search("default", ["alpha", "zeta"], limit=5)
        ranked = exact.search("default", ["alpha", "zeta"], 200)  # best first, then by seq
        zeta = [h for h in ranked if h.group.relation_key == "long note"]  # the zeta rows
        assert [h.id for h in hits] == [h.id for h in zeta[:5]]
        assert all(every[h.id] == pytest.approx(h.score) for h in hits)
        top_exact = exact.search("default", ["alpha", "zeta"], limit=5)
        assert all(h.group.relation_key == "code" for h in top_exact)  # the bound is visible
        # Fewer rare matches than the limit: up to the cap of rows matching any term are
        # ranked too; the best of everything ranked (zeta rows included) come back.
        hits = capped.search("default", ["alpha", "zeta"], limit=15)
        assert len(hits) == 15
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
        returned = {h.id for h in hits}
        assert all(h.score <= hits[-1].score for h in zeta if h.id not in returned)
        assert all(every[h.id] == pytest.approx(h.score) for h in hits)
        # One common term: at most max(cap, limit) rows ranked, never fewer than the limit.
        assert len(capped.search("default", ["alpha"], limit=50)) == 50
        assert len(capped.search("default", ["alpha"], limit=5)) == 5
        # Under the cap the search is exact.
        wide = PostgresStore(postgres_url, schema=postgres_schema, rank_cap=1_000)
        try:
            got = wide.search("default", ["alpha", "zeta"], limit=10)
            assert got == exact.search("default", ["alpha", "zeta"], limit=10)
        finally:
            wide.close()
    finally:
        capped.close()
        exact.close()


def test_subject_names_over_the_rank_cap_are_found_by_their_rare_words(
    capped_and_exact: tuple[PostgresStore, PostgresStore],
) -> None:
    # The CRM shape: "customer" is in every name, the number in one.
    capped, exact = capped_and_exact
    names = [f"Customer {i}" for i in range(150)]
    terms = ["what", "region", "customer", "104"]
    assert _names_found(capped, exact, names, terms, 3)[0] == "Customer 104"
    # Common words alone: still the limit's worth of names, never fewer.
    assert len(capped.match_subjects("default", ["customer"], 30)) == 30
    assert capped.match_subjects("other", terms, 3) == []


def test_a_name_is_found_among_more_namesakes_than_the_rank_cap(
    capped_and_exact: tuple[PostgresStore, PostgresStore],
) -> None:
    # "viktor", the rarest word of "Viktor Ferreira 4", is in 61 names, more than the
    # cap (20); "ferreira" and "4" are in over a hundred each. Names are small rows,
    # so the name search ranks up to NAME_RANK_FACTOR times the cap: every "viktor".
    names = [f"Viktor Family{i} 4" for i in range(60)]
    names += [f"Anna Ferreira {i}" for i in range(120)]
    names += [f"Bo Family{i} 4" for i in range(120)]
    names.append("Viktor Ferreira 4")  # found last by the index
    terms = ["what", "viktor", "ferreira", "4", "age", "now"]
    assert _names_found(*capped_and_exact, names, terms, 8)[0] == "Viktor Ferreira 4"


def _names_found(
    capped: PostgresStore, exact: PostgresStore, names: list[str], terms: list[str], limit: int
) -> list[str]:
    """The capped store's match for ``terms`` among ``names``, checked against every
    match ranked (``exact``), after ``ANALYZE`` gave the planner its statistics."""
    Memory(store=capped).add_many([Fact(n, "code", "c", "s", "2024-01-01") for n in names])
    with capped._connection() as conn:
        conn.execute("ANALYZE subjects")
    found = capped.match_subjects("default", terms, limit)
    assert found == exact.match_subjects("default", terms, limit)
    return found


def test_without_statistics_a_capped_search_is_exact(pg: PostgresStore) -> None:
    Memory(store=pg).add_many(
        [Fact(f"S {i}", "code", f"alpha {i}", "s", "2024-01-01") for i in range(40)]
    )
    exact = pg.search("default", ["alpha"], limit=30)
    pg.rank_cap = 5  # no ANALYZE yet: nothing to estimate with, so every match is ranked
    assert pg.search("default", ["alpha"], limit=30) == exact and len(exact) == 30


def test_a_large_table_without_statistics_is_analyzed_once(
    pg: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With autovacuum off (as on this machine's server) nothing would ever analyze it,
    # and every search would rank every match.
    from tem.store import postgres_search

    monkeypatch.setattr(postgres_search, "ANALYZE_ROWS", 30)
    Memory(store=pg).add_many(
        [Fact(f"S {i}", "code", f"alpha {i}", "s", "2024-01-01") for i in range(40)]
    )
    pg.rank_cap = 5
    assert len(pg.search("default", ["alpha", "7"], limit=3)) == 3
    assert pg._search_stats.analyzed
    assert pg._search_stats.columns["fts"] is not None
    assert pg._search_stats.columns["fts"].rows >= 40


def test_left_out_terms_come_back_rarest_first_one_estimate_at_a_time() -> None:
    estimates = [
        ("fts", "customer", 900.0),
        ("fts", "123", 5.0),
        ("relation_fts", "food", 50.0),
        ("relation_fts", "book", 50.0),
    ]
    assert list(widened(estimates, (["123"], []))) == [
        (["123"], ["food", "book"]),
        (["123", "customer"], ["food", "book"]),
    ]


def test_plan_takes_terms_rarest_first_within_the_cap() -> None:
    assert plan([("fts", "a", 10.0), ("fts", "b", 5.0)], cap=20) is None
    assert plan([("fts", "a", 900.0), ("fts", "b", 5.0), ("relation_fts", "c", 8.0)], cap=20) == (
        ["b"],
        ["c"],
    )
    assert plan([("fts", "a", 900.0), ("fts", "b", 500.0)], cap=20) == (["b"], [])
    # A stop-word term (no matches) is taken first but leaves the cap to the others.
    assert plan([("fts", "the", 0.0), ("fts", "a", 900.0), ("fts", "b", 15.0)], cap=20) == (
        ["the", "b"],
        [],
    )
    stats = ColumnStats(1000.0, {"alpha": 0.5, "zeta": 0.01}, 0.001)
    assert stats.estimate(["alpha", "zeta"]) == 10.0  # a phrase: its rarest word
    assert stats.estimate(["unlisted"]) == 1.0
    assert stats.estimate([]) == 0.0  # only stop words match nothing


def test_rank_cap_must_be_positive(postgres_url: str, postgres_schema: str) -> None:
    with pytest.raises(UserError, match="rank_cap"):
        PostgresStore(postgres_url, schema=postgres_schema, rank_cap=0)


# -- opening ---------------------------------------------------------------------------


def test_urls_open_postgres_and_paths_open_sqlite(postgres_url: str, postgres_schema: str) -> None:
    store = open_store(schema_url(postgres_url, postgres_schema))
    assert isinstance(store, PostgresStore) and store.schema == postgres_schema
    store.close()
    assert split_options("postgresql://u@h/db?sslmode=disable&schema=tem") == (
        "postgresql://u@h/db?sslmode=disable",
        {"schema": "tem"},
    )
    assert split_options("postgresql://u@h/db?pgvector=false") == (
        "postgresql://u@h/db",
        {"pgvector": False},
    )
    with pytest.raises(UserError, match="pgvector= expects true or false"):
        split_options("postgresql://u@h/db?pgvector=maybe")
    with pytest.raises(UserError, match="give schema= once"):
        split_options("postgresql://u@h/db?schema=a&schema=b")
    with pytest.raises(UserError, match="unknown URL scheme 'mysql'"):
        open_store("mysql://u@h/db")
    given = "postgresql://u@h/db?options=-c%20statement_timeout%3D5000"
    assert connect_options(given, "tem") == "-c statement_timeout=5000 -c search_path=tem"
    assert connect_options(given, None) is None  # the URL's own options apply unchanged
    with pytest.raises(UserError, match="lowercase SQL name"):
        PostgresStore(postgres_url, schema="Robert'); DROP TABLE x;--")


def test_a_server_that_does_not_answer_is_a_store_error() -> None:
    with pytest.raises(StoreError, match=r"cannot open postgresql://u:\*\*\*@127.0.0.1:9/"):
        PostgresStore("postgresql://u:secret@127.0.0.1:9/db", timeout=2)


def test_without_the_extra_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import now fails
    with pytest.raises(UserError, match=r"pip install 'tem\[postgres\]'"):
        open_store("postgresql://u@127.0.0.1/db")


def test_the_cli_reads_and_writes_a_postgres_url(postgres_url: str, postgres_schema: str) -> None:
    url = schema_url(postgres_url, postgres_schema)
    runner = CliRunner()
    add = ["add", "Ana", "lives in", "Oslo", "--source", "s", "--observed-at", "2024-01-01"]
    assert runner.invoke(cli, ["--db", url, *add], catch_exceptions=False).exit_code == 0
    result = runner.invoke(cli, ["current", "Ana"], env={"TEM_DB": url}, catch_exceptions=False)
    assert result.exit_code == 0 and "Oslo" in result.stdout
    result = runner.invoke(cli, ["--db", "sqlite://x", "current", "Ana"])
    assert result.exit_code == 2 and "postgresql://" in result.stderr


# -- pgvector ----------------------------------------------------------------------------


def _abodes(memory: Memory) -> None:
    for name, city in (("Ana", "Oslo"), ("Bo", "Rome"), ("Cy", "Kyiv")):
        memory.add(name, "resides", city, source=name, observed_at="2024-01-01")
    memory.add("Di", "plays", "tennis", source="Di", observed_at="2024-01-01")


def test_without_the_extension_vectors_stay_bytea(postgres_url: str, postgres_schema: str) -> None:
    available = rows(
        postgres_url, "public", "SELECT count(*) FROM pg_available_extensions WHERE name = 'vector'"
    )
    if available != [(0,)]:
        pytest.skip("this server has pgvector")
    store = PostgresStore(postgres_url, schema=postgres_schema)
    assert store.pgvector is None and store.nearest("default", "m", b"\0" * 8, 5) is None
    store.close()


def test_pgvector_converts_stored_vectors_and_searches_in_sql(
    pgvector_url: str, pgvector_schema: str
) -> None:
    from tem.embed.testing import HashEmbedder

    embedder = HashEmbedder(synonyms={"abode": "resides"})
    plain = PostgresStore(pgvector_url, schema=pgvector_schema, pgvector=False)
    assert plain.pgvector is None  # turned off, though the server has it
    plain.close()
    plain = open_store(schema_url(pgvector_url, pgvector_schema) + "&pgvector=false")
    assert isinstance(plain, PostgresStore) and plain.pgvector is None
    _abodes(Memory(store=plain, embedder=embedder))
    plain.close()

    store = PostgresStore(pgvector_url, schema=pgvector_schema)  # converts the bytea rows
    assert store.pgvector is not None
    assert rows(
        pgvector_url, pgvector_schema, "SELECT count(*) FROM vectors WHERE embedding IS NULL"
    ) == [(0,)]
    memory = Memory(store=store, embedder=embedder)
    assert {v.subject for v in memory.recall("Which abode?")} == {"Ana", "Bo", "Cy"}
    memory.undo("Bo")  # retired: no longer found
    memory.forget(subject="Cy")
    memory.add("Ed", "resides", "Lima", source="Ed", observed_at="2024-01-01")
    assert {v.subject for v in memory.recall("Which abode?")} == {"Ana", "Ed"}
    query = embedder.embed(["resides"])[0].tobytes()
    near = store.nearest("default", embedder.name, query, 10)
    assert near is not None and [g.subject_key for g, _ in near][:2] in (
        ["ana", "ed"],
        ["ed", "ana"],
    )
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(near))
    store.close()


def test_the_pgvector_query_can_use_the_models_hnsw_index(
    pgvector_url: str, pgvector_schema: str
) -> None:
    """The model is inlined in the query, so the planner can prove the partial index applies."""
    from tem.embed.testing import HashEmbedder
    from tem.store.postgres_pgvector import index_name, literal, nearest_sql

    store = PostgresStore(pgvector_url, schema=pgvector_schema)
    embedder = HashEmbedder()
    _abodes(Memory(store=store, embedder=embedder))
    name = index_name(embedder.name, embedder.dim)
    indexes = rows(pgvector_url, pgvector_schema, "SELECT indexname FROM pg_indexes")
    assert (name,) in indexes
    query = embedder.embed(["x"])[0].tobytes()
    with psycopg.connect(pgvector_url, options=f"-c search_path={pgvector_schema}") as conn:
        conn.execute("SET enable_sort = off")  # a table this small would rather sort
        assert store.pgvector is not None
        sql = psycopg.sql.SQL("EXPLAIN ") + nearest_sql(store.pgvector, embedder.name, 64)
        plan = "\n".join(r[0] for r in conn.execute(sql, (literal(query), "default", 3)))
    assert f"Index Scan using {name}" in plan
    store.close()


# -- partitions --------------------------------------------------------------------------


def test_partitions_split_the_scoped_tables_of_a_new_schema(
    postgres_url: str, postgres_schema: str, new_database: Any
) -> None:
    from tem.store.postgres_schema import SCOPED

    store = open_store(schema_url(postgres_url, postgres_schema) + "&partitions=4")
    memory = Memory(store=store)
    for scope in ("a", "b", "c", "d", "e", "f"):
        memory.add("Ana", "lives in", "Oslo", source="s", observed_at="2024-01-01", scope=scope)
    split = rows(
        postgres_url,
        postgres_schema,
        "SELECT c.relname, p.partstrat, count(i.inhrelid) FROM pg_partitioned_table p "
        "JOIN pg_class c ON c.oid = p.partrelid JOIN pg_inherits i ON i.inhparent = c.oid "
        f"WHERE c.relnamespace = '{postgres_schema}'::regnamespace GROUP BY 1, 2",
    )
    assert sorted(split) == sorted((table, "h", 4) for table in SCOPED)
    used = rows(postgres_url, postgres_schema, "SELECT count(DISTINCT tableoid) FROM observations")
    assert used[0][0] > 1  # the scopes spread over partitions
    store.close()
    with new_database() as url:  # same index names as a plain schema: migrations can name them
        plain = PostgresStore(url)
        plain.close()
        names = "SELECT indexname FROM pg_indexes WHERE tablename = ANY(%s)"
        with psycopg.connect(url) as conn:
            want = conn.execute(names, (list(SCOPED),)).fetchall()
    with psycopg.connect(postgres_url, options=f"-c search_path={postgres_schema}") as conn:
        got = conn.execute(
            names + " AND schemaname = %s", (list(SCOPED), postgres_schema)
        ).fetchall()
    assert sorted(got) == sorted(want)
    PostgresStore(postgres_url, schema=postgres_schema, partitions=4).close()  # left as it is


def test_partitions_refuse_a_schema_that_holds_rows(
    postgres_url: str, postgres_schema: str
) -> None:
    memory = Memory(store=PostgresStore(postgres_url, schema=postgres_schema))
    memory.add("Ana", "lives in", "Oslo", source="s", observed_at="2024-01-01")
    memory.close()
    with pytest.raises(UserError, match="observations already holds rows"):
        PostgresStore(postgres_url, schema=postgres_schema, partitions=4)
    with pytest.raises(UserError, match="partitions: expected 1 to 1024"):
        PostgresStore(postgres_url, schema=postgres_schema, partitions=0)
    with pytest.raises(UserError, match="partitions= expects a number"):
        split_options("postgresql://u@h/db?partitions=many")
