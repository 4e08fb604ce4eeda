"""LoCoMo's LLM judge (the "J" metric): is a generated answer CORRECT or WRONG?

The prompt (:func:`judge_prompt`) is in the style of the LLM-as-judge of Mem0's LoCoMo
evaluation: given the question, the gold answer and the generated answer, the model
labels the answer CORRECT or WRONG, generous on wording and format (the same date in
another format, a longer answer that contains the gold topic) and strict on facts. It
answers with a JSON object ``{"reasoning": "...", "label": "CORRECT" | "WRONG"}``;
:func:`parse_judgement` also reads one in code fences or in prose, or a bare label.
An unreadable reply is asked for once more (:func:`retry_messages`); if the second
reply is unreadable too, the answer counts as WRONG and the judgement says so
(``parsed=False``).

The judge talks to the same text-model interface as the backbones
(:func:`tem.eval.answer.complete_text`), and its judgements go into the same on-disk
cache as the answers (:class:`tem.eval.answer.AnswerCache`), keyed by the judge's
name, :data:`JUDGE_CACHE_TAG` and the sha256 of the judge prompt: a rerun makes no
calls. The rendered prompt is snapshot-tested (``tests/snapshots/judge_*.txt``): a
change here changes every J score.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal

from tem.eval.answer import AnswerCache, complete_text
from tem.llm.client import Message

Label = Literal["CORRECT", "WRONG"]
LABELS: tuple[Label, ...] = ("CORRECT", "WRONG")
JUDGE_CACHE_TAG = "judge"
"""The cache's configuration column for judgements (answers use configuration names)."""
JUDGE_MAX_TOKENS = 256
"""Room for a one-sentence reasoning and the label."""


def _line(text: str) -> str:
    return " ".join(text.split())


def judge_prompt(question: str, gold: str, generated: str) -> str:
    """Return the judge prompt for one answer; each value is put on a single line."""
    return (
        "Your task is to label an answer to a question as CORRECT or WRONG. "
        "You are given:\n"
        "    (1) a question that one person asks about what was said in their earlier "
        "conversations with another person,\n"
        "    (2) the gold (ground-truth) answer,\n"
        "    (3) a generated answer.\n"
        "\n"
        "The gold answer is usually short and names the topic asked about, for example:\n"
        "Question: What did Melanie bring back from her last trip to Hawaii?\n"
        "Gold answer: a shell necklace\n"
        "The generated answer may be much longer or worded differently. Be generous with "
        "wording and format: if it refers to the same thing as the gold answer, or "
        "contains the gold answer's topic, label it CORRECT.\n"
        "\n"
        "For questions about time, the gold answer is a date, month, year or period. The "
        'generated answer may write it in another format ("7 May 2023", "May 7th, 2023", '
        '"2023-05-07") or refer to it relative to a dated event; if it is the same date '
        "or period, label it CORRECT.\n"
        "\n"
        "Be strict on facts: an answer that names a different person, place, thing, "
        "number, date or period than the gold answer, that contradicts it, or that says "
        "it does not know, is WRONG.\n"
        "\n"
        f"Question: {_line(question)}\n"
        f"Gold answer: {_line(gold)}\n"
        f"Generated answer: {_line(generated) or '(empty)'}\n"
        "\n"
        "First give a one-sentence explanation, then the label: CORRECT or WRONG, never "
        "both. Reply with only a JSON object:\n"
        '{"reasoning": "<one sentence>", "label": "CORRECT" or "WRONG"}'
    )


def judge_messages(question: str, gold: str, generated: str) -> list[Message]:
    """Return the chat messages of the first judge call: the prompt as one user message."""
    return [{"role": "user", "content": judge_prompt(question, gold, generated)}]


RETRY = (
    "Your reply could not be read. Reply again with only the JSON object, "
    '{"reasoning": "<one sentence>", "label": "CORRECT"} or '
    '{"reasoning": "<one sentence>", "label": "WRONG"}.'
)


