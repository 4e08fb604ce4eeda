"""Event memory: what people did and when, dated in code from the turns that say so.

A :class:`DatedEvent` is one sentence of a turn that places something in time with
a relative expression ("I went to a support group yesterday"), with who said it,
the moment the expression resolves to against the session's date (8 May 2023 ->
7 May 2023), at the precision it names, and the turn it comes from.

Events are derived, not stored: they are a pure function of the stored turns and
their session dates, so :class:`~tem.turn_index.TurnIndex` reads them when it
indexes a scope, and they change or vanish with the turns (a forgotten session
takes its events along; nothing can go stale). Ranking uses their dates (a turn
whose event falls in the period a question names is boosted) and the evidence
shows each turn with its resolved dates.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tem.core.session import TurnRecord
from tem.core.times import short_date
from tem.periods import Mention, Period, relative_mentions

_SENTENCE = re.compile(r"[^.!?]+[.!?]*")


@dataclass(frozen=True)
class DatedEvent:
    """One dated happening: who, what (the sentence), when, and from which turn."""

    who: str
    what: str
    when: datetime
    precision: str
    """"day", "weekend", "week", "month", "season" or "year" (see :class:`Mention`)."""
    expression: str
    """The words that dated it ("yesterday")."""
    session_id: str
    turn_index: int
    turn_id: str | None
    said_at: datetime

    @property
    def mention(self) -> Mention:
        return Mention(self.expression, self.when, self.precision)

    def describe(self) -> str:
        """Return the event as one line: resolved date, who, what, where it was said."""
        where = self.turn_id or f"{self.session_id}#{self.turn_index}"
        return (
            f"{self.mention.describe()}: {self.who}: {self.what} "
            f"(said {short_date(self.said_at)}, {where})"
        )

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON: who, what, when (ISO), its precision and its turn."""
        return {
            "who": self.who,
            "what": self.what,
            "when": self.when.isoformat(),
            "precision": self.precision,
            "expression": self.expression,
            "session_id": self.session_id,
            "turn_index": self.turn_index,
            "turn_id": self.turn_id,
            "said_at": self.said_at.isoformat(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DatedEvent:
        """The event :meth:`to_dict` wrote (what ``GET /v1/dated-events`` answers)."""
        turn_id = data.get("turn_id")
        return cls(
            who=str(data["who"]),
            what=str(data["what"]),
            when=datetime.fromisoformat(str(data["when"])),
            precision=str(data["precision"]),
            expression=str(data["expression"]),
            session_id=str(data["session_id"]),
            turn_index=int(data["turn_index"]),
            turn_id=None if turn_id is None else str(turn_id),
            said_at=datetime.fromisoformat(str(data["said_at"])),
        )

    def within(self, period: Period) -> bool:
        """Whether the event's date falls in ``period``."""
        return period.near(self.when)


def events_of(turn: TurnRecord) -> list[DatedEvent]:
    """Return the dated events of one turn: each sentence with a resolvable relative time."""
    found: list[DatedEvent] = []
    for match in _SENTENCE.finditer(turn.text):
        sentence = " ".join(match.group(0).split())
        for mention in relative_mentions(sentence, turn.observed_at):
            found.append(
                DatedEvent(
                    who=turn.speaker,
                    what=sentence,
                    when=mention.start,
                    precision=mention.precision,
                    expression=mention.expression,
                    session_id=turn.session_id,
                    turn_index=turn.index,
                    turn_id=turn.turn_id,
                    said_at=turn.observed_at,
                )
            )
    return found


def dated_events(turns: Iterable[TurnRecord]) -> list[DatedEvent]:
    """Return the dated events of ``turns``, in turn order."""
    return [event for turn in turns for event in events_of(turn)]


def in_periods(events: Sequence[DatedEvent], periods: Sequence[Period]) -> list[DatedEvent]:
    """Return the events whose date falls in one of ``periods``."""
    return [e for e in events if any(e.within(p) for p in periods)]
