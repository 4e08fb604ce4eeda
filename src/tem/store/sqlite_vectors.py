"""Vectors in SQLite: one embedding per observation, for optional semantic recall.

Functions here take an open connection: the store calls them inside its own
transactions, so an observation and its vector are written (or forgotten) together.
A version's vector is its first observation's, found by joining on the shared id.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from tem.core.model import GroupKey, Observation
from tem.store.base import Vectors


def m003_vectors(conn: sqlite3.Connection) -> None:
    """One float32 vector per observation, tagged with the embedder that made it."""
    conn.execute(
        """CREATE TABLE vectors (
            observation_id TEXT PRIMARY KEY,
            scope TEXT NOT NULL,
            model TEXT NOT NULL,
            vector BLOB NOT NULL
        )"""
    )


def put_vectors(
    conn: sqlite3.Connection, observations: Sequence[Observation], vectors: Vectors | None
) -> None:
    """Store the vectors of ``observations``; an observation that has one keeps it."""
    if not vectors or not vectors.by_id:
        return
    rows = [
        (o.id, o.scope, vectors.model, vector)
        for o in observations
        if (vector := vectors.by_id.get(o.id)) is not None
    ]
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
