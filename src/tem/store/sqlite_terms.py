"""The SQLite store's word index: stemmed tokens in FTS5, with per-scope statistics.

FTS5's own ``bm25()`` computes its statistics (row count, average length, rows per
phrase) over the whole table, so in a file shared by several scopes one scope's
words moved another's scores (and told it which words the other stored). Here tem
tokenizes and stems in Python, stores the stems in ``versions_fts`` (FTS5 then only
finds rows), and keeps the statistics per scope, updated in the write transaction:

* ``fts_stats (scope, rows, tokens)``: the scope's indexed rows and their tokens;
* ``fts_terms (scope, term, rows_any, rows_relation)``: rows of the scope holding
  a stem anywhere, and in the relation name.

Ranking (:mod:`tem.store.sqlite_search`) reads only these, so a scope's scores
depend on that scope's rows alone. A row's statistics go when the row goes: a
hard delete leaves no term behind.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import snowballstemmer

from tem.store.rows import chunks, marks

COLUMNS = ("subject", "relation", "value")
"""The searched columns of ``versions_fts``, in order."""

_TOKEN = re.compile(r"[^\W_]+")


@lru_cache(maxsize=1)
def _stemmer() -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer("porter")


@lru_cache(maxsize=131072)
def stem(token: str) -> str:
    """The Porter stem of a casefolded token (the token itself where the stem is empty: "s")."""
    return str(_stemmer().stemWord(token)) or token


def tokens(text: str) -> list[str]:
    """The stems of ``text``: casefolded, accents removed, split on non-alphanumerics."""
    folded = text.casefold()
    if not folded.isascii():
        decomposed = unicodedata.normalize("NFKD", folded)
        folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    return [stem(t) for t in _TOKEN.findall(folded)]


def tag(scope: str) -> str:
    """The token that marks a scope's rows in the index (one alphanumeric word)."""
    return "s" + hashlib.sha256(scope.encode()).hexdigest()[:24]


def index_rows(conn: sqlite3.Connection, rows: Iterable[Sequence[Any]]) -> None:
    """Index version rows ``(rowid, scope, subject, relation, value)`` and count them."""
    entries = []
    changes = _Counts()
    for rowid, scope, *texts in rows:
        stems = [tokens(text) for text in texts]
        entries.append((rowid, *(" ".join(s) for s in stems), scope, tag(scope)))
        changes.add(scope, stems, 1)
    conn.executemany(
        "INSERT INTO versions_fts (rowid, subject, relation, value, scope, tag) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        entries,
    )
    changes.apply(conn)


def unindex_rows(conn: sqlite3.Connection, rowids: Sequence[int]) -> None:
    """Remove version rows from the index and their counts from the statistics."""
    changes = _Counts()
    for chunk in chunks(rowids):
        found = conn.execute(
            "SELECT scope, subject, relation, value FROM versions_fts "
            f"WHERE rowid IN ({marks(len(chunk))})",
            chunk,
        ).fetchall()
        for scope, *texts in found:
            changes.add(scope, [text.split() for text in texts], -1)
        conn.execute(f"DELETE FROM versions_fts WHERE rowid IN ({marks(len(chunk))})", chunk)
    changes.apply(conn)


class _Counts:
    """Statistic changes of one write, summed before they touch the tables."""

    def __init__(self) -> None:
        self.rows: Counter[str] = Counter()
        self.tokens: Counter[str] = Counter()
        self.any: Counter[tuple[str, str]] = Counter()
        self.relation: Counter[tuple[str, str]] = Counter()

    def add(self, scope: str, stems: Sequence[Sequence[str]], sign: int) -> None:
        self.rows[scope] += sign
        self.tokens[scope] += sign * sum(len(s) for s in stems)
        for term in {t for s in stems for t in s}:
            self.any[scope, term] += sign
        for term in set(stems[1]):
            self.relation[scope, term] += sign

    def apply(self, conn: sqlite3.Connection) -> None:
        conn.executemany(
            "INSERT INTO fts_stats (scope, rows, tokens) VALUES (?, ?, ?) "
            "ON CONFLICT (scope) DO UPDATE SET rows = rows + excluded.rows, "
            "tokens = tokens + excluded.tokens",
            [(scope, count, self.tokens[scope]) for scope, count in self.rows.items()],
        )
        conn.executemany(
            "INSERT INTO fts_terms (scope, term, rows_any, rows_relation) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (scope, term) DO UPDATE SET rows_any = rows_any + excluded.rows_any, "
            "rows_relation = rows_relation + excluded.rows_relation",
            [(*key, count, self.relation.get(key, 0)) for key, count in self.any.items()],
        )
        # A delete leaves no statistic of what it deleted: counts that fell to 0 go.
        gone = [key for key, count in self.any.items() if count < 0]
        conn.executemany(
            "DELETE FROM fts_terms WHERE scope = ? AND term = ? AND rows_any <= 0", gone
        )
        scopes = [(scope,) for scope, count in self.rows.items() if count < 0]
        conn.executemany("DELETE FROM fts_stats WHERE scope = ? AND rows <= 0", scopes)
