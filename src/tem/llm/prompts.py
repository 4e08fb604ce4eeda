"""Every prompt tem sends to an LLM: typed builders, each next to its answer schema and parser.

The LLM judges meaning only (what was stated, about whom, whether it changes a fact
already in memory); code does the time arithmetic. So the extraction prompt asks for
time expressions verbatim ("last March"), and :mod:`tem.llm.extract` resolves them
against the session date. The rendered text is snapshot-tested
(``tests/snapshots/llm_*.txt``): a change here is a change to the model's behaviour.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from tem.extract.facts import CardinalityHint
from tem.llm.client import Message
from tem.llm.errors import LLMResponseError

Action = Literal["new", "restatement", "update", "ending"]
ACTIONS: tuple[Action, ...] = ("new", "restatement", "update", "ending")
CARDINALITY_HINTS: tuple[CardinalityHint, ...] = ("one", "many")


@dataclass(frozen=True, slots=True)
class PromptTurn:
    """One numbered turn as the model sees it; ``speaker`` is already the person's name."""

    index: int
    speaker: str
    text: str


@dataclass(frozen=True, slots=True)
class KnownFact:
    """A current fact already in memory, shown so the model can tell updates from news."""

    subject: str
    relation: str
    value: str
    since: datetime


@dataclass(frozen=True, slots=True)
class AnswerFact:
    """One fact of an extraction answer, checked against :data:`EXTRACTION_SCHEMA`."""

    subject: str
    relation: str
    value: str | None
    when: str | None
    cardinality: CardinalityHint | None
    turn: int
    action: Action


EXTRACTION_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "facts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "subject": {"type": "string", "minLength": 1},
                    "relation": {"type": "string", "minLength": 1},
                    "value": {"type": ["string", "null"]},
                    "when": {"type": ["string", "null"]},
                    "cardinality": {"enum": ["one", "many", None]},
                    "turn": {"type": "integer"},
                    "action": {"enum": list(ACTIONS)},
                },
                "required": [
                    "subject",
                    "relation",
                    "value",
                    "when",
                    "cardinality",
                    "turn",
                    "action",
                ],
            },
        }
    },
    "required": ["facts"],
}

EXTRACTION_SYSTEM = """\
You read a dated conversation and list the facts it states about people, for a memory \
that tracks how facts change over time. You judge meaning only: never compute dates.

Answer with one JSON object and nothing else:
{"facts": [{"subject": "...", "relation": "...", "value": "...", "when": null, \
"cardinality": null, "turn": 0, "action": "new"}]}
If the conversation states no facts, answer {"facts": []}.

Fields:
- subject: who the fact is about, by name. "I", "me" and "my" mean the speaker of \
the turn: write the speaker's name, never "I".
- relation: short and lower case. Use a known relation (listed below) when one fits; \
otherwise a short phrase such as "reason for leaving".
- value: as short as possible ("Berlin", "Stripe", "a dog named Rex"). null only when \
action is "ending" and no value is named.
- when: the time expression exactly as said ("last March", "two years ago", "in 2019"), \
or null when none is said. Copy it verbatim; do not turn it into a date.
- cardinality: "one" when a new value replaces the old one (a city, an employer), \
"many" when values coexist (pets, hobbies), null when unsure.
- turn: the number of the turn that states the fact.
- action: "new" for a fact not in memory; "restatement" when it repeats a current \
fact; "update" when it replaces the value of a current fact; "ending" when a fact \
stopped being true with no new value ("I quit my job", "we broke up").

Rules:
- Only facts a speaker states as true. Nothing from questions, hypotheticals ("if I \
moved to Rome"), wishes, negations ("I have never lived in Paris") or trips and visits \
(a week in Rome says nothing about where someone lives).
- A statement that something stopped ("I don't work there anymore") is an "ending".
- News about another person ("my sister Emma moved to Oslo") is a fact with that \
person as subject (Emma | lives in | Oslo), never about the speaker.
- One entry per fact per turn."""


