"""The prompts' rendered text (snapshots) and the extraction answer parser."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from tem.llm.errors import LLMResponseError
from tem.llm.prompts import (
    AnswerFact,
    ExtractionAnswer,
    KnownFact,
    PromptTurn,
    extraction_messages,
    parse_extraction,
    repair_message,
)


def render(messages: list[dict[str, str]]) -> str:
    return "".join(f"=== {m['role']}\n{m['content']}\n" for m in messages)


def example_messages() -> list[dict[str, str]]:
    return extraction_messages(
        session_date=datetime(2024, 5, 14, tzinfo=UTC),
        speakers=[("Alice", "user"), ("Bob", "Bob")],
        turns=[
            PromptTurn(0, "Alice", "I moved to Berlin last March."),
            PromptTurn(1, "Bob", "Nice!\nDo you still work at Acme?"),
            PromptTurn(2, "Alice", "No, I quit in April. My sister Emma got a cat."),
        ],
        current=[
            KnownFact("Alice", "lives in", "Paris", datetime(2021, 3, 1, tzinfo=UTC)),
            KnownFact("Alice", "works at", "Acme", datetime(2022, 1, 10, tzinfo=UTC)),
        ],
        relations=["lives in", "works at", "has pet", "sibling"],
    )


def test_extraction_prompt_snapshot(check_snapshot: Callable[[str, str], None]) -> None:
    check_snapshot("llm_extraction_prompt.txt", render(example_messages()))


def test_extraction_prompt_without_memory() -> None:
    messages = extraction_messages(
        session_date=datetime(2023, 1, 2, tzinfo=UTC),
        speakers=[],
        turns=[PromptTurn(7, "Sam", "Hi.")],
        current=[],
        relations=["lives in"],
    )
    assert messages[0] == example_messages()[0]
    assert messages[1]["content"] == (
        "Session date: 2023-01-02\n"
        'Speakers: unknown. In each turn, "I", "me" and "my" mean that turn\'s speaker.\n\n'
        "Known relations: lives in\n\n"
        "Current facts in memory (subject | relation | value | since):\n"
        "(none)\n\n"
        "Turns:\n"
        "[7] Sam: Hi."
    )


def test_repair_message() -> None:
    assert repair_message("facts[0].turn: expected an integer, got str '3'") == {
        "role": "user",
        "content": "Your answer could not be used: facts[0].turn: expected an integer, "
        "got str '3'\nAnswer again with only the JSON object described above, with that fixed.",
    }


GOOD = (
    '{"facts": [{"subject": "Alice", "relation": "lives in", "value": "Berlin", '
    '"when": "last March", "cardinality": "one", "turn": 0, "action": "update"}]}'
)
BERLIN = AnswerFact(
    subject="Alice",
    relation="lives in",
    value="Berlin",
    when="last March",
    cardinality="one",
    turn=0,
    action="update",
)


@pytest.mark.parametrize(
    "text",
    [
        GOOD,
        f"```json\n{GOOD}\n```",
        f"```\n{GOOD}```",
        f"Here are the facts:\n{GOOD}\nHope this helps.",
    ],
)
def test_parse_tolerates_fences_and_prose(text: str) -> None:
    assert parse_extraction(text, turns={0, 1}) == [BERLIN]


def test_parse_fills_missing_optional_keys_and_ignores_extra_ones() -> None:
    text = (
        '{"facts": [{"subject": "Alice", "relation": "works at", "turn": 1, '
        '"action": "ending", "evidence": "I quit"}]}'
    )
    assert parse_extraction(text, turns={0, 1}) == [
        AnswerFact(subject="Alice", relation="works at", turn=1, action="ending")
    ]


def test_parse_empty_answer() -> None:
    assert parse_extraction('{"facts": []}', turns={0}) == []


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json", "not valid JSON"),
        ('{"facts": [', "not valid JSON"),
        ("[]", "^Input should be"),
        ('{"facts": {}}', "^facts: "),
        ('{"facts": ["Alice lives in Berlin"]}', r"^facts\[0\]: "),
        (GOOD.replace('"turn": 0', '"turn": "0"'), r"^facts\[0\].turn: .*integer"),
        (GOOD.replace('"turn": 0', '"turn": true'), r"^facts\[0\].turn: .*integer"),
        (GOOD.replace('"turn": 0', '"turn": 9'), r"facts\[0\].turn: 9 is not one of the numbered"),
        (GOOD.replace('"update"', '"maybe"'), r"facts\[0\].action"),
        (GOOD.replace('"one"', '"single"'), r"facts\[0\].cardinality"),
        (GOOD.replace('"Berlin"', "null"), r'facts\[0\]: value: null only when action is "ending"'),
        (GOOD.replace('"Berlin"', "42"), r"facts\[0\].value"),
        (GOOD.replace('"Alice"', '"  "'), r"facts\[0\].subject: must not be empty"),
        (GOOD.replace('"last March"', "2023"), r"^facts\[0\].when: .*string"),
    ],
)
def test_parse_rejects_what_the_schema_forbids(text: str, problem: str) -> None:
    with pytest.raises(LLMResponseError, match=problem):
        parse_extraction(text, turns={0, 1})


def test_parse_lists_every_problem_in_one_line() -> None:
    text = GOOD.replace('"turn": 0', '"turn": 9').replace('"update"', '"maybe"')
    with pytest.raises(LLMResponseError) as caught:
        parse_extraction(text, turns={0, 1})
    assert "\n" not in str(caught.value)
    assert "facts[0].turn" in str(caught.value) and "facts[0].action" in str(caught.value)


def test_wire_schema_is_strict_and_made_from_the_answer_model(
    check_snapshot: Callable[[str, str], None],
) -> None:
    """The request's response_format: every key required, no extra keys, no unsupported keywords."""
    from openai.lib import type_to_response_format_param

    wire = type_to_response_format_param(ExtractionAnswer)
    assert isinstance(wire, dict) and wire["type"] == "json_schema"
    spec = wire["json_schema"]
    assert spec["name"] == "ExtractionAnswer" and spec["strict"] is True
    fact = spec["schema"]["$defs"]["AnswerFact"]
    assert fact["additionalProperties"] is False
    assert fact["required"] == list(fact["properties"])
    assert "minLength" not in json.dumps(spec)
    check_snapshot("llm_extraction_schema.json", json.dumps(spec["schema"], indent=2) + "\n")
