"""pgvector, where the server has it: vectors searched in SQL with an HNSW index.

At open (:func:`enable`) the store asks for the ``vector`` extension (``CREATE
EXTENSION IF NOT EXISTS vector SCHEMA public``, which needs the extension installed
on the server and the right to create it); when it is not there, nothing changes and
vectors stay ``bytea`` compared in Python. When it is, ``vectors`` gains an
``embedding`` column of type ``vector`` (no fixed dimension: each model has its own),
filled from the ``bytea`` of rows written before, and every write fills both.

Each model gets a partial HNSW index of its own dimension (:func:`ensure_index`),
``(embedding::vector(D)) vector_cosine_ops WHERE model = '<model>'``, the form
pgvector documents for columns holding several dimensions. :func:`nearest` orders
by that expression with the model inlined as a literal, so the planner can prove
the partial index applies (a parameter cannot), and filters by scope during the
index scan (``hnsw.iterative_scan``, pgvector 0.8+, keeps scanning past filtered
rows). Types and operators are schema-qualified: the extension lives in one schema
of the database, whichever schema tem's tables are in.
"""

from __future__ import annotations

import array
import hashlib
from typing import TYPE_CHECKING, Any

from tem.core.model import GroupKey

if TYPE_CHECKING:
    from psycopg.sql import Composed

    from tem.store.postgres_schema import Conn

HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64
HNSW_EF_SEARCH = 128
"""pgvector's graph degree and build effort (its defaults), and search effort (as hnswlib's)."""

CONVERT_BATCH = 5_000
"""``bytea`` vectors converted per statement when pgvector is first enabled."""


def enable(conn: Conn, errors: type[Exception]) -> str | None:
    """Create the extension if allowed; return its (quoted) schema, or None without pgvector.

    ``conn`` is in autocommit mode. An advisory lock serializes stores opening at
    once (``CREATE EXTENSION IF NOT EXISTS`` races on the catalog otherwise).
    """
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('tem:pgvector', 0))")
            if _schema_of(conn) is None:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public")
    except errors:
        pass  # not installed on the server, or no right to create it: bytea it is
    schema = _schema_of(conn)
    if schema is None:
        return None
    ext = '"' + schema.replace('"', '""') + '"'
    with conn.transaction():
        conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('tem:pgvector:' || current_schema(), 0))"
        )
        column = conn.execute(
            "SELECT 1 FROM pg_attribute WHERE attrelid = 'vectors'::regclass "
            "AND attname = 'embedding' AND NOT attisdropped"
        ).fetchone()
        if column is None:  # ALTER TABLE locks the table even when it changes nothing
            conn.execute(f"ALTER TABLE vectors ADD COLUMN embedding {ext}.vector")
            # Rows still to convert (written before, or by a store with pgvector off),
            # found without reading the table at every open.
            conn.execute(
                "CREATE INDEX vectors_unconverted ON vectors (seq) WHERE embedding IS NULL"
            )
        converted = _convert(conn, ext)
    if converted:  # rows written without pgvector: index every model they hold
        for model, dim in conn.execute("SELECT DISTINCT model, length(vector) / 4 FROM vectors"):
            ensure_index(conn, ext, model, dim)
    return ext


def _schema_of(conn: Conn) -> str | None:
    row = conn.execute(
        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
        "WHERE e.extname = 'vector'"
    ).fetchone()
    return None if row is None else str(row[0])


def _convert(conn: Conn, ext: str) -> int:
    """Fill ``embedding`` from ``vector`` (float32 bytes) where it is empty; count the rows."""
    done = 0
    while True:
        rows = conn.execute(
            "SELECT seq, vector FROM vectors WHERE embedding IS NULL ORDER BY seq LIMIT %s",
            (CONVERT_BATCH,),
        ).fetchall()
        if not rows:
            return done
        done += len(rows)
        conn.execute(
            f"UPDATE vectors x SET embedding = v.e::{ext}.vector "
            "FROM unnest(%s::bigint[], %s::text[]) AS v(seq, e) WHERE x.seq = v.seq",
            ([r[0] for r in rows], [literal(bytes(r[1])) for r in rows]),
        )


def literal(blob: bytes) -> str:
    """A float32 vector's bytes as pgvector's text form, ``[0.5,-1,...]`` (exact)."""
    return "[" + ",".join(map(repr, array.array("f", blob).tolist())) + "]"


def index_name(model: str, dim: int) -> str:
    """The HNSW index of ``model`` (a hash: model names are free text)."""
    return f"vectors_hnsw_{hashlib.sha256(model.encode()).hexdigest()[:16]}_{dim}"


def ensure_index(conn: Conn, ext: str, model: str, dim: int) -> None:
    """Create the model's HNSW index if missing (autocommit ``conn``; one creator at a time)."""
    from psycopg import sql

    name = index_name(model, dim)
    statement = sql.SQL(
        "CREATE INDEX IF NOT EXISTS {name} ON vectors USING hnsw "
        "((embedding::{ext}.vector({dim})) {ext}.vector_cosine_ops) "
        "WITH (m = {m}, ef_construction = {ef}) WHERE model = {model}"
    ).format(
        name=sql.Identifier(name),
        ext=sql.SQL(ext),
        dim=sql.Literal(dim),
        m=sql.Literal(HNSW_M),
        ef=sql.Literal(HNSW_EF_CONSTRUCTION),
        model=sql.Literal(model),
    )
    with conn.transaction():
        conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('tem:pgvector:' || current_schema(), 0))"
        )
        conn.execute(statement)


def nearest(
    conn: Conn, ext: str, scope: str, model: str, vector: bytes, limit: int
) -> list[tuple[GroupKey, float]]:
    """Up to ``limit`` (group, cosine) nearest ``vector`` among the scope's live vectors.

    The HNSW scan returns the ``limit`` nearest of the scope's vectors; those of
    retired observations are then left out, so a scope with many retired facts
    may return fewer.
    """
    dim = len(vector) // 4
    if limit < 1 or not dim:
        return []
    with conn.transaction():
        conn.execute(f"SET LOCAL hnsw.ef_search = {min(1000, max(HNSW_EF_SEARCH, limit))}")
        conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        rows: list[tuple[Any, ...]] = conn.execute(
            nearest_sql(ext, model, dim), (literal(vector), scope, limit)
        ).fetchall()
    # relaxed_order may return a near neighbour slightly out of order: sort exactly.
    found = [(GroupKey(scope, r[0], r[1]), float(r[2])) for r in rows if r[2] is not None]
    return sorted(found, key=lambda item: -item[1])


def nearest_sql(ext: str, model: str, dim: int) -> Composed:
    """The query of :func:`nearest`; parameters: the vector's text, the scope, the limit."""
    from psycopg import sql

    return sql.SQL(
        "SELECT o.subject_key, o.relation_key, 1 - d.distance FROM ("
        "SELECT x.scope, x.observation_id, "
        "(x.embedding::{ext}.vector({dim})) OPERATOR({ext}.<=>) %s::{ext}.vector({dim}) "
        "AS distance FROM vectors x WHERE x.model = {model} AND x.scope = %s "
        "ORDER BY distance LIMIT %s) d "
        "JOIN observations o ON o.scope = d.scope AND o.id = d.observation_id "
        "WHERE o.expired_at IS NULL ORDER BY d.distance"
    ).format(ext=sql.SQL(ext), dim=sql.Literal(dim), model=sql.Literal(model))