def extraction_messages(
    *,
    session_date: datetime,
    speakers: Sequence[tuple[str, str]],
    turns: Sequence[PromptTurn],
    current: Sequence[KnownFact],
    relations: Sequence[str],
) -> list[Message]:
    """Return the messages asking for the facts in ``turns``.

    ``speakers`` pairs each name with the label the transcript uses for it (equal when
    the input had names). ``current`` holds the current versions of the groups the
    turns may touch; ``relations`` the canonical relation names.
    """
    who = ", ".join(
        name if name == label else f'{name} (labelled "{label}")' for name, label in speakers
    )
    known = "\n".join(
        f"{fact.subject} | {fact.relation} | {_one_line(fact.value)} | {fact.since:%Y-%m-%d}"
        for fact in current
    )
    lines = "\n".join(f"[{turn.index}] {turn.speaker}: {_one_line(turn.text)}" for turn in turns)
    user = (
        f"Session date: {session_date:%Y-%m-%d}\n"
        f'Speakers: {who or "unknown"}. In each turn, "I", "me" and "my" mean that '
        "turn's speaker.\n\n"
        f"Known relations: {', '.join(relations)}\n\n"
        "Current facts in memory (subject | relation | value | since):\n"
        f"{known or '(none)'}\n\n"
        f"Turns:\n{lines}"
    )
    return [{"role": "system", "content": EXTRACTION_SYSTEM}, {"role": "user", "content": user}]


def repair_message(problem: str) -> Message:
    """Return the follow-up message asking the model to fix an answer it just gave."""
    return {
        "role": "user",
        "content": (
            f"Your answer could not be used: {problem}\n"
            "Answer again with only the JSON object described above, with that fixed."
        ),
    }


def parse_extraction(text: str, *, turns: Collection[int]) -> list[AnswerFact]:
    """Return the facts of an extraction answer; raise :class:`LLMResponseError` if invalid.

    Code fences and prose around the object are tolerated; wrong types, unknown
    actions and turn numbers not in ``turns`` are not. Keys the schema does not know
    are ignored; a missing ``when``/``cardinality`` (or ``value`` of an ending) is null.
    """
    document = _load_json(text)
    if not isinstance(document, dict) or not isinstance(document.get("facts"), list):
        raise LLMResponseError('expected a JSON object with a "facts" list')
    return [_fact(item, f"facts[{n}]", turns) for n, item in enumerate(document["facts"])]


FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)


def _load_json(text: str) -> Any:
    match = FENCE.match(text)
    body = (match.group(1) if match else text).strip()
    try:
        return json.loads(body)
    except json.JSONDecodeError as error:
        start, end = body.find("{"), body.rfind("}")
        if 0 <= start < end:
            try:
                return json.loads(body[start : end + 1])
            except json.JSONDecodeError:
                pass
        raise LLMResponseError(f"not valid JSON: {error}") from None


def _fact(item: object, where: str, turns: Collection[int]) -> AnswerFact:
    if not isinstance(item, dict):
        raise LLMResponseError(f"{where}: expected an object, got {_kind(item)}")
    action = item.get("action")
    if action not in ACTIONS:
        raise LLMResponseError(f"{where}.action: expected one of {list(ACTIONS)}, got {action!r}")
    cardinality = item.get("cardinality")
    if cardinality is not None and cardinality not in CARDINALITY_HINTS:
        raise LLMResponseError(f'{where}.cardinality: expected "one", "many" or null')
    turn = item.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise LLMResponseError(f"{where}.turn: expected an integer, got {_kind(turn)}")
    if turn not in turns:
        raise LLMResponseError(
            f"{where}.turn: {turn} is not one of the numbered turns ({min(turns)}-{max(turns)})"
        )
    value = _string(item, "value", where, required=action != "ending")
    return AnswerFact(
        subject=_string(item, "subject", where, required=True) or "",
        relation=_string(item, "relation", where, required=True) or "",
        value=value,
        when=_string(item, "when", where, required=False),
        cardinality=next((c for c in CARDINALITY_HINTS if c == cardinality), None),
        turn=turn,
        action=next(a for a in ACTIONS if a == action),
    )


def _string(item: Mapping[str, Any], key: str, where: str, *, required: bool) -> str | None:
    value = item.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        expected = "a non-empty string" if required else "a string or null"
        raise LLMResponseError(f"{where}.{key}: expected {expected}, got {_kind(value)}")
    return value.strip() or None


def _kind(value: object) -> str:
    return "null" if value is None else f"{type(value).__name__} {value!r}"[:60]


def _one_line(text: str) -> str:
    return " ".join(text.split())
