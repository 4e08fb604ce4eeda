"""A pastime said as a routine (tem.extract.routines)."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "pastime", "kind"),
    [
        ("I live in Podil and run along the river most mornings before work.", "running", "assert"),
        ("I teach in Pretoria and do Pilates twice a week.", "Pilates", "assert"),
        ("I moved to Hobart last year and hike on Sundays with the club.", "hiking", "assert"),
        ("I work at Tesco and used to swim every morning before my shift.", "swimming", "end"),
    ],
)
def test_an_activity_at_a_recurring_time_is_a_pastime(text: str, pastime: str, kind: str) -> None:
    assert ("Maria", "hobby", pastime, kind) in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I work at Tesco and cycle to work every day.",
        "I live in Leeds and swam in the sea on Saturday.",
        "I live in Leeds and still paddle out every morning.",
        "I live in Leeds and run on coffee most afternoons.",
        "My brother lives in Leeds and runs every morning.",
        "I live in Leeds but I don't run on weekends any more.",
        "Languages I juggle daily at work: Polish, German.",
        "I work at Tesco, and if I had time I would swim every morning.",
    ],
)
def test_a_commute_an_outing_or_anothers_routine_is_no_pastime(text: str) -> None:
    found = {v for s, r, v, k in triples(text) if r == "hobby" and s == "Maria"}
    assert not found & {"running", "swimming", "paddling", "juggling", "cycling"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("pickleball 3x a week now that I'm not driving anyone to soccer", "pickleball"),
        ("surfing every morning b4 standup calls, bali life hits different", "surfing"),
        ("Squash at the leisure centre twice a week keeps me sane now the house is quiet.",
         "Squash"),  # a drink's name too, but played at a centre
        ("Work every day, gym every night.", "gym"),
    ],
)  # fmt: skip
def test_a_pastime_told_with_how_often_and_no_verb_is_one(text: str, pastime: str) -> None:
    found = {v for s, r, v, k in triples(text) if r == "hobby" and k == "assert"}
    assert pastime in found


@pytest.mark.parametrize(
    "text",
    [
        "The kids have football every Saturday.",
        "my son's rugby every sunday is exhausting",
        "No more football every Sunday for me.",
        "Football every Sunday?",
        "shifts every sunday at the warehouse",
        "squash every morning with breakfast",  # the drink
    ],
)
def test_a_pastime_of_someone_else_denied_asked_or_a_drink_is_none(text: str) -> None:
    assert not {v for s, r, v, k in triples(text) if r == "hobby" and k == "assert"}
