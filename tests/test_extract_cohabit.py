"""A couple told by a home shared (tem.extract.cohabit)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


def couple(text: str) -> set[tuple[str, str | None]]:
    wanted = ("partner", "relationship status")
    return {(r, v) for s, r, v, k in triples(text) if r in wanted and s == "Maria"}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I moved in with Tomasz in March and the flat is tiny.", "Tomasz"),
        ("Kwame and I moved in together in Kumasi last spring.", "Kwame"),
        ("Packed everything up and moved to Oslo to be with Ingrid.", "Ingrid"),
        ("I left Lagos after ten years to live with Tunde in Abuja.", "Tunde"),
        ("Since moving in with Rafael I drink far less coffee.", "Rafael"),
        (
            "Everything I shipped to Lyon when I moved in with Antoine: two bikes and a cat.",
            "Antoine",
        ),
        ("Sold the car, packed a van and moved down to Bristol to live with Imogen.", "Imogen"),
    ],
)
def test_a_home_shared_with_someone_named_says_a_couple(text: str, name: str) -> None:
    assert ("partner", name) in couple(text)
    assert ("relationship status", "in a relationship") in couple(text)


def test_a_couple_with_no_name_gives_the_status_alone() -> None:
    assert couple("We finally moved in together after three years apart.") == {
        ("relationship status", "in a relationship")
    }


def test_a_partner_word_says_the_status() -> None:
    assert ("relationship status", "married") in couple("I moved in with my wife Ana in May.")


@pytest.mark.parametrize(
    "text",
    [
        "I moved in with my sister in Leeds.",
        "Me and my flatmates moved in together in Bristol.",
        "Back living with Gran in Navan for now.",
        "My cousin has moved in with a guy called Josh.",
        "I never said I was moving in with Bia.",
        "I might move in with Tom next year.",
        "Are you moving in with Priya?",
        "Moved out of Cardiff, now in Borth up the coast with dodgy 4G.",
    ],
)
def test_family_friends_others_plans_and_places_say_no_couple(text: str) -> None:
    assert not couple(text)


def test_a_family_by_its_name_is_no_partner() -> None:
    assert not couple("I gave up energy drinks when I moved in with the Murphys as their au pair.")
