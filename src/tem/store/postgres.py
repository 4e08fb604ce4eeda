"""The PostgreSQL store: a connection pool, one transaction per write, a lock per group.

Writers serialize per group, not per database: each write takes transaction-scoped
advisory locks (shared on the relations it touches, exclusive on its groups, then
on the subjects whose name rows it changes), always in sorted order, and reads
what it re-derives only after holding them (READ COMMITTED: each statement sees
every commit made before it). ``declare`` takes its relation's lock exclusively,
so no write derives a group of that relation with the old cardinality meanwhile.
A deadlock (possible only when a forget or undo finds more groups than it first
locked) rolls the write back and runs it again.

Every write also bumps one row of a small ``commits`` counter just before it
commits, so :meth:`PostgresStore.data_version` (their sum) changes exactly when a
write by any connection commits. Full text lives in generated ``tsvector``
columns of the rows themselves: deleting a row deletes its index entries.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from tem.core.model import Cardinality, GroupKey, Observation, Version
from tem.core.session import Session, SessionSummary, TurnRecord
from tem.errors import StoreError, UserError
from tem.store import postgres_pgvector as pgvector_sql
from tem.store import postgres_search as search_sql
from tem.store import postgres_sessions as session_sql
from tem.store import postgres_vectors as vectors_sql
from tem.store.base import Derive, SearchHit, VectorDelta, Vectors, WriteReport
from tem.store.postgres_schema import COMMIT_SHARDS, migrate, partition
from tem.store.postgres_sql import group_arrays, groups_join, one_line, redact
from tem.store.postgres_writes import (
    Transaction,
    check_observations,
    check_session,
    declared_cardinalities,
)
from tem.store.rows import (
    VERSION_SELECT,
    delete_filter,
    sessions_scope,
    version_of,
)
from tem.store.sql_reads import SqlReads

if TYPE_CHECKING:
    from psycopg_pool import ConnectionPool

    from tem.store.postgres_schema import Conn

T = TypeVar("T")
RETRIES = 5
MAX_PARTITIONS = 1024
"""Most hash partitions a table may be split into."""
"""Attempts of a write that keeps losing deadlocks before it fails."""
_SCHEMA = re.compile(r"[a-z_][a-z0-9_]{0,62}")
_BUMP = f"UPDATE commits SET count = count + 1 WHERE shard = pg_backend_pid() % {COMMIT_SHARDS}"
_TABLES = ("observations", "versions", "subjects", "sessions", "turns", "vectors")


class PostgresStore(SqlReads):
    """A store in a PostgreSQL database (``postgresql://user@host:5432/db``).

    ``schema`` (a lowercase SQL name) keeps tem's tables in that schema, created if
    missing; without it they go where the URL's ``search_path`` says (``public``).
    The schema is migrated on open. Needs ``pip install 'tem[postgres]'``.
    ``rank_cap`` bounds the rows one full-text search ranks once its terms are
    common (``tem/store/postgres_search.py``); None ranks every match.
    ``pgvector`` uses the ``vector`` extension where the server has it (vectors
    searched in SQL, ``tem/store/postgres_pgvector.py``); False never does.
    ``partitions`` (on a new database or schema) creates the tables holding a scope
    ``PARTITION BY HASH (scope)`` with that many partitions each.
    """

    _mark, _seq = "%s", "seq"

    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        max_connections: int = 8,
        timeout: float = 30.0,
        rank_cap: int | None = search_sql.RANK_CAP,
        pgvector: bool = True,
        partitions: int | None = None,
    ) -> None:
        try:
            import psycopg
            from psycopg_pool import ConnectionPool
        except ImportError as exc:
            raise UserError(
                "the PostgreSQL store needs the postgres extra: "
                f"pip install 'tem[postgres]' ({exc})"
            ) from exc
        if schema is not None and not _SCHEMA.fullmatch(schema):
            raise UserError(f"schema: expected a lowercase SQL name like tem_data, got {schema!r}")
        if partitions is not None and not 1 <= partitions <= MAX_PARTITIONS:
            raise UserError(
                f"partitions: expected 1 to {MAX_PARTITIONS} partitions, got {partitions}"
            )
        if rank_cap is not None and rank_cap < 1:
            raise UserError(f"rank_cap: expected a positive number of rows or None, got {rank_cap}")
        self.url, self.schema, self.rank_cap = url, schema, rank_cap
        self.concurrency = max_connections  # each call takes a connection of the pool
        self._search_stats = search_sql.SearchStats()
        self._indexed: set[str] = set()
        """Models whose HNSW index this store has made sure of."""
        self._errors: type[Exception] = psycopg.Error
        self._retryable: tuple[type[Exception], ...] = (
            psycopg.errors.DeadlockDetected,
            psycopg.errors.SerializationFailure,
        )
        options = connect_options(url, schema)
        try:
            with psycopg.connect(
                url, autocommit=True, connect_timeout=max(1, round(timeout)), options=options
            ) as conn:
                migrate(conn, schema)
                if partitions is not None:
                    partition(conn, partitions)
                # The extension's quoted schema while pgvector is in use, else None.
                self.pgvector = pgvector_sql.enable(conn, psycopg.Error) if pgvector else None
                row = conn.execute("SELECT current_database(), current_schema()").fetchone()
        except psycopg.Error as exc:
            raise StoreError(f"cannot open {redact(url)}: {one_line(exc)}") from exc
        assert row is not None
        # Lock keys name the database and schema: tem data elsewhere never waits on these.
        self._namespace = f"{row[0]}.{row[1]}"
        self._pool: ConnectionPool[Conn] = ConnectionPool(
            url,
            kwargs={"autocommit": True, "options": options},
            min_size=1,
            max_size=max_connections,
            timeout=timeout,
            open=False,
            name="tem",
        )
        try:
            self._pool.open(wait=True, timeout=timeout)
        except psycopg.Error as exc:
            self._pool.close()
            raise StoreError(f"cannot open {redact(url)}: {one_line(exc)}") from exc

    def __repr__(self) -> str:
        return f"PostgresStore({redact(self.url)!r}, schema={self.schema!r})"

    @contextmanager
    def _connection(self) -> Iterator[Conn]:
        """A pooled connection (autocommit: each read is its own statement)."""
        try:
            with self._pool.connection() as conn:
                yield conn
        except self._errors as exc:
            raise StoreError(one_line(exc)) from exc

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._connection() as conn:
            return conn.execute(sql, params).fetchall()

    def _write(self, work: Callable[[Transaction], T]) -> T:
        """Run ``work`` in one transaction that also bumps the commit counter; retry deadlocks."""
        for attempt in itertools.count(1):
            try:
                # Pipeline mode: statements whose results are not needed yet go out
                # together with the next read (a single add is two round trips).
                with self._pool.connection() as conn, conn.pipeline(), conn.transaction():
                    result = work(Transaction(conn, self._namespace, self.pgvector))
                    conn.execute(_BUMP)
                return result
            except self._retryable as exc:
                if attempt >= RETRIES:
                    raise StoreError(f"write kept conflicting: {one_line(exc)}") from exc
            except self._errors as exc:
                raise StoreError(one_line(exc)) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    # -- writes ---------------------------------------------------------------------

    def write(
        self, observations: Sequence[Observation], derive: Derive, vectors: Vectors | None = None
    ) -> WriteReport:
        check_observations(observations)
        self._index_for(vectors)
        return self._write(lambda tx: tx.write(observations, derive, vectors))

    def write_session(
        self,
        session: Session,
        scope: str,
        summary: str,
        observations: Sequence[Observation],
        derive: Derive,
        vectors: Vectors | None = None,
    ) -> WriteReport:
        check_observations(observations)
        check_session(session, scope, summary)
        self._index_for(vectors)

        def work(tx: Transaction) -> WriteReport:
            tx.put_session(session, scope, summary)
            return tx.write(observations, derive, vectors)

        return self._write(work)

    def retire(self, scope: str, source: str, when: datetime, derive: Derive) -> WriteReport:
        return self._write(lambda tx: tx.retire(scope, source, when, derive))

    def delete(
        self,
        derive: Derive,
        *,
        scope: str | None = None,
        subject_key: str | None = None,
        source: str | None = None,
    ) -> int:
        clause, params = delete_filter(scope, subject_key, source, mark="%s", always="TRUE")

        def work(tx: Transaction) -> int:
            deleted = tx.delete(derive, clause, params)
            if (sessions_of := sessions_scope(scope, subject_key)) is not None:
                session_sql.delete_sessions(tx.conn, sessions_of, source)
            return deleted

        return self._write(work)

    def declare(self, relation_key: str, cardinality: Cardinality, derive: Derive) -> WriteReport:
        return self._write(lambda tx: tx.declare(relation_key, cardinality, derive))

    def _index_for(self, vectors: Vectors | None) -> None:
        """With pgvector, make sure the model of ``vectors`` has its HNSW index (once)."""
        if self.pgvector is None or not vectors or vectors.model in self._indexed:
            return
        dim = len(next(iter(vectors.by_id.values()), b"")) // 4
        if dim:
            with self._connection() as conn:
                pgvector_sql.ensure_index(conn, self.pgvector, vectors.model, dim)
            self._indexed.add(vectors.model)

    # -- reads ----------------------------------------------------------------------

    def declared(self) -> dict[str, Cardinality]:
        with self._connection() as conn:
            return declared_cardinalities(conn)

    def group_versions(self, groups: Sequence[GroupKey]) -> dict[GroupKey, list[Version]]:
        found: dict[GroupKey, list[Version]] = {g: [] for g in groups}
        if not found:
            return found
        rows = self._read(
            f"SELECT {VERSION_SELECT} FROM {groups_join('versions')} "
            "ORDER BY t.scope, t.subject_key, t.relation_key, t.position",
            group_arrays(list(found)),
        )
        for row in rows:
            found[GroupKey(row[1], row[3], row[5])].append(version_of(row))
        return found

    def group_sizes(self, groups: Sequence[GroupKey]) -> dict[GroupKey, int]:
        unique = list(dict.fromkeys(groups))
        if not unique:
            return {}
        rows = self._read(
            "SELECT (SELECT count(*) FROM versions t WHERE t.scope = g.s AND "
            "t.subject_key = g.k AND t.relation_key = g.r) "
            "FROM unnest(%s::text[], %s::text[], %s::text[]) WITH ORDINALITY AS g(s, k, r, n) "
            "ORDER BY g.n",
            group_arrays(unique),
        )
        return {g: int(r[0]) for g, r in zip(unique, rows, strict=True)}

    def vectors(self, scope: str, model: str) -> tuple[list[GroupKey], list[bytes]]:
        with self._connection() as conn:
            return vectors_sql.scope_vectors(conn, scope, model)

    def vectors_since(self, scope: str, model: str, mark: tuple[int, int] | None) -> VectorDelta:
        with self._connection() as conn:
            return vectors_sql.vectors_since(conn, scope, model, mark)

    def nearest(
        self, scope: str, model: str, vector: bytes, limit: int
    ) -> list[tuple[GroupKey, float]] | None:
        """With pgvector, the HNSW search in SQL; without, None (recall keeps an index)."""
        if self.pgvector is None:
            return None
        with self._connection() as conn:
            return pgvector_sql.nearest(conn, self.pgvector, scope, model, vector, limit)

    def data_version(self) -> int:
        return int(self._read("SELECT sum(count) FROM commits")[0][0])

    def search(
        self,
        scope: str,
        terms: Sequence[str],
        limit: int,
        relation_terms: Sequence[str] = (),
    ) -> list[SearchHit]:
        if not terms and not relation_terms:
            return []
        # Rank on seq alone (over at most rank_cap rows once the terms are common:
        # postgres_search), then read the few winning rows.
        with self._connection() as conn:
            ranked = search_sql.ranked_seqs(
                conn, self._search_stats, scope, terms, relation_terms, limit, self.rank_cap
            )
            if not ranked:
                return []
            rows = conn.execute(
                "SELECT t.seq, t.id, t.scope, t.subject_key, t.relation_key FROM versions t "
                "WHERE t.scope = %s AND t.seq = ANY(%s)",
                (scope, [seq for seq, _ in ranked]),
            ).fetchall()
        # A row a concurrent write deleted between the two statements is left out.
        found = {int(r[0]): (r[1], GroupKey(r[2], r[3], r[4])) for r in rows}
        return [SearchHit(*found[seq], score) for seq, score in ranked if seq in found]

    def match_subjects(self, scope: str, terms: Sequence[str], limit: int) -> list[str]:
        if not terms:
            return []
        with self._connection() as conn:
            return search_sql.matched_subjects(
                conn, self._search_stats, scope, terms, limit, self.rank_cap
            )

    def count(self) -> dict[str, int]:
        counts = ", ".join(f"(SELECT count(*) FROM {table})" for table in _TABLES)
        row = self._read(f"SELECT {counts}")[0]
        return {table: int(n) for table, n in zip(_TABLES, row, strict=True)}

    def subjects(self, scope: str) -> list[str]:
        rows = self._read("SELECT subject FROM subjects WHERE scope = %s ORDER BY seq", (scope,))
        return [r[0] for r in rows]

    def sessions(self, scope: str) -> list[SessionSummary]:
        with self._connection() as conn:
            return session_sql.list_sessions(conn, scope)

    def session_turns(self, scope: str, session_id: str) -> list[TurnRecord]:
        with self._connection() as conn:
            return session_sql.session_turns(conn, scope, session_id)

    def search_sessions(self, scope: str, terms: Sequence[str], limit: int) -> list[SessionSummary]:
        with self._connection() as conn:
            return session_sql.search_sessions(conn, scope, terms, limit)

    def search_turns(self, scope: str, terms: Sequence[str], limit: int) -> list[TurnRecord]:
        with self._connection() as conn:
            return session_sql.search_turns(conn, scope, terms, limit)

    def close(self) -> None:
        self._pool.close()


def connect_options(url: str, schema: str | None) -> str | None:
    """libpq ``options`` putting ``schema`` first on the search path, after the URL's own.

    None leaves the URL's options alone; psycopg parses the URL (a bad one fails here).
    """
    if schema is None:
        return None
    from psycopg.conninfo import conninfo_to_dict

    try:
        given = conninfo_to_dict(url).get("options")
    except Exception as exc:  # psycopg.ProgrammingError: not a URL libpq accepts
        raise UserError(f"database URL: cannot parse {redact(url)!r}: {one_line(exc)}") from exc
    return " ".join(part for part in (str(given or ""), f"-c search_path={schema}") if part)
