"""Sessions in PostgreSQL: summaries (event memory) and original turns, full-text searchable.

Functions here take an open connection: the store calls them inside its own
transactions, so a session, its turns and the observations extracted from it are
written (or forgotten) together. Each row's ``tsvector`` is a generated column,
so deleting the row deletes its index entries: nothing is left behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tem.core.session import Session, SessionSummary, TurnRecord
from tem.store.postgres_schema import TEXT_CONFIG
from tem.store.rows import session_row, summary_of, turn_of, turn_row

if TYPE_CHECKING:
    from tem.store.postgres_schema import Conn

_SESSION_COLUMNS = "s.id, s.scope, s.observed_at, s.participants, s.summary"
_TURN_COLUMNS = "s.id, s.scope, s.observed_at, t.idx, t.speaker, t.text, t.turn_id"


def any_of(terms: Sequence[str], config: str = TEXT_CONFIG) -> str:
    """SQL for a ``tsquery`` matching any of ``terms`` (each a phrase), one parameter per term.

    A term made only of stop words adds an empty query, which matches nothing.
    """
    return " || ".join([f"phraseto_tsquery('{config}', %s)"] * len(terms))


def put_session(conn: Conn, session: Session, scope: str, summary: str) -> None:
    """Insert ``session`` and its turns, replacing an earlier copy with the same id."""
    delete_sessions(conn, scope, session.id)
    row = conn.execute(
        "INSERT INTO sessions (scope, id, observed_at, participants, summary, metadata) "
        "VALUES (%s, %s, %s, %s, %s, %s) RETURNING seq",
        session_row(session, scope, summary),
    ).fetchone()
    assert row is not None  # INSERT ... RETURNING returns the row
    rows = [(scope, row[0], *turn_row(turn)) for turn in session.turns]
    with conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO turns (scope, session_seq, idx, speaker, text, time, turn_id) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            rows,
        )


def delete_sessions(conn: Conn, scope: str, session_id: str | None = None) -> int:
    """Delete one session (or every session of ``scope``); its turns go with it (cascade)."""
    if session_id:
        cursor = conn.execute(
            "DELETE FROM sessions WHERE scope = %s AND id = %s", (scope, session_id)
        )
    else:
        cursor = conn.execute("DELETE FROM sessions WHERE scope = %s", (scope,))
    return cursor.rowcount


def search_sessions(
    conn: Conn, scope: str, terms: Sequence[str], limit: int
) -> list[SessionSummary]:
    """Return the sessions whose summaries best match any of ``terms`` (cover density rank)."""
    rows = _ranked(
        conn,
        terms,
        f"SELECT {_SESSION_COLUMNS}, ts_rank_cd(s.fts, q.q) AS score FROM sessions s, q "
        "WHERE s.fts @@ q.q AND s.scope = %s ORDER BY score DESC, s.seq LIMIT %s",
        (scope, limit),
    )
    return [summary_of(r, float(r[5])) for r in rows]


def search_turns(conn: Conn, scope: str, terms: Sequence[str], limit: int) -> list[TurnRecord]:
    """Return the turns that best match any of ``terms`` (cover density rank)."""
    rows = _ranked(
        conn,
        terms,
        f"SELECT {_TURN_COLUMNS}, ts_rank_cd(t.fts, q.q) AS score "
        "FROM turns t JOIN sessions s ON s.scope = t.scope AND s.seq = t.session_seq, q "
        "WHERE t.fts @@ q.q AND t.scope = %s ORDER BY score DESC, t.seq LIMIT %s",
        (scope, limit),
    )
    return [turn_of(r, float(r[7])) for r in rows]


def _ranked(
    conn: Conn, terms: Sequence[str], select: str, params: tuple[Any, ...]
) -> list[tuple[Any, ...]]:
    """Rows of ``select``, which reads ``q.q``: the query matching any of ``terms``."""
    if not terms:
        return []
    sql = f"WITH q AS (SELECT {any_of(terms)} AS q) {select}"
    return conn.execute(sql, (*terms, *params)).fetchall()


def list_sessions(conn: Conn, scope: str) -> list[SessionSummary]:
    """Return every session of ``scope``, oldest first."""
    rows = conn.execute(
        f"SELECT {_SESSION_COLUMNS} FROM sessions s WHERE s.scope = %s "
        "ORDER BY s.observed_at, s.seq",
        (scope,),
    ).fetchall()
    return [summary_of(r) for r in rows]


def session_turns(conn: Conn, scope: str, session_id: str) -> list[TurnRecord]:
    """Return the turns of one session, in order."""
    rows = conn.execute(
        f"SELECT {_TURN_COLUMNS} FROM turns t "
        "JOIN sessions s ON s.scope = t.scope AND s.seq = t.session_seq "
        "WHERE s.scope = %s AND s.id = %s ORDER BY t.idx",
        (scope, session_id),
    ).fetchall()
    return [turn_of(r) for r in rows]
