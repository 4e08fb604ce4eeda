"""The SQLite store: one file (or memory), WAL, one transaction per write, FTS5 search.

Writers take SQLite's write lock up front (``BEGIN IMMEDIATE``), so several
processes writing one file serialize instead of losing updates; they queue
fairly, with a bounded wait (:mod:`tem.store.sqlite_writers`); readers never
block in WAL mode. Each write re-derives the groups it touched and rewrites only
the version rows that changed.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from tem.core.model import (
    Cardinality,
    GroupKey,
    Observation,
    Version,
)
from tem.core.session import Session, SessionSummary, TurnRecord
from tem.core.times import to_text
from tem.errors import StoreError
from tem.store import sqlite_sessions as session_sql
from tem.store import sqlite_subjects as subjects_sql
from tem.store import sqlite_vectors as vectors_sql
from tem.store.base import Derive, SearchHit, VectorDelta, Vectors, WriteReport
from tem.store.rows import (
    OBS_COLUMNS,
    OBS_SELECT,
    VERSION_COLUMNS,
    VERSION_SELECT,
    Changes,
    Inserts,
    chunks,
    delete_filter,
    diff_versions,
    flat,
    groups_join,
    marks,
    observation_of,
    sessions_scope,
    version_of,
)
from tem.store.sql_reads import SqlReads
from tem.store.sqlite_schema import migrate
from tem.store.sqlite_search import top_rows
from tem.store.sqlite_terms import index_rows, unindex_rows
from tem.store.sqlite_writers import WriterQueue


class SQLiteStore(SqlReads):
    """The embedded default store; ``path=None`` keeps everything in memory."""

    _mark, _seq = "?", "rowid"
    concurrency = 1  # one connection behind one lock

    def __init__(self, path: str | Path | None = None, *, timeout: float = 30.0) -> None:
        self.path = None if path is None else Path(path)
        target = ":memory:" if self.path is None else str(self.path)
        try:
            self._conn = sqlite3.connect(
                target,
                timeout=timeout,
                isolation_level=None,
                check_same_thread=False,
                # Reads build IN/VALUES lists of many lengths: keep more prepared statements.
                cached_statements=512,
            )
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {target}: {exc}") from exc
        self._conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self._commits = 0  # PRAGMA data_version ignores this connection's own commits
        self._writers = WriterQueue(self.path, timeout)
        if self.path is not None:
            # Switching a new file to WAL needs its exclusive lock, and SQLite may refuse
            # that at once ("database is locked") instead of waiting: processes opening
            # one fresh file together take turns through the writer queue.
            with self._writers:
                self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = NORMAL")
            self._conn.execute("PRAGMA mmap_size = 268435456")
            # Checkpoint (and fsync) every 64 MiB of WAL rather than every 4 MiB: bulk
            # loads spent a third of their time in checkpoints.
            self._conn.execute("PRAGMA wal_autocheckpoint = 16384")
        self._conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        self._conn.execute("PRAGMA cache_size = -65536")
        self._conn.execute("PRAGMA temp_store = MEMORY")
        with self._transaction() as conn:
            migrate(conn)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding the database write lock from the start."""
        with self._lock, self._writers:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StoreError(f"store is busy: {exc}") from exc
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")
                self._commits += 1

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return _tuples(self._conn, sql, params)

    # -- writes ---------------------------------------------------------------------

    def write(
        self, observations: Sequence[Observation], derive: Derive, vectors: Vectors | None = None
    ) -> WriteReport:
        with self._transaction() as conn:
            vectors_sql.put_vectors(conn, observations, vectors)
            return self._insert(conn, observations, derive)

    def write_session(
        self,
        session: Session,
        scope: str,
        summary: str,
        observations: Sequence[Observation],
        derive: Derive,
        vectors: Vectors | None = None,
    ) -> WriteReport:
        with self._transaction() as conn:
            session_sql.put_session(conn, session, scope, summary)
            vectors_sql.put_vectors(conn, observations, vectors)
            return self._insert(conn, observations, derive)

    def _insert(
        self, conn: sqlite3.Connection, observations: Sequence[Observation], derive: Derive
    ) -> WriteReport:
        report = WriteReport()
        known: set[str] = set()
        ids = [o.id for o in observations]
        for chunk in chunks(ids):
            sql = f"SELECT id FROM observations WHERE id IN ({marks(len(chunk))})"
            known.update(r[0] for r in conn.execute(sql, chunk))
        fresh = Inserts.select(observations, [o.group for o in observations], known, report)
        groups = fresh.groups()
        # Read what the groups held before inserting: the new rows are in hand already.
        live = self._live(conn, groups)
        sql = f"INSERT INTO observations ({OBS_COLUMNS}) VALUES ({marks(14)})"
        conn.executemany(sql, fresh.rows)
        fresh.add_live(live)
        self._rederive(conn, groups, live, derive, report)
        fresh.count_reaffirmed(report)
        return report

    def retire(self, scope: str, source: str, when: datetime, derive: Derive) -> WriteReport:
        report = WriteReport()
        with self._transaction() as conn:
            rows = _tuples(
                conn,
                f"SELECT {OBS_COLUMNS} FROM observations "
                "WHERE scope = ? AND source = ? AND expired_at IS NULL",
                (scope, source),
            )
            conn.execute(
                "UPDATE observations SET expired_at = ? "
                "WHERE scope = ? AND source = ? AND expired_at IS NULL",
                (to_text(when), scope, source),
            )
            groups = list(dict.fromkeys(GroupKey(r[1], r[3], r[5]) for r in rows))
            self._rederive(conn, groups, self._live(conn, groups), derive, report)
        return report

    def delete(
        self,
        derive: Derive,
        *,
        scope: str | None = None,
        subject_key: str | None = None,
        source: str | None = None,
    ) -> int:
        clause, params = delete_filter(scope, subject_key, source)
        with self._transaction() as conn:
            rows = _tuples(conn, f"SELECT {OBS_COLUMNS} FROM observations WHERE {clause}", params)
            vectors_sql.delete_vectors(conn, clause, params)
            conn.execute(f"DELETE FROM observations WHERE {clause}", params)
            groups = list(dict.fromkeys(GroupKey(r[1], r[3], r[5]) for r in rows))
            self._rederive(conn, groups, self._live(conn, groups), derive, WriteReport())
            sessions = 0
            if (sessions_of := sessions_scope(scope, subject_key)) is not None:
                sessions = session_sql.delete_sessions(conn, sessions_of, source)
            if rows or sessions:
                # FTS5 keeps deleted terms in old index segments until they merge; a hard
                # delete must leave no residue, so merge them now (SQLite < 3.42 has no
                # secure-delete option).
                for table in ("versions_fts", "subjects_fts", "sessions_fts", "turns_fts"):
                    conn.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
        return len(rows)

    def declare(self, relation_key: str, cardinality: Cardinality, derive: Derive) -> WriteReport:
        report = WriteReport()
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO relations (relation_key, cardinality) VALUES (?, ?) "
                "ON CONFLICT (relation_key) DO UPDATE SET cardinality = excluded.cardinality",
                (relation_key, cardinality),
            )
            rows = conn.execute(
                "SELECT DISTINCT scope, subject_key, relation_key FROM observations "
                "WHERE relation_key = ?",
                (relation_key,),
            ).fetchall()
            groups = [GroupKey(*r) for r in rows]
            self._rederive(conn, groups, self._live(conn, groups), derive, report)
        return report

    def _live(
        self, conn: sqlite3.Connection, groups: Sequence[GroupKey]
    ) -> defaultdict[GroupKey, list[Observation]]:
        """Return the unretired observations of each group, read in one query per chunk."""
        live: defaultdict[GroupKey, list[Observation]] = defaultdict(list)
        for chunk in chunks(groups):
            sql = (
                f"SELECT {OBS_SELECT} FROM {groups_join(len(chunk), 'observations')} "
                "WHERE t.expired_at IS NULL"
            )
            for row in _tuples(conn, sql, flat(chunk)):
                live[GroupKey(row[1], row[3], row[5])].append(observation_of(row))
        return live

    def _stored_rows(
        self, conn: sqlite3.Connection, groups: Sequence[GroupKey]
    ) -> defaultdict[GroupKey, dict[str, tuple[Any, ...]]]:
        """Return each group's version rows by id: (rowid, *VERSION_COLUMNS), by position."""
        found: defaultdict[GroupKey, dict[str, tuple[Any, ...]]] = defaultdict(dict)
        for chunk in chunks(groups):
            sql = (
                f"SELECT t.rowid, {VERSION_SELECT} FROM {groups_join(len(chunk), 'versions')} "
                "ORDER BY t.scope, t.subject_key, t.relation_key, t.position"
            )
            for row in _tuples(conn, sql, flat(chunk)):
                found[GroupKey(row[2], row[4], row[6])][row[1]] = row
        return found

    def _rederive(
        self,
        conn: sqlite3.Connection,
        groups: Sequence[GroupKey],
        live: dict[GroupKey, list[Observation]],
        derive: Derive,
        report: WriteReport,
    ) -> None:
        """Derive each group from its live observations and write the rows that changed."""
        declared = self._declared(conn)
        stored = self._stored_rows(conn, groups)
        changes = Changes()
        for group in groups:
            new = derive(group, live.get(group, []), declared.get(group.relation_key))
            diff_versions(group, stored.get(group, {}), new, changes, report)
        for chunk in chunks(changes.deletes):
            unindex_rows(conn, chunk)
            conn.execute(f"DELETE FROM versions WHERE rowid IN ({marks(len(chunk))})", chunk)
        conn.executemany(
            f"UPDATE versions SET ({VERSION_COLUMNS}) = ({marks(21)}) WHERE rowid = ?",
            changes.updates,
        )
        if changes.inserts:
            (last,) = conn.execute("SELECT coalesce(max(rowid), 0) FROM versions").fetchone()
            conn.executemany(
                f"INSERT INTO versions ({VERSION_COLUMNS}) VALUES ({marks(21)})",
                changes.inserts,
            )
            # New rows get rowids above the old maximum: index them in one pass.
            index_rows(
                conn,
                conn.execute(
                    "SELECT rowid, scope, subject, relation, value FROM versions WHERE rowid > ?",
                    (last,),
                ).fetchall(),
            )
        self._sync_subjects(conn, changes)

    def _sync_subjects(self, conn: sqlite3.Connection, changes: Changes) -> None:
        """Keep the subjects table (and its index) equal to the subjects that have versions."""
        keys = list(dict.fromkeys([*changes.named, *changes.emptied]))
        rowids: dict[tuple[str, str], int] = {}
        for chunk in chunks(keys):
            values = ",".join(["(?,?)"] * len(chunk))
            sql = (
                f"SELECT s.scope, s.subject_key, s.rowid FROM (VALUES {values}) AS g "
                "JOIN subjects s ON s.scope = g.column1 AND s.subject_key = g.column2"
            )
            params = [part for key in chunk for part in key]
            rowids.update(((r[0], r[1]), r[2]) for r in conn.execute(sql, params))
        for key in keys:
            rowid = rowids.get(key)
            if key in changes.named and rowid is None:
                cursor = conn.execute(
                    "INSERT INTO subjects (scope, subject_key, subject) VALUES (?, ?, ?)",
                    (*key, changes.named[key]),
                )
                assert cursor.lastrowid is not None
                subjects_sql.index_subject(conn, cursor.lastrowid, key[0], changes.named[key])
            elif key not in changes.named and rowid is not None:
                left = conn.execute(
                    "SELECT 1 FROM versions WHERE scope = ? AND subject_key = ? LIMIT 1", key
                ).fetchone()
                if left is None:
                    conn.execute("DELETE FROM subjects WHERE rowid = ?", (rowid,))
                    subjects_sql.unindex_subject(conn, rowid, key[0])

    def _declared(self, conn: sqlite3.Connection) -> dict[str, Cardinality]:
        return {r[0]: r[1] for r in conn.execute("SELECT relation_key, cardinality FROM relations")}

    # -- reads ----------------------------------------------------------------------

    def declared(self) -> dict[str, Cardinality]:
        with self._lock:
            return self._declared(self._conn)

    def group_versions(self, groups: Sequence[GroupKey]) -> dict[GroupKey, list[Version]]:
        found: dict[GroupKey, list[Version]] = {g: [] for g in groups}
        for chunk in chunks(list(found)):
            rows = self._read(
                f"SELECT {VERSION_SELECT} FROM {groups_join(len(chunk), 'versions')} "
                "ORDER BY t.scope, t.subject_key, t.relation_key, t.position",
                flat(chunk),
            )
            for row in rows:
                found[GroupKey(row[1], row[3], row[5])].append(version_of(row))
        return found

    def group_sizes(self, groups: Sequence[GroupKey]) -> dict[GroupKey, int]:
        sizes: dict[GroupKey, int] = {}
        for chunk in chunks(list(dict.fromkeys(groups))):
            # A correlated count per group is an index-only range count; GROUP BY over
            # a join would sort.
            values = ",".join(["(?,?,?)"] * len(chunk))
            rows = self._read(
                f"SELECT (SELECT count(*) FROM versions t WHERE t.scope = g.column1 AND "
                "t.subject_key = g.column2 AND t.relation_key = g.column3) "
                f"FROM (VALUES {values}) AS g",
                flat(chunk),
            )
            sizes.update(zip(chunk, (r[0] for r in rows), strict=True))
        return sizes

    def vectors(self, scope: str, model: str) -> tuple[list[GroupKey], list[bytes]]:
        with self._lock:
            return vectors_sql.scope_vectors(self._conn, scope, model)

    def vectors_since(self, scope: str, model: str, mark: tuple[int, int] | None) -> VectorDelta:
        with self._lock:
            self._conn.execute("BEGIN")  # the vectors and the log, one snapshot
            try:
                return vectors_sql.vectors_since(self._conn, scope, model, mark)
            finally:
                self._conn.execute("COMMIT")

    def nearest(
        self, scope: str, model: str, vector: bytes, limit: int
    ) -> list[tuple[GroupKey, float]] | None:
        return None  # vectors are searched in process (tem.embed.index)

    def data_version(self) -> int:
        with self._lock:
            (other,) = self._conn.execute("PRAGMA data_version").fetchone()
            return (int(other) << 32) + self._commits

    def search(
        self,
        scope: str,
        terms: Sequence[str],
        limit: int,
        relation_terms: Sequence[str] = (),
    ) -> list[SearchHit]:
        if not terms and not relation_terms:
            return []
        with self._lock:
            # One read transaction: the statistics and the rows they count, one snapshot.
            self._conn.execute("BEGIN")
            try:
                rows = top_rows(self._conn, scope, terms, relation_terms, limit)
            finally:
                self._conn.execute("COMMIT")
        return [SearchHit(r[0], GroupKey(r[1], r[2], r[3]), float(r[4])) for r in rows]

    def match_subjects(self, scope: str, terms: Sequence[str], limit: int) -> list[str]:
        with self._lock:
            self._conn.execute("BEGIN")  # the counts and the names they count, one snapshot
            try:
                return subjects_sql.match(self._conn, scope, terms, limit)
            finally:
                self._conn.execute("COMMIT")

    def count(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for table in (
            "observations",
            "versions",
            "subjects",
            "versions_fts",
            "subjects_fts",
            "sessions",
            "turns",
            "sessions_fts",
            "turns_fts",
            "vectors",
        ):
            counts[table] = int(self._read(f"SELECT count(*) FROM {table}")[0][0])
        return counts

    def subjects(self, scope: str) -> list[str]:
        return [r[0] for r in self._read("SELECT subject FROM subjects WHERE scope = ?", (scope,))]

    def sessions(self, scope: str) -> list[SessionSummary]:
        with self._lock:
            return session_sql.list_sessions(self._conn, scope)

    def session_turns(self, scope: str, session_id: str) -> list[TurnRecord]:
        with self._lock:
            return session_sql.session_turns(self._conn, scope, session_id)

    def search_sessions(self, scope: str, terms: Sequence[str], limit: int) -> list[SessionSummary]:
        with self._lock:
            return session_sql.search_sessions(self._conn, scope, terms, limit)

    def search_turns(self, scope: str, terms: Sequence[str], limit: int) -> list[TurnRecord]:
        with self._lock:
            return session_sql.search_turns(self._conn, scope, terms, limit)

    def close(self) -> None:
        with self._lock:
            self._conn.close()
            self._writers.close()


def _tuples(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Run a query returning plain tuples (cheaper than ``sqlite3.Row``)."""
    cursor = conn.cursor()
    cursor.row_factory = None
    rows: list[tuple[Any, ...]] = cursor.execute(sql, params).fetchall()
    return rows
