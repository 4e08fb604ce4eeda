"""The fact model: observations (what a source said) and versions (what the store derives).

An **observation** is one statement from one source: "subject | relation | value",
said in ``source`` at ``observed_at``, true from ``valid_from``; or an *end* marker
saying a value stopped being true at ``valid_from``. Observations are the store's
ground truth and are never rewritten, only retired (``expired_at``) or deleted by
``forget``.

A **version** is derived from the observations of one group by the status rules in
:mod:`tem.core.status`: consecutive statements of the same value merge into one
version (re-affirmation), a different value opens a new version and makes the old
one ``historical``, an end marker makes it ``ended``. Because versions are a pure
function of the observation set, ingestion order never changes them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from functools import lru_cache
from json.encoder import encode_basestring_ascii as quote_json
from typing import Any, Literal

from tem.core.times import to_text

Cardinality = Literal["one", "many"]
CARDINALITIES: tuple[Cardinality, ...] = ("one", "many")

Rule = Literal["valid_time", "source_order"]
RULES: tuple[Rule, ...] = ("valid_time", "source_order")

Kind = Literal["assert", "end"]

DEFAULT_SCOPE = "default"


class Status(StrEnum):
    """Where a version stands in its group."""

    CURRENT = "current"
    """Latest version of its chain and still true."""
    HISTORICAL = "historical"
    """Replaced by a later version of the same group."""
    ENDED = "ended"
    """Stopped being true with no replacement (a retraction)."""


@lru_cache(maxsize=1 << 16)  # names repeat across facts and rows; the function is pure
def normalize_key(text: str) -> str:
    """Return the matching key of a subject, relation or value.

    Case, surrounding space, runs of whitespace and ``_``/``-`` separators do not
    distinguish two names: "Lives_in" and "lives in" are one relation.
    """
    cleaned = text.replace("_", " ").replace("-", " ").casefold()
    return " ".join(cleaned.split())


@lru_cache(maxsize=1 << 16)
def value_key(text: str) -> str:
    """Return the key that decides whether two values are the same value.

    Only case and whitespace are ignored: "$3,000" and "$3000" stay different.
    """
    return " ".join(text.casefold().split())


@dataclass(frozen=True, slots=True)
class GroupKey:
    """Identifies a group: the versions of one subject + relation in one scope."""

    scope: str
    subject_key: str
    relation_key: str


@dataclass(frozen=True, slots=True)
class Observation:
    """One statement from one source; see the module docstring."""

    id: str
    scope: str
    subject: str
    relation: str
    value: str | None
    kind: Kind
    source: str
    observed_at: datetime
    valid_from: datetime
    recorded_at: datetime
    expired_at: datetime | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)

    @property
    def group(self) -> GroupKey:
        return GroupKey(self.scope, normalize_key(self.subject), normalize_key(self.relation))

    @property
    def value_key(self) -> str | None:
        return None if self.value is None else value_key(self.value)


def observation_id(
    *,
    scope: str,
    subject: str,
    relation: str,
    value: str | None,
    kind: Kind,
    source: str,
    observed_at: datetime,
    valid_from: datetime,
) -> str:
    """Return the content id of an observation.

    The id depends only on what was said, by which source, and when, so adding the
    same statement twice is a no-op and ids do not depend on ingestion order.
    """
    # Exactly json.dumps of the eight fields (the ids of stored data depend on it), built
    # with json's own C string escaper, since this runs once per added fact. Canonical
    # times are plain ASCII with nothing to escape.
    key = "null" if value is None else quote_json(value_key(value))
    payload = (
        f"[{quote_json(scope)}, {quote_json(normalize_key(subject))}, "
        f"{quote_json(normalize_key(relation))}, {key}, {quote_json(kind)}, "
        f'{quote_json(source)}, "{to_text(observed_at)}", "{to_text(valid_from)}"]'
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:20]


def content_id(o: Observation) -> str:
    """Return the content id ``o`` should carry: :func:`observation_id` of its fields."""
    return observation_id(
        scope=o.scope,
        subject=o.subject,
        relation=o.relation,
        value=o.value,
        kind=o.kind,
        source=o.source,
        observed_at=o.observed_at,
        valid_from=o.valid_from,
    )


def new_observation(
    *,
    scope: str,
    subject: str,
    relation: str,
    value: str | None,
    kind: Kind,
    source: str,
    observed_at: datetime,
    valid_from: datetime,
    recorded_at: datetime,
    metadata: Mapping[str, Any] | None = None,
) -> Observation:
    """Return a live (unretired) observation carrying its content id."""
    fields = (scope, subject, relation, value, kind, source, observed_at, valid_from, recorded_at)
    draft = Observation("", *fields, metadata={} if metadata is None else metadata)
    return replace(draft, id=content_id(draft))


@dataclass(frozen=True, slots=True)
class Support:
    """One source backing a version: the first one stated it, later ones re-affirmed it."""

    observation_id: str
    source: str
    observed_at: datetime
    recorded_at: datetime


@dataclass(frozen=True, slots=True)
class Version:
    """One version of a fact, with its status and both time axes.

    ``valid_from``/``valid_to`` are event (valid) time: when the value held in the
    world. ``recorded_at``/``expired_at`` are system time: when the store learned the
    version and when it retired it. ``source`` and ``observed_at`` are those of the
    first source that stated it; ``sources`` lists all of them in order.
    """

    id: str
    scope: str
    subject: str
    relation: str
    value: str
    status: Status
    cardinality: Cardinality
    source: str
    observed_at: datetime
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    expired_at: datetime | None
    supersedes: str | None
    superseded_by: str | None
    sources: tuple[Support, ...]
    metadata: Mapping[str, Any] = field(default_factory=dict)
    ended_by: str | None = None
    """Id of the end observation that closed this version, when ``status`` is ended."""

    @property
    def group(self) -> GroupKey:
        return GroupKey(self.scope, normalize_key(self.subject), normalize_key(self.relation))

    @property
    def is_current(self) -> bool:
        return self.status is Status.CURRENT

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form; field names are the same everywhere in tem."""
        return {
            "id": self.id,
            "scope": self.scope,
            "subject": self.subject,
            "relation": self.relation,
            "value": self.value,
            "status": self.status.value,
            "cardinality": self.cardinality,
            "source": self.source,
            "observed_at": to_text(self.observed_at),
            "valid_from": to_text(self.valid_from),
            "valid_to": None if self.valid_to is None else to_text(self.valid_to),
            "recorded_at": to_text(self.recorded_at),
            "expired_at": None if self.expired_at is None else to_text(self.expired_at),
            "supersedes": self.supersedes,
            "superseded_by": self.superseded_by,
            "sources": [
                {
                    "observation_id": s.observation_id,
                    "source": s.source,
                    "observed_at": to_text(s.observed_at),
                    "recorded_at": to_text(s.recorded_at),
                }
                for s in self.sources
            ],
            "metadata": dict(self.metadata),
            "ended_by": self.ended_by,
        }
