"""How long a state lasted, told in the past (tem.extract.spans)."""

from __future__ import annotations

import pytest

from tem.extract.nlp import load_pipeline
from tem.extract.spans import held_before, period_over


def _word(text: str, word: str) -> object:
    return next(t for t in load_pipeline()(text) if t.text == word)


@pytest.mark.parametrize(
    ("text", "word", "over"),
    [
        ("I lived in Turin for five years.", "Turin", True),
        ("I've lived in Turin for five years.", "Turin", False),  # up to now
        ("I lived in Turin until 2022.", "Turin", True),
        ("We celebrated ten years in Turin.", "Turin", False),  # a milestone
    ],
)
def test_a_span_told_in_the_simple_past_is_over(text: str, word: str, over: bool) -> None:
    assert period_over(_word(text, word)) is over


@pytest.mark.parametrize(
    ("text", "word", "over"),
    [
        ("I was a dentist in Kharkiv before the war.", "dentist", True),
        ("I was a teacher before I retrained.", "teacher", True),
        ("I moved to Leeds before the pandemic.", "Leeds", False),  # a change
        ("I was married to Jonah two days before my first night shift.", "Jonah", False),
    ],
)
def test_a_state_held_before_something_is_over(text: str, word: str, over: bool) -> None:
    assert held_before(_word(text, word)) is over
