"""Trips and visits (``tem.extract.trips``): a place gone to or stayed at for a while is
no home; a clause's own words say so, not those of another clause inside it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from test_extract_learned import added_by, facts_with
from test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the weekends are the hiking's, not the living's
        ("I live in Kraków and I spend most weekends hiking in the Tatras.", "Kraków"),
        # rent going up is no journey
        ("I'm a nurse, my husband is between jobs, rent here in Nairobi just went up.", "Nairobi"),
        # the band is the parrot's, in a relative clause deep inside the living's
        (
            "We live in Turin with our parrot Kiwi, who already screams louder than any"
            " wedding band could.",
            "Turin",
        ),
    ],
)
def test_a_home_beside_a_trip_word_of_another_clause_is_kept(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str
) -> None:
    assert ("Ana", "lives in", value, "assert") in facts_with(monkeypatch, text, value, "LIVES_IN")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I stayed in Rome for a week.", "Rome"),
        ("Just got back from two weeks in Hanoi.", "Hanoi"),
        ("We went up to Inverness for the weekend.", "Inverness"),
    ],
)
def test_a_trip_is_no_home(monkeypatch: pytest.MonkeyPatch, text: str, value: str) -> None:
    assert added_by(monkeypatch, text, value, "LIVES_IN") == set()


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (
            "I spent two weeks in Istanbul with my cousins, ate simit every morning and drank"
            " far too much Turkish tea.",
            "Turkish tea",
            "FAVORITE_DRINK",
        ),
        (
            "I flew over to Boston to see my aunt, and I ate clam chowder every day.",
            "clam chowder",
            "HOBBY",
        ),
        (
            "I was in Chennai for my cousin's wedding, and the filter coffee at the hotel was"
            " incredible.",
            "filter coffee",
            "FAVORITE_DRINK",
        ),
        # a short stay named without a verb
        (
            "Three days in Kyoto and I've already drunk more hojicha than in my whole life.",
            "hojicha",
            "FAVORITE_DRINK",
        ),
        # a fortnight, or weeks the parser hangs the place beside
        (
            "Spent a fortnight in Mallorca with the grandkids, sangria for me.",
            "sangria",
            "FAVORITE_DRINK",
        ),
        (
            "Spending two weeks in Tbilisi visiting my cousin, drinking too much Georgian wine.",
            "Georgian wine",
            "FAVORITE_DRINK",
        ),
    ],
)
def test_what_one_had_on_a_trip_is_no_habit(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str, label: str
) -> None:
    assert not {f for f in facts_with(monkeypatch, text, value, label) if f[2] == value}


@pytest.mark.parametrize(
    ("text", "value", "label", "fact"),
    [
        # "went back to" a drink is no journey
        (
            "I moved to Ibadan and went back to drinking zobo instead of beer.",
            "zobo",
            "FAVORITE_DRINK",
            ("Ana", "favorite drink", "zobo", "assert"),
        ),
        # plural trip nouns are habits
        (
            "My climbing gym hired me, so I climb there on weekends.",
            "climb",
            "HOBBY",
            ("Ana", "hobby", "climbing", "assert"),
        ),
    ],
)
def test_a_habit_beside_a_past_going_is_kept(
    monkeypatch: pytest.MonkeyPatch, text: str, value: str, label: str, fact: tuple[str, ...]
) -> None:
    assert fact in facts_with(monkeypatch, text, value, label)


@pytest.mark.parametrize(
    ("text", "home", "left"),
    [
        # moving back is a move, not a return from a trip
        ("I moved back to Croydon from Bengaluru.", "Croydon", "Bengaluru"),
        # "back in March" tells when, not a return
        ("Back in March I moved from Kumasi to Accra.", "Accra", "Kumasi"),
        (
            "Globant relocated me from Córdoba to Montevideo back in January.",
            "Montevideo",
            "Córdoba",
        ),
    ],
)
def test_a_move_told_with_back_is_no_trip(text: str, home: str, left: str) -> None:
    moved = {("Maria", "lives in", home, "assert"), ("Maria", "lives in", left, "end")}
    assert moved <= triples(text)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("Back home in Durban after the Joburg trip.", "Durban"),
        ("Back in Florianópolis after the holidays in Recife.", "Florianópolis"),
    ],
)
def test_coming_home_after_a_trip_names_the_home(text: str, home: str) -> None:
    homes = {v for s, r, v, k in triples(text) if r == "lives in" and k == "assert"}
    assert homes == {home}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("We moved to Leicester right after the wedding.", "Leicester"),
        ("I've been living in Abuja with my husband Emeka since the wedding.", "Abuja"),
    ],
)
def test_an_occasion_that_says_when_a_home_began_is_no_trip(text: str, home: str) -> None:
    homes = {v for s, r, v, k in triples(text) if r == "lives in" and k == "assert"}
    assert homes == {home}


@pytest.mark.parametrize(
    "text",
    [
        "I'm back home after the trip to Paris.",
        "Back in London for the weekend!",
        "Back in Paris for a conference.",
        "Back in 2019, in Oslo.",
        "I'm in Lisbon after the conference.",
        "We moved to Leicester for the wedding.",
    ],
)
def test_a_trips_place_or_a_short_return_is_no_home(text: str) -> None:
    assert not {f for f in triples(text) if f[1] == "lives in"}


@pytest.mark.parametrize(
    "text",
    [
        "I've been staying in Whitefield since 2019.",
        "I am staying in Koramangala only, um, for the past five years, near the office.",
        "I joined Tata Steel as a trainee and am staying with my cousin in Jamshedpur.",
        "I'm doing my BTech at Anna University and staying in a PG in Chennai.",
    ],
)
def test_a_stay_told_as_lasting_or_with_whom_is_a_home(text: str) -> None:
    assert ("lives in", "assert") in _homes(text)


def test_a_stay_this_week_or_at_a_hotel_is_a_visit() -> None:
    for text in ("I'm staying in Rome this week.", "I'm staying in a hotel in Rome."):
        assert not _homes(text)


def _homes(text: str) -> set[tuple[str, str]]:
    """The (relation, kind) of every home the whole extractor reads in ``text``."""
    session = Session("s", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    found = OfflineExtractor().extract(session)
    return {(f.relation, f.kind) for f in found if f.relation == "lives in"}
