"""A pastime named as its activity (tem.extract.activities)."""

from __future__ import annotations

import pytest

from tem.extract.activities import activity, outing


@pytest.mark.parametrize(
    ("word", "named"),
    [("swim", "swimming"), ("runs", "running"), ("surfer", "surfing"), ("golf", "golf")],
)
def test_a_verb_or_a_doer_is_named_as_its_activity(word: str, named: str) -> None:
    assert activity(word) == named


@pytest.mark.parametrize(
    ("words", "named"),
    [
        ("long evening walks", "walking"),
        ("a long bike ride", "cycling"),
        ("trail runs", "trail running"),
        ("Afrobeats dance", "Afrobeats dance"),
        ("flying model planes", "flying model planes"),
    ],
)
def test_one_outing_is_named_as_its_activity(words: str, named: str) -> None:
    assert " ".join(outing(words.split())) == named
