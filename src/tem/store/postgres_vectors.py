"""Vectors in PostgreSQL: one embedding per observation, as ``bytea`` (no pgvector needed).

Functions here take an open connection: the store calls them inside its own
transactions, so an observation and its vector are written (or forgotten) together.
A version's vector is its first observation's, found by joining on the shared id;
similarity is computed in Python (:mod:`tem.embed.recall`), as with SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tem.core.model import GroupKey, Observation
from tem.store.base import Vectors
from tem.store.rows import vector_rows

if TYPE_CHECKING:
    from tem.store.postgres_schema import Conn


def put_vectors(conn: Conn, observations: Sequence[Observation], vectors: Vectors | None) -> None:
    """Store the vectors of ``observations``; an observation that has one keeps it."""
    if not vectors or not vectors.by_id:
        return
    rows = vector_rows(observations, vectors)
    with conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO vectors (observation_id, scope, model, vector) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (observation_id) DO NOTHING",
            rows,
        )


def delete_vectors(conn: Conn, clause: str, params: Sequence[str]) -> None:
    """Delete the vectors of the observations ``WHERE clause`` selects (before they go)."""
    conn.execute(
        f"DELETE FROM vectors WHERE observation_id IN (SELECT id FROM observations WHERE {clause})",
        params,
    )


def scope_vectors(conn: Conn, scope: str, model: str) -> tuple[list[GroupKey], list[bytes]]:
    """Return the group and vector of every stored version of ``scope`` with a ``model`` vector."""
    rows = conn.execute(
        "SELECT v.subject_key, v.relation_key, x.vector FROM versions v "
        "JOIN vectors x ON x.observation_id = v.id WHERE v.scope = %s AND x.model = %s "
        "ORDER BY v.seq",
        (scope, model),
    ).fetchall()
    return [GroupKey(scope, r[0], r[1]) for r in rows], [bytes(r[2]) for r in rows]
