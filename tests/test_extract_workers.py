"""Offline extraction in several processes: the same facts, in the same order, faster."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tem.core.session import Session, Turn
from tem.errors import UserError
from tem.extract import OfflineExtractor
from tem.extract.workers import MIN_TURNS, auto_workers, shares

_SAID = [
    "I moved to Porto last spring and work at Farfetch as a data analyst.",
    "haha that's so cool!",
    "My partner Tomas and I adopted a beagle called Rui.",
    "i quit my job at the bakery, now i'm a barista at Fabrica",
    "We might move to Lisbon if the offer comes through.",
]


def _sessions(count: int, turns: int) -> list[Session]:
    start = datetime(2024, 1, 1, tzinfo=UTC)
    return [
        Session(
            id=f"s{n}",
            observed_at=start + timedelta(days=n),
            turns=tuple(
                Turn(index=i, speaker=f"P{n % 3}", text=_SAID[(n + i) % len(_SAID)])
                for i in range(turns)
            ),
        )
        for n in range(count)
    ]


def test_shares_keep_the_order_and_split_the_turns_about_evenly() -> None:
    sessions = _sessions(9, 10) + _sessions(1, 30)
    runs = shares(sessions, 3)
    assert [s for run in runs for s in run] == sessions
    assert len(runs) == 3
    assert all(35 <= sum(len(s.turns) for s in run) <= 55 for run in runs)
    assert shares(sessions[:1], 4) == [sessions[:1]]


def test_workers_must_be_at_least_one() -> None:
    with pytest.raises(UserError, match="workers"):
        OfflineExtractor(workers=0)
    assert 1 <= auto_workers() <= 4


@pytest.mark.slow
def test_two_processes_find_the_same_facts_in_the_same_order() -> None:
    sessions = _sessions(24, MIN_TURNS // 20 + 1)
    assert sum(len(s.turns) for s in sessions) >= MIN_TURNS
    names = {"P0": "Ana", "P1": "Bo", "P2": "Cy"}
    alone = list(OfflineExtractor().extract_many(sessions, speaker_names=names))
    shared = list(OfflineExtractor(workers=2).extract_many(sessions, speaker_names=names))
    assert shared == alone
    assert sum(len(facts) for facts in alone) > len(sessions)
