"""The extractor's output record and the internal candidate it is built from."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Kind = Literal["assert", "end"]
CardinalityHint = Literal["one", "many"]


@dataclass(frozen=True, slots=True)
class ExtractedFact:
    """One candidate fact read from one sentence of one turn.

    ``value`` is None only for ``kind="end"``: "whatever value the group had".
    ``valid_from`` is the event time resolved against the session date; None means
    "the session date itself". ``cardinality`` is a hint from the relation vocabulary.
    """

    subject: str
    relation: str
    value: str | None
    kind: Kind
    valid_from: datetime | None
    cardinality: CardinalityHint | None
    turn_index: int
    evidence: str


@dataclass(frozen=True, slots=True)
class Candidate:
    """A fact found in one parsed clause, before time and provenance are attached.

    ``anchor`` is the index (in the doc) of the token that triggered the rule; the
    extractor reads the clause's time expression from it and orders facts by it.
    """

    subject: str
    relation: str
    value: str | None
    kind: Kind
    anchor: int
