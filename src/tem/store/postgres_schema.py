"""Numbered schema migrations of the PostgreSQL store.

Each migration is a small function ``mNNN_what(conn)``; :func:`migrate` runs the
ones a database has not seen yet, in order, inside one transaction, and records
each in the ``schema_version`` table. It holds an advisory lock (one per schema)
meanwhile, so several processes opening a fresh database at once apply each
migration exactly once instead of racing on ``CREATE TABLE``.

Every text column uses the ``"C"`` collation: keys sort and compare bytewise, as
in SQLite, whatever the database's locale. Times are stored as the canonical text
of :func:`tem.core.times.to_text` (fixed-width UTC ISO 8601, so text order is time
order), which keeps the row codecs shared with the SQLite store.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from tem.errors import StoreError, UserError

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.rows import TupleRow

    Conn = Connection[TupleRow]

COMMIT_SHARDS = 8
"""Rows of the ``commits`` counter: writers bump one each, spread by backend pid."""

# The text search configurations, named once: stemmed English for facts and
# conversations (SQLite uses the Porter stemmer there), no stemming for names.
TEXT_CONFIG = "english"
NAME_CONFIG = "simple"


def m001_create_tables(conn: Conn) -> None:
    """Observations (ground truth), derived versions, subjects, declarations, commit counter.

    ``versions.fts`` weighs subject (A), relation (B) and value (C) so ranking can
    favour the relation and the subject as SQLite's BM25 weights do;
    ``relation_fts`` holds the relation alone, for relation synonyms.
    """
    _run(
        conn,
        f"""
        CREATE TABLE observations (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id text COLLATE "C" NOT NULL UNIQUE,
            scope text COLLATE "C" NOT NULL,
            subject text COLLATE "C" NOT NULL,
            subject_key text COLLATE "C" NOT NULL,
            relation text COLLATE "C" NOT NULL,
            relation_key text COLLATE "C" NOT NULL,
            value text COLLATE "C",
            kind text COLLATE "C" NOT NULL CHECK (kind IN ('assert', 'end')),
            source text COLLATE "C" NOT NULL,
            observed_at text COLLATE "C" NOT NULL,
            valid_from text COLLATE "C" NOT NULL,
            recorded_at text COLLATE "C" NOT NULL,
            expired_at text COLLATE "C",
            metadata text COLLATE "C" NOT NULL DEFAULT '{{}}'
        );
        CREATE INDEX observations_group ON observations (scope, subject_key, relation_key);
        CREATE INDEX observations_source ON observations (scope, source);
        CREATE INDEX observations_relation ON observations (relation_key);

        CREATE TABLE versions (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id text COLLATE "C" NOT NULL UNIQUE,
            scope text COLLATE "C" NOT NULL,
            subject text COLLATE "C" NOT NULL,
            subject_key text COLLATE "C" NOT NULL,
            relation text COLLATE "C" NOT NULL,
            relation_key text COLLATE "C" NOT NULL,
            value text COLLATE "C" NOT NULL,
            status text COLLATE "C" NOT NULL
                CHECK (status IN ('current', 'historical', 'ended')),
            cardinality text COLLATE "C" NOT NULL CHECK (cardinality IN ('one', 'many')),
            source text COLLATE "C" NOT NULL,
            observed_at text COLLATE "C" NOT NULL,
            valid_from text COLLATE "C" NOT NULL,
            valid_to text COLLATE "C",
            recorded_at text COLLATE "C" NOT NULL,
            expired_at text COLLATE "C",
            supersedes text COLLATE "C",
            superseded_by text COLLATE "C",
            ended_by text COLLATE "C",
            sources text COLLATE "C" NOT NULL,
            metadata text COLLATE "C" NOT NULL DEFAULT '{{}}',
            position integer NOT NULL,
            fts tsvector GENERATED ALWAYS AS (
                setweight(to_tsvector('{TEXT_CONFIG}', subject), 'A')
                || setweight(to_tsvector('{TEXT_CONFIG}', relation), 'B')
                || setweight(to_tsvector('{TEXT_CONFIG}', value), 'C')
            ) STORED,
            relation_fts tsvector GENERATED ALWAYS AS (
                setweight(to_tsvector('{TEXT_CONFIG}', relation), 'B')
            ) STORED
        );
        CREATE INDEX versions_group ON versions (scope, subject_key, relation_key, position);
        CREATE INDEX versions_fts ON versions USING gin (fts);
        CREATE INDEX versions_relation_fts ON versions USING gin (relation_fts);

        CREATE TABLE subjects (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            scope text COLLATE "C" NOT NULL,
            subject_key text COLLATE "C" NOT NULL,
            subject text COLLATE "C" NOT NULL,
            fts tsvector GENERATED ALWAYS AS (to_tsvector('{NAME_CONFIG}', subject)) STORED,
            UNIQUE (scope, subject_key)
        );
        CREATE INDEX subjects_fts ON subjects USING gin (fts);

        CREATE TABLE relations (
            relation_key text COLLATE "C" PRIMARY KEY,
            cardinality text COLLATE "C" NOT NULL CHECK (cardinality IN ('one', 'many'))
        );

        CREATE TABLE commits (shard integer PRIMARY KEY, count bigint NOT NULL);
        INSERT INTO commits (shard, count)
            SELECT s, 0 FROM generate_series(0, {COMMIT_SHARDS - 1}) AS s
        """,
    )


def m002_sessions(conn: Conn) -> None:
    """Sessions and turns, with full text over summaries and turn text."""
    _run(
        conn,
        f"""
        CREATE TABLE sessions (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            scope text COLLATE "C" NOT NULL,
            id text COLLATE "C" NOT NULL,
            observed_at text COLLATE "C" NOT NULL,
            participants text COLLATE "C" NOT NULL,
            summary text COLLATE "C" NOT NULL,
            metadata text COLLATE "C" NOT NULL DEFAULT '{{}}',
            fts tsvector GENERATED ALWAYS AS (to_tsvector('{TEXT_CONFIG}', summary)) STORED,
            UNIQUE (scope, id)
        );
        CREATE INDEX sessions_fts ON sessions USING gin (fts);

        CREATE TABLE turns (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            session_seq bigint NOT NULL REFERENCES sessions (seq) ON DELETE CASCADE,
            idx integer NOT NULL,
            speaker text COLLATE "C" NOT NULL,
            text text COLLATE "C" NOT NULL,
            time text COLLATE "C",
            turn_id text COLLATE "C",
            fts tsvector GENERATED ALWAYS AS (
                to_tsvector('{TEXT_CONFIG}', speaker || ': ' || text)
            ) STORED
        );
        CREATE INDEX turns_session ON turns (session_seq, idx);
        CREATE INDEX turns_fts ON turns USING gin (fts)
        """,
    )


def m003_vectors(conn: Conn) -> None:
    """One float32 vector per observation (``bytea``), tagged with the embedder that made it."""
    _run(
        conn,
        """
        CREATE TABLE vectors (
            observation_id text COLLATE "C" PRIMARY KEY,
            scope text COLLATE "C" NOT NULL,
            model text COLLATE "C" NOT NULL,
            vector bytea NOT NULL
        )
        """,
    )


def m004_vector_log(conn: Conn) -> None:
    """Vector keys never reused, the transaction that wrote each, and a log of vectors gone.

    A semantic index reads the changes since its mark instead of reloading the scope
    (:func:`tem.store.postgres_vectors.vectors_since`). Identity values commit out of
    order, so the mark is a snapshot's ``xmin``, not a key: every transaction below
    it has ended. ``vectors_gone`` holds numbers only, as SQLite's: the key, and a
    hash of the scope (to find a scope's entries, and route by them) rather than its
    name, so a forgotten scope leaves no text behind.
    """
    _run(
        conn,
        """
        ALTER TABLE vectors ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
        ALTER TABLE vectors ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
        CREATE INDEX vectors_changed ON vectors (scope, model, xid);
        CREATE TABLE vectors_gone (
            scope_hash bigint NOT NULL,
            vector bigint NOT NULL,
            xid xid8 NOT NULL DEFAULT pg_current_xact_id()
        );
        CREATE INDEX vectors_gone_changed ON vectors_gone (scope_hash, xid)
        """,
    )


def m005_scope_keys(conn: Conn) -> None:
    """``scope`` first in every primary and unique key, so each table can be split by scope.

    A table partitioned (or, with Citus, distributed) by ``scope`` needs its
    primary and unique keys to hold it. ``turns`` gains the scope of its session
    and references it by (scope, seq). ``relations``, ``commits`` and
    ``schema_version`` hold no scope: they stay whole (Citus: reference tables).
    Indexes that serve lookups by scope already start with it; two others stay as
    they are, since a partition or shard indexes its own rows either way:
    ``observations_relation`` (``declare`` finds a relation's groups in every
    scope) and the GIN text indexes.
    """
    _run(
        conn,
        """
        ALTER TABLE turns DROP CONSTRAINT turns_session_seq_fkey;
        ALTER TABLE turns ADD COLUMN scope text COLLATE "C";
        UPDATE turns t SET scope = s.scope FROM sessions s WHERE s.seq = t.session_seq;
        ALTER TABLE turns ALTER COLUMN scope SET NOT NULL;
        ALTER TABLE observations DROP CONSTRAINT observations_pkey;
        ALTER TABLE observations ADD PRIMARY KEY (scope, seq);
        ALTER TABLE observations DROP CONSTRAINT observations_id_key;
        ALTER TABLE observations ADD CONSTRAINT observations_id_key UNIQUE (scope, id);
        ALTER TABLE versions DROP CONSTRAINT versions_pkey;
        ALTER TABLE versions ADD PRIMARY KEY (scope, seq);
        ALTER TABLE versions DROP CONSTRAINT versions_id_key;
        ALTER TABLE versions ADD CONSTRAINT versions_id_key UNIQUE (scope, id);
        ALTER TABLE subjects DROP CONSTRAINT subjects_pkey;
        ALTER TABLE subjects ADD PRIMARY KEY (scope, seq);
        ALTER TABLE sessions DROP CONSTRAINT sessions_pkey;
        ALTER TABLE sessions ADD PRIMARY KEY (scope, seq);
        ALTER TABLE turns DROP CONSTRAINT turns_pkey;
        ALTER TABLE turns ADD PRIMARY KEY (scope, seq);
        DROP INDEX turns_session;
        CREATE INDEX turns_session ON turns (scope, session_seq, idx);
        ALTER TABLE turns ADD CONSTRAINT turns_session_seq_fkey FOREIGN KEY (scope, session_seq)
            REFERENCES sessions (scope, seq) ON DELETE CASCADE;
        ALTER TABLE vectors DROP CONSTRAINT vectors_pkey;
        ALTER TABLE vectors ADD PRIMARY KEY (scope, observation_id)
        """,
    )


def _lock(conn: Conn, schema: str | None) -> None:
    """Take the schema's migration lock (one per schema: other schemas do not wait)."""
    conn.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended("
        "'tem:migrate:' || coalesce(%s, current_schema(), ''), 0))",
        (schema,),
    )


def _run(conn: Conn, script: str) -> None:
    """Execute each statement of ``script`` (no statement here contains a semicolon)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


MIGRATIONS: tuple[Callable[[Conn], None], ...] = (
    m001_create_tables,
    m002_sessions,
    m003_vectors,
    m004_vector_log,
    m005_scope_keys,
)


SCOPED = ("observations", "versions", "subjects", "sessions", "turns", "vectors")
"""The tables that hold a ``scope`` and key on it first: those :func:`partition` splits."""


def partition(conn: Conn, count: int) -> None:
    """Make the scoped tables of a new schema ``PARTITION BY HASH (scope)``, ``count`` each.

    Runs after :func:`migrate`, on tables still empty: each is recreated ``LIKE``
    itself (columns, identity, generated columns, defaults, keys, indexes, with
    their names) as a partitioned table with partitions ``<table>_p0`` ...; a
    schema already partitioned is left as it is. Later migrations then apply to the
    partitioned tables as to plain ones.
    """
    with conn.transaction():
        _lock(conn, None)
        split = conn.execute(
            "SELECT count(*) FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid "
            "WHERE c.relnamespace = current_schema()::regnamespace"
        ).fetchone()
        if split and split[0]:
            return
        for table in SCOPED:
            if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone():
                raise UserError(
                    f"partitions: {table} already holds rows; partition a new database or schema"
                )
        conn.execute("ALTER TABLE turns DROP CONSTRAINT turns_session_seq_fkey")
        for table in SCOPED:
            _partition_table(conn, table, count)
        conn.execute(
            "ALTER TABLE turns ADD CONSTRAINT turns_session_seq_fkey FOREIGN KEY "
            "(scope, session_seq) REFERENCES sessions (scope, seq) ON DELETE CASCADE"
        )


def _partition_table(conn: Conn, table: str, count: int) -> None:
    """Replace empty ``table`` with a copy partitioned by hash of scope; keep index names."""
    names = _index_names(conn, table)
    conn.execute(f"ALTER TABLE {table} RENAME TO {table}_plain")
    conn.execute(
        f"CREATE TABLE {table} (LIKE {table}_plain INCLUDING ALL) PARTITION BY HASH (scope)"
    )
    for number in range(count):
        conn.execute(
            f"CREATE TABLE {table}_p{number} PARTITION OF {table} "
            f"FOR VALUES WITH (MODULUS {count}, REMAINDER {number})"
        )
    conn.execute(f"DROP TABLE {table}_plain")
    for shape, name in _index_names(conn, table).items():
        if names.get(shape, name) != name:
            if conn.execute(
                "SELECT 1 FROM pg_constraint WHERE conname = %s AND conrelid = %s::regclass",
                (name, table),
            ).fetchone():
                conn.execute(f'ALTER TABLE {table} RENAME CONSTRAINT "{name}" TO "{names[shape]}"')
            else:
                conn.execute(f'ALTER INDEX "{name}" RENAME TO "{names[shape]}"')


def _index_names(conn: Conn, table: str) -> dict[str, str]:
    """The indexes of ``table`` by their definition without name and table (their shape)."""
    rows = conn.execute(
        "SELECT c.relname, pg_get_indexdef(i.indexrelid) "
        "FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = %s::regclass",
        (table,),
    ).fetchall()
    return {
        re.sub(r" INDEX \S+ ON (ONLY )?\S+ ", " ", str(shape)): str(name) for name, shape in rows
    }


def migrate(conn: Conn, schema: str | None = None) -> int:
    """Bring the schema up to date in one transaction; return the schema version now in force.

    ``schema``, when given, is created first (it is already on the search path).
    """
    with conn.transaction():
        _lock(conn, schema)
        if schema is not None:
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        found = conn.execute("SELECT current_schema()").fetchone()
        if found is None or found[0] is None:
            raise StoreError("no schema to create tables in: check search_path (or schema=)")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version ("
            "version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        current = int(row[0]) if row else 0
        if current > len(MIGRATIONS):
            raise StoreError(
                f"database schema {current} is newer than this tem ({len(MIGRATIONS)}); upgrade tem"
            )
        for number, step in enumerate(MIGRATIONS[current:], start=current + 1):
            step(conn)
            conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (number,))
    return len(MIGRATIONS)
