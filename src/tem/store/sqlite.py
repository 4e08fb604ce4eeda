"""The SQLite store: one file (or memory), WAL, one transaction per write, FTS5 search.

Writers take SQLite's write lock up front (``BEGIN IMMEDIATE``), so several
processes writing one file serialize instead of losing updates; readers never
block in WAL mode. Each write re-derives the groups it touched and rewrites only
the version rows that changed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from tem.core.model import Cardinality, GroupKey, Observation, Status, Support, Version
from tem.core.times import from_text, to_text
from tem.errors import StoreError
from tem.store.base import Derive, SearchHit, WriteReport, touched_groups
from tem.store.sqlite_schema import migrate

_OBS_COLUMNS = (
    "id, scope, subject, subject_key, relation, relation_key, value, kind, source, "
    "observed_at, valid_from, recorded_at, expired_at, metadata"
)
_VERSION_COLUMNS = (
    "id, scope, subject, subject_key, relation, relation_key, value, status, cardinality, "
    "source, observed_at, valid_from, valid_to, recorded_at, expired_at, supersedes, "
    "superseded_by, ended_by, sources, metadata, position"
)
_CHUNK = 500


def _opt(moment: datetime | None) -> str | None:
    return None if moment is None else to_text(moment)


def _opt_time(text: str | None) -> datetime | None:
    return None if text is None else from_text(text)


def _obs_row(o: Observation) -> tuple[Any, ...]:
    g = o.group
    return (
        o.id, o.scope, o.subject, g.subject_key, o.relation, g.relation_key, o.value, o.kind,
        o.source, to_text(o.observed_at), to_text(o.valid_from), to_text(o.recorded_at),
        _opt(o.expired_at), json.dumps(dict(o.metadata), sort_keys=True),
    )  # fmt: skip


def _observation(row: sqlite3.Row) -> Observation:
    return Observation(
        id=row["id"],
        scope=row["scope"],
        subject=row["subject"],
        relation=row["relation"],
        value=row["value"],
        kind=row["kind"],
        source=row["source"],
        observed_at=from_text(row["observed_at"]),
        valid_from=from_text(row["valid_from"]),
        recorded_at=from_text(row["recorded_at"]),
        expired_at=_opt_time(row["expired_at"]),
        metadata=json.loads(row["metadata"]),
    )


def _version_row(v: Version, position: int) -> tuple[Any, ...]:
    g = v.group
    sources = [
        [s.observation_id, s.source, to_text(s.observed_at), to_text(s.recorded_at)]
        for s in v.sources
    ]
    return (
        v.id, v.scope, v.subject, g.subject_key, v.relation, g.relation_key, v.value,
        v.status.value, v.cardinality, v.source, to_text(v.observed_at), to_text(v.valid_from),
        _opt(v.valid_to), to_text(v.recorded_at), _opt(v.expired_at), v.supersedes,
        v.superseded_by, v.ended_by, json.dumps(sources), json.dumps(dict(v.metadata)),
        position,
    )  # fmt: skip


def _version(row: sqlite3.Row) -> Version:
    return Version(
        id=row["id"],
        scope=row["scope"],
        subject=row["subject"],
        relation=row["relation"],
        value=row["value"],
        status=Status(row["status"]),
        cardinality=row["cardinality"],
        source=row["source"],
        observed_at=from_text(row["observed_at"]),
        valid_from=from_text(row["valid_from"]),
        valid_to=_opt_time(row["valid_to"]),
        recorded_at=from_text(row["recorded_at"]),
        expired_at=_opt_time(row["expired_at"]),
        supersedes=row["supersedes"],
        superseded_by=row["superseded_by"],
        ended_by=row["ended_by"],
        sources=tuple(
            Support(s[0], s[1], from_text(s[2]), from_text(s[3]))
            for s in json.loads(row["sources"])
        ),
        metadata=json.loads(row["metadata"]),
    )


def _chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def _marks(count: int) -> str:
    return ",".join("?" * count)


class SQLiteStore:
    """The embedded default store; ``path=None`` keeps everything in memory."""

    def __init__(self, path: str | Path | None = None, *, timeout: float = 30.0) -> None:
        self.path = None if path is None else Path(path)
        target = ":memory:" if self.path is None else str(self.path)
        try:
            self._conn = sqlite3.connect(
                target, timeout=timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {target}: {exc}") from exc
        self._conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        if self.path is not None:
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = NORMAL")
        self._conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        with self._transaction() as conn:
            migrate(conn)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding the database write lock from the start."""
        with self._lock:
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

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    # -- writes ---------------------------------------------------------------------

    def write(self, observations: Sequence[Observation], derive: Derive) -> WriteReport:
        report = WriteReport()
        with self._transaction() as conn:
            known: set[str] = set()
            ids = [o.id for o in observations]
            for chunk in _chunks(ids):
                sql = f"SELECT id FROM observations WHERE id IN ({_marks(len(chunk))})"
                known.update(r[0] for r in conn.execute(sql, chunk))
            fresh: dict[str, Observation] = {}
            for o in observations:
                if o.id in known or o.id in fresh:
                    report.unchanged += 1
                else:
                    fresh[o.id] = o
            conn.executemany(
                f"INSERT INTO observations ({_OBS_COLUMNS}) VALUES ({_marks(14)})",
                [_obs_row(o) for o in fresh.values()],
            )
            self._rederive(conn, touched_groups(fresh.values()), derive, report)
        created = set(report.created)
        report.reaffirmed = sum(
            1 for o in fresh.values() if o.kind == "assert" and o.id not in created
        )
        return report

    def retire(self, scope: str, source: str, when: datetime, derive: Derive) -> WriteReport:
        report = WriteReport()
        with self._transaction() as conn:
            rows = conn.execute(
                f"SELECT {_OBS_COLUMNS} FROM observations "
                "WHERE scope = ? AND source = ? AND expired_at IS NULL",
                (scope, source),
            ).fetchall()
            conn.execute(
                "UPDATE observations SET expired_at = ? "
                "WHERE scope = ? AND source = ? AND expired_at IS NULL",
                (to_text(when), scope, source),
            )
            groups = touched_groups(_observation(r) for r in rows)
            self._rederive(conn, groups, derive, report)
        return report

    def delete(
        self,
        derive: Derive,
        *,
        scope: str | None = None,
        subject_key: str | None = None,
        source: str | None = None,
    ) -> int:
        where, params = [], []
        for column, value in (("scope", scope), ("subject_key", subject_key), ("source", source)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        clause = " AND ".join(where) if where else "1"
        with self._transaction() as conn:
            rows = conn.execute(
                f"SELECT {_OBS_COLUMNS} FROM observations WHERE {clause}", params
            ).fetchall()
            conn.execute(f"DELETE FROM observations WHERE {clause}", params)
            groups = touched_groups(_observation(r) for r in rows)
            self._rederive(conn, groups, derive, WriteReport())
            if rows:
                # FTS5 keeps deleted terms in old index segments until they merge; a hard
                # delete must leave no residue, so merge them now (SQLite < 3.42 has no
                # secure-delete option).
                for table in ("versions_fts", "subjects_fts"):
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
            self._rederive(conn, [GroupKey(*r) for r in rows], derive, report)
        return report

    def _rederive(
        self,
        conn: sqlite3.Connection,
        groups: Sequence[GroupKey],
        derive: Derive,
        report: WriteReport,
    ) -> None:
        declared = self._declared(conn)
        for group in groups:
            key = (group.scope, group.subject_key, group.relation_key)
            observations = [
                _observation(r)
                for r in conn.execute(
                    f"SELECT {_OBS_COLUMNS} FROM observations WHERE scope = ? AND "
                    "subject_key = ? AND relation_key = ? AND expired_at IS NULL",
                    key,
                )
            ]
            new = derive(group, observations, declared.get(group.relation_key))
            old = {
                r["id"]: (r["rowid"], r["status"])
                for r in conn.execute(
                    "SELECT rowid, id, status FROM versions WHERE scope = ? AND "
                    "subject_key = ? AND relation_key = ?",
                    key,
                )
            }
            self._replace(conn, group, old, new, report)

    def _replace(
        self,
        conn: sqlite3.Connection,
        group: GroupKey,
        old: dict[str, tuple[int, str]],
        new: list[Version],
        report: WriteReport,
    ) -> None:
        new_ids = {v.id for v in new}
        gone = [rowid for vid, (rowid, _) in old.items() if vid not in new_ids]
        for chunk in _chunks(gone):
            conn.execute(f"DELETE FROM versions WHERE rowid IN ({_marks(len(chunk))})", chunk)
            conn.execute(f"DELETE FROM versions_fts WHERE rowid IN ({_marks(len(chunk))})", chunk)
        report.removed.extend(vid for vid in old if vid not in new_ids)
        for position, version in enumerate(new):
            report.versions[version.id] = version
            row = _version_row(version, position)
            if version.id in old:
                rowid, status = old[version.id]
                if status == "current" and version.status is not Status.CURRENT:
                    report.superseded.append(version.id)
                conn.execute(
                    f"UPDATE versions SET ({_VERSION_COLUMNS}) = ({_marks(21)}) WHERE rowid = ?",
                    (*row, rowid),
                )
                continue
            cursor = conn.execute(
                f"INSERT INTO versions ({_VERSION_COLUMNS}) VALUES ({_marks(21)})", row
            )
            conn.execute(
                "INSERT INTO versions_fts (rowid, subject, relation, value) VALUES (?, ?, ?, ?)",
                (cursor.lastrowid, version.subject, version.relation, version.value),
            )
            report.created.append(version.id)
        self._sync_subject(conn, group, new)

    def _sync_subject(self, conn: sqlite3.Connection, group: GroupKey, new: list[Version]) -> None:
        """Keep the subjects table (and its index) equal to the subjects that have versions."""
        row = conn.execute(
            "SELECT rowid FROM subjects WHERE scope = ? AND subject_key = ?",
            (group.scope, group.subject_key),
        ).fetchone()
        if new and row is None:
            cursor = conn.execute(
                "INSERT INTO subjects (scope, subject_key, subject) VALUES (?, ?, ?)",
                (group.scope, group.subject_key, new[0].subject),
            )
            conn.execute(
                "INSERT INTO subjects_fts (rowid, subject) VALUES (?, ?)",
                (cursor.lastrowid, new[0].subject),
            )
        elif not new and row is not None:
            left = conn.execute(
                "SELECT 1 FROM versions WHERE scope = ? AND subject_key = ? LIMIT 1",
                (group.scope, group.subject_key),
            ).fetchone()
            if left is None:
                conn.execute("DELETE FROM subjects WHERE rowid = ?", (row[0],))
                conn.execute("DELETE FROM subjects_fts WHERE rowid = ?", (row[0],))

    def _declared(self, conn: sqlite3.Connection) -> dict[str, Cardinality]:
        return {r[0]: r[1] for r in conn.execute("SELECT relation_key, cardinality FROM relations")}

    # -- reads ----------------------------------------------------------------------

    def declared(self) -> dict[str, Cardinality]:
        with self._lock:
            return self._declared(self._conn)

    def _where(
        self, scope: str, subject_key: str | None, relation_key: str | None
    ) -> tuple[str, list[str]]:
        clause, params = "scope = ?", [scope]
        if subject_key is not None:
            clause, params = clause + " AND subject_key = ?", [*params, subject_key]
        if relation_key is not None:
            clause, params = clause + " AND relation_key = ?", [*params, relation_key]
        return clause, params

    def observations(
        self, scope: str, subject_key: str | None = None, relation_key: str | None = None
    ) -> list[Observation]:
        clause, params = self._where(scope, subject_key, relation_key)
        rows = self._read(
            f"SELECT {_OBS_COLUMNS} FROM observations WHERE {clause} ORDER BY rowid", params
        )
        return [_observation(r) for r in rows]

    def versions(
        self, scope: str, subject_key: str | None = None, relation_key: str | None = None
    ) -> list[Version]:
        clause, params = self._where(scope, subject_key, relation_key)
        rows = self._read(
            f"SELECT {_VERSION_COLUMNS} FROM versions WHERE {clause} "
            "ORDER BY subject_key, relation_key, position",
            params,
        )
        return [_version(r) for r in rows]

    def group_versions(self, groups: Sequence[GroupKey]) -> dict[GroupKey, list[Version]]:
        found: dict[GroupKey, list[Version]] = {g: [] for g in groups}
        for g in groups:
            rows = self._read(
                f"SELECT {_VERSION_COLUMNS} FROM versions WHERE scope = ? AND subject_key = ? "
                "AND relation_key = ? ORDER BY position",
                (g.scope, g.subject_key, g.relation_key),
            )
            found[g] = [_version(r) for r in rows]
        return found

    def search(self, scope: str, terms: Sequence[str], limit: int) -> list[SearchHit]:
        if not terms:
            return []
        query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        rows = self._read(
            f"SELECT {', '.join('v.' + c.strip() for c in _VERSION_COLUMNS.split(','))}, "
            "bm25(versions_fts, 2.0, 3.0, 1.0) AS score FROM versions_fts "
            "JOIN versions v ON v.rowid = versions_fts.rowid "
            "WHERE versions_fts MATCH ? AND v.scope = ? ORDER BY score LIMIT ?",
            (query, scope, limit),
        )
        return [SearchHit(_version(r), -float(r["score"])) for r in rows]

    def match_subjects(self, scope: str, terms: Sequence[str], limit: int) -> list[str]:
        if not terms:
            return []
        query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        rows = self._read(
            "SELECT s.subject FROM subjects_fts JOIN subjects s ON s.rowid = subjects_fts.rowid "
            "WHERE subjects_fts MATCH ? AND s.scope = ? ORDER BY bm25(subjects_fts) LIMIT ?",
            (query, scope, limit),
        )
        return [r[0] for r in rows]

    def all_observations(self) -> Iterator[Observation]:
        for r in self._read(f"SELECT {_OBS_COLUMNS} FROM observations ORDER BY rowid"):
            yield _observation(r)

    def scopes(self) -> list[str]:
        return [r[0] for r in self._read("SELECT DISTINCT scope FROM observations ORDER BY 1")]

    def count(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for table in ("observations", "versions", "subjects", "versions_fts", "subjects_fts"):
            counts[table] = int(self._read(f"SELECT count(*) FROM {table}")[0][0])
        return counts

    def close(self) -> None:
        with self._lock:
            self._conn.close()
