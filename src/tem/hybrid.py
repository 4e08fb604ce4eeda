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
from tem.render import RenderOptions, escape_field, render_facts
from tem.tokens import count_tokens

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
    """Return one turn as a line: date, session, turn id, speaker, text."""
    where = escape_field(turn.turn_id or f"{turn.session_id}#{turn.index}")
    return (
        f"- {short_date(turn.observed_at)} ({escape_field(turn.session_id)}, {where}) "
        f"{escape_field(turn.speaker)}: {escape_field(turn.text)}"
    )


def _section(name: str, lines: Sequence[str]) -> str:
    return f"<{name}>\n" + "\n".join(lines) + f"\n</{name}>"


def build(
    facts: Sequence[Version],
    events: Sequence[Event],
    turns: Sequence[TurnRecord],
    budget_tokens: int,
    options: RenderOptions | None = None,
) -> HybridEvidence:
    """Fill the budget with facts, then events, then turns; never past it."""
    options = options or RenderOptions()
    kept_facts = _fit_facts(list(facts), budget_tokens, options)
    block = render_facts(kept_facts, options) if kept_facts else ""
    used = count_tokens(block)
    parts = [block] if kept_facts else []
    chosen_events = _fill([event_line(e) for e in events], "Events", budget_tokens - used)
    if chosen_events:
        parts.append(_section("Events", chosen_events))
        used = count_tokens("\n\n".join(parts))
    chosen_turns = _fill([turn_line(t) for t in turns], "Turns", budget_tokens - used - 1)
    if chosen_turns:
        parts.append(_section("Turns", chosen_turns))
    text = "\n\n".join(parts)
    return HybridEvidence(
        text=text,
        tokens=count_tokens(text),
        facts=tuple(kept_facts),
        events=tuple(events[: len(chosen_events)]),
        turns=tuple(turns[: len(chosen_turns)]),
    )


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


def _fill(lines: Sequence[str], name: str, room: int) -> list[str]:
    """Return the longest prefix of ``lines`` whose section fits in ``room`` tokens."""
    overhead = count_tokens(_section(name, [])) + 2
    chosen: list[str] = []
    used = overhead
    for line in lines:
        cost = count_tokens(line) + 1
        if used + cost > room:
            break
        chosen.append(line)
        used += cost
    return chosen


def render_hybrid(question: str, evidence: HybridEvidence) -> str:
    """Return the full prompt: evidence, answer rules, question."""
    body = evidence.text or "<Memory>\nNo stored facts match.\n</Memory>"
    return f"{body}\n\n{HYBRID_RULES}\n\nQuestion: {' '.join(question.split())}"
