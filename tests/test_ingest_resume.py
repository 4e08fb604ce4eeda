"""An interrupted ingestion resumes: stored sessions are skipped before extraction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

import pytest

from tem import Memory
from tem.core.model import Version
from tem.core.session import Session, Turn
from tem.extract.facts import ExtractedFact

DAY = datetime(2024, 5, 1, 10, tzinfo=UTC)


class Crash(Exception):
    """Stands for a kill: nothing after it runs."""


class Counting:
    """An extractor (one call per session, as the LLM's) that can crash on a session."""

    def __init__(self, crash_on: str | None = None) -> None:
        self.seen: list[str] = []
        self.crash_on = crash_on

    def extract(
        self,
        session: Session,
        *,
        speaker_names: Mapping[str, str] | None = None,
        current: Sequence[Version] = (),
    ) -> list[ExtractedFact]:
        if session.id == self.crash_on:
            raise Crash(session.id)
        self.seen.append(session.id)
        city = session.turns[0].text
        return [ExtractedFact("Ana", "lives in", city, "assert", None, None, 0, city)]


def sessions(count: int) -> list[Session]:
    return [
        Session(f"s{i}", DAY.replace(day=i + 1), (Turn("Ana", f"City{i}", 0),), ("Ana",))
        for i in range(count)
    ]


def test_a_rerun_after_a_crash_extracts_only_what_was_not_stored(memory: Memory) -> None:
    """Three interrupted runs in a row used to restart from the first session each time."""
    with pytest.raises(Crash):
        memory.ingest(sessions(6), extractor=Counting(crash_on="s3"))
    rerun = Counting()
    report = memory.ingest(sessions(6), extractor=rerun)
    assert rerun.seen == ["s3", "s4", "s5"]
    assert (report.sessions, report.skipped) == (3, 3)
    assert "3 sessions already stored, skipped" in report.summary()
    assert [v.value for v in memory.current("Ana")] == ["City5"]


def test_a_stored_session_whose_turns_changed_is_ingested_again(memory: Memory) -> None:
    memory.ingest(sessions(2), extractor=Counting())
    edited = sessions(2)
    edited[1] = Session("s1", edited[1].observed_at, (Turn("Ana", "Lisbon", 0),), ("Ana",))
    rerun = Counting()
    report = memory.ingest(edited, extractor=rerun)
    assert rerun.seen == ["s1"] and report.skipped == 1
    assert [t.text for t in memory.turns("s1")] == ["Lisbon"]


def test_progress_counts_skipped_sessions(memory: Memory) -> None:
    memory.ingest(sessions(2), extractor=Counting())
    ticks: list[int] = []
    memory.ingest(sessions(3), extractor=Counting(), progress=ticks.append)
    assert sum(ticks) == 3
