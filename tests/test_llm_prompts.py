"""The prompts' rendered text (snapshots) and the extraction answer parser."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from tem.llm.errors import LLMResponseError
from tem.llm.prompts import (
    AnswerFact,
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
BERLIN = AnswerFact("Alice", "lives in", "Berlin", "last March", "one", 0, "update")


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
        AnswerFact("Alice", "works at", None, None, None, 1, "ending")
    ]


def test_parse_empty_answer() -> None:
    assert parse_extraction('{"facts": []}', turns={0}) == []


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json", "not valid JSON"),
        ("[]", '"facts" list'),
        ('{"facts": {}}', '"facts" list'),
        ('{"facts": ["Alice lives in Berlin"]}', r"facts\[0\]: expected an object"),
        (GOOD.replace('"turn": 0', '"turn": "0"'), r"facts\[0\].turn: expected an integer"),
        (GOOD.replace('"turn": 0', '"turn": true'), r"facts\[0\].turn: expected an integer"),
        (GOOD.replace('"turn": 0', '"turn": 9'), "9 is not one of the numbered turns"),
        (GOOD.replace('"update"', '"maybe"'), r"facts\[0\].action"),
        (GOOD.replace('"one"', '"single"'), r"facts\[0\].cardinality"),
        (GOOD.replace('"Berlin"', "null"), r"facts\[0\].value: expected a non-empty string"),
        (GOOD.replace('"Berlin"', "42"), r"facts\[0\].value"),
        (GOOD.replace('"Alice"', '""'), r"facts\[0\].subject"),
        (GOOD.replace('"last March"', "2023"), r"facts\[0\].when: expected a string or null"),
    ],
)
def test_parse_rejects_what_the_schema_forbids(text: str, problem: str) -> None:
    with pytest.raises(LLMResponseError, match=problem):
        parse_extraction(text, turns={0, 1})
