"""Numbered schema migrations of the SQLite store.

Each migration is a small function ``mNNN_what(conn)``; :func:`migrate` runs the
ones a file has not seen yet, in order, inside one transaction, and records the
schema version in ``PRAGMA user_version``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from tem.store.sqlite_episodes import m002_episodes
from tem.store.sqlite_terms import m004_scoped_terms
from tem.store.sqlite_vectors import m003_vectors, m005_vector_log


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


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Execute each statement of ``script``; unlike executescript, stays in the transaction."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    m001_create_tables,
    m002_episodes,
    m003_vectors,
    m004_scoped_terms,
    m005_vector_log,
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
