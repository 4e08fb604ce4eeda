from datetime import UTC, datetime

import pytest

from tem import Memory
from tem.core.session import Session, Turn, TurnRecord
from tem.hybrid import FACT_WEIGHT, VIEWS, build, candidates, mention_note, turn_line
from tem.periods import relative_mentions
from tem.tokens import count_tokens
from tem.turn_index import RRF_K, RankedTurn

DAY = datetime(2023, 5, 8, 13, tzinfo=UTC)


def chat(memory: Memory) -> None:
    lines = [
        ("Caroline", "I went to a LGBTQ support group yesterday and it was powerful."),
        ("Melanie", "That sounds great! I painted a sunset."),
        ("Caroline", "I want to study counseling."),
        ("Melanie", "My kids loved the camping trip."),
    ]
    turns = tuple(Turn(who, text, i, turn_id=f"D1:{i + 1}") for i, (who, text) in enumerate(lines))
    memory.ingest([Session("s1", DAY, turns, ("Caroline", "Melanie"))])


def test_a_relative_time_is_shown_resolved_next_to_the_turn() -> None:
    memory = Memory()
    chat(memory)
    evidence = memory.hybrid("When did Caroline go to the support group?", 300)
    assert "<Turns>\n2023-05-08:\n" in evidence.text  # the date once, in the session header
    assert (
        "- Caroline: I went to a LGBTQ support group yesterday and it was powerful. "
        "[yesterday = 7 May 2023]"
    ) in evidence.text


def test_the_reply_to_a_found_question_is_ranked_through_its_window() -> None:
    memory = Memory()
    chat(memory)
    evidence = memory.hybrid("What did Melanie say about the support group?", 120)
    assert {t.index for t in evidence.turns[:2]} == {0, 1}


def test_facts_compete_with_turns_by_relevance_not_a_share() -> None:
    memory = Memory()
    memory.add("Caroline", "lives in", "Boston", source="a", observed_at="2023-01-01")
    chat(memory)
    asked = memory.hybrid("Where does Caroline live?", 300)
    assert [v.value for v in asked.facts] == ["Boston"] and asked.text.startswith("<Memory>")
    other = memory.hybrid("What did Melanie paint?", 300)
    assert other.facts == ()  # recall found no fact about painting: none is shown


@pytest.mark.parametrize("budget", [1, 20, 40, 80, 200])
def test_the_budget_is_never_exceeded(budget: int) -> None:
    memory = Memory()
    memory.add("Caroline", "lives in", "Boston", source="a", observed_at="2023-01-01")
    chat(memory)
    evidence = memory.hybrid("Where does Caroline live and what did she do yesterday?", budget)
    assert evidence.tokens == count_tokens(evidence.text) <= budget


def test_pieces_share_one_scale() -> None:
    turn = TurnRecord("s1", "c", DAY, 0, "Ana", "hi", "D1:1")
    pieces = candidates([], [], [RankedTurn(turn, 1.0 / RRF_K)])
    assert [p.score for p in pieces] == [1.0 / RRF_K]
    # a top fact ties a turn ranked first in every lexical view (facts first on ties)
    assert sum(1 / (RRF_K + 1) for _ in range(VIEWS)) == FACT_WEIGHT * VIEWS / (RRF_K + 1)
    fact_first = candidates([], [], [RankedTurn(turn, VIEWS / (RRF_K + 1))], views=VIEWS)
    assert fact_first[0].turn is not None  # no fact given: the turn leads
    assert build([], [], [], 100).text == ""


def test_a_turn_line_escapes_its_note() -> None:
    turn = TurnRecord("s1", "c", DAY, 0, "Ana", "I ran yesterday", "D1:1")
    note = mention_note(relative_mentions(turn.text, DAY))
    assert turn_line(turn, note) == "- Ana: I ran yesterday [yesterday = 7 May 2023]"


def test_a_small_budget_still_admits_the_asked_fact() -> None:
    """Turns matched in every view must not crowd the fact out of a small budget."""
    memory = Memory()
    memory.add("Caroline", "lives in", "Boston", source="a", observed_at="2023-01-01")
    memory.ingest(
        [Session("s1", DAY, tuple(
            Turn("Caroline", f"Boston again today, where I live, day {i}.", i) for i in range(8)
        ))]
    )  # fmt: skip
    evidence = memory.hybrid("Where does Caroline live?", 60)
    assert [v.value for v in evidence.facts] == ["Boston"]
