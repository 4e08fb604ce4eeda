"""The inside of one PostgreSQL write transaction: lock, read, re-derive, write the difference.

:class:`Transaction` wraps a connection that is inside a transaction (the store
opens, commits and retries it). Each method takes the advisory locks it needs
before reading what it will re-derive:

* the whole store (the namespace), shared;
* the touched relations, shared (``declare`` takes its relation exclusively);
* the touched groups, exclusive;
* the subjects whose name rows may change, exclusive.

Each kind in sorted order, kinds in that order, so two writers never wait on each
other in a cycle. A write touching more than ``GROUP_LOCK_LIMIT`` groups takes the
namespace lock *exclusively* instead and nothing else: it runs alone, and holds
one lock however large it is. Per-group locks for 10,000 facts overflowed
PostgreSQL's shared lock table (``max_locks_per_transaction`` 64 on a default
server). Under READ COMMITTED every statement after a lock sees all that
the previous holder committed, which is what makes the derivation current.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from tem.core.model import Cardinality, GroupKey, Observation
from tem.core.session import Session
from tem.core.times import to_text
from tem.errors import UserError
from tem.store import postgres_sessions as session_sql
from tem.store import postgres_vectors as vectors_sql
from tem.store.base import Derive, Vectors, WriteReport
from tem.store.postgres_sql import (
    OBS_TYPES,
    VERSION_TYPES,
    bulk_insert,
    bulk_update,
    columns_of,
    first_nul,
    group_arrays,
    group_keys,
    groups_join,
    lock_key,
    relation_keys,
    subject_keys,
    take_locks,
)
from tem.store.rows import (
    OBS_COLUMNS,
    OBS_SELECT,
    VERSION_COLUMNS,
    VERSION_SELECT,
    Changes,
    Inserts,
    diff_versions,
    observation_of,
)

if TYPE_CHECKING:
    from tem.store.postgres_schema import Conn

GROUP_LOCK_LIMIT = 16
"""Most groups a write locks one by one; past it, it locks the whole store (one lock).

Each such write holds at most 1 + 3 x 16 advisory locks (store, relations, groups,
subjects), under the 64 a default server budgets per connection.
"""


@dataclass
class _State:
    """What a write read of its groups before changing them."""

    observations: list[tuple[Any, ...]]
    """Rows of ``OBS_COLUMNS``."""
    declared: dict[str, Cardinality]
    stored: defaultdict[GroupKey, dict[str, tuple[Any, ...]]]
    """Each group's version rows by id: (seq, *VERSION_COLUMNS), by position."""

    def live(self, groups: set[GroupKey]) -> defaultdict[GroupKey, list[Observation]]:
        """The unretired observations of ``groups`` (only these rows are decoded)."""
        live: defaultdict[GroupKey, list[Observation]] = defaultdict(list)
        for row in self.observations:
            group = GroupKey(row[1], row[3], row[5])
            if row[12] is None and group in groups:
                live[group].append(observation_of(row))
        return live


