"""The speaker's own post where it is (tem.extract.posts): "my shift at Walmart" says
where the speaker works; a post that is over ends the work."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

EXTRACTOR = OfflineExtractor()


def triples(text: str) -> set[tuple[str, str, str | None, str]]:
    session = Session("s1", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Ana", text, 0),))
    return {(f.subject, f.relation, f.value, f.kind) for f in EXTRACTOR.extract(session)}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("My contract with MTN was terminated in March, so I'm job hunting.", "MTN"),
        ("My position at Bosch was eliminated in the spring.", "Bosch"),
        (
            "Just finished my last shift at Walmart!! Been at Home Depot two weeks already.",
            "Walmart",
        ),
    ],
)
def test_a_post_that_is_over_ends_the_work(text: str, employer: str) -> None:
    found = triples(text)
    assert ("Ana", "works at", employer, "end") in found
    assert ("Ana", "works at", employer, "assert") not in found


@pytest.mark.parametrize(
    "text",
    [
        "If my contract with MTN is terminated I'll be broke.",  # doubted
        "My contract with MTN ends in May.",  # to come
    ],
)
def test_a_post_not_yet_over_ends_nothing(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "works at" and t[3] == "end"}


def test_a_post_that_holds_names_the_employer() -> None:
    assert ("Ana", "works at", "Walmart", "assert") in triples(
        "I almost missed my shift at Walmart."
    )
