"""Plain retrieval baselines over a conversation's turns, for LoCoMo.

Each ranks single turns with :class:`tem.turn_index.TurnIndex` (no facts, no date
boosts) and quotes the best turns that fit the budget:

* **bm25-turns**: BM25 over single turns;
* **dense-turns**: cosine of all-MiniLM-L6-v2 vectors over single turns;
* **fusion-turns**: reciprocal-rank fusion of the two;
* **bm25-windows**: BM25 over windows (previous + turn + next), only the turn shown;
* **fusion-windows**: fusion of BM25 and cosine over turns and over windows;
* **fusion-windows-headers**: the same, the date printed once per session header
  instead of on every line.

All but the last print each turn as ``[date] speaker: text``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from tem.core.session import Session, TurnRecord
from tem.eval.configs import EvidenceText
from tem.hybrid import session_header, turn_line
from tem.tokens import count_tokens
from tem.turn_index import Ranking, TurnIndex

if TYPE_CHECKING:
    from tem.embed import Embedder

PLAIN = {"dates": False, "speakers": False, "wide": False}
"""What a plain retriever leaves out of TEM-Hybrid's ranking: date and speaker boosts
and the wide windows."""
BASELINES: dict[str, tuple[Ranking, bool]] = {
    # name: (ranking, date once per session header)
    "bm25-turns": (
        Ranking(semantic=False, windows=False, **PLAIN),
        False,
    ),
    "dense-turns": (
        Ranking(lexical=False, windows=False, **PLAIN),
        False,
    ),
    "fusion-turns": (Ranking(windows=False, **PLAIN), False),
    "bm25-windows": (
        Ranking(semantic=False, turns=False, **PLAIN),
        False,
    ),
    "fusion-windows": (Ranking(**PLAIN), False),
    "fusion-windows-headers": (Ranking(**PLAIN), True),
}
SEMANTIC_BASELINES = frozenset(n for n, (r, _) in BASELINES.items() if r.semantic)


def session_turns(session: Session, scope: str) -> list[TurnRecord]:
    """Return a session's turns as stored records (what ``Memory.turns`` gives back)."""
    return [
        TurnRecord(
            session.id,
            scope,
            session.observed_at,
            t.index,
            t.speaker,
            " ".join(t.text.split()),
            t.turn_id,
        )
        for t in session.turns
    ]


@dataclass
class ConversationIndexes:
    """One :class:`TurnIndex` per scope, built on first use and shared by the baselines."""

    sessions: Mapping[str, Sequence[Session]]
    embedder: Embedder | None = None
    built: dict[str, TurnIndex] = field(default_factory=dict)

    def __call__(self, scope: str) -> TurnIndex:
        if scope not in self.built:
            turns = [t for s in self.sessions.get(scope, ()) for t in session_turns(s, scope)]
            self.built[scope] = TurnIndex(turns, self.embedder)
        return self.built[scope]


def dated_line(turn: TurnRecord) -> str:
    """Return a turn with its session date on the line."""
    return f"[{turn.observed_at.date().isoformat()}] {turn.speaker}: {turn.text}"


def render_turns(turns: Sequence[TurnRecord], headers: bool) -> str:
    """Render turns in conversation order, dated per line or per session header."""
    ordered = sorted(turns, key=lambda t: (t.observed_at, t.session_id, t.index))
    if not headers:
        return "\n".join(dated_line(t) for t in ordered)
    lines: list[str] = []
    for i, turn in enumerate(ordered):
        if i == 0 or ordered[i - 1].session_id != turn.session_id:
            lines.append(session_header(turn))
        lines.append(turn_line(turn))
    return "\n".join(lines)


@lru_cache(maxsize=65536)
def _line_tokens(line: str) -> int:
    return count_tokens(line)


def _cost(turn: TurnRecord, headers: bool, sessions: set[str]) -> int:
    if not headers:
        return _line_tokens(dated_line(turn)) + 1
    cost = _line_tokens(turn_line(turn)) + 1
    if turn.session_id not in sessions:
        cost += _line_tokens(session_header(turn)) + 1
    return cost


@dataclass
class TurnRetriever:
    """A baseline: the best-ranked turns that fit ``budget`` tokens (see the module doc)."""

    name: str
    indexes: ConversationIndexes
    ranking: Ranking
    headers: bool
    budget: int
    tagged: bool = False

    def evidence(self, question: str, *, scope: str) -> EvidenceText:
        chosen: list[TurnRecord] = []
        sessions: set[str] = set()
        used = 0
        for ranked in self.indexes(scope).rank(question, self.ranking):
            turn = ranked.turn
            cost = _cost(turn, self.headers, sessions)
            if used + cost > self.budget:
                if self.budget - used < 8:
                    break
                continue
            chosen.append(turn)
            sessions.add(turn.session_id)
            used += cost
        text = render_turns(chosen, self.headers)
        while chosen and count_tokens(text) > self.budget:
            chosen.pop()
            text = render_turns(chosen, self.headers)
        ids = tuple(t.turn_id or f"{t.session_id}#{t.index}" for t in chosen)
        return EvidenceText(text, count_tokens(text), turn_ids=ids)


def baselines(
    names: Sequence[str], indexes: ConversationIndexes, budget: int
) -> list[TurnRetriever]:
    """Return the named baselines over ``indexes``, held to ``budget`` tokens."""
    return [TurnRetriever(n, indexes, *BASELINES[n], budget) for n in names]