@dataclass
class Transaction:
    """One write transaction; ``namespace`` (database.schema) prefixes its lock keys."""

    conn: Conn
    namespace: str
    pgvector: str | None = None
    """The pgvector extension's quoted schema, when vectors are also stored as ``vector``."""
    alone: bool | None = None
    """None until the first lock; then True when this write holds the whole store."""

    def _enter(self, groups: int) -> None:
        """Take the store's lock once, first: exclusive for a write of many groups."""
        if self.alone is not None:
            return
        self.alone = groups > GROUP_LOCK_LIMIT
        take_locks(self.conn, [lock_key(self.namespace, "store")], shared=not self.alone)

    def write(
        self, observations: Sequence[Observation], derive: Derive, vectors: Vectors | None
    ) -> WriteReport:
        """Insert observations (skipping known ids), re-derive their groups, store vectors."""
        report = self._insert(observations, derive)
        vectors_sql.put_vectors(self.conn, observations, vectors, self.pgvector)
        return report

    def put_session(self, session: Session, scope: str, summary: str) -> None:
        """Store (or replace) a session; one re-ingestion of it at a time."""
        take_locks(self.conn, [lock_key(self.namespace, "session", scope, session.id)])
        session_sql.put_session(self.conn, session, scope, summary)

    def retire(self, scope: str, source: str, when: datetime, derive: Derive) -> WriteReport:
        """Set ``expired_at`` on the source's live observations; re-derive their groups."""
        report = WriteReport()
        where = "scope = %s AND source = %s AND expired_at IS NULL"
        locked = self._groups_where(where, (scope, source))
        self._lock_groups(locked)
        # The vectors of the retired observations stop being live: log their keys.
        rows = self.conn.execute(
            f"WITH retired AS (UPDATE observations SET expired_at = %s WHERE {where} "
            "RETURNING id, seq, scope, subject_key, relation_key), "
            "logged AS (INSERT INTO vectors_gone (scope_hash, vector) "
            "SELECT hashtextextended(x.scope, 0), x.seq "
            "FROM vectors x JOIN retired r ON x.scope = r.scope AND x.observation_id = r.id) "
            "SELECT seq, scope, subject_key, relation_key FROM retired",
            (to_text(when), scope, source),
        ).fetchall()
        groups = self._touched(rows, locked)
        self._rederive(groups, derive, report)
        return report

    def delete(self, derive: Derive, clause: str, params: Sequence[str]) -> int:
        """Hard-delete the observations ``WHERE clause`` selects, with their vectors."""
        locked = self._groups_where(clause, params)
        self._lock_groups(locked)
        # One statement, one snapshot: exactly the deleted observations lose their vectors.
        rows = self.conn.execute(
            f"WITH gone AS (DELETE FROM observations WHERE {clause} "
            "RETURNING id, seq, scope, subject_key, relation_key), "
            "unvectored AS (DELETE FROM vectors WHERE observation_id IN (SELECT id FROM gone) "
            "RETURNING scope, seq), "
            "logged AS (INSERT INTO vectors_gone (scope_hash, vector) "
            "SELECT hashtextextended(scope, 0), seq FROM unvectored) "
            "SELECT seq, scope, subject_key, relation_key FROM gone",
            params,
        ).fetchall()
        groups = self._touched(rows, locked)
        self._rederive(groups, derive, WriteReport())
        return len(rows)

    def declare(self, relation_key: str, cardinality: Cardinality, derive: Derive) -> WriteReport:
        """Persist a relation's cardinality and re-derive every group of that relation."""
        report = WriteReport()
        # Exclusive on the relation: writers of its groups hold it shared, so none is
        # deriving one of them with the old cardinality meanwhile.
        self._enter(0)
        take_locks(self.conn, relation_keys(self.namespace, [relation_key]))
        self.conn.execute(
            "INSERT INTO relations (relation_key, cardinality) VALUES (%s, %s) "
            "ON CONFLICT (relation_key) DO UPDATE SET cardinality = excluded.cardinality",
            (relation_key, cardinality),
        )
        groups = self._groups_where("relation_key = %s", (relation_key,))
        groups.sort(key=lambda g: (g.scope, g.subject_key))
        self._rederive(groups, derive, report)
        return report

    def _lock_groups(self, groups: Sequence[GroupKey]) -> None:
        """Lock the groups a write re-derives: their relations shared, the groups exclusive."""
        self._enter(len(groups))
        if self.alone:
            return
        relations = relation_keys(self.namespace, {g.relation_key for g in groups})
        take_locks(self.conn, group_keys(self.namespace, groups), shared_first=relations)

    def _insert(self, observations: Sequence[Observation], derive: Derive) -> WriteReport:
        report = WriteReport()
        keys = [o.group for o in observations]
        touched = list(dict.fromkeys(keys))
        self._lock_groups(touched)
        # The groups' observations, retired ones too: they say which ids are known.
        state = self._read(touched, retired=True)
        known = {row[0] for row in state.observations}
        fresh = Inserts.select(observations, keys, known, report)
        groups = fresh.groups()
        live = state.live(set(groups))
        if fresh.rows:
            sql = bulk_insert("observations", OBS_COLUMNS, OBS_TYPES)
            self.conn.execute(sql, columns_of(fresh.rows, len(OBS_TYPES)))
        fresh.add_live(live)
        self._apply(groups, live, state, derive, report)
        fresh.count_reaffirmed(report)
        return report

    def _groups_where(self, clause: str, params: Sequence[Any]) -> list[GroupKey]:
        rows = self.conn.execute(
            f"SELECT DISTINCT scope, subject_key, relation_key FROM observations WHERE {clause}",
            params,
        ).fetchall()
        return [GroupKey(*r) for r in rows]

    def _touched(
        self, rows: Sequence[tuple[Any, ...]], locked: Sequence[GroupKey]
    ) -> list[GroupKey]:
        """The groups of changed rows (seq, group...), in row order; lock any not locked yet.

        A group committed between the first look and the change is locked late, out
        of order: the rare deadlock that can cause is retried by the store.
        """
        groups = list(dict.fromkeys(GroupKey(*r[1:]) for r in sorted(rows)))
        held = set(locked)
        extra = [g for g in groups if g not in held]
        if extra:
            self._lock_groups(extra)
        return groups

    def _read(self, groups: Sequence[GroupKey], *, retired: bool = False) -> _State:
        """Read the groups' observations (unretired, or all), versions and the declarations.

        The three queries go out together: in pipeline mode that is one round trip.
        """
        if not groups:
            return _State([], {}, defaultdict(dict))
        arrays = group_arrays(groups)
        live_only = "" if retired else " WHERE t.expired_at IS NULL"
        observations = self.conn.execute(
            f"SELECT {OBS_SELECT} FROM {groups_join('observations')}{live_only}", arrays
        )
        declared = self.conn.execute("SELECT relation_key, cardinality FROM relations")
        versions = self.conn.execute(
            f"SELECT t.seq, {VERSION_SELECT} FROM {groups_join('versions')} "
            "ORDER BY t.scope, t.subject_key, t.relation_key, t.position",
            arrays,
        )
        stored: defaultdict[GroupKey, dict[str, tuple[Any, ...]]] = defaultdict(dict)
        rows = observations.fetchall()
        cardinalities = {r[0]: r[1] for r in declared.fetchall()}
        for row in versions.fetchall():
            stored[GroupKey(row[2], row[4], row[6])][row[1]] = row
        return _State(rows, cardinalities, stored)

    def _rederive(self, groups: Sequence[GroupKey], derive: Derive, report: WriteReport) -> None:
        """Re-derive ``groups`` from what is stored now (after a retire, delete or declare)."""
        state = self._read(groups)
        self._apply(groups, state.live(set(groups)), state, derive, report)

    def _apply(
        self,
        groups: Sequence[GroupKey],
        live: dict[GroupKey, list[Observation]],
        state: _State,
        derive: Derive,
        report: WriteReport,
    ) -> None:
        """Derive each group from its live observations and write the rows that changed."""
        changes = Changes()
        for group in groups:
            new = derive(group, live.get(group, []), state.declared.get(group.relation_key))
            diff_versions(group, state.stored.get(group, {}), new, changes, report)
        if changes.deletes:
            self.conn.execute("DELETE FROM versions WHERE seq = ANY(%s)", (changes.deletes,))
        if changes.updates:
            sql = bulk_update("versions", VERSION_COLUMNS, VERSION_TYPES)
            self.conn.execute(sql, columns_of(changes.updates, len(VERSION_TYPES) + 1))
        if changes.inserts:
            sql = bulk_insert("versions", VERSION_COLUMNS, VERSION_TYPES)
            self.conn.execute(sql, columns_of(changes.inserts, len(VERSION_TYPES)))
        self._sync_subjects(changes)

    def _sync_subjects(self, changes: Changes) -> None:
        """Keep the subjects table equal to the subjects that have versions.

        The subject's lock orders this against a concurrent write that gives the
        subject its first version in another group (which then sees this commit).
        """
        keys = list(dict.fromkeys([*changes.named, *changes.emptied]))
        if not keys:
            return
        if not self.alone:
            take_locks(self.conn, subject_keys(self.namespace, keys))
        named = [(*key, name) for key, name in changes.named.items()]
        if named:
            self.conn.execute(
                bulk_insert("subjects", "scope, subject_key, subject", ("text",) * 3)
                + " ON CONFLICT (scope, subject_key) DO NOTHING",
                columns_of(named, 3),
            )
        emptied = [key for key in changes.emptied if key not in changes.named]
        if emptied:
            self.conn.execute(
                "DELETE FROM subjects s USING unnest(%s::text[], %s::text[]) AS g(s, k) "
                "WHERE s.scope = g.s AND s.subject_key = g.k AND NOT EXISTS "
                "(SELECT 1 FROM versions v WHERE v.scope = g.s AND v.subject_key = g.k)",
                columns_of(emptied, 2),
            )


