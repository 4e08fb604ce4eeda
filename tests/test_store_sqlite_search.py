"""SQLite full-text search: BM25 from the caller's scope alone, and its early stop."""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tem import Memory
from tem.memory import Fact
from tem.store import sqlite_search
from tem.store.sqlite import SQLiteStore
from tem.store.sqlite_schema import MIGRATIONS
from tem.store.sqlite_search import (
    K1,
    WEIGHTS,
    B,
    Phrase,
    Search,
    idf,
    phrase_bound,
    phrases,
)
from tem.store.sqlite_terms import tokens

# Skewed on purpose: a few words in most rows, others in a handful, some repeated in a row.
_COMMON = ["works", "lives", "company", "market", "drink"]
_RARE = ["barista", "lisbon", "oat", "latte", "tiktok", "shop", "retail", "partner"]
_WORD = st.sampled_from(_COMMON * 4 + _RARE)
_TEXT = st.lists(_WORD, min_size=1, max_size=4).map(" ".join)
_SCOPE = st.sampled_from(["a", "b"])
# Rows made of one word repeated score closest to a phrase's bound.
_ONE_WORD_ROW = st.builds(
    lambda scope, word, count: (scope, word, " ".join([word] * count), word),
    _SCOPE,
    _WORD,
    st.integers(1, 4),
)
_ROW = st.one_of(st.tuples(_SCOPE, _TEXT, _TEXT, _TEXT), _ONE_WORD_ROW)
_QUERY_WORD = st.sampled_from([*_COMMON, *_RARE, "absent"])


def _corpus(rows: Sequence[tuple[str, str, str, str]], path: Path | None = None) -> SQLiteStore:
    store = SQLiteStore(path)
    Memory(store=store).add_many(
        Fact(subject, relation, value, f"s{i}", "2024-01-01", scope=scope)
        for i, (scope, subject, relation, value) in enumerate(rows)
    )
    return store


def _reference(
    store: SQLiteStore, scope: str, query: list[Phrase], limit: int
) -> list[tuple[float, str]]:
    """Score every row of ``scope`` by the documented formula, from the versions table."""
    rows = store._conn.execute(
        "SELECT rowid, id, subject, relation, value FROM versions WHERE scope = ?", (scope,)
    ).fetchall()
    columns = {r[0]: [tokens(r[2]), tokens(r[3]), tokens(r[4])] for r in rows}
    avgdl = sum(len(t) for c in columns.values() for t in c) / max(len(rows), 1)
    scores: dict[int, float] = {}
    for rowid, cols in columns.items():
        total = 0.0
        for phrase in query:
            hits = sum(1 for c in columns.values() if phrase.weighted_count(c))
            f = phrase.weighted_count(cols)
            if f:
                norm = K1 * (1 - B + B * sum(len(c) for c in cols) / avgdl)
                total += idf(hits, len(rows)) * f * (K1 + 1) / (f + norm)
        if total:
            scores[rowid] = total
    if not scores:
        return []
    # Rows under the floor fill free places; with at most 60 rows they are all scored.
    ids = {r[0]: r[1] for r in rows}
    ranked = sorted((-s, rowid) for rowid, s in scores.items())[:limit]
    return [(-negated, ids[rowid]) for negated, rowid in ranked]


def _found(store: SQLiteStore, scope: str, terms: list[str], limit: int) -> list[tuple[float, str]]:
    return [(h.score, h.id) for h in store.search(scope, terms, limit)]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(_ROW, min_size=4, max_size=60),
    terms=st.lists(_QUERY_WORD, min_size=1, max_size=4),
    limit=st.integers(1, 6),
    budget=st.sampled_from([3, 10, 1000]),
)
def test_search_returns_the_documented_top_k(
    rows: list[tuple[str, str, str, str]], terms: list[str], limit: int, budget: int
) -> None:
    # Every phrase here holds at most 60 rows: with a budget of 1000 the first stage
    # scores them all; with less, the early stop must still find exactly the top k
    # whenever the search says it was exact, that is, unless a stage stopped at its
    # share of the newest rows (checked apart).
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_search, "BUDGET", budget)
        store = _corpus(rows)
        search = Search(store._conn, "a", limit)
        query = phrases(terms)
        search.run(query)
        found = _found(store, "a", terms, limit)
    expected = _reference(store, "a", query, limit)
    assert search.exact or budget < 1000
    if search.exact:
        assert [i for _, i in found] == [i for _, i in expected]
        assert all(math.isclose(f, e) for (f, _), (e, _) in zip(found, expected, strict=True))


