"""Habits given up (tem.extract.quitting): a drink given up is a favourite ended, a
pastime given up a hobby ended."""

from __future__ import annotations

import pytest
from tests.test_extract_rules import triples


@pytest.mark.parametrize(
    ("text", "drink"),
    [
        ("Gave up the Guinness after Christmas and I don't miss it.", "Guinness"),
        ("I quit Diet Coke in May.", "Diet Coke"),
        ("finally gave up monster energy in jan", "monster energy"),
        ("I gave up soda last year.", "soda"),
        ("i quit drinkin coffee when i moved to izmir", "coffee"),
    ],
)
def test_a_drink_given_up_is_a_favourite_ended(text: str, drink: str) -> None:
    found = triples(text)
    assert ("Maria", "favorite drink", drink, "end") in found
    assert not {v for _, r, v, _ in found if r == "works at"}


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I stopped playing dominoes at the club when my eyes got bad.", "playing dominoes"),
        ("stoped doing yoga after i broke my wrist", "yoga"),
        ("I stopped rock climbing since the new job started.", "rock climbing"),
        ("I stopped brewing my own beer after we moved.", "brewing beer"),
        ("I've had to give up my volleyball team, there's just no time.", "volleyball"),
        ("I quit tennis last year.", "tennis"),
        ("Since the baby arrived I've given up cross-country skiing.", "cross-country skiing"),
        ("I stopped going to netball this year.", "netball"),  # gone to, not "going"
        ("I stopped going to the climbing gym after my injury.", "climbing"),
    ],
)
def test_a_pastime_given_up_is_ended(text: str, pastime: str) -> None:
    assert ("Maria", "hobby", pastime, "end") in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I quit smoking last year.",
        "I gave up coffee.",
        "I quit my job.",
        "I stopped going to church.",
        "I stopped going to the office.",
    ],
)
def test_a_habit_place_or_job_given_up_is_no_pastime(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "hobby"}


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Packed in the Lucozade after Easter and I'm shattered.", ("favorite drink", "Lucozade")),
        ("I've had to pack in the netball, my ankle's gone.", ("hobby", "netball")),
        ("Chucked in the hockey when the baby came.", ("hobby", "hockey")),
    ],
)
def test_a_habit_packed_in_is_given_up(text: str, ended: tuple[str, str]) -> None:
    """British "packed in the X" quits it, the sport named with "the"."""
    found = {(r, v) for s, r, v, k in triples(text) if k == "end"}
    assert ended in found


def test_packing_bags_gives_nothing_up() -> None:
    found = triples("I packed my bags and moved to Leeds.")
    assert not {t for t in found if t[3] == "end" and t[1] in ("hobby", "favorite drink")}
