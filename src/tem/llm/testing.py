"""Test doubles for code that uses tem with an LLM: no network, no model, no sleeping."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tem.llm.client import Message
from tem.llm.errors import LLMTimeout

if TYPE_CHECKING:
    from pydantic import BaseModel

Responder = Callable[[list[Message]], str]


@dataclass(frozen=True, slots=True)
class FakeCall:
    """One call made to a :class:`FakeChatModel`, failed ones included."""

    messages: list[Message]
    response_format: type[BaseModel] | None
    """The answer model asked for; None for a free-text call."""
    failed: bool


class FakeChatModel:
    """A scripted chat model: the way to test code that uses tem with an LLM.

    It is a real :class:`~tem.llm.client.ChatModel`. ``answers`` is a list of answer
    texts returned in order (running out is an ``AssertionError``), or a function from
    the messages to the answer text. Every call, failed ones included, is recorded in
    ``.calls``, with the ``response_format`` asked for. Answers are returned as given,
    not validated: the caller validates them, and a test of the repair round needs
    bad ones. ``fail_first=N`` makes the first N calls raise ``failure`` (an
    :class:`~tem.llm.errors.LLMTimeout` by default), as a server that gave no answer
    even after the SDK's retries would::

        from tem.llm import LLMExtractor, LLMSettings
        from tem.llm.testing import FakeChatModel, facts_answer

        model = FakeChatModel([
            facts_answer({"subject": "Alice", "relation": "lives in", "value": "Berlin",
                          "when": "last March", "turn": 0, "action": "update"}),
        ])
        extractor = LLMExtractor(model, LLMSettings(model="fake"))
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

    def complete_json(self, messages: list[Message], *, response_format: type[BaseModel]) -> str:
        """Record the call, then fail (the first ``fail_first`` times) or answer."""
        return self._answer(messages, response_format)

    def complete_text(self, messages: list[Message]) -> str:
        """Like :meth:`complete_json` for a free-text answer (``response_format`` None).

        The text models of :mod:`tem.eval` (answerer, judge) have this method.
        """
        return self._answer(messages, None)

    def _answer(self, messages: list[Message], response_format: type[BaseModel] | None) -> str:
        copied = [dict(message) for message in messages]
        failing = len(self.calls) < self.fail_first
        self.calls.append(FakeCall(copied, response_format, failed=failing))
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
