"""From extracted facts to statements: names, relations, times and implied endings."""

from __future__ import annotations

from datetime import UTC, datetime

from tem import Memory, Status
from tem.core.relations import implied_ends
from tem.core.session import Session, Turn
from tem.extract.facts import ExtractedFact
from tem.ingest.aliases import Aliases
from tem.ingest.pipeline import statements

DAY = datetime(2024, 5, 14, 10, tzinfo=UTC)


def fact(relation: str, value: str | None, kind: str = "assert") -> ExtractedFact:
    return ExtractedFact("Alice", relation, value, kind, None, "one", 0, "")


def said(*facts: ExtractedFact) -> set[tuple[str, str, str | None]]:
    session = Session("s1", DAY, (Turn("Alice", "...", 0),), ("Alice",))
    return {(s.kind, s.relation, s.value) for s in statements(session, facts, Aliases())}


def test_a_status_without_a_partner_ends_the_partner() -> None:
    for status in ("single", "divorced", "widowed", "separated"):
        made = said(fact("relationship status", status))
        assert ("end", "partner", None) in made


def test_a_partner_already_ended_in_the_turn_is_not_ended_twice() -> None:
    made = said(fact("partner", "Tom", "end"), fact("relationship status", "single"))
    assert made == {("end", "partner", "Tom"), ("assert", "relationship status", "single")}


def test_a_status_of_a_couple_ends_nothing() -> None:
    assert implied_ends("relationship status", "married") == ()
    assert said(fact("relationship status", "engaged")) == {
        ("assert", "relationship status", "engaged")
    }


def test_saying_you_are_divorced_retires_the_partner_memory_holds(memory: Memory) -> None:
    first = Session("s1", DAY, (Turn("Alice", "My husband Tom and I live in Leeds.", 0),))
    later = Session("s2", DAY.replace(month=9), (Turn("Alice", "I'm divorced now.", 0),))
    memory.ingest([first, later])
    (tom,) = memory.history("Alice", "partner")
    assert tom.value == "Tom" and tom.status is not Status.CURRENT
