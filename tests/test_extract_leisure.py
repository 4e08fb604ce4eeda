"""Pastimes one goes to do (:func:`tem.extract.leisure.gone_doing`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from tests.test_extract_rules import triples

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor()


def hobbies(text: str) -> set[tuple[str | None, str]]:
    session = Session("s1", datetime(2024, 3, 4, tzinfo=UTC), (Turn("Maria", text, 0),))
    found = EXTRACTOR.extract(session)
    return {(f.value, f.kind) for f in found if f.relation == "hobby" and f.subject == "Maria"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I go sea swimming at the Forty Foot most weekends.", ("sea swimming", "assert")),
        ("We still go cross-country skiing every weekend.", ("cross-country skiing", "assert")),
        ("I go fell running on Sundays.", ("fell running", "assert")),
        ("I've been going bouldering twice a week.", ("bouldering", "assert")),
        ("I used to go wild swimming.", ("wild swimming", "end")),
    ],
)
def test_a_pastime_gone_to_as_a_habit(text: str, expected: tuple[str, str]) -> None:
    assert expected in hobbies(text)


@pytest.mark.parametrize(
    "text",
    [
        "I went sea swimming on Saturday.",  # one outing
        "I'm going cross-country skiing tomorrow.",  # a plan
        "My dad goes fell running on Sundays.",  # someone else
        "I go grocery shopping on Sundays.",  # no pastime the writers named
    ],
)
def test_no_pastime_from_an_outing_a_plan_or_a_chore(text: str) -> None:
    assert hobbies(text) == set()


def test_a_drink_the_writers_named_is_a_drink_but_a_place_is_not() -> None:
    assert ("Maria", "favorite drink", "zobo", "assert") in triples(
        "zobo is my lifeblood, a jug a day"
    )
    assert not {r for _, r, _, _ in triples("I love Jamaica.") if r == "favorite drink"}
    assert ("Maria", "works at", "Google", "end") in triples("I quit Google in May.")


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I love kitesurfing.", "kitesurfing"),  # one word: kite and a known doing
        ("I enjoy gardening on Sundays.", "gardening"),
    ],
)
def test_a_pastimes_doing_loved_or_enjoyed_is_a_pastime(text: str, pastime: str) -> None:
    assert ("Maria", "hobby", pastime, "assert") in triples(text)


@pytest.mark.parametrize(
    "text", ["I'd love kitesurfing.", "I don't enjoy running.", "I like admin."]
)
def test_a_doing_wished_denied_or_no_pastime_is_none(text: str) -> None:
    assert not {f for f in triples(text) if f[1] == "hobby"}


def test_a_doing_told_with_what_is_done_is_no_pastime_of_its_own() -> None:
    found = triples("I just really enjoy watching our pets play with one another.")
    assert ("Maria", "hobby", "watching", "assert") not in found


@pytest.mark.parametrize(
    "text",
    [
        "I've moved up to Inverness to take up a post with NHS Highland as a staff nurse.",
        "I walked away from Rakuten, and I've been picking up the pieces since.",
        "I study there and pick up café shifts in Hamra.",
    ],
)
def test_a_post_a_shift_or_the_pieces_taken_up_are_no_pastime(text: str) -> None:
    from tests.test_extract_rules import triples

    assert not {t for t in triples(text) if t[1] == "hobby"}


def test_sunday_league_football_is_football() -> None:
    from tem.extract.tidy import tidy

    assert tidy("hobby", "league football") == "football"
    assert tidy("hobby", "rugby league") == "rugby league"


def test_a_breed_capitalised_as_a_name_is_still_a_pet() -> None:
    found = {t for t in triples("I've a Labrador called Sheru.") if t[1] == "has pet"}
    assert found == {("Maria", "has pet", "Sheru", "assert")}
    assert ("Maria", "has pet", "Labrador", "assert") in triples("I have a Labrador.")


def test_the_school_whose_programme_one_is_enrolled_in() -> None:
    found = triples("I'm now enrolled in the University of Melbourne's nursing programme.")
    assert ("Maria", "studies at", "University of Melbourne", "assert") in found
    assert not {t for t in triples("I study in my sister's room.") if t[1] == "studies at"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I trail run on weekends.", "trail running"),  # the doing last
        ("I cross-country ski whenever the light allows.", "cross-country skiing"),
        ("My favourite things: oat flat whites, trail running, and my dog.", "trail running"),
    ],
)
def test_a_pastime_named_by_its_kind_keeps_its_doing(text: str, pastime: str) -> None:
    assert (pastime, "assert") in hobbies(text)


@pytest.mark.parametrize("text", ["I study history at UCT.", "I study law at UCT."])
def test_a_schools_initials_the_tagger_took_for_an_adverb_are_its_name(text: str) -> None:
    assert ("Maria", "studies at", "UCT", "assert") in triples(text)
