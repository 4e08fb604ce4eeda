"""Numbered schema migrations of the SQLite store.

Each migration is a small function ``mNNN_what(conn)``; :func:`migrate` runs the
ones a file has not seen yet, in order, inside one transaction, and records the
schema version in ``PRAGMA user_version``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from tem.store import sqlite_subjects as subjects_sql
from tem.store.sqlite_terms import index_rows


def m001_create_tables(conn: sqlite3.Connection) -> None:
    """Observations (ground truth), derived versions, subjects, declarations, FTS, meta.

    ``versions_group`` ends with ``value`` so recall can score a subject from the index alone.
    """
    _run(
        conn,
        """
        CREATE TABLE observations (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            scope TEXT NOT NULL,
            subject TEXT NOT NULL,
            subject_key TEXT NOT NULL,
            relation TEXT NOT NULL,
            relation_key TEXT NOT NULL,
            value TEXT,
            kind TEXT NOT NULL CHECK (kind IN ('assert', 'end')),
            source TEXT NOT NULL,
            observed_at TEXT NOT NULL,
            valid_from TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            expired_at TEXT,
            metadata TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX observations_group ON observations (scope, subject_key, relation_key);
        CREATE INDEX observations_source ON observations (scope, source);

        CREATE TABLE versions (
            rowid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            scope TEXT NOT NULL,
            subject TEXT NOT NULL,
            subject_key TEXT NOT NULL,
            relation TEXT NOT NULL,
            relation_key TEXT NOT NULL,
            value TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('current', 'historical', 'ended')),
            cardinality TEXT NOT NULL CHECK (cardinality IN ('one', 'many')),
            source TEXT NOT NULL,
            observed_at TEXT NOT NULL,
            valid_from TEXT NOT NULL,
            valid_to TEXT,
            recorded_at TEXT NOT NULL,
            expired_at TEXT,
            supersedes TEXT,
            superseded_by TEXT,
            ended_by TEXT,
            sources TEXT NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            position INTEGER NOT NULL
        );
        CREATE INDEX versions_group
            ON versions (scope, subject_key, relation_key, position, value);

        CREATE TABLE subjects (
            rowid INTEGER PRIMARY KEY,
            scope TEXT NOT NULL,
            subject_key TEXT NOT NULL,
            subject TEXT NOT NULL,
            UNIQUE (scope, subject_key)
        );

        CREATE TABLE relations (
            relation_key TEXT PRIMARY KEY,
            cardinality TEXT NOT NULL CHECK (cardinality IN ('one', 'many'))
        );

        CREATE VIRTUAL TABLE versions_fts USING fts5 (
            subject, relation, value, tokenize = 'porter unicode61'
        );
        CREATE VIRTUAL TABLE subjects_fts USING fts5 (subject, tokenize = 'unicode61');

        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
    )


def m002_sessions(conn: sqlite3.Connection) -> None:
    """Sessions and turns, with FTS5 over summaries and turn text."""
    for statement in (
        """CREATE TABLE sessions (
            rowid INTEGER PRIMARY KEY,
            scope TEXT NOT NULL,
            id TEXT NOT NULL,
            observed_at TEXT NOT NULL,
            participants TEXT NOT NULL,
            summary TEXT NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            UNIQUE (scope, id)
        )""",
        """CREATE TABLE turns (
            rowid INTEGER PRIMARY KEY,
            session_rowid INTEGER NOT NULL REFERENCES sessions (rowid),
            idx INTEGER NOT NULL,
            speaker TEXT NOT NULL,
            text TEXT NOT NULL,
            time TEXT,
            turn_id TEXT
        )""",
        "CREATE INDEX turns_session ON turns (session_rowid, idx)",
        "CREATE VIRTUAL TABLE sessions_fts USING fts5 (summary, tokenize = 'porter unicode61')",
        "CREATE VIRTUAL TABLE turns_fts USING fts5 (text, tokenize = 'porter unicode61')",
    ):
        conn.execute(statement)


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


def m004_scoped_terms(conn: sqlite3.Connection) -> None:
    """Rebuild ``versions_fts`` with stems and scope tags; per-scope statistics tables."""
    conn.execute("DROP TABLE IF EXISTS versions_fts")
    conn.execute(
        "CREATE VIRTUAL TABLE versions_fts USING fts5 ("
        "subject, relation, value, scope UNINDEXED, tag, "
        "tokenize = 'unicode61 remove_diacritics 0')"
    )
    conn.execute(
        "CREATE TABLE fts_stats (scope TEXT PRIMARY KEY, rows INTEGER NOT NULL, "
        "tokens INTEGER NOT NULL)"
    )
    conn.execute(
        "CREATE TABLE fts_terms (scope TEXT NOT NULL, term TEXT NOT NULL, "
        "rows_any INTEGER NOT NULL, rows_relation INTEGER NOT NULL, "
        "PRIMARY KEY (scope, term)) WITHOUT ROWID"
    )
    last = 0
    while True:
        rows = conn.execute(
            "SELECT rowid, scope, subject, relation, value FROM versions WHERE rowid > ? "
            "ORDER BY rowid LIMIT 10000",
            (last,),
        ).fetchall()
        if not rows:
            break
        index_rows(conn, rows)
        last = rows[-1][0]


def m005_vector_log(conn: sqlite3.Connection) -> None:
    """Vector keys that are never reused, and a log of the vectors that stopped being live.

    Triggers keep the log: a deleted vector, or the vector of a retired observation,
    adds its key. The log holds keys only (no scope, no text), so a hard delete
    leaves nothing readable behind; a semantic index reads it to mask vectors
    instead of reloading the scope.
    """
    for statement in (
        "CREATE TABLE vectors_keyed (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
        "observation_id TEXT NOT NULL UNIQUE, scope TEXT NOT NULL, model TEXT NOT NULL, "
        "vector BLOB NOT NULL)",
        "INSERT INTO vectors_keyed (observation_id, scope, model, vector) "
        "SELECT observation_id, scope, model, vector FROM vectors ORDER BY rowid",
        "DROP TABLE vectors",
        "ALTER TABLE vectors_keyed RENAME TO vectors",
        "CREATE INDEX vectors_scope ON vectors (scope, model, seq)",
        "CREATE TABLE vectors_gone (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
        "vector INTEGER NOT NULL)",
        "CREATE TRIGGER vectors_deleted AFTER DELETE ON vectors BEGIN "
        "INSERT INTO vectors_gone (vector) VALUES (old.seq); END",
        "CREATE TRIGGER vectors_retired AFTER UPDATE OF expired_at ON observations "
        "WHEN old.expired_at IS NULL AND new.expired_at IS NOT NULL BEGIN "
        "INSERT INTO vectors_gone (vector) "
        "SELECT seq FROM vectors WHERE observation_id = new.id; END",
    ):
        conn.execute(statement)


def m006_scoped_subjects(conn: sqlite3.Connection) -> None:
    """Rebuild ``subjects_fts`` with stems and scope tags; per-scope subject counts."""
    subjects_sql.rebuild(conn)


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Execute each statement of ``script``; unlike executescript, stays in the transaction."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    m001_create_tables,
    m002_sessions,
    m003_vectors,
    m004_scoped_terms,
    m005_vector_log,
    m006_scoped_subjects,
)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to date; return the schema version now in force."""
    (current,) = conn.execute("PRAGMA user_version").fetchone()
    if current > len(MIGRATIONS):
        raise RuntimeError(
            f"database schema {current} is newer than this tem ({len(MIGRATIONS)}); upgrade tem"
        )
    for number, step in enumerate(MIGRATIONS[current:], start=current + 1):
        step(conn)
        conn.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)
