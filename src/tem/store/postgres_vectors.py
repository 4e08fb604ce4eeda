"""Vectors in PostgreSQL: one embedding per observation, as ``bytea`` (no pgvector needed).

Functions here take an open connection: the store calls them inside its own
transactions, so an observation and its vector are written (or forgotten) together.
A version's vector is its first observation's, found by joining on the shared id;
similarity is computed in Python (:mod:`tem.embed.recall`), as with SQLite.

Each vector row records the transaction that wrote it (``xid``), and a retire or
delete logs the keys of the vectors it ends in ``vectors_gone``, so a semantic
index can ask what changed since its mark (:func:`vectors_since`) instead of
reloading the scope after every write.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tem.core.model import GroupKey, Observation
from tem.store.base import VectorDelta, Vectors
from tem.store.postgres_pgvector import literal
from tem.store.rows import vector_rows

if TYPE_CHECKING:
    from tem.store.postgres_schema import Conn


def put_vectors(
    conn: Conn,
    observations: Sequence[Observation],
    vectors: Vectors | None,
    pgvector: str | None = None,
) -> None:
    """Store the vectors of ``observations``; an observation that has one keeps it.

    With ``pgvector`` (the extension's quoted schema) the ``embedding`` column is
    filled too.
    """
    if not vectors or not vectors.by_id:
        return
    rows = vector_rows(observations, vectors)
    columns, values = "observation_id, scope, model, vector", "%s, %s, %s, %s"
    if pgvector is not None:
        rows = [(*row, literal(row[3])) for row in rows]
        columns, values = f"{columns}, embedding", f"{values}, %s::{pgvector}.vector"
    with conn.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO vectors ({columns}) VALUES ({values}) "
            "ON CONFLICT (scope, observation_id) DO NOTHING",
            rows,
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


_LIVE = (
    "SELECT x.seq, o.subject_key, o.relation_key, x.vector FROM vectors x "
    "JOIN observations o ON o.scope = x.scope AND o.id = x.observation_id "
    "WHERE x.scope = %s AND x.model = %s AND o.expired_at IS NULL"
)


def vectors_since(conn: Conn, scope: str, model: str, mark: tuple[int, int] | None) -> VectorDelta:
    """The live vectors of ``scope`` written since ``mark``, and the keys gone since.

    One REPEATABLE READ transaction, so both reads and the new mark see one
    snapshot. The mark is that snapshot's ``xmin``: every transaction below it had
    ended, so its rows were seen; rows of later transactions (some perhaps seen
    already, being committed then) are sent again, and the index skips keys it holds.
    """
    with conn.transaction():
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        row = conn.execute("SELECT pg_snapshot_xmin(pg_current_snapshot())::text").fetchone()
        assert row is not None
        now = int(row[0])
        if mark is None:
            rows = conn.execute(f"{_LIVE} ORDER BY x.seq", (scope, model)).fetchall()
            gone: list[tuple[int]] = []
        else:
            since = str(mark[0])
            rows = _live_since(conn, scope, model, since)
            gone = conn.execute(
                "SELECT vector FROM vectors_gone "
                "WHERE scope_hash = hashtextextended(%s, 0) AND xid >= %s::xid8",
                (scope, since),
            ).fetchall()
    return VectorDelta(
        keys=[int(r[0]) for r in rows],
        groups=[GroupKey(scope, r[1], r[2]) for r in rows],
        blobs=[bytes(r[3]) for r in rows],
        gone=[int(r[0]) for r in gone],
        mark=(now, now),
        reset=mark is None,
    )


def _live_since(conn: Conn, scope: str, model: str, since: str) -> list[tuple[Any, ...]]:
    """Rows of :data:`_LIVE` written by transaction ``since`` or later.

    The planner cannot know that only the newest few vectors qualify (a prepared
    statement's generic plan guesses a third of the scope's), and chose a parallel
    hash join over every observation: 20 ms at 100k versions, most of it starting
    workers. So no workers, and two statements: the observations are looked up by id.
    """
    conn.execute("SET LOCAL max_parallel_workers_per_gather = 0")
    written = conn.execute(
        "SELECT seq, observation_id, vector FROM vectors "
        "WHERE scope = %s AND model = %s AND xid >= %s::xid8 ORDER BY seq",
        (scope, model, since),
    ).fetchall()
    if not written:
        return []
    live = conn.execute(
        "SELECT id, subject_key, relation_key FROM observations "
        "WHERE scope = %s AND id = ANY(%s) AND expired_at IS NULL",
        (scope, [r[1] for r in written]),
    ).fetchall()
    groups = {r[0]: (r[1], r[2]) for r in live}
    return [(r[0], *groups[r[1]], r[2]) for r in written if r[1] in groups]
