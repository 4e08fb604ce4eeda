"""A couple's own occasion (tem.extract.occasions): our wedding, anniversary, honeymoon."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "status", "partner"),
    [
        ("Kwame and I just celebrated our sixth wedding anniversary in Accra.", "married", "Kwame"),
        ("Putting together the playlist for my wedding to Álvaro next month.", "engaged", "Álvaro"),
        (
            "My cat sleeps between me and Layla, so our marriage is technically a throuple.",
            "married",
            "Layla",
        ),
        (
            "Deloitte gave me two days of leave for my wedding, so Anjali and I are stretching "
            "the honeymoon.",
            "married",
            "Anjali",
        ),
        ("my dog Koa is officially the flower boy at our wedding", "engaged", None),
        ("I built the arch for our wedding last Saturday.", "married", None),
        (
            "Three things I brought into this marriage: a tabby, an espresso machine and Finnish.",
            "married",
            None,
        ),
        ("me n jamal celebrated our anniversary lol", "in a relationship", "Jamal"),
    ],
)
def test_the_speakers_own_occasion_says_the_status_and_the_partner(
    text: str, status: str, partner: str | None
) -> None:
    found = triples(text)
    assert ("Maria", "relationship status", status, "assert") in found
    if partner is not None:
        assert ("Maria", "partner", partner, "assert") in found


@pytest.mark.parametrize(
    "text",
    [
        "Mum and I went to our cousin's wedding.",
        "If Ana and I ever get married, our wedding will be tiny.",
        "Our engagement was called off in the spring.",
        "Is our wedding anniversary in June or July?",
        "Things that ended this year: my engagement to Klara, my gym membership.",
    ],
)
def test_anothers_occasion_a_supposed_one_or_one_called_off_says_no_couple(text: str) -> None:
    found = triples(text)
    assert not {(r, v) for _, r, v, k in found if r == "relationship status" and k == "assert"}


def test_a_partner_word_says_the_status_better_than_an_anniversary() -> None:
    found = triples("My husband Iker and I just celebrated our first anniversary in the new house.")
    assert ("Maria", "relationship status", "in a relationship", "assert") not in found


@pytest.mark.parametrize(
    ("text", "status", "partner"),
    [
        ("I hung up my apron the same week my marriage fell apart.", "married", None),
        ("Sony laid me off, and my marriage ended three months later.", "married", None),
        ("I've worked at EY for a decade, and it cost me my marriage.", "married", None),
        ("My marriage to Stefan was dissolved by the court in June.", "married", "Stefan"),
        ("Our engagement was called off in the spring.", "engaged", None),
        ("Carla and I called off the engagement last week.", None, "Carla"),
    ],
)
def test_the_speakers_own_couple_ended_ends_its_status_and_partner(
    text: str, status: str | None, partner: str | None
) -> None:
    found = triples(text)
    assert ("Maria", "relationship status", status or "married", "assert") not in found
    if status is not None:
        assert ("Maria", "relationship status", status, "end") in found
    if partner is not None:
        assert ("Maria", "partner", partner, "end") in found


def test_a_wedding_cancelled_ends_no_couple() -> None:
    assert not {t for t in triples("Our wedding was cancelled by the venue.") if t[3] == "end"}
