"""Trips and visits (``tem.extract.trips``): a place gone to or stayed at for a while is
no home; a clause's own words say so, not those of another clause inside it."""

from __future__ import annotations

import pytest

from test_extract_learned import added_by, facts_with


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
