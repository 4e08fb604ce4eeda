"""Subject matching in the SQLite store: the scope's own counts, rare words first, bounded."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tem import Memory
from tem.memory import Fact
from tem.store import sqlite_subjects
from tem.store.sqlite import SQLiteStore
from tem.store.sqlite_schema import MIGRATIONS
from tem.store.sqlite_search import idf
from tem.store.sqlite_subjects import BUDGET, NEWEST, _score
from tem.store.sqlite_terms import tokens


def _store(subjects: Sequence[tuple[str, str]], path: Path | None = None) -> SQLiteStore:
    store = SQLiteStore(path)
    Memory(store=store).add_many(
        Fact(subject, "note", f"v{i}", f"s{i}", "2024-01-01", scope=scope)
        for i, (scope, subject) in enumerate(subjects)
    )
    return store


def _counts(conn: sqlite3.Connection) -> Counter[tuple[str, str]]:
    rows = conn.execute("SELECT scope, term, subjects FROM subject_terms").fetchall()
    return Counter({(scope, term): n for scope, term, n in rows})


def _recounted(conn: sqlite3.Connection) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for scope, name in conn.execute("SELECT scope, subject FROM subjects"):
        for term in {"", *tokens(name)}:
            counts[scope, term] += 1
    return counts


def _reference(store: SQLiteStore, scope: str, terms: list[str], limit: int) -> list[str]:
    """Every subject of the scope holding a term, scored by the documented formula."""
    rows = store._conn.execute("SELECT rowid, subject FROM subjects WHERE scope = ?", (scope,))
    names = dict(rows.fetchall())
    stems = {s for t in terms for s in tokens(t)}
    held = Counter(s for name in names.values() for s in set(tokens(name)) if s in stems)
    weights = {s: idf(n, len(names)) for s, n in held.items()}
    scored = sorted(
        (-_score(tokens(name), weights), -rowid, name)
        for rowid, name in names.items()
        if stems & set(tokens(name))
    )
    return [name for _, _, name in scored[:limit]]


_NAME = st.lists(
    st.sampled_from(["dr", "ana", "lee", "customer", "7", "smith", "mae"]), min_size=1, max_size=3
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["a", "b"]), _NAME.map(" ".join)), min_size=1, max_size=30),
    st.lists(
        st.sampled_from(["dr", "ana", "lee", "customer", "7", "absent"]), min_size=1, max_size=3
    ),
    st.integers(1, 8),
)
def test_small_scopes_match_exactly_by_the_documented_score(
    subjects: list[tuple[str, str]], terms: list[str], limit: int
) -> None:
    store = _store(subjects)
    for scope in ("a", "b"):
        assert store.match_subjects(scope, terms, limit) == _reference(store, scope, terms, limit)
    assert _counts(store._conn) == _recounted(store._conn)
    store.close()


def test_a_rare_word_finds_its_subject_among_thousands_sharing_a_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The slow shape: "customer" is in every name of the scope.
    store = _store([("crm", f"Customer {i}") for i in range(3 * BUDGET)])
    scored: list[int] = []
    rows = sqlite_subjects._rows

    def counted(conn: sqlite3.Connection, query: str, limit: int | None = None) -> list:
        found = rows(conn, query, limit)
        scored.append(len(found))
        return found

    monkeypatch.setattr(sqlite_subjects, "_rows", counted)
    found = store.match_subjects("crm", ["what", "region", "customer", "104"], 8)
    assert found[0] == "Customer 104"
    assert len(found) == 8
    assert sum(scored) <= BUDGET + 2 * NEWEST
    scored.clear()
    # Common words alone: the newest names holding them, never the whole scope.
    assert store.match_subjects("crm", ["customer"], 3) == [
        f"Customer {i}" for i in range(3 * BUDGET - 1, 3 * BUDGET - 4, -1)
    ]
    assert sum(scored) <= NEWEST
    store.close()


def test_counts_follow_forgets_and_leave_nothing_of_a_forgotten_subject() -> None:
    store = _store([("a", "Ana Lee"), ("a", "Bo Lee"), ("b", "Ana Mae")])
    memory = Memory(store=store)
    memory.forget(subject="Ana Lee", scope="a")
    assert _counts(store._conn) == _recounted(store._conn)
    assert ("a", "ana") not in _counts(store._conn)
    assert store.match_subjects("a", ["ana", "lee"], 5) == ["Bo Lee"]
    memory.forget(scope="b")
    assert {scope for scope, _ in _counts(store._conn)} == {"a"}
    store.close()


def test_a_file_of_schema_5_is_migrated_to_scoped_subject_counts(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _store([("a", "Ana Lee"), ("b", "Ana Mae")], path).close()
    with sqlite3.connect(path) as conn:  # as schema 5 left it: the plain names, no counts
        conn.executescript(
            "DROP TABLE subjects_fts; DROP TABLE subject_terms;"
            "CREATE VIRTUAL TABLE subjects_fts USING fts5 (subject, tokenize = 'unicode61');"
            "INSERT INTO subjects_fts (rowid, subject) SELECT rowid, subject FROM subjects;"
            "PRAGMA user_version = 5;"
        )
    migrated = SQLiteStore(path)
    assert migrated._conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert migrated.match_subjects("a", ["ana"], 5) == ["Ana Lee"]
    assert _counts(migrated._conn) == _recounted(migrated._conn)
    migrated.close()
