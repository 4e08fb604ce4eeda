"""Set phrases that name a taste or a pastime (tem.extract.idioms)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples

from tem.extract.idioms import taste_idioms
from tem.extract.nlp import load_pipeline


def _said(text: str) -> set[tuple[str, str | None]]:
    doc = load_pipeline()(text)
    return {
        (relation, value) for token in doc for _, relation, value, _ in taste_idioms(token, "Ana")
    }


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("Canyoning is in my blood at this point, I've done every gorge in Ticino.", "canyoning"),
        ("Climbing mountains is in my blood.", "climbing mountains"),
    ],
)
def test_an_activity_in_my_blood_is_a_pastime(text: str, pastime: str) -> None:
    assert _said(text) == {("hobby", pastime)}


@pytest.mark.parametrize(
    "text",
    [
        "Karachi is in my blood, never leaving.",  # a home: the span model's to read
        "Teaching runs in my veins, I've been at the school since '98.",  # a trade
        "Fishing is in his blood.",  # someone else's blood
        "I might say sailing is in my blood if I tried it.",  # no fact
    ],
)
def test_no_pastime_in_other_blood(text: str) -> None:
    assert _said(text) == set()


def test_a_drink_one_cannot_do_without_is_a_favourite() -> None:
    assert ("favorite drink", "chai") in _said("I can't start the day without chai.")


@pytest.mark.parametrize(
    ("text", "drink"),
    [
        ("Tea is my lifeblood — I'd sell my own granny for a strong cup.", "Tea"),
        ("Cortados are basically my lifeblood, I'd keel over without one", "Cortados"),
    ],
)
def test_a_drink_called_the_speakers_lifeblood_is_a_favourite(text: str, drink: str) -> None:
    assert ("Maria", "favorite drink", drink, "assert") in triples(text)


def test_a_thing_that_is_no_drink_called_a_weakness_is_no_favourite() -> None:
    assert not {v for _, r, v, _ in triples("Netflix is my weakness.") if r == "favorite drink"}
