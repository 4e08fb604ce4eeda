"""Rows of the stores: column lists, conversion between rows and the model, row diffs.

Both the SQLite and the PostgreSQL store keep the same columns in the same text
encoding, so this module serves both; the stores read as transactions and queries.
Everything here is pure and cached where rows repeat: the logic of a write that
does not depend on the dialect (which observations to insert, what a delete
selects, the rows of a session) lives here, the SQL and the locking in each store.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from json.encoder import encode_basestring_ascii as quote_json
from typing import Any

from tem.core.model import GroupKey, Observation, Status, Support, Version
from tem.core.session import Session, SessionSummary, Turn, TurnRecord
from tem.core.times import from_text, to_text
from tem.store.base import Vectors, WriteReport

OBS_COLUMNS = (
    "id, scope, subject, subject_key, relation, relation_key, value, kind, source, "
    "observed_at, valid_from, recorded_at, expired_at, metadata"
)
VERSION_COLUMNS = (
    "id, scope, subject, subject_key, relation, relation_key, value, status, cardinality, "
    "source, observed_at, valid_from, valid_to, recorded_at, expired_at, supersedes, "
    "superseded_by, ended_by, sources, metadata, position"
)
OBS_SELECT = ", ".join("t." + c.strip() for c in OBS_COLUMNS.split(","))
"""``OBS_COLUMNS`` of the table aliased ``t`` (as :func:`groups_join` names it)."""
VERSION_SELECT = ", ".join("t." + c.strip() for c in VERSION_COLUMNS.split(","))
"""``VERSION_COLUMNS`` of the table aliased ``t``."""
CHUNK = 500
STATUS = {status.value: status for status in Status}


def opt_text(moment: datetime | None) -> str | None:
    return None if moment is None else to_text(moment)


def opt_time(text: str | None) -> datetime | None:
    return None if text is None else from_text(text)


def load_json(text: str) -> Any:
    return {} if text == "{}" else json.loads(text)


def obs_row(o: Observation, g: GroupKey) -> tuple[Any, ...]:
    metadata = json.dumps(dict(o.metadata), sort_keys=True) if o.metadata else "{}"
    return (
        o.id,
        o.scope,
        o.subject,
        g.subject_key,
        o.relation,
        g.relation_key,
        o.value,
        o.kind,
        o.source,
        to_text(o.observed_at),
        to_text(o.valid_from),
        to_text(o.recorded_at),
        opt_text(o.expired_at),
        metadata,
    )


def observation_of(row: Sequence[Any]) -> Observation:
    """Decode a row of ``OBS_COLUMNS``."""
    return Observation(
        id=row[0],
        scope=row[1],
        subject=row[2],
        relation=row[4],
        value=row[6],
        kind=row[7],
        source=row[8],
        observed_at=from_text(row[9]),
        valid_from=from_text(row[10]),
        recorded_at=from_text(row[11]),
        expired_at=opt_time(row[12]),
        metadata=load_json(row[13]),
    )


def as_stored(o: Observation, row: tuple[Any, ...]) -> Observation:
    """Return ``o`` as reading its row back would: metadata through JSON, sorted keys."""
    if row[13] == "{}" and not o.metadata:
        return o
    return replace(o, metadata=json.loads(row[13]))


def sources_json(sources: Sequence[Support]) -> str:
    """``json.dumps`` of the sources as lists of four strings, character for character.

    Written out by hand (each string through json's own C escaper, json.dumps's default
    separators; the times are ISO text, nothing to escape): every version row carries
    it, and the general encoder was a third of the cost of building a row.
    """
    return (
        "["
        + ", ".join(
            f"[{quote_json(s.observation_id)}, {quote_json(s.source)}, "
            f'"{to_text(s.observed_at)}", "{to_text(s.recorded_at)}"]'
            for s in sources
        )
        + "]"
    )


def version_row(v: Version, position: int, g: GroupKey) -> tuple[Any, ...]:
    metadata = json.dumps(dict(v.metadata)) if v.metadata else "{}"
    return (
        v.id,
        v.scope,
        v.subject,
        g.subject_key,
        v.relation,
        g.relation_key,
        v.value,
        v.status.value,
        v.cardinality,
        v.source,
        to_text(v.observed_at),
        to_text(v.valid_from),
        opt_text(v.valid_to),
        to_text(v.recorded_at),
        opt_text(v.expired_at),
        v.supersedes,
        v.superseded_by,
        v.ended_by,
        sources_json(v.sources),
        metadata,
        position,
    )


def version_of(row: Sequence[Any]) -> Version:
    """Decode a row of ``VERSION_COLUMNS``."""
    return Version(
        id=row[0],
        scope=row[1],
        subject=row[2],
        relation=row[4],
        value=row[6],
        status=STATUS[row[7]],
        cardinality=row[8],
        source=row[9],
        observed_at=from_text(row[10]),
        valid_from=from_text(row[11]),
        valid_to=opt_time(row[12]),
        recorded_at=from_text(row[13]),
        expired_at=opt_time(row[14]),
        supersedes=row[15],
        superseded_by=row[16],
        ended_by=row[17],
        sources=tuple(
            Support(s[0], s[1], from_text(s[2]), from_text(s[3])) for s in json.loads(row[18])
        ),
        metadata=load_json(row[19]),
    )


@dataclass
class Inserts:
    """The observations a write inserts, in batch order, with their groups and rows.

    Made by :meth:`select`: an id already stored, or repeated in the batch, is skipped.
    """

    observations: list[Observation]
    keys: list[GroupKey]
    rows: list[tuple[Any, ...]]
    """Rows of ``OBS_COLUMNS``."""

    @classmethod
    def select(
        cls,
        observations: Sequence[Observation],
        keys: Sequence[GroupKey],
        known: set[str],
        report: WriteReport,
    ) -> Inserts:
        """The observations (of groups ``keys``) whose ids are not ``known``; each skipped
        one counts as unchanged in ``report``."""
        fresh: dict[str, tuple[Observation, GroupKey]] = {}
        for o, g in zip(observations, keys, strict=True):
            if o.id in known or o.id in fresh:
                report.unchanged += 1
            else:
                fresh[o.id] = (o, g)
        pairs = list(fresh.values())
        return cls([o for o, _ in pairs], [g for _, g in pairs], [obs_row(o, g) for o, g in pairs])

    def groups(self) -> list[GroupKey]:
        """The groups the inserted observations belong to, in order of first appearance."""
        return list(dict.fromkeys(self.keys))

    def add_live(self, live: defaultdict[GroupKey, list[Observation]]) -> None:
        """Append the unretired inserted observations to their groups, as read back."""
        for o, g, row in zip(self.observations, self.keys, self.rows, strict=True):
            if o.expired_at is None:
                live[g].append(as_stored(o, row))

    def count_reaffirmed(self, report: WriteReport) -> None:
        """Count in ``report`` the inserted assertions that made no new version."""
        created = set(report.created)
        report.reaffirmed = sum(
            1 for o in self.observations if o.kind == "assert" and o.id not in created
        )


def delete_filter(
    scope: str | None,
    subject_key: str | None,
    source: str | None,
    *,
    mark: str = "?",
    always: str = "1",
) -> tuple[str, list[str]]:
    """``WHERE`` clause and parameters of a hard delete of a scope, subject and/or source.

    ``mark`` is the driver's placeholder; ``always`` the dialect's true clause, for
    a delete that names nothing.
    """
    where, params = [], []
    for column, value in (("scope", scope), ("subject_key", subject_key), ("source", source)):
        if value is not None:
            where.append(f"{column} = {mark}")
            params.append(value)
    return (" AND ".join(where) if where else always), params


def sessions_scope(scope: str | None, subject_key: str | None) -> str | None:
    """The scope whose sessions a delete takes too (all of them, or the one whose id is
    the deleted source); None for a delete of a subject, which keeps them."""
    return scope if subject_key is None else None


def session_row(session: Session, scope: str, summary: str) -> tuple[Any, ...]:
    """The row of a session: scope, id, observed_at, participants, summary, metadata."""
    return (
        scope,
        session.id,
        to_text(session.observed_at),
        json.dumps(list(session.participants)),
        summary,
        json.dumps(dict(session.metadata), default=str),
    )


def turn_row(turn: Turn) -> tuple[Any, ...]:
    """The row of a turn, after its session's key: idx, speaker, text, time, turn_id."""
    time = None if turn.time is None else to_text(turn.time)
    return (turn.index, turn.speaker, turn.text, time, turn.turn_id)


