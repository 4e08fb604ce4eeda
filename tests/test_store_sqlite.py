"""The SQLite store: atomic writes, migrations, no residue, several writer processes."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tem import Memory
from tem.core.model import Cardinality, GroupKey, Observation, Status, Support, Version
from tem.core.status import derive
from tem.core.times import to_text
from tem.memory import Fact
from tem.store import sqlite_search
from tem.store.rows import fts_query, sources_json
from tem.store.sqlite import SQLiteStore
from tem.store.sqlite_schema import MIGRATIONS
from tem.store.sqlite_search import (
    SearchCache,
    TopRows,
    phrase_bound,
    phrases,
    plans,
    same_sum,
    varints,
)


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
            f"person {i % 3}", "lives in", f"city {worker}-{i}",
            source=f"w{worker}", observed_at=f"2024-01-{1 + i % 28:02d}T{worker:02d}:00:00",
        )  # fmt: skip
    memory.close()


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


# -- full-text search: the early stop must return exactly what the plain query does ------

# Skewed on purpose: a few words in most rows, others in a handful, some repeated in a row.
_COMMON = ["works", "lives", "company", "market", "drink"]
_RARE = ["barista", "lisbon", "oat", "latte", "tiktok", "shop", "retail", "partner"]
_WORD = st.sampled_from(_COMMON * 4 + _RARE)
_TEXT = st.lists(_WORD, min_size=1, max_size=4).map(" ".join)
_SCOPE = st.sampled_from(["a", "b"])
# Rows made of one word repeated score closest to a phrase's bound.
_ONE_WORD_ROW = st.builds(
    lambda scope, word, count: (scope, word, " ".join([word] * count), word),
    _SCOPE, _WORD, st.integers(1, 4),
)  # fmt: skip
_ROW = st.one_of(st.tuples(_SCOPE, _TEXT, _TEXT, _TEXT), _ONE_WORD_ROW)
_QUERY_WORD = st.sampled_from([*_COMMON, *_RARE, "absent"])


def _corpus(rows: Sequence[tuple[str, str, str, str]]) -> SQLiteStore:
    store = SQLiteStore()
    memory = Memory(store=store)
    memory.add_many(
        Fact(subject, relation, value, f"s{i}", "2024-01-01", scope=scope)
        for i, (scope, subject, relation, value) in enumerate(rows)
    )
    return store


def _plain(store: SQLiteStore, search: TopRows, query: str) -> list[tuple[float, str]]:
    return sorted((row[4], row[0]) for row in search.plain(query))


def _pruned(store: SQLiteStore, scored: list[tuple[float, int]]) -> list[tuple[float, str]]:
    ids = {rowid: vid for rowid, vid in store._conn.execute("SELECT rowid, id FROM versions")}
    return sorted((score, ids[rowid]) for score, rowid in scored)


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(_ROW, min_size=4, max_size=60),
    terms=st.lists(_QUERY_WORD, min_size=1, max_size=4),
    relation_terms=st.lists(_QUERY_WORD, max_size=2),
    limit=st.integers(1, 6),
    scoped=st.booleans(),
)
def test_the_early_stop_finds_exactly_the_plain_top_k(
    rows: list[tuple[str, str, str, str]],
    terms: list[str],
    relation_terms: list[str],
    limit: int,
    scoped: bool,
) -> None:
    store = _corpus(rows)
    search = TopRows(store._conn, SearchCache(), "a" if scoped else None, limit)
    scored = search.pruned(phrases(terms, relation_terms), small=0)
    if scored is not None:  # None: no split could stop early, the plain query runs
        assert _pruned(store, scored) == _plain(store, search, fts_query(terms, relation_terms))


def test_the_early_stop_happens_and_store_search_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [("a", f"person {i}", "works at", f"company {i % 7}") for i in range(300)]
    rows += [("a", f"barista {i}", "job title", "barista") for i in range(8)]
    rows += [("b", "other", "job title", "barista works")]
    store = _corpus(rows)
    search = TopRows(store._conn, SearchCache(), "a", 5)
    scored = search.pruned(phrases(["works", "barista"]), small=0)
    assert scored is not None
    assert _pruned(store, scored) == _plain(store, search, fts_query(["works", "barista"]))
    plain = store.search("a", ["works", "barista"], 5)
    monkeypatch.setattr(sqlite_search, "SMALL", 0)
    pruned = store.search("a", ["works", "barista"], 5)
    assert sorted((h.score, h.id) for h in pruned) == sorted((h.score, h.id) for h in plain)
    assert {h.group.relation_key for h in pruned} == {"job title"}  # the barista rows


def test_common_words_only_are_settled_by_the_rows_holding_both() -> None:
    # Each word is in a third of the rows: no phrase is rare enough to be essential, but
    # the few rows holding both outscore any row holding one, so their scoring suffices.
    rows = [("a", f"p{i}", "notes", f"company {i}") for i in range(300)]
    rows += [("a", f"q{i}", "notes", f"website {i}") for i in range(290)]
    rows += [("a", f"r{i}", "notes", "company website") for i in range(10)]
    rows += [("a", f"s{i}", "notes", "other") for i in range(400)]
    store = _corpus(rows)
    search = TopRows(store._conn, SearchCache(), None, 5)
    query = phrases(["company", "website"])
    assert [plan.large for plan in plans([0, 1], [search._hits(p) for p in query])] == [True]
    scored = search.pruned(query, small=0)
    assert scored is not None
    assert _pruned(store, scored) == _plain(store, search, fts_query(["company", "website"]))


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_ROW, min_size=1, max_size=40), word=_QUERY_WORD, in_relation=st.booleans())
def test_no_row_scores_above_a_phrase_bound(
    rows: list[tuple[str, str, str, str]], word: str, in_relation: bool
) -> None:
    store = _corpus(rows)
    search = TopRows(store._conn, SearchCache(), None, 1)
    (phrase,) = phrases([], [word]) if in_relation else phrases([word])
    hits, weight = search._hits(phrase), search._weight(phrase)
    averages = search._averages()
    assert averages is not None
    scores = [-row[4] for row in TopRows(store._conn, SearchCache(), None, 10**6).plain(phrase)]
    assert len(scores) == hits
    if hits:
        assert max(scores) < phrase_bound(hits, weight, *averages)


def test_the_averages_record_gives_fts5s_row_count_and_token_total() -> None:
    store = _corpus([("a", "Ana Lima", "lives in", "Lisbon, Portugal"), ("a", "Bo", "likes", "x")])
    rows, avgdl = TopRows(store._conn, SearchCache(), None, 1)._averages() or (0, 0.0)
    conn = store._conn
    conn.execute(
        "CREATE VIRTUAL TABLE temp.tokens USING fts5vocab(main, 'versions_fts', 'instance')"
    )
    (tokens,) = conn.execute("SELECT count(*) FROM temp.tokens").fetchone()
    assert (rows, avgdl) == (2, tokens / 2) == (2, 9 / 2)
    assert varints(bytes([0x05, 0x81, 0x00, 0x7F])) == [5, 128, 127]


def test_same_sum_allows_only_orders_that_round_alike() -> None:
    # FTS5 adds phrase scores left to right: ((a + b) + c) is not (a + (b + c)).
    assert same_sum((0, 1, 2), (0,), (1, 2))
    assert same_sum((0, 1, 2), (1,), (0, 2))  # only the first two swap
    assert not same_sum((0, 1, 2), (1, 2), (0,))
    assert same_sum((0, 1), (1,), (0,))


def test_search_statistics_follow_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_search, "SMALL", 0)
    store = _corpus([("a", f"p {i}", "works at", f"company {i}") for i in range(200)])
    memory = Memory(store=store)
    memory.add_many(
        Fact(f"c {i}", "job title", "barista", "s", "2024-01-01", scope="a") for i in range(3)
    )
    pruned = TopRows(store._conn, SearchCache(), None, 2).pruned(phrases(["works", "barista"]))
    assert pruned is not None
    before = store.search("a", ["works", "barista"], 2)
    memory.add_many(
        Fact(f"b {i}", "job title", "barista", "s", "2024-01-01", scope="a") for i in range(5)
    )
    after = store.search("a", ["works", "barista"], 2)
    search = TopRows(store._conn, SearchCache(), None, 2)
    assert sorted((-h.score, h.id) for h in after) == _plain(
        store, search, fts_query(["works", "barista"])
    )
    assert [h.score for h in after] != [h.score for h in before]  # the IDF moved


@given(st.lists(st.tuples(st.text(), st.text(), st.datetimes(timezones=st.just(UTC))), max_size=3))
def test_sources_json_is_what_json_dumps_writes(
    sources: list[tuple[str, str, datetime]],
) -> None:
    supports = [Support(oid, source, when, when) for oid, source, when in sources]
    expected = [[s.observation_id, s.source, to_text(s.observed_at), to_text(s.recorded_at)]
                for s in supports]  # fmt: skip
    assert sources_json(supports) == json.dumps(expected)
