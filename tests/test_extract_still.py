"""What chat says still holds, its "I'm" dropped (tem.extract.still)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor(learned=False)


def _facts(text: str) -> set[tuple[str, str, str]]:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.relation, f.value or "", f.kind) for f in EXTRACTOR.extract(session)}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("yeah still in Ghent, nothing much has changed", ("lives in", "Ghent", "assert")),
        ("yeah still in tromsø haha, still freezing", ("lives in", "Tromsø", "assert")),
        ("still at Nationwide, yes, still hate the car park", ("works at", "Nationwide", "assert")),
        ("update: still vegan, still in Portland", ("lives in", "Portland", "assert")),
    ],
)
def test_a_fragment_of_still_says_what_holds(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "My sister is still in Lima.",  # not a fragment of the speaker's
        "I'm still in shock.",  # no place
        "yeah still in Bali for two more days, flying home Sunday",  # a stay
    ],
)
def test_other_stills_say_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] in ("lives in", "works at")}


@pytest.mark.parametrize(
    "text",
    [
        "Four years in Graz now and I finally speak decent German.",
        "haha yes I speak Portuguese now, 2 yrs in Lisbon will do that to u",
        "Learning Dutch was hard, but after six years in Utrecht I can finally hold my own.",
    ],
)
def test_years_in_a_place_told_now_are_a_home(text: str) -> None:
    homes = {f[1] for f in _facts(text) if f[0] == "lives in" and f[2] == "assert"}
    assert homes & {"Graz", "Lisbon", "Utrecht"}


@pytest.mark.parametrize(
    "text",
    [
        "My sister has been two years in Rome.",  # someone else's
        "Three years in Lagos was enough for me.",  # the past
        "My two years in Paris were great.",  # the past, and owned
        "I moved to Leeds, after six years in York.",  # another home is held
    ],
)
def test_years_in_a_place_of_the_past_or_of_others_are_no_home(text: str) -> None:
    homes = {f[1] for f in _facts(text) if f[0] == "lives in" and f[2] == "assert"}
    assert not homes & {"Rome", "Lagos", "Paris", "York"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("so I'm back in Bari scooping gelato at my dad's place", "Bari"),
        ("I'm now in Edinburgh, studying nursing, working weekends at Greggs.", "Edinburgh"),
        ("I'm a nurse at Rashid Hospital, been in Dubai almost two years.", "Dubai"),
        ("Me and the missus have been in Cork about a year now.", "Cork"),
    ],
)
def test_the_speaker_in_a_place_now_back_or_for_years_lives_there(text: str, home: str) -> None:
    assert ("lives in", home, "assert") in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm back in London for the weekend.",
        "I'm now in Paris for the conference, studying the programme.",
        "My sister is now in Lima.",
        "I've been in Rome twice.",
    ],
)
def test_a_stay_or_someone_else_in_a_place_is_no_home(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "lives in"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("so now I'm a freelance translator in Tbilisi, nothing to worry about.", "Tbilisi"),
        ("I've been a nurse in Ballarat for eleven years.", "Ballarat"),
        ("I've been a teacher in Swindon since 2019.", "Swindon"),
    ],
)
def test_a_title_held_in_a_place_now_or_for_years_tells_the_home(text: str, home: str) -> None:
    assert ("lives in", home, "assert") in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a tour guide in Rome now for the summer.",  # a stay
        "I was a copper in Glasgow for thirty years before I retired.",  # the past
        "Woolworths took me on as a store manager in Durbanville two years ago.",  # a role given
        "My sister has been a nurse in Toronto for ten years.",  # someone else's
    ],
)
def test_a_title_in_a_place_of_a_stay_the_past_or_a_role_given_tells_no_home(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "lives in" and f[2] == "assert"}