def vector_rows(observations: Sequence[Observation], vectors: Vectors) -> list[tuple[Any, ...]]:
    """The vector rows (observation_id, scope, model, vector) of the observations that have one."""
    return [
        (o.id, o.scope, vectors.model, vector)
        for o in observations
        if (vector := vectors.by_id.get(o.id)) is not None
    ]


def chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]


def key_filter(
    scope: str, subject_key: str | None, relation_key: str | None, mark: str = "?"
) -> tuple[str, list[str]]:
    """``WHERE`` clause and parameters selecting a scope, subject or group.

    ``mark`` is the driver's placeholder: ``?`` for sqlite3, ``%s`` for psycopg.
    """
    clause, params = f"scope = {mark}", [scope]
    if subject_key is not None:
        clause, params = f"{clause} AND subject_key = {mark}", [*params, subject_key]
    if relation_key is not None:
        clause, params = f"{clause} AND relation_key = {mark}", [*params, relation_key]
    return clause, params


def marks(count: int) -> str:
    return ",".join("?" * count)


def groups_join(count: int, table: str) -> str:
    """``FROM`` clause joining ``count`` (scope, subject_key, relation_key) rows to ``table``.

    A VALUES list joined on the group index is one indexed lookup per group; a row-value
    ``IN`` would scan the table.
    """
    values = ",".join(["(?,?,?)"] * count)
    return (
        f"(VALUES {values}) AS g JOIN {table} t ON t.scope = g.column1 "
        "AND t.subject_key = g.column2 AND t.relation_key = g.column3"
    )


