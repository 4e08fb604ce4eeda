"""Pastimes taken up again (tem.extract.returns)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I finally went back to rock climbing once my shoulder healed.", "rock climbing"),
        ("I've gone back to netball after twelve years off.", "netball"),
        ("went back to crossfit finaly my back is all better", "crossfit"),
    ],
)
def test_going_back_to_a_pastime_holds_it(text: str, pastime: str) -> None:
    found = {(r, (v or "").casefold(), k) for _, r, v, k in triples(text)}
    assert ("hobby", pastime, "assert") in found


@pytest.mark.parametrize(
    "text",
    [
        "I went back to Lagos in May.",
        "I went back to work after the baby.",
        "I've gone back to the books, doing my master's at Charles University.",
        "If I went back to climbing, my shoulder would hate me.",
    ],
)
def test_going_back_to_a_place_work_or_study_is_no_pastime(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "hobby"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I gave up knitting when the twins were born, but I started again this winter.",
         "knitting"),
        ("I stopped crocheting for a while, but I picked it back up this week.", "crocheting"),
    ],
)  # fmt: skip
def test_a_pastime_given_up_and_started_again_is_held(text: str, pastime: str) -> None:
    found = triples(text)
    assert ("Maria", "hobby", pastime, "assert") in found
    assert ("Maria", "hobby", pastime, "end") not in found


def test_a_pastime_given_up_for_good_stays_ended() -> None:
    found = triples("I gave up knitting when the twins were born and never went back.")
    assert ("Maria", "hobby", "knitting", "end") in found
