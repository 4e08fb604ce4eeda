"""A home an employer moves the speaker to (tem.extract.postings)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "home", "left"),
    [
        ("I was transferred to the Denver office by Lockheed Martin last spring.", "Denver", None),
        ("They've relocated me to their new site in Florianópolis.", "Florianópolis", None),
        ("The Ministry of Health posted me to a clinic in Errachidia.", "Errachidia", None),
        ("Ecobank poached me from the Accra branch and shipped me off to Lomé.", "Lomé", None),
        ("I was transferred to Toyota's Nagoya office in April.", "Nagoya", None),
        (
            "I was transferred out of the Wrocław office by PwC, so we're starting over in Warsaw.",
            None,
            "Wrocław",
        ),
    ],
)
def test_a_transfer_or_posting_moves_the_speakers_home(
    text: str, home: str | None, left: str | None
) -> None:
    found = triples(text)
    if home is not None:
        assert ("Maria", "lives in", home, "assert") in found
    if left is not None:
        assert ("Maria", "lives in", left, "end") in found


@pytest.mark.parametrize(
    "text",
    [
        "Siemens sent me to Munich for two weeks.",
        "I've been seconded to the Harare office by Econet.",
        "Will they transfer me to the Oslo office?",
        "I've been transferred to the Izmir office, so I'll be moving at the end of next month.",
        "Acme didn't relocate me to Boston after all.",
    ],
)
def test_a_trip_a_secondment_or_a_move_not_made_moves_no_home(text: str) -> None:
    found = triples(text)
    assert not {v for _, r, v, k in found if r == "lives in" and k == "assert"}


def test_a_home_said_outright_outranks_the_office() -> None:
    found = triples("TCS transferred me to their Pune campus, so I'm renting a flat in Baner now.")
    assert ("Maria", "lives in", "Pune", "assert") not in found
