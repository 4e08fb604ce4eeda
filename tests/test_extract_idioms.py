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


@pytest.mark.parametrize(
    ("text", "drinks"),
    [
        ("Ditched energy drinks in March, it's all hibiscus tea now.", {"hibiscus tea"}),
        ("quit beer over the summer n now its just kvass", {"kvass"}),
        ("Gone off wine entirely, it's elderflower cordial or nothing these days.",
         {"elderflower cordial"}),
        ("Packed in the cider, it's strictly ginger beer and cola for me now.",
         {"ginger beer", "cola"}),
    ],
)  # fmt: skip
def test_a_habit_said_as_it_is_a_drink_names_the_drink(text: str, drinks: set[str]) -> None:
    found = {v for s, r, v, k in triples(text) if r == "favorite drink" and k == "assert"}
    assert drinks <= found


@pytest.mark.parametrize(
    "text",
    [
        "She drinks kombucha like it's water.",  # a likeness
        "If it's not an espresso, it's not breakfast.",  # supposed
        "The club took me into its masters water polo squad.",  # "its" owns
        "It's tea time now, come over!",  # a time of day
    ],
)
def test_it_is_a_drink_outside_a_habit_names_none(text: str) -> None:
    found = {v for s, r, v, k in triples(text) if r == "favorite drink" and k == "assert"}
    assert not found & {"water", "espresso", "masters water", "tea"}
