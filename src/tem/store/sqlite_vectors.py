"""Vectors in SQLite: one embedding per observation, for optional semantic recall.

Functions here take an open connection: the store calls them inside its own
transactions, so an observation and its vector are written (or forgotten) together.
A version's vector is its first observation's, found by joining on the shared id.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from tem.core.model import GroupKey, Observation
from tem.store.base import VectorDelta, Vectors
from tem.store.rows import vector_rows


def put_vectors(
    conn: sqlite3.Connection, observations: Sequence[Observation], vectors: Vectors | None
) -> None:
    """Store the vectors of ``observations``; an observation that has one keeps it."""
    if not vectors or not vectors.by_id:
        return
    rows = vector_rows(observations, vectors)
    conn.executemany(
        "INSERT OR IGNORE INTO vectors (observation_id, scope, model, vector) VALUES (?, ?, ?, ?)",
        rows,
    )


def delete_vectors(conn: sqlite3.Connection, clause: str, params: Sequence[str]) -> None:
    """Delete the vectors of the observations ``WHERE clause`` selects (before they go)."""
    conn.execute(
        f"DELETE FROM vectors WHERE observation_id IN (SELECT id FROM observations WHERE {clause})",
        params,
    )


def scope_vectors(
    conn: sqlite3.Connection, scope: str, model: str
) -> tuple[list[GroupKey], list[bytes]]:
    """Return the group and vector of every stored version of ``scope`` with a ``model`` vector."""
    cursor = conn.cursor()
    cursor.row_factory = None
    rows = cursor.execute(
        "SELECT v.subject_key, v.relation_key, x.vector FROM versions v "
        "JOIN vectors x ON x.observation_id = v.id WHERE v.scope = ? AND x.model = ?",
        (scope, model),
    ).fetchall()
    return [GroupKey(scope, r[0], r[1]) for r in rows], [r[2] for r in rows]


def vectors_since(
    conn: sqlite3.Connection, scope: str, model: str, mark: tuple[int, int] | None
) -> VectorDelta:
    """The live vectors of ``scope`` added since ``mark``, and the keys gone since."""
    cursor = conn.cursor()
    cursor.row_factory = None
    (added,) = cursor.execute("SELECT coalesce(max(seq), 0) FROM vectors").fetchone()
    (removed,) = cursor.execute("SELECT coalesce(max(seq), 0) FROM vectors_gone").fetchone()
    after, gone_after = mark if mark is not None else (0, removed)
    rows = cursor.execute(
        "SELECT x.seq, o.subject_key, o.relation_key, x.vector FROM vectors x "
        "JOIN observations o ON o.id = x.observation_id "
        "WHERE x.scope = ? AND x.model = ? AND x.seq > ? AND x.seq <= ? "
        "AND o.expired_at IS NULL ORDER BY x.seq",
        (scope, model, after, added),
    ).fetchall()
    gone = cursor.execute(
        "SELECT vector FROM vectors_gone WHERE seq > ? AND seq <= ?", (gone_after, removed)
    ).fetchall()
    return VectorDelta(
        keys=[r[0] for r in rows],
        groups=[GroupKey(scope, r[1], r[2]) for r in rows],
        blobs=[r[3] for r in rows],
        gone=[r[0] for r in gone],
        mark=(int(added), int(removed)),
        reset=mark is None,
    )
