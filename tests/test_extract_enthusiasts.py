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
    ],
)
def test_a_keen_doer_does_it_for_pleasure(text: str, pastime: str) -> None:
    found = triples(text)
    assert ("Maria", "hobby", pastime, "assert") in found
    assert not {t for t in found if t[1] == "job title"}


@pytest.mark.parametrize(
    "text",
    [
        "I'm a keen nurse.",  # an occupation stays one
        "My brother is a keen sailor.",  # someone else's pastime
        "I'm a pianist.",  # no doing to name, nor a word of enthusiasm
    ],
)
def test_an_occupation_or_another_persons_pastime_is_no_pastime_of_the_speaker(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "hobby"}
