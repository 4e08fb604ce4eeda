"""Memory.ingest and add_messages: sessions, turns, facts, provenance, all or nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tem import Memory, Status
from tem.core.session import Session, Turn
from tem.llm import LLMExtractor, LLMSettings
from tem.llm.testing import FakeChatModel, facts_answer

DAY = datetime(2024, 5, 14, 10, tzinfo=UTC)


def session(sid: str, day: int, *lines: tuple[str, str], scope: str | None = None) -> Session:
    turns = tuple(Turn(speaker, text, i) for i, (speaker, text) in enumerate(lines))
    return Session(sid, DAY.replace(day=day), turns, ("Alice", "Bob"), scope)


def llm(*answers: str) -> tuple[LLMExtractor, FakeChatModel]:
    model = FakeChatModel(list(answers))
    return LLMExtractor(model, LLMSettings(model="fake")), model


def test_offline_ingest_stores_turns_facts_and_provenance(memory: Memory) -> None:
    first = session("s1", 1, ("Alice", "I live in Lisbon."), ("Bob", "Nice city!"))
    second = session("s2", 20, ("Alice", "We just moved to Oslo last week."))
    report = memory.ingest([first, second])
    assert (report.sessions, report.turns) == (2, 3)
    assert report.created == 2 and report.superseded == 1 and not report.failed
    lives = memory.history("Alice", "lives in")
    assert [(v.value, v.status) for v in lives] == [
        ("Lisbon", Status.HISTORICAL),
        ("Oslo", Status.CURRENT),
    ]
    assert lives[1].source == "s2" and lives[1].valid_from.day == 13  # "last week"
    (turn,) = memory.provenance(lives[0])
    assert (turn.session_id, turn.index, turn.text) == ("s1", 0, "I live in Lisbon.")
    assert [e.session_id for e in memory.sessions()] == ["s1", "s2"]
    assert [t.speaker for t in memory.turns("s1")] == ["Alice", "Bob"]


def test_reingesting_a_session_changes_nothing(memory: Memory) -> None:
    first = session("s1", 1, ("Alice", "I live in Lisbon."))
    memory.ingest([first])
    before = memory.store.count()
    again = memory.ingest([first])
    assert (again.sessions, again.skipped, again.created) == (0, 1, 0)  # not extracted again
    assert memory.store.count() == before


def test_two_values_in_one_session_keep_turn_order(memory: Memory) -> None:
    extractor, _ = llm(
        facts_answer(
            {
                "subject": "Alice",
                "relation": "lives in",
                "value": "Rome",
                "turn": 1,
                "action": "update",
            },
            {
                "subject": "Alice",
                "relation": "lives in",
                "value": "Paris",
                "turn": 0,
                "action": "new",
            },
        )
    )
    memory.ingest(
        [session("s1", 1, ("Alice", "I was in Paris."), ("Alice", "Now I'm in Rome."))],
        extractor=extractor,
    )
    assert [v.value for v in memory.current("Alice", "lives in")] == ["Rome"]


def test_late_report_from_a_session_is_born_historical(memory: Memory) -> None:
    memory.ingest([session("s1", 10, ("Alice", "I moved to Oslo."))])
    extractor, _ = llm(
        facts_answer(
            {
                "subject": "Alice",
                "relation": "lives in",
                "value": "Lisbon",
                "when": "in 2019",
                "turn": 0,
                "action": "new",
            },
        )
    )
    memory.ingest(
        [session("s2", 20, ("Alice", "Back in 2019 I lived in Lisbon."))], extractor=extractor
    )
    assert [(v.value, v.status.value) for v in memory.history("Alice", "lives in")] == [
        ("Lisbon", "historical"),
        ("Oslo", "current"),
    ]


def test_a_failing_llm_session_is_not_ingested_at_all(memory: Memory) -> None:
    extractor, model = llm("not json", "still not json")
    report = memory.ingest([session("s1", 1, ("Alice", "I live in Lisbon."))], extractor=extractor)
    assert report.sessions == 0 and report.failed and report.failed[0][0] == "s1"
    assert memory.store.count()["sessions"] == 0 and memory.store.count()["observations"] == 0
    assert len(model.calls) == 2


def test_one_llm_call_per_session(memory: Memory) -> None:
    answer = facts_answer(
        {"subject": "Alice", "relation": "works at", "value": "Acme", "turn": 0, "action": "new"}
    )
    extractor, model = llm(answer, answer)
    report = memory.ingest(
        [
            session("s1", 1, ("Alice", "I work at Acme."), ("Bob", "Cool.")),
            session("s2", 2, ("Alice", "Still at Acme."), ("Bob", "Good.")),
        ],
        extractor=extractor,
    )
    assert report.llm_calls == 2 == len(model.calls)
    assert report.created == 1 and report.reaffirmed == 1


def test_forget_session_removes_its_turns_and_reopens_what_it_superseded(memory: Memory) -> None:
    memory.ingest(
        [
            session("s1", 1, ("Alice", "I live in Lisbon.")),
            session("s2", 20, ("Alice", "I moved to Oslo.")),
        ]
    )
    assert memory.forget_session("s2") == 1
    assert [(v.value, v.status) for v in memory.history("Alice", "lives in")] == [
        ("Lisbon", Status.CURRENT)
    ]
    assert memory.turns("s2") == [] and [e.session_id for e in memory.sessions()] == ["s1"]
    assert memory.recall("Oslo").versions == ()


def test_forget_scope_removes_sessions_too(memory: Memory) -> None:
    memory.ingest([session("s1", 1, ("Alice", "I live in Lisbon."), scope="u1")])
    memory.forget(scope="u1")
    counts = memory.store.count()
    assert counts == {k: 0 for k in counts}


def test_add_messages_maps_i_to_the_users_name(memory: Memory) -> None:
    report = memory.add_messages(
        [
            {"role": "user", "name": "Dana", "content": "I adopted a puppy named Max."},
            {"role": "assistant", "content": "Congratulations!"},
        ],
        session_id="chat-1",
        observed_at="2024-05-01",
    )
    assert report.sessions == 1
    assert [(v.relation, v.value) for v in memory.current("Dana")] == [("has pet", "Max")]


def test_ingest_reads_the_sessions_format_from_a_file(memory: Memory, tmp_path: Path) -> None:
    path = tmp_path / "chats.jsonl"
    said = [("a", "2024-01-01", "I work at Globex."), ("b", "2024-06-01", "I joined Initech.")]
    rows = [
        {"session_id": sid, "date": day, "turns": [{"speaker": "Eve", "text": text}]}
        for sid, day, text in said
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows))
    memory.ingest(str(path))
    assert [v.value for v in memory.history("Eve", "works at")] == ["Globex", "Initech"]


def test_first_names_resolve_to_the_known_full_name(memory: Memory) -> None:
    persona = Session(
        "p1",
        DAY,
        (Turn("Emma", "Hi, I'm Emma Nilsson. I live in Oslo.", 0),),
        ("Emma",),
        metadata={"persona": "Emma Nilsson"},
    )
    memory.ingest([persona])
    assert [v.value for v in memory.current("Emma Nilsson", "lives in")] == ["Oslo"]


def test_hybrid_context_fills_facts_then_events_then_turns(memory: Memory) -> None:
    memory.ingest(
        [
            session("s1", 1, ("Alice", "I live in Lisbon."), ("Bob", "The tram there is lovely.")),
            session("s2", 20, ("Alice", "I moved to Oslo."), ("Bob", "Bring a warm coat to Oslo.")),
        ]
    )
    evidence = memory.hybrid("Where does Alice live? Any advice about Oslo?", budget_tokens=400)
    assert evidence.tokens <= 400
    assert evidence.text.index("<Memory>") < evidence.text.index("<Events>")
    assert evidence.text.index("<Events>") < evidence.text.index("<Turns>")
    assert "\n2024-05-20:\n" in evidence.text
    assert "\n- Bob: Bring a warm coat to Oslo.\n" in evidence.text
    prompt = memory.context("Where does Alice live?", budget_tokens=400)
    assert prompt.endswith("Question: Where does Alice live?")


@pytest.mark.parametrize("budget", [1, 30, 60, 90, 150, 1000])
def test_hybrid_never_exceeds_its_budget(memory: Memory, budget: int) -> None:
    lines = [("Alice", f"I visited museum number {i} in Oslo today.") for i in range(30)]
    memory.ingest([session("s1", 1, ("Alice", "I live in Oslo."), *lines)])
    assert memory.hybrid("Oslo museum", budget_tokens=budget).tokens <= budget


def test_hybrid_quotes_the_reply_after_a_found_turn(memory: Memory) -> None:
    memory.ingest(
        [session("s1", 1, ("Alice", "How was the charity race?"), ("Bob", "I ran 10k in May."))]
    )
    evidence = memory.hybrid("charity race", budget_tokens=300)
    assert [t.index for t in evidence.turns] == [0, 1]
    assert "- Bob: I ran 10k in May." in evidence.text
