"""A home pointed back to with "here" or "there" (tem.extract.deixis): the place the
turn named last before it, not one come from, and only in the speaker's own clause."""

from __future__ import annotations

import pytest

from test_extract_posts import triples


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("I was transferred to our Monterrey office in January and I live there now.", "Monterrey"),
        ("Melbourne winters r killing me, I literally moved here from Brisbane", "Melbourne"),
        (
            "I was transferred out of Nairobi to the Kisumu branch, so we moved there in June.",
            "Kisumu",
        ),
        (
            "Our wedding was held in Amman, and Karim and I have been living there ever since.",
            "Amman",
        ),
    ],
)
def test_a_home_pointed_back_to_is_the_place_named_last(text: str, home: str) -> None:
    assert ("Ana", "lives in", home, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I visited Lisbon last year and I could live there.",  # modal
        "My sister moved to Lima and she lives there now.",  # someone else
        "Do you think I should move there? Porto looks lovely.",  # asked, nothing before
    ],
)
def test_a_home_pointed_to_in_a_blocked_or_others_clause_is_none(text: str) -> None:
    assert not {t for t in triples(text) if t[0] == "Ana" and t[1] == "lives in"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("Hail the size of marbles here in Monterrey!", "Monterrey"),
        ("Minus 48 this morning here in Yakutsk and my husband had to warm the car.", "Yakutsk"),
        ("It's so hot here in Lisbon today.", "Lisbon"),
    ],
)
def test_a_place_the_speaker_is_here_in_is_a_home(text: str, home: str) -> None:
    assert ("Ana", "lives in", home, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "We're here in Rome for the week.",  # a trip
        "On holiday here in Bali, loving it.",
        "Our cat was put to sleep here in September.",  # a month
        "Snow's finally melting up here in the valley, smells like spring.",  # no town
    ],
)
def test_here_in_a_trip_or_a_time_is_no_home(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "lives in" and t[3] == "assert"}


@pytest.mark.parametrize(
    ("text", "home", "left"),
    [
        ("left nairobi after 6 yrs now in mombasa loving the beach", "mombasa", "Nairobi"),
        ("used to live in kolkata, now in bangalore, but east bengal forever", "Bangalore",
         "Kolkata"),
        ("lived in milan for years but now back in iasi", "iasi", "milan"),
    ],
)  # fmt: skip
def test_now_in_a_place_is_the_home_whatever_came_before(text: str, home: str, left: str) -> None:
    found = {(r, (v or "").casefold(), k) for _, r, v, k in triples(text)}
    assert ("lives in", home.casefold(), "assert") in found
    assert ("lives in", left.casefold(), "end") in found
    assert ("lives in", home.casefold(), "end") not in found


@pytest.mark.parametrize("text", ["My sister is now in Dubai.", "I'm now in Rome for the week."])
def test_someone_else_or_a_trip_now_in_a_place_is_no_home(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "lives in"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("Back in Valparaíso after four years in Lyon: I teach French now.", "Valparaíso"),
        ("Back in Leeds and it's rain from dawn till dusk, as ever.", "Leeds"),
        ("Single again since May, back in Poznań, and I've taken up rowing.", "Poznań"),
        ("Back home in Kisumu after the Nairobi trip, jet-lagged.", "Kisumu"),
    ],
)
def test_a_fragment_back_in_a_place_is_the_home(text: str, home: str) -> None:
    assert ("Ana", "lives in", home, "assert") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Back in Kampala for two weeks visiting my parents, anyone free?",  # a visit
        "Back in Riga I sang in a choir every Sunday.",  # a past told
        "Good to see you, back in Oslo we never had snow like this.",  # no fragment
        "Back in March I started a new job.",  # a time
    ],
)
def test_back_in_a_place_told_as_a_visit_a_past_or_in_passing_is_no_home(text: str) -> None:
    said = {"Kampala", "Riga", "Oslo", "March"}
    held = {t[2] for t in triples(text) if t[1] == "lives in" and t[3] == "assert"}
    assert not held & said


def test_years_in_a_place_before_a_home_come_back_to_end_it() -> None:
    found = triples("Back in Valparaíso after four years in Lyon: I teach French now.")
    assert ("Ana", "lives in", "Lyon", "end") in found
    assert ("Ana", "lives in", "Lyon", "assert") not in found
    moved = triples("Moved back down to Exeter after a decade in Leeds, so the commute is over.")
    assert ("Ana", "lives in", "Leeds", "end") in moved
    assert ("Ana", "lives in", "Leeds", "assert") not in moved
