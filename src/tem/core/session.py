"""Sessions: the conversations facts come from (event memory and original turns).

A :class:`Session` is one dated conversation; its :class:`Turn` s keep the original
words so that evidence can quote them and every fact can point back to the turns
that support it (provenance).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class Turn:
    """One utterance in a session.

    ``index`` is the position in the session (0-based). ``time`` is set only when the
    input gives a per-turn time. ``turn_id`` keeps an input's own id (LoCoMo's
    ``dia_id`` such as "D1:3") when there is one.
    """

    speaker: str
    text: str
    index: int
    time: datetime | None = None
    turn_id: str | None = None


@dataclass(frozen=True, slots=True)
class Session:
    """One dated conversation: the unit of ingestion, extraction and forgetting."""

    id: str
    observed_at: datetime
    turns: tuple[Turn, ...]
    participants: tuple[str, ...] = ()
    scope: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A session as event memory: when it happened and what it was about."""

    session_id: str
    scope: str
    observed_at: datetime
    participants: tuple[str, ...]
    summary: str
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """An original turn as stored, with the session it belongs to (for quoting)."""

    session_id: str
    scope: str
    observed_at: datetime
    index: int
    speaker: str
    text: str
    turn_id: str | None = None
    score: float = 0.0