def test_rows_under_the_floor_only_fill_free_places() -> None:
    # "tea" is in nearly every row: next to "zanthor" it weighs nothing, yet in a small
    # scope those rows still fill the places left (the demo's "ad budget" question).
    rows = [("a", "Carl", "owns", "zanthor")]
    rows += [("a", f"p{i}", "likes", f"tea {i}") for i in range(10)]
    store = _corpus(rows)
    assert len(_found(store, "a", ["zanthor", "tea"], 1)) == 1
    filled = _found(store, "a", ["zanthor", "tea"], 4)
    assert len(filled) == 4
    assert filled[0][0] > 10 * max(score for score, _ in filled[1:])


def test_scores_depend_on_the_callers_scope_alone(tmp_path: Path) -> None:
    # issue 13.1: another scope's rows once moved these scores (BM25 over the whole file).
    own = [("a", "Carl", "owns", "zanthor"), ("a", "Dora", "owns", "quibblex")]
    own += [("a", f"p{i}", "likes", f"tea {i}") for i in range(8)]
    alone = _corpus(own)
    expected = _found(alone, "a", ["zanthor", "quibblex", "tea"], 20)
    shared = _corpus(own, tmp_path / "shared.db")
    memory = Memory(store=shared)
    memory.add_many(
        Fact(f"P{i}", "owns", "zanthor tea", "s", "2024-01-01", scope="b") for i in range(40)
    )
    assert _found(shared, "a", ["zanthor", "quibblex", "tea"], 20) == expected
    memory.forget(scope="b")
    assert _found(shared, "a", ["zanthor", "quibblex", "tea"], 20) == expected


def test_a_scope_with_most_rows_searches_without_its_tag_and_finds_only_its_own() -> None:
    # The big scope's queries drop the tag (faster); the small one's keep it.
    rows = [("big", f"P{i}", "owns", f"zanthor tea {i}") for i in range(30)]
    rows += [("small", f"Q{i}", "owns", "zanthor tea") for i in range(5)]
    store = _corpus(rows)
    assert not Search(store._conn, "big", 15).tagged and Search(store._conn, "small", 15).tagged
    for scope, names in (("big", "P"), ("small", "Q")):
        hits = store.search(scope, ["zanthor", "tea"], 40)
        assert hits and all(h.group.scope == scope for h in hits)
        assert {h.group.subject_key[0] for h in hits} == {names.casefold()}
        assert [i for _, i in _found(store, scope, ["zanthor"], 5)] == [
            i for _, i in _reference(store, scope, phrases(["zanthor"]), 5)
        ], names


def _stats(conn: sqlite3.Connection) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    return (
        [tuple(r) for r in conn.execute("SELECT scope, rows, tokens FROM fts_stats ORDER BY 1")],
        [tuple(r) for r in conn.execute("SELECT * FROM fts_terms ORDER BY 1, 2")],
    )


