"""FakeChatModel: the shipped test double for code that uses tem with an LLM."""

from __future__ import annotations

import json

import pytest

from tem.llm.client import ChatModel
from tem.llm.errors import LLMError, LLMTimeout
from tem.llm.prompts import ExtractionAnswer
from tem.llm.testing import FakeChatModel, facts_answer

HELLO = [{"role": "user", "content": "hello"}]


def test_is_a_chat_model() -> None:
    assert isinstance(FakeChatModel([]), ChatModel)


def test_canned_answers_in_order_and_calls_recorded() -> None:
    model = FakeChatModel(["one", "two"])
    assert model.complete_json(HELLO, response_format=ExtractionAnswer) == "one"
    assert model.complete_json(HELLO, response_format=ExtractionAnswer) == "two"
    assert [call.messages for call in model.calls] == [HELLO, HELLO]
    assert model.calls[0].response_format is ExtractionAnswer
    with pytest.raises(AssertionError, match="no canned answer left for call 3"):
        model.complete_json(HELLO, response_format=ExtractionAnswer)


def test_calls_keep_a_copy_of_the_messages() -> None:
    model = FakeChatModel(["x"])
    messages = [{"role": "user", "content": "before"}]
    model.complete_json(messages, response_format=ExtractionAnswer)
    messages[0]["content"] = "after"
    assert model.calls[0].messages[0]["content"] == "before"


def test_function_answers() -> None:
    model = FakeChatModel(lambda messages: messages[-1]["content"].upper())
    assert model.complete_json(HELLO, response_format=ExtractionAnswer) == "HELLO"


def test_fail_first_raises_timeouts_then_answers() -> None:
    model = FakeChatModel(["ok"], fail_first=2)
    for _ in range(2):
        with pytest.raises(LLMTimeout):
            model.complete_json(HELLO, response_format=ExtractionAnswer)
    assert model.complete_json(HELLO, response_format=ExtractionAnswer) == "ok"
    assert [call.failed for call in model.calls] == [True, True, False]


def test_custom_failure() -> None:
    model = FakeChatModel(["ok"], fail_first=1, failure=LLMError("bad key"))
    with pytest.raises(LLMError, match="bad key"):
        model.complete_json(HELLO, response_format=ExtractionAnswer)


def test_facts_answer_fills_missing_keys() -> None:
    text = facts_answer({"subject": "A", "relation": "r", "value": "v", "turn": 0, "action": "new"})
    assert json.loads(text) == {
        "facts": [
            {
                "subject": "A",
                "relation": "r",
                "value": "v",
                "when": None,
                "cardinality": None,
                "turn": 0,
                "action": "new",
            }
        ]
    }


def test_facts_answer_is_a_valid_structured_answer() -> None:
    text = facts_answer({"subject": "A", "relation": "r", "value": "v", "turn": 0, "action": "new"})
    (fact,) = ExtractionAnswer.model_validate_json(text).facts
    assert (fact.subject, fact.value, fact.when, fact.turn) == ("A", "v", None, 0)


def test_free_text_calls_share_the_script_and_record_no_format() -> None:
    model = FakeChatModel(["json", "text"])
    assert model.complete_json(HELLO, response_format=ExtractionAnswer) == "json"
    assert model.complete_text(HELLO) == "text"
    assert [call.response_format for call in model.calls] == [ExtractionAnswer, None]
