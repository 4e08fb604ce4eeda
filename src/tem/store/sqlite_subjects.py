"""Subject names in the SQLite store: an index by scope, and matching that stays bounded.

``subjects_fts`` holds each name's stems (:func:`tem.store.sqlite_terms.tokens`) and
its scope's tag; ``subject_terms (scope, term, subjects)`` counts the scope's
subjects holding each stem, and the term ``''`` counts the scope's subjects. Both
change in the write that adds or drops a subject.

Matching (the contract of :meth:`SQLiteStore.match_subjects`): names holding any of
the query's words, best first by BM25 computed from the scope's own counts, the
newest first among equals. Words
are looked up rarest first:

* **rare words** (together held by at most :data:`BUDGET` subjects of the scope):
  every subject holding one is scored;
* **common words** (the rest, e.g. "customer" in "Customer 104" when the scope holds
  50,000 customers): only the newest :data:`NEWEST` subjects holding all of them
  (but for a word in half the scope's names or more, which weighs next to nothing),
  then, if that leaves places free, the newest holding any, are scored.

So a question that names a subject by a rare word finds it whatever the scope's
size, and one naming it only by common words finds the newest such names; a match
costs at most :data:`BUDGET` + 2 :data:`NEWEST` scored names.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

from tem.store.rows import chunks, marks
from tem.store.sqlite_search import IDF_LEAST, K1, B, idf
from tem.store.sqlite_terms import tag, tokens

BUDGET = 400
"""Subjects the rare words of a match may bring in, all scored."""
NEWEST = 100
"""Subjects each common-word stage scores: the newest holding those words."""


def index_subject(conn: sqlite3.Connection, rowid: int, scope: str, name: str) -> None:
    """Index a new subject's name and count its stems."""
    stems = tokens(name)
    conn.execute(
        "INSERT INTO subjects_fts (rowid, subject, tag) VALUES (?, ?, ?)",
        (rowid, " ".join(stems), tag(scope)),
    )
    _count(conn, scope, stems, 1)


def unindex_subject(conn: sqlite3.Connection, rowid: int, scope: str) -> None:
    """Remove a dropped subject's name from the index and its stems from the counts."""
    row = conn.execute("SELECT subject FROM subjects_fts WHERE rowid = ?", (rowid,)).fetchone()
    if row is None:
        return
    conn.execute("DELETE FROM subjects_fts WHERE rowid = ?", (rowid,))
    _count(conn, scope, row[0].split(), -1)


def _count(conn: sqlite3.Connection, scope: str, stems: Iterable[str], sign: int) -> None:
    changes = [(scope, term, sign) for term in {"", *stems}]
    conn.executemany(
        "INSERT INTO subject_terms (scope, term, subjects) VALUES (?, ?, ?) "
        "ON CONFLICT (scope, term) DO UPDATE SET subjects = subjects + excluded.subjects",
        changes,
    )
    if sign < 0:
        conn.executemany(
            "DELETE FROM subject_terms WHERE scope = ? AND term = ? AND subjects <= 0",
            [(scope, term) for scope, term, _ in changes],
        )


def rebuild(conn: sqlite3.Connection) -> None:
    """(Re)create the name index and counts from the subjects table (a migration step)."""
    conn.execute("DROP TABLE IF EXISTS subjects_fts")
    conn.execute(
        "CREATE VIRTUAL TABLE subjects_fts USING fts5 ("
        "subject, tag, tokenize = 'unicode61 remove_diacritics 0')"
    )
    conn.execute(
        "CREATE TABLE IF NOT EXISTS subject_terms (scope TEXT NOT NULL, term TEXT NOT NULL, "
        "subjects INTEGER NOT NULL, PRIMARY KEY (scope, term)) WITHOUT ROWID"
    )
    conn.execute("DELETE FROM subject_terms")
    for rowid, scope, name in conn.execute("SELECT rowid, scope, subject FROM subjects").fetchall():
        index_subject(conn, rowid, scope, name)


def match(conn: sqlite3.Connection, scope: str, terms: Sequence[str], limit: int) -> list[str]:
    """Names of the scope's subjects holding any of ``terms``, best first (see above)."""
    stems = list(dict.fromkeys(s for t in terms for s in tokens(t)))
    if not stems or limit <= 0:
        return []
    counts = dict(
        conn.execute(
            f"SELECT term, subjects FROM subject_terms WHERE scope = ? "
            f"AND term IN ('', {marks(len(stems))})",
            (scope, *stems),
        ).fetchall()
    )
    total = counts.pop("", 0)
    live = sorted(counts, key=lambda s: counts[s])
    if not total or not live:
        return []
    rare: list[str] = []
    held = 0
    for stem in live:
        if held + counts[stem] > BUDGET:
            break
        rare.append(stem)
        held += counts[stem]
    common = live[len(rare) :]
    weights = {s: idf(counts[s], total) for s in live}
    (alone,) = conn.execute(
        "SELECT (SELECT min(scope) FROM subjects) = ?1 AND (SELECT max(scope) FROM subjects) = ?1",
        (scope,),
    ).fetchone()
    # The file's only scope needs no tag: ANDing it seeks its postings for every name.
    scoped = "" if alone else f"tag : {tag(scope)} AND "
    found: dict[int, str] = {}
    if rare:
        found.update(_rows(conn, f"{scoped}subject : ({' OR '.join(_quoted(rare))})"))
    if common:
        # A word in half the scope's names or more ("Dr.") weighs next to nothing:
        # requiring it only makes FTS5 walk its postings.
        telling = [s for s in common if weights[s] > IDF_LEAST] or common
        every = " AND ".join(_quoted(telling))
        found.update(_rows(conn, f"{scoped}subject : ({every})", NEWEST))
        if len(common) > 1 and len(found) < limit:
            either = " OR ".join(_quoted(common))
            found.update(_rows(conn, f"{scoped}subject : ({either})", NEWEST))
    scored = sorted((-_score(text.split(), weights), -rowid) for rowid, text in found.items())
    best = [-negated for _, negated in scored[:limit]]
    if not best:
        return []
    names = dict(
        conn.execute(
            f"SELECT rowid, subject FROM subjects WHERE rowid IN ({marks(len(best))})", best
        ).fetchall()
    )
    return [names[rowid] for rowid in best if rowid in names]


def _quoted(stems: Iterable[str]) -> list[str]:
    return ['"' + s + '"' for s in stems]


def _rows(conn: sqlite3.Connection, query: str, limit: int | None = None) -> list[tuple[int, str]]:
    """(rowid, stems) of the names matching ``query`` (the newest ``limit``).

    The stems are read from FTS5's content table by rowid (column ``c0``): through
    FTS5's own column a name cost about three times as much.
    """
    sql = "SELECT rowid FROM subjects_fts WHERE subjects_fts MATCH ?"
    if limit is None:
        found = conn.execute(sql, (query,)).fetchall()
    else:
        found = conn.execute(sql + " ORDER BY rowid DESC LIMIT ?", (query, limit)).fetchall()
    rows: list[tuple[int, str]] = []
    for chunk in chunks([rowid for (rowid,) in found]):
        rows += conn.execute(
            f"SELECT id, c0 FROM subjects_fts_content WHERE id IN ({marks(len(chunk))})", chunk
        ).fetchall()
    return rows


def _score(stems: list[str], weights: dict[str, float]) -> float:
    """BM25 of one name, taking a name's usual length as two words."""
    norm = 1 - B + B * len(stems) / 2
    total = 0.0
    for stem, weight in weights.items():
        if count := stems.count(stem):
            total += weight * count * (K1 + 1) / (count + K1 * norm)
    return total