def _recounted(
    conn: sqlite3.Connection,
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """The statistics counted afresh from the versions table."""
    rows = conn.execute("SELECT scope, subject, relation, value FROM versions").fetchall()
    stats: dict[str, list[int]] = {}
    terms: dict[tuple[str, str], list[int]] = {}
    for scope, *texts in rows:
        columns = [tokens(t) for t in texts]
        entry = stats.setdefault(scope, [0, 0])
        entry[0] += 1
        entry[1] += sum(len(c) for c in columns)
        for term in {t for c in columns for t in c}:
            counts = terms.setdefault((scope, term), [0, 0])
            counts[0] += 1
            counts[1] += term in columns[1]
    return (
        sorted((s, *v) for s, v in stats.items()),
        sorted((*k, *v) for k, v in terms.items()),
    )


def test_statistics_follow_writes_retirements_and_deletes() -> None:
    store = _corpus([("a", f"p {i}", "works at", f"company {i % 3}") for i in range(30)])
    memory = Memory(store=store)
    memory.add_many([Fact("p 1", "works at", "Lisbon market", "t", "2024-02-01", scope="a")])
    memory.add_many([Fact("q", "lives in", "Oslo", "u", "2024-02-01", scope="b")])
    assert _stats(store._conn) == _recounted(store._conn)
    memory.retract("p 3", "works at", source="v", observed_at="2024-03-01", scope="a")
    memory.forget(subject="p 2", scope="a")
    memory.forget(source="t", scope="a")
    assert _stats(store._conn) == _recounted(store._conn)
    memory.forget(scope="b")
    assert _stats(store._conn) == _recounted(store._conn)
    assert "b" not in {row[0] for row in _stats(store._conn)[1]}


def test_a_file_of_schema_3_is_migrated_to_scoped_statistics(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    store = _corpus([("a", "Ana", "lives in", "Lisbon"), ("b", "Bo", "lives in", "Lisbon")], path)
    expected = _found(store, "a", ["lisbon"], 5)
    store.close()
    with sqlite3.connect(path) as conn:  # as schema 3 left it: FTS over the plain text
        conn.executescript(
            "DROP TABLE versions_fts; DROP TABLE fts_stats; DROP TABLE fts_terms;"
            "DROP TRIGGER vectors_retired; DROP TABLE vectors; DROP TABLE vectors_gone;"
            "CREATE TABLE vectors (observation_id TEXT PRIMARY KEY, scope TEXT NOT NULL, "
            "model TEXT NOT NULL, vector BLOB NOT NULL);"
            "CREATE VIRTUAL TABLE versions_fts USING fts5 ("
            "subject, relation, value, tokenize = 'porter unicode61');"
            "INSERT INTO versions_fts (rowid, subject, relation, value) "
            "SELECT rowid, subject, relation, value FROM versions;"
            "PRAGMA user_version = 3;"
        )
    migrated = SQLiteStore(path)
    assert migrated._conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert _found(migrated, "a", ["lisbon"], 5) == expected
    assert _stats(migrated._conn) == _recounted(migrated._conn)
    migrated.close()


def test_a_word_in_most_rows_only_fills_from_the_newest_rows() -> None:
    # The slow shape: "value 4821" where "value" is in every row. The rare match
    # comes first; the free places are filled from the newest rows, never all 3000.
    rows = [("a", f"person {i}", "rel", f"value {i} city") for i in range(3000)]
    store = _corpus(rows)
    hits = store.search("a", ["value", "42"], 60)
    assert hits[0].group.subject_key == "person 42"
    assert len(hits) == 60
    newest = {f"person {i}" for i in range(3000 - min(60, sqlite_search.NEWEST), 3000)}
    assert {h.group.subject_key for h in hits[1:]} <= newest


def test_the_last_stage_scores_as_many_newest_rows_as_the_search_returns() -> None:
    # "paris" (667 rows) and "town" (1,333) each hold more than BUDGET rows: past the
    # rare "42", the newest rows holding both are scored, as many as asked for, and
    # they spend the stage's share (no newest "paris" rows after them).
    rows = [
        ("a", f"person {i}", "city", ("Paris" if i % 6 == 0 else "Rome") + " town")
        if i % 3 == 0
        else ("a", f"person {i}", "plan", f"basic {i % 7}")
        for i in range(4000)
    ]
    store = _corpus(rows)
    for limit, scored in ((20, 21), (60, 61), (500, 1 + sqlite_search.NEWEST)):
        search = Search(store._conn, "a", limit)
        found = search.run(phrases(["paris", "town", "42"]))
        assert len(search.scores) == scored
        assert len(found) == min(limit, scored)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_ROW, min_size=1, max_size=40), word=_QUERY_WORD, in_relation=st.booleans())
def test_no_row_scores_above_a_phrase_bound(
    rows: list[tuple[str, str, str, str]], word: str, in_relation: bool
) -> None:
    store = _corpus(rows)
    (phrase,) = phrases([], [word]) if in_relation else phrases([word])
    search = Search(store._conn, "a", 10**6)
    if not search.rows or not search.hits(phrase):
        return
    search.phrases, search.idfs = [phrase], [idf(search.hits(phrase), search.rows)]
    search._score(phrase.match())
    assert max(search.scores.values()) < search._bound(0)
    assert search._bound(0) <= phrase_bound(search.idfs[0], max(WEIGHTS), search.avgdl)


def test_phrases_are_stems_and_drop_words_without_letters() -> None:
    assert phrases(["Lisbon's", "--", "4,821"], ["lives"]) == [
        Phrase(("lisbon", "s")),
        Phrase(("4", "821")),
        Phrase(("live",), relation_only=True),
    ]
