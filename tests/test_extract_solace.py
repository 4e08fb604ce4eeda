"""A pastime said as what keeps the speaker well (tem.extract.solace)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


def hobbies(text: str) -> set[tuple[str, str]]:
    return {
        ((v or "").casefold(), k) for s, r, v, k in triples(text) if r == "hobby" and s == "Maria"
    }


@pytest.mark.parametrize(
    ("text", "pastime", "kind"),
    [
        (
            "Kayaking is my happy place, you'll find me on the lake most Sundays.",
            "kayaking",
            "assert",
        ),
        ("Honestly, knitting keeps me sane at the moment.", "knitting", "assert"),
        ("Trail running is my pressure valve.", "trail running", "assert"),  # with its kind
        ("Hula's been my anchor since I was six.", "hula", "assert"),  # a person to the tagger
        ("Crochet was my security blanket on layovers for years.", "crochet", "end"),
        ("Bouldering is my obsession lately", "bouldering", "assert"),
        (
            "I've been kept sane by birdwatching through this whole degree.",
            "birdwatching",
            "assert",
        ),
    ],
)
def test_an_activity_that_keeps_one_well_is_a_pastime(text: str, pastime: str, kind: str) -> None:
    assert (pastime, kind) in hobbies(text)


@pytest.mark.parametrize(
    "text",
    [
        "My wife Ana keeps me sane.",
        "Lisbon is my happy place.",
        "Late nights are kinda my thing, I'm a bartender.",
        "The gym is my only escape from the library.",
        "Rowing is not my happy place.",
        "His climbing keeps me sane.",
        "Nadia is my anchor.",
    ],
)
def test_a_person_a_place_or_no_activity_is_no_pastime(text: str) -> None:
    assert not {v for v, _ in hobbies(text)} & {
        "ana",
        "lisbon",
        "late nights",
        "gym",
        "rowing",
        "climbing",
        "nadia",
    }