def declared_cardinalities(conn: Conn) -> dict[str, Cardinality]:
    """Return every declared relation cardinality."""
    rows = conn.execute("SELECT relation_key, cardinality FROM relations").fetchall()
    return {r[0]: r[1] for r in rows}


def check_observations(observations: Sequence[Observation]) -> None:
    """Refuse text PostgreSQL cannot store (NUL) before the transaction starts."""
    for o in observations:
        fields = (
            ("scope", o.scope),
            ("subject", o.subject),
            ("relation", o.relation),
            ("value", o.value),
            ("source", o.source),
        )
        _refuse_nul(fields)


def check_session(session: Session, scope: str, summary: str) -> None:
    """Refuse a session whose text PostgreSQL cannot store (NUL)."""
    fields: list[tuple[str, str | None]] = [
        ("scope", scope),
        ("session id", session.id),
        ("summary", summary),
    ]
    for turn in session.turns:
        fields += [("turn speaker", turn.speaker), ("turn text", turn.text)]
        fields.append(("turn id", turn.turn_id))
    _refuse_nul(fields)


def _refuse_nul(fields: Sequence[tuple[str, str | None]]) -> None:
    name = first_nul(fields)
    if name is not None:
        raise UserError(f"{name}: contains a NUL character, which PostgreSQL cannot store")
