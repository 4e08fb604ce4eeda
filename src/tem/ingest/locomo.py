"""The LoCoMo benchmark file (``locomo10.json``): its sessions and its questions.

The file is a list of samples. Each sample has a ``sample_id``, a ``conversation``
object and a ``qa`` list::

    {"sample_id": "conv-26",
     "conversation": {"speaker_a": "Caroline", "speaker_b": "Melanie",
                      "session_1_date_time": "1:56 pm on 8 May, 2023",
                      "session_1": [{"speaker": "Caroline", "dia_id": "D1:1",
                                     "text": "Hey Mel!", "blip_caption": "..."}]},
     "qa": [{"question": "...", "answer": "...", "evidence": ["D1:3"], "category": 2}]}

Surprises the parser absorbs:

* a ``session_N_date_time`` key may have no ``session_N`` list (conv-26 has dates up to
  session 35 but talk only up to 19); such dates are skipped. Keys that are neither
  ``speaker_a``/``speaker_b`` nor ``session_N``/``session_N_date_time`` are ignored.
* dates are local times with no zone ("1:56 pm on 8 May, 2023"); they are taken as UTC.
* a turn that shares a photo keeps the photo's caption: its text gets
  `` [shares a photo: <blip_caption>]`` appended.
* adversarial questions (category 5) have no ``answer``, only ``adversarial_answer``;
  some answers are numbers (2022) and are turned into text.
* a few evidence entries are malformed ("D8:6; D9:17", "D9:1 D4:4 D4:6", "D:11:26",
  "D30:05", "D"); :func:`normalize_evidence` turns them into ``D<n>:<m>`` ids or drops them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tem.core.session import Session, Turn
from tem.core.times import parse_time
from tem.errors import UserError

__all__ = [
    "LocomoQuestion",
    "locomo_questions",
    "normalize_evidence",
    "parse_locomo_date",
    "sessions_from_locomo",
]

_SESSION_KEY = re.compile(r"session_(\d+)")
_DATE_KEY = re.compile(r"session_(\d+)_date_time")
# "D8:6", "D:11:26", "D 8 : 6"; the session and turn numbers are what matter.
_EVIDENCE_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_DATE_FORMATS = (
    "%I:%M %p on %d %B, %Y",
    "%I:%M %p on %d %B %Y",
    "%I:%M %p on %d %b, %Y",
    "%I:%M %p on %d %b %Y",
)


@dataclass(frozen=True, slots=True)
class LocomoQuestion:
    """One LoCoMo question with its gold answer and the turns (``dia_id`` s) behind it.

    ``answer`` is None for the adversarial questions (category 5) that only have an
    ``adversarial_answer``. Categories: 1 multi-hop, 2 temporal, 3 open-domain,
    4 single-hop, 5 adversarial.
    """

    sample_id: str
    question: str
    answer: str | None
    category: int
    evidence: tuple[str, ...]
    adversarial_answer: str | None = None


def _fail(where: str, what: str) -> UserError:
    return UserError(f"{where}: {what}")


def _prefix(origin: str | None) -> str:
    return f"{origin}: " if origin else ""


def parse_locomo_date(text: str, *, where: str = "date") -> datetime:
    """Parse LoCoMo's "1:56 pm on 8 May, 2023" into an aware UTC datetime.

    Also accepts "01:56 PM", no comma before the year, "Sep" for "September" and
    runs of spaces; anything else raises :class:`UserError` naming ``where``.
    """
    cleaned = " ".join(text.split())
    for fmt in _DATE_FORMATS:
        try:
            return parse_time(datetime.strptime(cleaned, fmt))
        except ValueError:
            continue
    raise _fail(where, f"cannot parse date {text!r}; expected e.g. '1:56 pm on 8 May, 2023'")


def normalize_evidence(raw: object) -> tuple[str, ...]:
    """Return well-formed ``D<n>:<m>`` ids from LoCoMo's evidence list, in order, unique.

    One entry may hold several ids ("D8:6; D9:17", "D9:1 D4:4"); "D:11:26" and "D30:05"
    become "D11:26" and "D30:5"; entries with no id in them ("D") are dropped.
    """
    entries: Sequence[object] = [raw] if isinstance(raw, str) else _as_list(raw)
    ids: dict[str, None] = {}
    for entry in entries:
        if not isinstance(entry, str):
            continue
        for match in _EVIDENCE_ID.finditer(entry):
            ids[f"D{int(match[1])}:{int(match[2])}"] = None
    return tuple(ids)


def _as_list(value: object) -> Sequence[object]:
    return value if isinstance(value, list | tuple) else []


def _samples(data: object, origin: str | None) -> list[tuple[str, Mapping[str, Any]]]:
    """Return ``(where, sample)`` pairs; a single sample object counts as a list of one."""
    items = [data] if isinstance(data, Mapping) else data
    if not isinstance(items, list):
        raise _fail(origin or "input", "LoCoMo data must be a list of samples")
    pairs = []
    for index, sample in enumerate(items):
        where = f"{_prefix(origin)}[{index}]"
        if not isinstance(sample, Mapping):
            raise _fail(where, "a LoCoMo sample must be an object")
        sample_id = sample.get("sample_id")
        if not isinstance(sample_id, str) or not sample_id.strip():
            raise _fail(where, "'sample_id' must be a non-empty string")
        pairs.append((f"{where} ({sample_id})", sample))
    return pairs


def sessions_from_locomo(data: object, *, origin: str | None = None) -> list[Session]:
    """Return every session of every LoCoMo sample, samples in order, sessions by number.

    Session id ``"<sample_id>:session_<N>"``, scope ``sample_id``, ``Turn.turn_id`` the
    ``dia_id``. ``origin`` (a file name) starts every error message.
    """
    sessions: list[Session] = []
    for where, sample in _samples(data, origin):
        conversation = sample.get("conversation")
        if not isinstance(conversation, Mapping):
            raise _fail(where, "'conversation' must be an object")
        sessions.extend(_sample_sessions(str(sample["sample_id"]), conversation, where))
    return sessions


def _sample_sessions(sample_id: str, conv: Mapping[str, Any], where: str) -> list[Session]:
    numbered: dict[int, str] = {}
    for key in conv:
        match = _SESSION_KEY.fullmatch(str(key).strip())
        if match:
            numbered[int(match[1])] = key
    dates: dict[int, str] = {}
    for key in conv:
        match = _DATE_KEY.fullmatch(str(key).strip())
        if match:
            dates[int(match[1])] = key
    speakers = [conv.get("speaker_a"), conv.get("speaker_b")]
    named = tuple(s for s in speakers if isinstance(s, str) and s.strip())
    sessions = []
    for number in sorted(numbered):
        key = numbered[number]
        here = f"{where}: {key}"
        if number not in dates:
            raise _fail(here, f"no 'session_{number}_date_time' for this session")
        raw_date = conv[dates[number]]
        if not isinstance(raw_date, str):
            raise _fail(f"{where}: {dates[number]}", "the date must be a string")
        turns = _turns(conv[key], here)
        participants = named or tuple(dict.fromkeys(t.speaker for t in turns))
        sessions.append(
            Session(
                id=f"{sample_id}:session_{number}",
                observed_at=parse_locomo_date(raw_date, where=f"{where}: {dates[number]}"),
                turns=turns,
                participants=participants,
                scope=sample_id,
                metadata={"source": "locomo", "date_time": raw_date},
            )
        )
    return sessions


def _turns(raw: object, where: str) -> tuple[Turn, ...]:
    if not isinstance(raw, list) or not raw:
        raise _fail(where, "a session must be a non-empty list of turns")
    turns = []
    for index, item in enumerate(raw):
        here = f"{where}[{index}]"
        if not isinstance(item, Mapping):
            raise _fail(here, "a turn must be an object")
        fields = {}
        for name in ("speaker", "dia_id"):
            value = item.get(name)
            if not isinstance(value, str) or not value.strip():
                raise _fail(here, f"'{name}' must be a non-empty string")
            fields[name] = value.strip()
        text = item.get("text", "")
        if not isinstance(text, str):
            raise _fail(here, "'text' must be a string")
        caption = item.get("blip_caption")
        if isinstance(caption, str) and caption.strip():
            text = f"{text} [shares a photo: {caption.strip()}]".strip()
        if not text.strip():
            raise _fail(here, "'text' is empty")
        turns.append(
            Turn(speaker=fields["speaker"], text=text, index=index, turn_id=fields["dia_id"])
        )
    return tuple(turns)


def locomo_questions(data: object, *, origin: str | None = None) -> list[LocomoQuestion]:
    """Return every sample's questions, in file order (1,986 in ``locomo10.json``).

    A sample without a ``qa`` list has no questions. Evidence is normalized with
    :func:`normalize_evidence`.
    """
    questions: list[LocomoQuestion] = []
    for where, sample in _samples(data, origin):
        qa = sample.get("qa", [])
        if not isinstance(qa, list):
            raise _fail(where, "'qa' must be a list")
        for index, item in enumerate(qa):
            questions.append(_question(str(sample["sample_id"]), item, f"{where}: qa[{index}]"))
    return questions


def _question(sample_id: str, item: object, where: str) -> LocomoQuestion:
    if not isinstance(item, Mapping):
        raise _fail(where, "a question must be an object")
    question = item.get("question")
    if not isinstance(question, str) or not question.strip():
        raise _fail(where, "'question' must be a non-empty string")
    category = item.get("category")
    if isinstance(category, str) and category.strip().isdigit():
        category = int(category)
    if not isinstance(category, int) or isinstance(category, bool):
        raise _fail(where, f"'category' must be an integer, got {category!r}")
    return LocomoQuestion(
        sample_id=sample_id,
        question=question,
        answer=_answer_text(item.get("answer"), "answer", where),
        category=category,
        evidence=normalize_evidence(item.get("evidence", [])),
        adversarial_answer=_answer_text(
            item.get("adversarial_answer"), "adversarial_answer", where
        ),
    )


def _answer_text(value: object, name: str, where: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise _fail(where, f"'{name}' must be text or a number, got {value!r}")
    return str(value)
