"""Pastimes told by the club, team or league the speaker belongs to."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tem.core.session import Session, Turn
from tem.extract import OfflineExtractor

RULES = OfflineExtractor(learned=False)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've been in the Tel Aviv quiz league ever since I moved here.", {("quiz", "assert")}),
        ("I play board two for the Headingley chess club.", {("playing chess", "assert")}),
        ("The local chess club has already roped me in.", {("playing chess", "assert")}),
        ("The bowls club keeps me busy most afternoons.", {("bowls", "assert")}),
        ("We spend every Sunday at the chess club.", {("playing chess", "assert")}),
        ("I'm a member of the Leith quiz club.", {("quiz", "assert")}),
        ("I quit the running club.", {("running", "end")}),
        ("I row for the college boat club.", {("rowing", "assert")}),  # the verb's pastime
        ("I'm not in the chess club anymore.", {("playing chess", "end")}),
        ("My sister is in a chess club.", set()),
        ("I might join the running club.", set()),
        ("I work at the golf club.", set()),
        ("Our dev team is great.", set()),
    ],
)
def test_the_group_one_belongs_to_names_a_pastime(
    text: str, expected: set[tuple[str, str]]
) -> None:
    session = Session("s", datetime(2024, 5, 8, tzinfo=UTC), (Turn("Maria", text, 0),))
    found = {(f.value, f.kind) for f in RULES.extract(session) if f.relation == "hobby"}
    assert found == expected
