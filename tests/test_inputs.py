"""Input limits (tem.limits): the same refusals on every store, and nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from tem import Memory
from tem.errors import UserError
from tem.inputs import check_metadata, check_query
from tem.limits import (
    MAX_METADATA_BYTES,
    MAX_METADATA_DEPTH,
    MAX_NAME_CHARS,
    MAX_QUERY_WORDS,
    MAX_VALUE_CHARS,
)

WHEN = "2024-01-01"


def nested(depth: int) -> dict[str, Any]:
    """A mapping ``depth`` levels deep, built without recursion."""
    top: dict[str, Any] = {}
    inner = top
    for _ in range(depth - 1):
        inner["a"] = {}
        inner = inner["a"]
    return top


def add(memory: Memory, **fields: Any) -> None:
    fact = {"subject": "Ana", "relation": "lives in", "value": "Oslo", "source": "s"} | fields
    memory.add(
        fact.pop("subject"), fact.pop("relation"), fact.pop("value"), observed_at=WHEN, **fact
    )


@pytest.mark.parametrize(
    "metadata",
    [
        nested(MAX_METADATA_DEPTH + 1),
        nested(100_000),
        {"a": {1, 2}},
        {"a": float("nan")},
        {1: "x"},
        {"a": "\ud800"},
        {"a": "x" * MAX_METADATA_BYTES},
        "text",
    ],
)
def test_bad_metadata_is_refused_and_nothing_stored(memory: Memory, metadata: Any) -> None:
    with pytest.raises(UserError, match="metadata"):
        add(memory, metadata=metadata)
    assert memory.history("Ana") == []


def test_metadata_at_the_limits_round_trips(memory: Memory) -> None:
    deep = nested(MAX_METADATA_DEPTH)
    add(memory, metadata={"deep": deep["a"], "list": (1, None, True, 2.5)})
    [version] = memory.current("Ana")
    assert memory.store.observations("default")[0].metadata["list"] == [1, None, True, 2.5]
    assert version.value == "Oslo"


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("subject", "x" * (MAX_NAME_CHARS + 1)),
        ("relation", "r" * 3000),
        ("source", "s" * 3000),
        ("scope", "c" * 3000),
        ("subject", "😀" * 201),
        ("value", "v" * (MAX_VALUE_CHARS + 1)),
        ("subject", "_-_"),
        ("relation", "---"),
        ("value", "a\x00b"),
    ],
)
def test_names_and_values_past_the_limits_are_input_errors(
    memory: Memory, field: str, text: str
) -> None:
    with pytest.raises(UserError, match=field):
        add(memory, **{field: text})
    assert memory.scopes() == []


def test_names_and_values_at_the_limits_are_stored(memory: Memory) -> None:
    """The limits fit every store: PostgreSQL indexes three maximal names in one row."""
    big = "x" * MAX_NAME_CHARS
    add(
        memory,
        subject=big,
        relation="r" * MAX_NAME_CHARS,
        source=big,
        scope=big,
        value="v" * MAX_VALUE_CHARS,
    )
    add(memory, subject="😀" * 200, relation="ΐ" * 133, source="😀" * 200, scope="😀" * 200)
    assert len(memory.current(big, scope=big)) == 1
    assert len(memory.current("😀" * 200, scope="😀" * 200)) == 1


def test_long_queries_are_input_errors_on_every_store(memory: Memory) -> None:
    add(memory)
    with pytest.raises(UserError, match="words"):
        memory.recall(" ".join(["where"] * 5000)[:1999])
    with pytest.raises(UserError, match="characters"):
        memory.context("where " * 5000)
    allowed = " ".join(f"w{i}" for i in range(MAX_QUERY_WORDS))
    assert not memory.recall(allowed).versions


def test_check_helpers_name_the_field() -> None:
    assert check_metadata(None) == {}
    with pytest.raises(UserError, match="question: expected text"):
        check_query(3, "question")
