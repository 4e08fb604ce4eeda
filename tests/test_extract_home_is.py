"""A home said with "be" (tem.extract.home_is)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

RULES = OfflineExtractor(learned=False)  # the rules' reading alone


def homes(text: str) -> set[tuple[str | None, str]]:
    session = Session("s1", datetime(2025, 3, 1, tzinfo=UTC), (Turn("Maria", text, 0),))
    found = RULES.extract(session)
    return {(f.value, f.kind) for f in found if f.relation == "lives in" and f.subject == "Maria"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("Home for me is Lisbon.", "Lisbon"),
        ("Kasoa is where I lay my head.", "Kasoa"),
        ("Kuwait City has been home for a decade.", "Kuwait City"),
        # a home said by an idiom, and how long it has been one
        ("Bogotá is my stomping ground.", "Bogotá"),
        ("Kuwait City has been my stomping ground for a decade.", "Kuwait City"),
        ("Manchester has been my stomping ground since uni.", "Manchester"),
    ],
)
def test_a_place_said_to_be_ones_home_is_lived_in(text: str, home: str) -> None:
    assert (home, "assert") in homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "Paris is home to the Louvre.",
        "Berlin is my brother's stomping ground.",
        "Paris was my stomping ground in my twenties.",
        "Lisbon is my second home.",
    ],
)
def test_a_home_of_others_of_the_past_or_a_second_one_is_none(text: str) -> None:
    assert not {v for v, k in homes(text) if k == "assert"}
