"""A message told as a timeline ends the values it places before the one that holds
now (tem.extract.timeline)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor
from tem.extract.facts import ExtractedFact

SAID = datetime(2026, 5, 1, tzinfo=UTC)


def facts_of(text: str) -> list[ExtractedFact]:
    return OfflineExtractor().extract(Session("s1", SAID, (Turn("Sam", text, 0),)))


def told(text: str) -> set[tuple[str, str | None, str]]:
    return {(f.relation, f.value, f.kind) for f in facts_of(text)}


@pytest.mark.parametrize(
    ("text", "ended", "held"),
    [
        (
            "lol my timeline is chaos: barista at 18, art school dropout at 20, "
            "tattoo artist since 2019, living in bristol",
            ("job title", "barista"),
            ("job title", "tattoo artist"),
        ),
        (
            "Places I've called home: Addis till 2001, and since 2007 Minneapolis.",
            ("lives in", "Addis"),
            ("lives in", "Minneapolis"),
        ),
        (
            "My drinks through the decades: Orangina as a kid, pastis in my twenties, "
            "and now, at 61, just green tea.",
            ("favorite drink", "pastis"),
            ("favorite drink", "green tea"),
        ),
        (
            "Earlier I was staying in Mangalore but presently I am residing in Bengaluru "
            "with my husband.",
            ("lives in", "Mangalore"),
            ("lives in", "Bengaluru"),
        ),
    ],
)
def test_a_value_told_as_past_ends_beside_one_told_as_now(
    text: str, ended: tuple[str, str], held: tuple[str, str]
) -> None:
    facts = told(text)
    assert (*ended, "end") in facts and (*ended, "assert") not in facts
    assert (*held, "assert") in facts


@pytest.mark.parametrize(
    "text",
    [
        "I'm a nurse and a yoga teacher.",
        "My daily drinks: black coffee at 7, green tea at 11, and a kombucha after lunch.",
        "In 2015 I moved to Oslo, and in 2018 I moved to Bergen.",
        "Samsung sent me to Seoul on a two-year posting, so I'm living in Gangnam for now.",
    ],
)
def test_values_told_alike_or_by_their_years_keep_their_holding(text: str) -> None:
    assert not any(kind == "end" for _, _, kind in told(text))


def test_the_value_ended_by_a_timeline_ends_when_the_next_began() -> None:
    facts = facts_of("My life: waitress at 19, nurse since 2019.")
    ended = [f for f in facts if f.value == "waitress"]
    assert [f.kind for f in ended] == ["end"]
    assert ended[0].valid_from == datetime(2019, 1, 1, tzinfo=UTC)
