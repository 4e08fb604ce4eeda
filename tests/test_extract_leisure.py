"""Pastimes one goes to do (:func:`tem.extract.leisure.gone_doing`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

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
