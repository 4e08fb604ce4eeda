"""Every prompt tem sends to an LLM: typed builders, each next to its answer schema and parser.

The LLM judges meaning only (what was stated, about whom, whether it changes a fact
already in memory); code does the time arithmetic. So the extraction prompt asks for
time expressions verbatim ("last March"), and :mod:`tem.llm.extract` resolves them
against the session date. The rendered text is snapshot-tested
(``tests/snapshots/llm_*.txt``): a change here is a change to the model's behaviour.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from tem.extract.facts import CardinalityHint
from tem.llm.client import Message
from tem.llm.errors import LLMResponseError

Action = Literal["new", "restatement", "update", "ending"]
ACTIONS: tuple[Action, ...] = ("new", "restatement", "update", "ending")


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


def _required(text: str) -> str:
    if not text.strip():
        raise ValueError("must not be empty")
    return text.strip()


def _optional(text: str | None) -> str | None:
    return None if text is None else text.strip() or None


# Validators, not schema keywords (minLength...): strict structured output accepts
# only a subset of JSON schema, and the wire schema must stay inside it.
Text = Annotated[str, AfterValidator(_required)]
OptionalText = Annotated[str | None, AfterValidator(_optional)]


class AnswerFact(BaseModel):
    """One fact of an extraction answer.

    The same model gives the wire schema (the SDK makes every key required for strict
    structured output) and validates the answer, also when the server could only do
    JSON mode: then missing ``value``/``when``/``cardinality`` are null and unknown
    keys are ignored. ``turn`` must be a JSON integer and, when the validation
    context holds ``turns``, one of them.
    """

    # the schema's description goes to the model: this docstring is for programmers
    model_config = ConfigDict(
        frozen=True,
        extra="ignore",
        json_schema_extra={"description": "One fact a turn of the conversation states."},
    )

    subject: Text
    relation: Text
    value: OptionalText = None
    when: OptionalText = None
    cardinality: CardinalityHint | None = None
    turn: Annotated[int, Field(strict=True)]
    action: Action

    @field_validator("turn")
    @classmethod
    def _numbered(cls, turn: int, info: ValidationInfo) -> int:
        turns: Collection[int] | None = (info.context or {}).get("turns")
        if turns and turn not in turns:
            raise ValueError(f"{turn} is not one of the numbered turns ({min(turns)}-{max(turns)})")
        return turn

    @model_validator(mode="after")
    def _valued(self) -> AnswerFact:
        if self.value is None and self.action != "ending":
            raise ValueError('value: null only when action is "ending"')
        return self


class ExtractionAnswer(BaseModel):
    """The whole answer to :func:`extraction_messages`: the structured-output format."""

    model_config = ConfigDict(
        frozen=True,
        extra="ignore",
        json_schema_extra={"description": "The facts stated; an empty list when there are none."},
    )

    facts: list[AnswerFact]


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

    Validation is :class:`ExtractionAnswer`'s, with ``turns`` as the numbered turns.
    Code fences and prose around the object are tolerated (servers without structured
    output add them); the error message lists every problem, for the repair round.
    """
    try:
        answer = ExtractionAnswer.model_validate_json(
            _json_text(text), context={"turns": frozenset(turns)}
        )
    except ValidationError as error:
        raise LLMResponseError(_problems(error)) from None
    return answer.facts


FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)


def _json_text(text: str) -> str:
    """Return the JSON object in ``text``: inside a code fence, or between prose."""
    match = FENCE.match(text)
    body = (match.group(1) if match else text).strip()
    start, end = body.find("{"), body.rfind("}")
    if body.startswith("{") or not 0 <= start < end:
        return body
    return body[start : end + 1]


def _problems(error: ValidationError) -> str:
    """Return pydantic's errors as one line: ``facts[0].turn: <message>; ...``."""
    problems = []
    for item in error.errors(include_url=False):
        loc = item["loc"]
        where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc)
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "json_invalid":
            message = f"not valid JSON: {item['ctx'].get('error', message)}"
        problems.append(f"{where.lstrip('.')}: {message}" if where else message)
    return "; ".join(problems)


def _one_line(text: str) -> str:
    return " ".join(text.split())
