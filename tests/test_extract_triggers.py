"""The cheap text tests that decide which turns the models read (tem.extract.triggers)."""

from __future__ import annotations

import pytest

from tem.extract.triggers import may_be_shorthand, may_state_fact, speaks_of_self


@pytest.mark.parametrize(
    "text",
    ["Tied the knot with Daniel in April!", "so, got a flat in Leith", "Just moved to Austin lol"],
)
def test_a_sentence_opening_with_a_past_verb_may_be_shorthand(text: str) -> None:
    assert may_be_shorthand(text)


@pytest.mark.parametrize(
    "text", ["Thanks, Gina!", "Hiking to the top was awesome", "That sounds great!"]
)
def test_other_openings_are_not_shorthand(text: str) -> None:
    assert not may_be_shorthand(text)


def test_first_person_and_trigger_words() -> None:
    assert speaks_of_self("yeah im in porto now") and not speaks_of_self("Thanks, Gina!")
    assert may_state_fact("We moved to Lisbon.") and not may_state_fact("haha so cool")