def flat(groups: Sequence[GroupKey]) -> list[str]:
    return [part for g in groups for part in (g.scope, g.subject_key, g.relation_key)]


def fts_phrase(term: str) -> str:
    """``term`` as one FTS5 phrase: quoted, so no word of it is read as query syntax."""
    return '"' + term.replace('"', '""') + '"'


def fts_query(terms: Sequence[str], relation_terms: Sequence[str] = ()) -> str:
    """Any of ``terms`` in any column, or any of ``relation_terms`` in the relation column."""
    quoted = " OR ".join(fts_phrase(t) for t in terms)
    if not relation_terms:
        return quoted
    in_relation = " OR ".join(fts_phrase(t) for t in relation_terms)
    return f"{quoted} OR relation : ({in_relation})" if quoted else f"relation : ({in_relation})"


@dataclass
class Changes:
    """Version row changes of one re-derivation, applied in bulk."""

    deletes: list[int] = field(default_factory=list)
    updates: list[tuple[Any, ...]] = field(default_factory=list)
    inserts: list[tuple[Any, ...]] = field(default_factory=list)
    named: dict[tuple[str, str], str] = field(default_factory=dict)
    """Subjects that have versions after the write -> display name to create them with."""
    emptied: dict[tuple[str, str], None] = field(default_factory=dict)
    """Subjects with a group left without versions."""


def diff_versions(
    group: GroupKey,
    old: dict[str, tuple[Any, ...]],
    new: list[Version],
    changes: Changes,
    report: WriteReport,
) -> None:
    """Record the row changes that turn ``old`` (row key + columns, by id) into ``new``.

    The row key is the store's own (SQLite rowid, PostgreSQL seq); the columns are
    ``VERSION_COLUMNS``.
    """
    new_ids = {v.id for v in new}
    changes.deletes.extend(row[0] for vid, row in old.items() if vid not in new_ids)
    report.removed.extend(vid for vid in old if vid not in new_ids)
    for position, version in enumerate(new):
        report.versions[version.id] = version
        row = version_row(version, position, group)
        stored = old.get(version.id)
        if stored is None:
            changes.inserts.append(row)
            report.created.append(version.id)
            continue
        if stored[8] == "current" and version.status is not Status.CURRENT:
            report.superseded.append(version.id)
        if stored[1:] != row:
            changes.updates.append((*row, stored[0]))
    key = (group.scope, group.subject_key)
    if new:
        changes.named.setdefault(key, new[0].subject)
    else:
        changes.emptied.setdefault(key, None)


def summary_of(row: Sequence[Any], score: float = 0.0) -> SessionSummary:
    """A session row (session_id, scope, observed_at, participants, summary) as a summary."""
    return SessionSummary(
        session_id=row[0],
        scope=row[1],
        observed_at=from_text(row[2]),
        participants=tuple(json.loads(row[3])),
        summary=row[4],
        score=score,
    )


def turn_of(row: Sequence[Any], score: float = 0.0) -> TurnRecord:
    """A turn row (session_id, scope, observed_at, index, speaker, text, turn_id)."""
    return TurnRecord(
        session_id=row[0],
        scope=row[1],
        observed_at=from_text(row[2]),
        index=row[3],
        speaker=row[4],
        text=row[5],
        turn_id=row[6],
        score=score,
    )
