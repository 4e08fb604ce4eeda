"""Sessions in SQLite: summaries (event memory) and original turns, full-text searchable.

Functions here take an open connection: the store calls them inside its own
transactions, so a session, its turns and the observations extracted from it are
written (or forgotten) together.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from tem.core.session import Session, SessionSummary, TurnRecord
from tem.store.rows import fts_query, session_row, summary_of, turn_of, turn_row

_SESSION_COLUMNS = "s.id, s.scope, s.observed_at, s.participants, s.summary"
_TURN_COLUMNS = "s.id, s.scope, s.observed_at, t.idx, t.speaker, t.text, t.turn_id"


def put_session(conn: sqlite3.Connection, session: Session, scope: str, summary: str) -> None:
    """Insert ``session`` and its turns, replacing an earlier copy with the same id."""
    delete_sessions(conn, scope, session.id)
    cursor = conn.execute(
        "INSERT INTO sessions (scope, id, observed_at, participants, summary, metadata) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        session_row(session, scope, summary),
    )
    session_rowid = cursor.lastrowid
    conn.execute(
        "INSERT INTO sessions_fts (rowid, summary) VALUES (?, ?)", (session_rowid, summary)
    )
    for turn in session.turns:
        cursor = conn.execute(
            "INSERT INTO turns (session_rowid, idx, speaker, text, time, turn_id) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (session_rowid, *turn_row(turn)),
        )
        conn.execute(
            "INSERT INTO turns_fts (rowid, text) VALUES (?, ?)",
            (cursor.lastrowid, f"{turn.speaker}: {turn.text}"),
        )


def delete_sessions(conn: sqlite3.Connection, scope: str, session_id: str | None = None) -> int:
    """Delete one session (or every session of ``scope``) with its turns and index rows."""
    where, params = (
        ("scope = ? AND id = ?", (scope, session_id))
        if session_id
        else (
            "scope = ?",
            (scope,),
        )
    )
    rowids = [r[0] for r in conn.execute(f"SELECT rowid FROM sessions WHERE {where}", params)]
    for rowid in rowids:
        conn.execute(
            "DELETE FROM turns_fts WHERE rowid IN "
            "(SELECT rowid FROM turns WHERE session_rowid = ?)",
            (rowid,),
        )
        conn.execute("DELETE FROM turns WHERE session_rowid = ?", (rowid,))
        conn.execute("DELETE FROM sessions_fts WHERE rowid = ?", (rowid,))
        conn.execute("DELETE FROM sessions WHERE rowid = ?", (rowid,))
    return len(rowids)


def search_sessions(
    conn: sqlite3.Connection, scope: str, terms: Sequence[str], limit: int
) -> list[SessionSummary]:
    """Return the sessions whose summaries best match any of ``terms`` (BM25)."""
    rows = _matches(
        conn,
        terms,
        f"SELECT {_SESSION_COLUMNS}, bm25(sessions_fts) AS score FROM sessions_fts "
        "JOIN sessions s ON s.rowid = sessions_fts.rowid "
        "WHERE sessions_fts MATCH ? AND s.scope = ? ORDER BY score LIMIT ?",
        (scope, limit),
    )
    return [summary_of(r, -float(r[5])) for r in rows]


def search_turns(
    conn: sqlite3.Connection, scope: str, terms: Sequence[str], limit: int
) -> list[TurnRecord]:
    """Return the turns that best match any of ``terms`` (BM25)."""
    rows = _matches(
        conn,
        terms,
        f"SELECT {_TURN_COLUMNS}, bm25(turns_fts) AS score FROM turns_fts "
        "JOIN turns t ON t.rowid = turns_fts.rowid JOIN sessions s ON s.rowid = t.session_rowid "
        "WHERE turns_fts MATCH ? AND s.scope = ? ORDER BY score LIMIT ?",
        (scope, limit),
    )
    return [turn_of(r, -float(r[7])) for r in rows]


def _matches(
    conn: sqlite3.Connection, terms: Sequence[str], select: str, params: tuple[Any, ...]
) -> list[Any]:
    """Rows of ``select``, whose first parameter is the FTS5 query matching any of ``terms``."""
    if not terms:
        return []
    return conn.execute(select, (fts_query(terms), *params)).fetchall()


def list_sessions(conn: sqlite3.Connection, scope: str) -> list[SessionSummary]:
    """Return every session of ``scope``, oldest first."""
    rows = conn.execute(
        f"SELECT {_SESSION_COLUMNS} FROM sessions s WHERE s.scope = ? ORDER BY s.observed_at",
        (scope,),
    ).fetchall()
    return [summary_of(r) for r in rows]


def session_turns(conn: sqlite3.Connection, scope: str, session_id: str) -> list[TurnRecord]:
    """Return the turns of one session, in order."""
    rows = conn.execute(
        f"SELECT {_TURN_COLUMNS} FROM turns t JOIN sessions s ON s.rowid = t.session_rowid "
        "WHERE s.scope = ? AND s.id = ? ORDER BY t.idx",
        (scope, session_id),
    ).fetchall()
    return [turn_of(r) for r in rows]
