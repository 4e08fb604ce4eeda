"""A home said as who one is (tem.extract.natives)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("so yes I'm a Busan girl now", "Busan"),
        ("Lautoka girl through and through, never lived anywhere else.", "Lautoka"),
        ("I've been a Lisbon boy through and through since 2018.", "Lisbon"),
    ],
)
def test_a_place_person_the_speaker_is_names_the_home(text: str, home: str) -> None:
    assert ("Maria", "lives in", home, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I was a Lisbon boy once.",
        "My sister is a Busan girl.",
        "I'm not a London girl.",
        "I'm a material girl.",
        "Kyle man the wings were mid but the game was insane",
    ],
)
def test_another_a_past_or_a_denied_belonging_names_no_home(text: str) -> None:
    found = triples(text)
    assert not {v for s, r, v, k in found if r == "lives in" and s == "Maria" and k == "assert"}
