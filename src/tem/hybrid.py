"""TEM-Hybrid evidence: facts, session summaries and original turns, admitted by relevance.

Every piece gets one score on one scale, reciprocal-rank fusion's: a turn its fused
lexical and semantic rank (:mod:`tem.turn_index`), a fact group and a session
summary their rank in recall and search, weighted by :data:`FACT_WEIGHT` and
:data:`EVENT_WEIGHT`. Pieces are admitted whole, best first, while they fit; the
budget is never exceeded, and no share of it is reserved for any kind. The text
still shows ``<Memory>``, then ``<Events>``, then ``<Turns>`` grouped by session
under a dated header (the date once per session, not on every line). A turn that
says "yesterday" or "last week" carries the date that resolves to, so the model
never does that arithmetic. Facts keep the ``<Memory>`` block's status tags. Every
field is escaped like the facts, so stored text cannot forge structure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tem.core.model import Version
from tem.core.session import SessionSummary, TurnRecord
from tem.core.times import short_date
from tem.periods import Mention
from tem.render import EMPTY_BLOCK, RenderOptions, escape_field, render_facts
from tem.retrieve import words
from tem.tokens import count_tokens
from tem.turn_index import RRF_K, SPEAKER_BOOST, RankedTurn, named_in

FACT_WEIGHT = 1.0
"""A fact group at recall rank r scores ``FACT_WEIGHT * views / (RRF_K + r)``: like a turn
ranked r in each lexical view of the turns (the turn, its window, its wide window), so
adding a view of the turns does not push facts out of the budget."""
EVENT_WEIGHT = 0.5
"""A session summary at search rank r scores ``EVENT_WEIGHT * views / (RRF_K + r)``."""
VIEWS = 3
"""The lexical views a turn is ranked in by default (:class:`tem.turn_index.Ranking`)."""

HYBRID_RULES = (
    "Answer only from the evidence above.\n"
    "Facts: if the question is about “now,” use the untagged values; "
    "for the past, pick the version that was in effect at that moment.\n"
    "Events and turns add details and dates the facts lack."
)


@dataclass(frozen=True)
class HybridEvidence:
    """The pieces that fit the budget, their rendered text and its token count."""

    text: str
    tokens: int
    facts: tuple[Version, ...]
    events: tuple[SessionSummary, ...]
    turns: tuple[TurnRecord, ...]


def event_line(event: SessionSummary) -> str:
    """Return one event as a line: date, session, summary."""
    return (
        f"- {short_date(event.observed_at)} ({escape_field(event.session_id)}): "
        f"{escape_field(event.summary)}"
    )


def turn_line(turn: TurnRecord, note: str = "") -> str:
    """Return one turn as a line under its session's header: speaker and text.

    ``note`` (the resolved dates of the turn's relative times) follows in brackets.
    Ids are left out of the text (the evidence's ``turns`` keep them): on LoCoMo
    they cost a tenth of a 600-token budget.
    """
    line = f"- {escape_field(turn.speaker)}: {escape_field(turn.text)}"
    return f"{line} [{escape_field(note)}]" if note else line


def mention_note(mentions: Sequence[Mention]) -> str:
    """Return what a turn's relative times resolve to: "yesterday = 7 May 2023"."""
    return "; ".join(f"{m.expression} = {m.describe()}" for m in mentions)


def session_header(turn: TurnRecord) -> str:
    """Return the header over a session's turns: its date, once for all of them."""
    return f"{short_date(turn.observed_at)}:"


def _turns_section(turns: Sequence[RankedTurn]) -> str:
    """Render turns grouped by session (oldest session first), in turn order."""
    lines: list[str] = []
    ordered = sorted(turns, key=lambda r: (r.turn.observed_at, r.turn.session_id, r.turn.index))
    for i, ranked in enumerate(ordered):
        turn = ranked.turn
        if i == 0 or ordered[i - 1].turn.session_id != turn.session_id:
            lines.append(session_header(turn))
        lines.append(turn_line(turn, mention_note(ranked.mentions)))
    return _section("Turns", lines)


def _section(name: str, lines: Sequence[str]) -> str:
    return f"<{name}>\n" + "\n".join(lines) + f"\n</{name}>"


@dataclass(frozen=True)
class _Piece:
    """One candidate: a whole fact group, a session summary or a turn, with its score."""

    score: float
    facts: tuple[Version, ...] = ()
    event: SessionSummary | None = None
    turn: RankedTurn | None = None


def candidates(
    facts: Sequence[Version],
    events: Sequence[SessionSummary],
    turns: Sequence[RankedTurn],
    fact_scores: Mapping[str, float] | None = None,
    views: int = VIEWS,
    question: str = "",
) -> list[_Piece]:
    """Score every piece on the fusion scale (see the module doc), best first.

    ``views``: how many lexical views of the turns were fused (facts and summaries are
    weighed against that many rankings). A fact group whose subject ``question`` names
    gains what a turn of that speaker gains (:data:`tem.turn_index.SPEAKER_BOOST`)."""
    groups: dict[object, list[Version]] = {}
    for version in facts:
        groups.setdefault(version.group, []).append(version)
    scores = fact_scores or {}
    ordered = sorted(
        groups.values(), key=lambda g: -max((scores.get(v.id, 0.0) for v in g), default=0.0)
    )
    fact_weight, event_weight = FACT_WEIGHT * views, EVENT_WEIGHT * views
    asked = set(words(question))
    pieces = [
        _Piece(fact_weight / (RRF_K + r) + _named(g[0].subject, asked) * views, facts=tuple(g))
        for r, g in enumerate(ordered, 1)
    ]
    usable = [e for e in events if e.summary.strip()]
    pieces += [_Piece(event_weight / (RRF_K + r), event=e) for r, e in enumerate(usable, 1)]
    pieces += [_Piece(t.score, turn=t) for t in turns]
    return sorted(pieces, key=lambda p: -p.score)  # stable: facts first on ties


def _named(subject: str, asked: set[str]) -> float:
    """The speaker boost when ``asked`` names ``subject`` (whole, or by first name)."""
    return SPEAKER_BOOST if named_in(words(subject), asked) else 0.0


def build(
    facts: Sequence[Version],
    events: Sequence[SessionSummary],
    turns: Sequence[RankedTurn],
    budget_tokens: int,
    options: RenderOptions | None = None,
    fact_scores: Mapping[str, float] | None = None,
    question: str = "",
) -> HybridEvidence:
    """Admit the best pieces, each whole, while they fit in ``budget_tokens``.

    ``facts`` come in render order (groups adjacent), ``fact_scores`` maps version
    ids to their group's recall score (default: render order is rank order);
    ``events`` and ``turns`` best first; ``question`` the one asked (for the boost of
    facts about a subject it names).
    """
    options = options or RenderOptions()
    pieces = candidates(facts, events, turns, fact_scores, question=question)
    kept = _admit(pieces, budget_tokens, options)
    text = _text(kept, options)
    while kept and count_tokens(text) > budget_tokens:
        kept = kept[:-1]  # the estimate was short: drop the least relevant piece
        text = _text(kept, options)
    fact_ids = {v.id for p in kept for v in p.facts}
    return HybridEvidence(
        text=text,
        tokens=count_tokens(text) if text else 0,
        facts=tuple(v for v in facts if v.id in fact_ids),
        events=tuple(p.event for p in kept if p.event is not None),
        turns=tuple(p.turn.turn for p in kept if p.turn is not None),
    )


@lru_cache(maxsize=65536)
def _line_tokens(line: str) -> int:
    """Token count of one rendered line (lines recur across questions and budgets)."""
    return count_tokens(line)


def _admit(pieces: Sequence[_Piece], budget: int, options: RenderOptions) -> list[_Piece]:
    """Return the pieces admitted in score order by their estimated token cost."""
    kept: list[_Piece] = []
    facts: list[Version] = []
    sessions: set[str] = set()
    kinds: set[str] = set()
    used = fact_tokens = 0
    for piece in pieces:
        if budget - used < 5:
            break
        kind = "facts" if piece.facts else "events" if piece.event else "turns"
        cost = 0 if kind in kinds else count_tokens(_section(kind, [])) + 2
        if piece.facts:
            block = count_tokens(render_facts([*facts, *piece.facts], options))
            cost = block - fact_tokens
        elif piece.event is not None:
            cost += _line_tokens(event_line(piece.event)) + 1
        elif piece.turn is not None:
            turn = piece.turn.turn
            cost += _line_tokens(turn_line(turn, mention_note(piece.turn.mentions))) + 1
            if turn.session_id not in sessions:
                cost += _line_tokens(session_header(turn)) + 1
        if used + cost > budget:
            continue
        kept.append(piece)
        kinds.add(kind)
        used += cost
        if piece.facts:
            facts.extend(piece.facts)
            fact_tokens += cost
        if piece.turn is not None:
            sessions.add(piece.turn.turn.session_id)
    return kept


def _text(pieces: Sequence[_Piece], options: RenderOptions) -> str:
    facts = [v for p in pieces for v in p.facts]
    events = [p.event for p in pieces if p.event is not None]
    turns = [p.turn for p in pieces if p.turn is not None]
    parts = [render_facts(_render_order(facts), options)] if facts else []
    if events:
        parts.append(_section("Events", [event_line(e) for e in events]))
    if turns:
        parts.append(_turns_section(turns))
    return "\n\n".join(parts)


def _render_order(facts: Sequence[Version]) -> list[Version]:
    """Group each fact group's versions together, groups in admission order."""
    groups: dict[object, list[Version]] = {}
    for version in facts:
        groups.setdefault(version.group, []).append(version)
    return [v for g in groups.values() for v in g]


def render_hybrid(question: str, evidence: HybridEvidence) -> str:
    """Return the full prompt: evidence, answer rules, question."""
    body = evidence.text or EMPTY_BLOCK
    return f"{body}\n\n{HYBRID_RULES}\n\nQuestion: {' '.join(question.split())}"
