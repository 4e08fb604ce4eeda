"""The storage protocol: what :class:`tem.Memory` needs from a backend.

A store keeps observations (the ground truth) and the versions derived from them.
It never decides a status itself: every write method takes a ``derive`` callback
(the pure rules of :mod:`tem.core.status`, bound to the vocabulary and rule) and
must, inside ONE transaction, apply the change, re-derive every touched group and
replace that group's versions. A failed write leaves the store as it was.

Concurrent writers must serialize per group (SQLite: one writer at a time;
PostgreSQL: a lock per group), so the group invariant holds under several
processes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from tem.core.model import Cardinality, GroupKey, Observation, Version
from tem.core.session import Session, SessionSummary, TurnRecord

Derive = Callable[[GroupKey, Sequence[Observation], Cardinality | None], list[Version]]
"""Group key, its visible observations, its declared cardinality -> its versions."""


@dataclass
class WriteReport:
    """What one write changed, counted by version."""

    created: list[str] = field(default_factory=list)
    """Ids of versions that did not exist before."""
    reaffirmed: int = 0
    """Observations that joined an existing version as a further source."""
    superseded: list[str] = field(default_factory=list)
    """Ids of versions that were current before and are historical or ended now."""
    removed: list[str] = field(default_factory=list)
    """Ids of versions that no longer exist (their observations were retired or deleted)."""
    unchanged: int = 0
    """Observations that were already stored (same content id): nothing was written."""
    versions: dict[str, Version] = field(default_factory=dict)
    """Every version of every touched group after the write, by id."""


@dataclass(frozen=True)
class Vectors:
    """Embeddings of observations, written in the same transaction as the observations.

    ``by_id`` maps an observation id to its float32 vector (``ndarray.tobytes()``);
    ``model`` names the embedder, so vectors of different models never mix.
    """

    model: str
    by_id: Mapping[str, bytes]


@dataclass(frozen=True)
class VectorDelta:
    """How a scope's live vectors changed since a mark (see :meth:`Store.vectors_since`).

    A vector is live while its observation is stored and not retired. ``keys`` (never
    reused) name the vectors that became live, with their ``groups`` and ``blobs``;
    ``gone`` names vectors that stopped being live (keys of other scopes may appear:
    ignore them). A key already held may come again (PostgreSQL re-sends the vectors
    of transactions still open at the mark): keep the row held. ``reset`` says the
    delta is the whole live set: drop what you had.
    ``mark`` is passed back on the next call.
    """

    keys: list[int]
    groups: list[GroupKey]
    blobs: list[bytes]
    gone: list[int]
    mark: tuple[int, int]
    reset: bool


@dataclass(frozen=True)
class SearchHit:
    """A version found by full-text search: its id, its group, its BM25 score (higher is better).

    Recall ranks groups and then reads the chosen ones whole, so a hit carries no
    decoded version: decoding the dozens of hits a search returns cost more than
    ranking them.
    """

    id: str
    group: GroupKey
    score: float


class Store(Protocol):
    """A backend for tem; SQLite is the default, others pass the same tests."""

    concurrency: int
    """How many calls can do work on this store at once: 1 where one lock serializes
    them (SQLite), the connection pool's size where each call takes its own connection
    (PostgreSQL). :class:`~tem.AsyncMemory` runs that many calls at a time."""

    def write(
        self, observations: Sequence[Observation], derive: Derive, vectors: Vectors | None = None
    ) -> WriteReport:
        """Insert observations (skipping known ids) and re-derive their groups.

        ``vectors`` of the given observations are stored in the same transaction
        (an id that already has one keeps it).
        """
        ...

    def write_session(
        self,
        session: Session,
        scope: str,
        summary: str,
        observations: Sequence[Observation],
        derive: Derive,
        vectors: Vectors | None = None,
    ) -> WriteReport:
        """Store a session with its turns and summary, and write its observations, atomically.

        A session id already stored in the scope is replaced (idempotent re-ingestion).
        """
        ...

    def retire(self, scope: str, source: str, when: datetime, derive: Derive) -> WriteReport:
        """Set ``expired_at`` on the source's live observations; re-derive their groups."""
        ...

    def delete(
        self,
        derive: Derive,
        *,
        scope: str | None = None,
        subject_key: str | None = None,
        source: str | None = None,
    ) -> int:
        """Hard-delete matching observations and their versions; return observations deleted.

        Groups that keep other observations are re-derived; nothing of the deleted
        rows (their vectors included) stays in any table or index. Without
        ``subject_key``, the scope's sessions (or the session whose id is ``source``)
        go too, with their turns.
        """
        ...

    def declare(self, relation_key: str, cardinality: Cardinality, derive: Derive) -> WriteReport:
        """Persist a relation's cardinality and re-derive every group of that relation."""
        ...

    def declared(self) -> dict[str, Cardinality]:
        """Return every declared relation cardinality."""
        ...

    def observations(
        self, scope: str, subject_key: str | None = None, relation_key: str | None = None
    ) -> list[Observation]:
        """Return every observation (retired ones too) of a scope, subject or group."""
        ...

    def versions(
        self, scope: str, subject_key: str | None = None, relation_key: str | None = None
    ) -> list[Version]:
        """Return the stored versions of a scope, subject or group, in group walk order."""
        ...

    def group_versions(self, groups: Sequence[GroupKey]) -> dict[GroupKey, list[Version]]:
        """Return the stored versions of each group."""
        ...

    def group_sizes(self, groups: Sequence[GroupKey]) -> dict[GroupKey, int]:
        """Return the number of stored versions of each group (0 for an unknown group)."""
        ...

    def subject_values(self, scope: str, subject_key: str) -> list[tuple[str, str]]:
        """Return ``(relation_key, value)`` of every stored version of a subject.

        The light form of ``versions(scope, subject_key)`` that recall scores with:
        no decoding of times, sources or metadata.
        """
        ...

    def vectors(self, scope: str, model: str) -> tuple[list[GroupKey], list[bytes]]:
        """Return the group and vector of every stored version of ``scope`` that has one.

        A version's vector is its first observation's (they share the id).
        """
        ...

    def vectors_since(self, scope: str, model: str, mark: tuple[int, int] | None) -> VectorDelta:
        """Return how the live ``model`` vectors of ``scope`` changed since ``mark``.

        ``mark=None`` answers the whole live set with ``reset``. A semantic index
        applies the delta instead of reloading: a write never makes it reload.
        """
        ...

    def nearest(
        self, scope: str, model: str, vector: bytes, limit: int
    ) -> list[tuple[GroupKey, float]] | None:
        """Return up to ``limit`` (group, cosine) of the live vectors nearest ``vector``.

        Best first; a group may come several times (once per live vector). None
        says this store does not search vectors itself: the caller keeps an index
        of the scope's vectors (:meth:`vectors_since`) and searches that. With
        ``limit`` 0 it only answers that (None, or an empty list).
        """
        ...

    def data_version(self) -> int:
        """Return a number that changes whenever any connection commits a write (caches)."""
        ...

    def search(
        self,
        scope: str,
        terms: Sequence[str],
        limit: int,
        relation_terms: Sequence[str] = (),
    ) -> list[SearchHit]:
        """Full-text search: any of ``terms`` in subject, relation or value, or any of
        ``relation_terms`` in the relation name alone (relation synonyms)."""
        ...

    def match_subjects(self, scope: str, terms: Sequence[str], limit: int) -> list[str]:
        """Return display names of subjects whose names contain any of ``terms``."""
        ...

    def subjects(self, scope: str) -> list[str]:
        """Return the display names of every subject of a scope."""
        ...

    def sessions(self, scope: str) -> list[SessionSummary]:
        """Return every stored session of a scope, oldest first."""
        ...

    def session_turns(self, scope: str, session_id: str) -> list[TurnRecord]:
        """Return the turns of one session, in order."""
        ...

    def search_sessions(self, scope: str, terms: Sequence[str], limit: int) -> list[SessionSummary]:
        """Full-text search (any of ``terms``) over session summaries."""
        ...

    def search_turns(self, scope: str, terms: Sequence[str], limit: int) -> list[TurnRecord]:
        """Full-text search (any of ``terms``) over original turns."""
        ...

    def all_observations(self) -> Iterator[Observation]:
        """Yield every observation of every scope (export)."""
        ...

    def scopes(self) -> list[str]:
        """Return every scope that holds observations."""
        ...

    def count(self) -> dict[str, int]:
        """Return row counts: observations, versions, subjects."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...
