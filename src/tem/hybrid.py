"""TEM-Hybrid evidence: facts first, then event summaries, then original turns.

Under a token budget the pieces are added in that order, each whole, until the
next one would not fit: the budget is never exceeded. Facts keep the ``<Memory>``
block's status tags; events and turns say which session and date they come from.
Every field is escaped like the facts, so stored text cannot forge structure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tem.core.episode import Event, TurnRecord
from tem.core.model import Version
from tem.core.times import short_date
from tem.render import EMPTY_BLOCK, RenderOptions, escape_field, render_facts
from tem.tokens import count_tokens

FACT_SHARE = 0.4
"""Most of the budget facts may take before turns get theirs (spare room returns)."""
EVENT_SHARE = 0.15
"""Most of the budget event summaries may take."""

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
    events: tuple[Event, ...]
    turns: tuple[TurnRecord, ...]


def event_line(event: Event) -> str:
    """Return one event as a line: date, session, summary."""
    return (
        f"- {short_date(event.observed_at)} ({escape_field(event.session_id)}): "
        f"{escape_field(event.summary)}"
    )


def turn_line(turn: TurnRecord) -> str:
    """Return one turn as a line under its session's header: turn id, speaker, text."""
    where = escape_field(turn.turn_id or f"#{turn.index}")
    return f"- {where} {escape_field(turn.speaker)}: {escape_field(turn.text)}"


def session_header(turn: TurnRecord) -> str:
    """Return the header that names a group of turns' session and date."""
    return f"{escape_field(turn.session_id)}, {short_date(turn.observed_at)}:"


def _turns_section(turns: Sequence[TurnRecord]) -> str:
    """Render turns grouped by session (oldest session first), in turn order."""
    lines: list[str] = []
    ordered = sorted(turns, key=lambda t: (t.observed_at, t.session_id, t.index))
    for i, turn in enumerate(ordered):
        if i == 0 or ordered[i - 1].session_id != turn.session_id:
            lines.append(session_header(turn))
        lines.append(turn_line(turn))
    return _section("Turns", lines)


def _section(name: str, lines: Sequence[str]) -> str:
    return f"<{name}>\n" + "\n".join(lines) + f"\n</{name}>"


def build(
    facts: Sequence[Version],
    events: Sequence[Event],
    turns: Sequence[TurnRecord],
    budget_tokens: int,
    options: RenderOptions | None = None,
) -> HybridEvidence:
    """Fill the budget with facts, then events, then turns; never past it.

    Facts may take up to ``FACT_SHARE`` of the budget and event summaries up to
    ``EVENT_SHARE`` before turns get the rest, so that original wording (where
    most details live) is never crowded out; room the turns leave is handed back
    to the facts.
    """
    options = options or RenderOptions()
    events = [e for e in events if e.summary.strip()]
    kept_facts = _fit_facts(list(facts), int(budget_tokens * FACT_SHARE), options)
    kept_events = _fill_events(events, int(budget_tokens * EVENT_SHARE))
    room = budget_tokens - _tokens(kept_facts, kept_events, [], options)
    kept_turns = _fill_turns(turns, room)
    spare = budget_tokens - _tokens([], kept_events, kept_turns, options)
    kept_facts = _fit_facts(list(facts), spare, options)
    text = _text(kept_facts, kept_events, kept_turns, options)
    while kept_turns and count_tokens(text) > budget_tokens:
        kept_turns = kept_turns[:-1]
        text = _text(kept_facts, kept_events, kept_turns, options)
    return HybridEvidence(
        text=text,
        tokens=count_tokens(text),
        facts=tuple(kept_facts),
        events=tuple(kept_events),
        turns=tuple(kept_turns),
    )


def _text(
    facts: Sequence[Version],
    events: Sequence[Event],
    turns: Sequence[TurnRecord],
    options: RenderOptions,
) -> str:
    parts = [render_facts(facts, options)] if facts else []
    if events:
        parts.append(_section("Events", [event_line(e) for e in events]))
    if turns:
        parts.append(_turns_section(turns))
    return "\n\n".join(parts)


def _tokens(
    facts: Sequence[Version],
    events: Sequence[Event],
    turns: Sequence[TurnRecord],
    options: RenderOptions,
) -> int:
    text = _text(facts, events, turns, options)
    return count_tokens(text) + 2 if text else 0


def _fit_facts(facts: list[Version], budget: int, options: RenderOptions) -> list[Version]:
    """Drop whole groups from the end (then the oldest versions of the first) until it fits.

    ``facts`` are in render order, so a group's versions are adjacent.
    """
    groups: list[list[Version]] = []
    for version in facts:
        if groups and groups[-1][0].group == version.group:
            groups[-1].append(version)
        else:
            groups.append([version])
    while groups:
        kept = [v for g in groups for v in g]
        if count_tokens(render_facts(kept, options)) <= budget:
            return kept
        if len(groups) > 1:
            groups.pop()
        elif len(groups[0]) > 1:
            groups[0] = groups[0][1:]
        else:
            groups.pop()
    return []


def _fill_events(events: Sequence[Event], room: int) -> list[Event]:
    """Return the most relevant events whose section fits in ``room`` tokens."""
    chosen: list[Event] = []
    used = count_tokens(_section("Events", [])) + 2
    for event in events:
        cost = count_tokens(event_line(event)) + 1
        if used + cost > room:
            break
        chosen.append(event)
        used += cost
    return chosen


def _fill_turns(turns: Sequence[TurnRecord], room: int) -> list[TurnRecord]:
    """Return the most relevant turns whose grouped section fits in ``room`` tokens."""
    chosen: list[TurnRecord] = []
    sessions: set[str] = set()
    used = count_tokens(_section("Turns", [])) + 2
    for turn in turns:
        cost = count_tokens(turn_line(turn)) + 1
        if turn.session_id not in sessions:
            cost += count_tokens(session_header(turn)) + 1
        if used + cost > room:
            continue
        chosen.append(turn)
        sessions.add(turn.session_id)
        used += cost
    return chosen


def render_hybrid(question: str, evidence: HybridEvidence) -> str:
    """Return the full prompt: evidence, answer rules, question."""
    body = evidence.text or EMPTY_BLOCK
    return f"{body}\n\n{HYBRID_RULES}\n\nQuestion: {' '.join(question.split())}"
