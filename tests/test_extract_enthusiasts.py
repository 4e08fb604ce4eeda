"""The pastime a person noun makes of the speaker (tem.extract.enthusiasts)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I'm a keen sailor.", "sailing"),
        ("I'm an avid hiker.", "hiking"),
        ("I'm a keen fell walker and I'm organising a litter pick.", "fell walking"),
        ("I've been a keen rambler for years.", "rambling"),
        ("I'm a keen cricketer and turn out for a club side most Sundays.", "cricket"),
        ("I think I am an expert hiker now.", "hiking"),  # not "expert hiking"
        ("I'm an amateur photographer.", "photography"),  # an occupation done for fun
        ("I'm a keen amateur astronomer.", "astronomy"),
        ("I'm a weekend surfer and a nurse.", "surfing"),  # not "weekend surfing"
    ],
)
def test_a_keen_doer_does_it_for_pleasure(text: str, pastime: str) -> None:
    found = triples(text)
    assert ("Maria", "hobby", pastime, "assert") in found
    assert not {t for t in found if t[1] == "job title" and t[2] != "nurse"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        (
            "About: Istanbul-based architect at Tabanlıoğlu, cyclist, amateur ceramicist, and"
            " proud owner of two Van cats.",
            "cycling",
        ),
        ("I'm a nurse at St Mary's and a keen cyclist.", "cycling"),
    ],
)
def test_a_doer_of_a_pastime_listed_with_a_title_does_it(text: str, pastime: str) -> None:
    assert ("Maria", "hobby", pastime, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a keen nurse.",  # an occupation stays one
        "My brother is a keen sailor.",  # someone else's pastime
        "I'm a pianist.",  # no doing to name, nor a word of enthusiasm
        "I'm a photographer at Reuters.",  # an occupation without a word of leisure
    ],
)
def test_an_occupation_or_another_persons_pastime_is_no_pastime_of_the_speaker(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "hobby"}


def test_a_weekend_doer_of_an_occupation_does_it_for_fun_unless_paid() -> None:
    assert ("Maria", "hobby", "baking", "assert") in triples("I'm a weekend baker.")
    text = "I juggle three jobs: receptionist at a clinic, Uber Eats rider, and weekend babysitter."
    found = triples(text)
    assert not {t for t in found if t[1] == "hobby"}
