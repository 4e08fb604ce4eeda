"""Test doubles for code that uses tem with an LLM: no network, no model, no sleeping."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tem.llm.client import Message
from tem.llm.errors import LLMTimeout

Responder = Callable[[list[Message]], str]


@dataclass(frozen=True, slots=True)
class FakeCall:
    """One call made to a :class:`FakeChatModel`, failed ones included."""

    messages: list[Message]
    schema: Mapping[str, Any]
    failed: bool


class FakeChatModel:
    """A scripted chat model: the way to test code that uses tem with an LLM.

    It is a real :class:`~tem.llm.client.ChatModel`. ``answers`` is a list of answer
    texts returned in order (running out is an ``AssertionError``), or a function from
    the messages to the answer text. Every call, failed ones included, is recorded in
    ``.calls``. ``fail_first=N`` makes the first N calls raise ``failure`` (an
    :class:`~tem.llm.errors.LLMTimeout` by default), to exercise retries::

        from tem.llm import LLMExtractor, LLMSettings
        from tem.llm.testing import FakeChatModel, facts_answer

        model = FakeChatModel([
            facts_answer({"subject": "Alice", "relation": "lives in", "value": "Berlin",
                          "when": "last March", "turn": 0, "action": "update"}),
        ])
        extractor = LLMExtractor(model, LLMSettings(model="fake"), sleep=lambda s: None)
        facts = extractor.extract(session)
        assert facts[0].value == "Berlin"
        assert model.calls[0].messages[-1]["content"].startswith("Session date:")
    """

    def __init__(
        self,
        answers: Sequence[str] | Responder,
        *,
        fail_first: int = 0,
        failure: Exception | None = None,
    ) -> None:
        self._responder = answers if callable(answers) else None
        self._answers = list(answers) if not callable(answers) else []
        self.fail_first = fail_first
        self.failure = failure
        self.calls: list[FakeCall] = []

    def complete_json(self, messages: list[Message], *, schema: Mapping[str, Any]) -> str:
        """Record the call, then fail (the first ``fail_first`` times) or answer."""
        copied = [dict(message) for message in messages]
        failing = len(self.calls) < self.fail_first
        self.calls.append(FakeCall(copied, schema, failed=failing))
        if failing:
            raise self.failure or LLMTimeout("FakeChatModel: simulated timeout")
        if self._responder is not None:
            return self._responder(copied)
        answered = sum(1 for call in self.calls if not call.failed) - 1
        if answered >= len(self._answers):
            raise AssertionError(
                f"FakeChatModel: no canned answer left for call {len(self.calls)} "
                f"({len(self._answers)} given)"
            )
        return self._answers[answered]


def facts_answer(*facts: Mapping[str, Any]) -> str:
    """Return an extraction answer text listing ``facts``, missing keys filled with null."""
    keys = ("subject", "relation", "value", "when", "cardinality", "turn", "action")
    return json.dumps({"facts": [_filled(fact, keys) for fact in facts]})


def _filled(fact: Mapping[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    return {key: fact.get(key) for key in keys} | dict(fact)