def retry_messages(messages: list[Message], reply: str) -> list[Message]:
    """Return the messages of the one retry: the first call, its reply, and :data:`RETRY`."""
    return [*messages, {"role": "assistant", "content": reply}, {"role": "user", "content": RETRY}]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One verdict; ``parsed`` False: no readable label after one retry, counted WRONG."""

    label: Label
    reasoning: str = ""
    parsed: bool = True

    @property
    def correct(self) -> bool:
        return self.label == "CORRECT"

    def to_json(self) -> str:
        return json.dumps(
            {"label": self.label, "reasoning": self.reasoning, "parsed": self.parsed},
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Judgement | None:
        """Return the judgement :meth:`to_json` wrote, or None for anything else."""
        try:
            document = json.loads(text)
        except json.JSONDecodeError:
            return None
        if not isinstance(document, dict):
            return None
        label = _label(document.get("label"))
        reasoning, parsed = document.get("reasoning", ""), document.get("parsed", True)
        if label is None or not isinstance(reasoning, str) or not isinstance(parsed, bool):
            return None
        return cls(label, reasoning, parsed)


FENCED = re.compile(r"```[A-Za-z]*[ \t]*\n?(.*?)```", re.DOTALL)
BARE = re.compile(r"\b(CORRECT|WRONG|INCORRECT)\b")
BARE_WHOLE = re.compile(r"^[\s`*_\"'.:!]*(correct|wrong|incorrect)[\s`*_\"'.:!]*$", re.IGNORECASE)


def _label(value: object) -> Label | None:
    if not isinstance(value, str):
        return None
    word = value.strip().strip(".!").upper()
    if word == "INCORRECT":
        return "WRONG"
    return next((label for label in LABELS if label == word), None)


def _candidates(text: str) -> list[str]:
    """Return the texts that may hold the JSON object, most likely first."""
    found = [match.group(1) for match in FENCED.finditer(text)]
    found.append(text)
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        found.append(text[start : end + 1])
    return found


def parse_judgement(text: str) -> Judgement | None:
    """Return the judgement in a judge's reply, or None when it holds no readable label.

    Read, in order: a JSON object with a ``label`` of CORRECT or WRONG (INCORRECT reads
    as WRONG; case and a trailing full stop do not matter), bare or in code fences or
    with prose around it; a reply that is only a label word; a reply in which exactly
    one of the upper-case words CORRECT and WRONG (or INCORRECT) occurs. A JSON object
    without a valid label, or a reply naming both labels, is unreadable.
    """
    saw_object = False
    for candidate in _candidates(text):
        try:
            document = json.loads(candidate.strip())
        except json.JSONDecodeError:
            continue
        if not isinstance(document, dict):
            continue
        saw_object = True
        label = _label(document.get("label"))
        if label is not None:
            reasoning = document.get("reasoning")
            return Judgement(label, _line(reasoning) if isinstance(reasoning, str) else "")
    if saw_object:
        return None
    whole = BARE_WHOLE.match(text)
    if whole:
        label = _label(whole.group(1))
        return None if label is None else Judgement(label)
    words = {_label(word) for word in BARE.findall(text)}
    if len(words) == 1:
        label = words.pop()
        return None if label is None else Judgement(label, _line(text)[:500])
    return None


class Judge:
    """An LLM judge over a text model; ``name`` (the judge model's name) keys the cache.

    ``model`` has ``complete_text(messages)`` (:class:`tem.eval.answer.OpenAITextModel`)
    or, like :class:`tem.llm.testing.FakeChatModel`, ``complete_json(messages, schema=...)``.
    ``calls`` counts the model calls made, retries included.
    """

    def __init__(self, model: Any, name: str) -> None:
        self.model = model
        self.name = name
        self.calls = 0

    def _ask(self, messages: list[Message]) -> str:
        self.calls += 1
        return complete_text(self.model, messages)

    def judge(
        self, question: str, gold: str, generated: str, cache: AnswerCache | None = None
    ) -> Judgement:
        """Return the verdict on ``generated``, from ``cache`` when it has one."""
        messages = judge_messages(question, gold, generated)
        prompt = messages[0]["content"]
        if cache is not None:
            hit = cache.get(self.name, JUDGE_CACHE_TAG, prompt)
            cached = None if hit is None else Judgement.from_json(hit)
            if cached is not None:
                return cached
        reply = self._ask(messages)
        judgement = parse_judgement(reply)
        if judgement is None:
            second = self._ask(retry_messages(messages, reply))
            judgement = parse_judgement(second) or Judgement(
                "WRONG", f"unparsable after one retry: {_line(second)[:300]}", parsed=False
            )
        if cache is not None:
            cache.put(self.name, JUDGE_CACHE_TAG, prompt, judgement.to_json())
        return judgement
