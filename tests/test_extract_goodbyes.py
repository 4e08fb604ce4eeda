"""What the speaker bids goodbye to, as ended (tem.extract.goodbyes)."""

from __future__ import annotations

import pytest

from test_extract_posts import triples


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("moved to lisbon in june!! bye bye porto 🌊", ("lives in", "porto")),
        ("bye bye lidl 👋 last shift was today", ("works at", "lidl")),
        ("Said goodbye to Unilever after eleven years, onwards.", ("works at", "Unilever")),
        ("Kissed Dublin goodbye and settled in Galway.", ("lives in", "Dublin")),
        ("officially a Denver girl now, bye bye Boston winters", ("lives in", "Boston")),
        ("bye bye oat lattes 👋 the budget says tap water", ("favorite drink", "oat lattes")),
        ("I've waved goodbye to my nightly rum, two months dry.", ("favorite drink", "rum")),
        ("lol no more vodka for me, 3 months sober 🙌", ("favorite drink", "vodka")),
        ("no more lagos for me, moved to abuja in may", ("lives in", "lagos")),
    ],
)
def test_a_thing_bid_goodbye_is_ended(text: str, ended: tuple[str, str]) -> None:
    found = triples(text)
    assert ("Ana", *ended, "end") in found
    assert ("Ana", *ended, "assert") not in found


@pytest.mark.parametrize(
    "text",
    [
        "Can't wait to say bye bye to Leeds next year.",  # ahead
        "Goodbye Daniel, see you at the match.",  # a person
        "Should I say goodbye to Deloitte?",  # asked
        "Promoted at last, so no more Zara Saturdays for me.",  # a firm "no more" says little
    ],
)
def test_a_farewell_ahead_asked_or_to_a_person_ends_nothing(text: str) -> None:
    assert not {t for t in triples(text) if t[3] == "end" and t[1] in ("lives in", "works at")}
