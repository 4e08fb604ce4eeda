"""The Memory API on every backend: writes, reads on both time axes, undo, forget."""

from __future__ import annotations

from pathlib import Path

import pytest

from tem import Fact, ManualClock, Memory, NotFound, Status, UserError
from tem.core.model import normalize_key


def add(memory: Memory, value: str, when: str, relation: str = "lives in", **kw: object) -> None:
    memory.add("Ana", relation, value, source=f"chat {when}", observed_at=when, **kw)  # type: ignore[arg-type]


def statuses(memory: Memory, relation: str = "lives in", **kw: object) -> list[tuple[str, str]]:
    return [(v.value, v.status.value) for v in memory.history("Ana", relation, **kw)]  # type: ignore[arg-type]


def test_new_value_makes_the_old_one_historical(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    version = memory.add("ana", "Lives_In", "Oslo", source="chat 2", observed_at="2024-06-01")
    assert version.value == "Oslo" and version.status is Status.CURRENT
    assert statuses(memory) == [("Lisbon", "historical"), ("Oslo", "current")]
    assert [v.value for v in memory.current("Ana")] == ["Oslo"]


def test_reaffirmation_attaches_a_source(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    report = memory.add_many([Fact("Ana", "lives in", "Lisbon", "call", "2024-03-01")])
    assert report.created == 0 and report.reaffirmed == 1
    (only,) = memory.history("Ana")
    assert [s.source for s in only.sources] == ["chat 2024-01-05", "call"]


def test_adding_the_same_statement_twice_is_a_no_op(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    report = memory.add_many([Fact("Ana", "lives in", "Lisbon", "chat 2024-01-05", "2024-01-05")])
    assert report.unchanged == 1 and report.created == 0
    assert len(memory.history("Ana")[0].sources) == 1


def test_late_report_is_born_historical(memory: Memory) -> None:
    add(memory, "Oslo", "2024-06-01")
    late = memory.add(
        "Ana",
        "lives in",
        "Lisbon",
        source="chat",
        observed_at="2024-09-01",
        valid_from="2023-01-01",
    )
    assert late.status is Status.HISTORICAL
    assert statuses(memory) == [("Lisbon", "historical"), ("Oslo", "current")]
    assert late.valid_to is not None and late.valid_to.year == 2024


def test_many_valued_relations_are_never_falsely_tagged(memory: Memory) -> None:
    add(memory, "coffee", "2024-01-01", relation="likes")
    add(memory, "tea", "2024-02-01", relation="likes")
    assert statuses(memory, "likes") == [("coffee", "current"), ("tea", "current")]


def test_declare_rederives_existing_groups(memory: Memory) -> None:
    add(memory, "chess", "2024-01-01", relation="plays")
    add(memory, "go", "2024-02-01", relation="plays")
    assert memory.cardinality("plays") == "many"
    memory.declare("plays", "one")
    assert statuses(memory, "plays") == [("chess", "historical"), ("go", "current")]
    assert memory.cardinality("Plays") == "one"
    with pytest.raises(UserError, match="cardinality"):
        memory.declare("plays", "several")


def test_unknown_relations_are_one(memory: Memory) -> None:
    assert memory.cardinality("preferred ide") == "one"


def test_retract_ends_without_replacement(memory: Memory) -> None:
    add(memory, "Acme", "2024-01-01", relation="works at")
    ended = memory.retract(
        "Ana", "works at", source="call", observed_at="2024-05-01", valid_to="2024-04-30"
    )
    assert [(v.value, v.status) for v in ended] == [("Acme", Status.ENDED)]
    assert memory.current("Ana", "works at") == []
    with pytest.raises(NotFound):
        memory.retract("Ana", "works at", source="x", observed_at="2024-06-01")


def test_undo_a_source_reopens_what_it_superseded(memory: Memory, clock: ManualClock) -> None:
    add(memory, "Lisbon", "2024-01-05")
    memory.add("Ana", "lives in", "Oslo", source="bad import", observed_at="2024-06-01")
    before_undo = clock.now()
    memory.undo("bad import")
    assert statuses(memory) == [("Lisbon", "current")]
    # What the store believed before the undo is still readable.
    assert statuses(memory, as_of=before_undo) == [("Lisbon", "historical"), ("Oslo", "current")]
    with pytest.raises(NotFound):
        memory.undo("bad import")


def test_forget_source_hard_deletes_and_reopens(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    memory.add("Ana", "lives in", "Oslo", source="bad", observed_at="2024-06-01")
    assert memory.forget(source="bad") == 1
    assert statuses(memory) == [("Lisbon", "current")]
    assert memory.store.observations("default", normalize_key("Ana"))[0].source != "bad"


def test_forget_subject_and_scope_leave_nothing(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    memory.add("Bo", "lives in", "Rome", source="s", observed_at="2024-01-01", scope="other")
    assert memory.forget(subject="ANA") == 1
    assert memory.history("Ana") == []
    assert memory.forget(scope="other") == 1
    counts = memory.store.count()
    assert counts == {k: 0 for k in counts}
    with pytest.raises(UserError, match="name a scope"):
        memory.forget()


def test_valid_time_travel(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    add(memory, "Oslo", "2024-06-01")
    add(memory, "Rome", "2025-01-01")
    assert statuses(memory, at="2024-03-01") == [("Lisbon", "current")]
    assert statuses(memory, at="2024-07-01") == [("Lisbon", "historical"), ("Oslo", "current")]
    assert [v.value for v in memory.current("Ana", at="2023-01-01")] == []


def test_system_time_travel_hides_later_recordings(memory: Memory, clock: ManualClock) -> None:
    clock.set("2026-01-01")
    add(memory, "Oslo", "2024-06-01")
    clock.set("2026-02-01")
    memory.add("Ana", "lives in", "Rome", source="s", observed_at="2024-09-01")
    assert statuses(memory, as_of="2026-01-15") == [("Oslo", "current")]
    assert statuses(memory, as_of="2025-12-31") == []
    oslo = memory.history("Ana")[0]
    assert oslo.recorded_at.month == 1 and oslo.expired_at is not None
    assert oslo.expired_at.month == 2


def test_scopes_are_separate(memory: Memory) -> None:
    memory.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01", scope="u1")
    memory.add("Ana", "lives in", "Oslo", source="s", observed_at="2024-02-01", scope="u2")
    assert [v.value for v in memory.current("Ana", scope="u1")] == ["Lisbon"]
    assert [v.value for v in memory.current("Ana", scope="u2")] == ["Oslo"]
    assert memory.current("Ana") == []


GOOD = {"subject": "a", "relation": "r", "value": "v", "source": "s", "observed_at": "2024-01-01"}


def _bad(**changes: object) -> dict[str, object]:
    fact = {**GOOD, **changes}
    return {k: v for k, v in fact.items() if v is not None}


@pytest.mark.parametrize(
    ("fact", "message"),
    [
        (_bad(subject=""), "subject"),
        (_bad(observed_at="soon"), "observed_at"),
        (_bad(value=3), "value"),
        (_bad(source=None), "missing source"),
        (_bad(colour=1), "unknown field"),
        (_bad(value="caf\ud800"), "value: not valid Unicode"),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(
    memory: Memory, fact: dict[str, object], message: str
) -> None:
    with pytest.raises(UserError, match=message):
        memory.add_many([GOOD, fact])
    assert memory.store.count()["observations"] == 0


def test_source_order_rule_is_a_setting(clock: ManualClock) -> None:
    paper = Memory(rule="source_order", clock=clock)
    paper.add("Ana", "lives in", "Oslo", source="s1", observed_at="2024-06-01")
    paper.add(
        "Ana", "lives in", "Lisbon", source="s2", observed_at="2024-09-01", valid_from="2023-01-01"
    )
    assert [v.value for v in paper.current("Ana")] == ["Lisbon"]
    with pytest.raises(UserError, match="rule"):
        Memory(rule="newest")  # type: ignore[arg-type]


def test_file_memory_persists(tmp_path: object) -> None:
    path = f"{tmp_path}/m.db"
    with Memory(path) as first:
        first.add("Ana", "lives in", "Lisbon", source="s", observed_at="2024-01-01")
        first.declare("plays", "one")
    with Memory(path) as second:
        assert [v.value for v in second.current("Ana")] == ["Lisbon"]
        assert second.cardinality("plays") == "one"


# -- defaults and discovery ------------------------------------------------------------


def test_add_messages_defaults_to_now_and_a_content_hash(
    memory: Memory, clock: ManualClock
) -> None:
    said = [{"role": "user", "name": "Dana", "content": "I moved to Lisbon."}]
    start = clock.current
    memory.add_messages(said)
    (event,) = memory.sessions()
    assert event.observed_at == start and event.session_id.startswith("msg-")
    assert memory.add_messages(said).sessions == 0  # the same messages again: stored once
    dated = memory.add_messages(said, observed_at="2024-01-01")
    assert dated.sessions == 1  # the same words on a given date: another session


def test_scopes_and_subjects_list_what_is_stored(memory: Memory) -> None:
    assert memory.scopes() == [] and memory.subjects() == []
    memory.add("bob", "age", "3", source="s", observed_at="2024-01-01", scope="kids")
    memory.add("Ana", "age", "30", source="s", observed_at="2024-01-01")
    memory.add("Zoe", "age", "31", source="s", observed_at="2024-01-01")
    assert memory.scopes() == ["default", "kids"]
    assert memory.subjects() == ["Ana", "Zoe"]
    assert memory.subjects(scope="kids") == ["bob"]


def test_a_path_with_a_tilde_is_the_home_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with Memory("~/agent.db") as mem:
        mem.add("Ana", "age", "30", source="s", observed_at="2024-01-01")
    assert (tmp_path / "agent.db").is_file()
    with Memory(Path("~") / "agent.db") as mem:
        assert [v.value for v in mem.current("Ana")] == ["30"]


def test_sqlites_memory_name_is_memory_not_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with Memory(":memory:") as mem:
        mem.add("Ana", "age", "30", source="s", observed_at="2024-01-01")
        assert [v.value for v in mem.current("Ana")] == ["30"]
    assert list(tmp_path.iterdir()) == []


def test_export_reads_see_what_is_stored(memory: Memory) -> None:
    memory.ping()
    memory.declare("pets", "many")
    assert memory.declared() == {"pets": "many"}
    add(memory, "Lisbon", "2024-01-05")
    add(memory, "Oslo", "2024-06-01")
    memory.add("bob", "age", "3", source="s", observed_at="2024-01-01", scope="kids")
    memory.retract("Ana", "lives in", source="s", observed_at="2024-07-01")
    assert [v.value for v in memory.versions()] == ["Lisbon", "Oslo"]
    assert [v.value for v in memory.versions(scope="kids")] == ["3"]
    (group,) = {v.group for v in memory.versions()}
    assert memory.group_versions([group]) == {group: memory.versions()}
    assert [(o.value, o.kind) for o in memory.observations()] == [
        ("Lisbon", "assert"),
        ("Oslo", "assert"),
        (None, "end"),
    ]
    everything = list(memory.observations(every_scope=True))
    assert [o.scope for o in everything] == ["default", "default", "kids", "default"]
    with pytest.raises(UserError, match="not both"):
        memory.observations(scope="kids", every_scope=True)


def test_lexical_is_the_same_store_without_the_embedder(memory: Memory) -> None:
    add(memory, "Lisbon", "2024-01-05")
    lexical = memory.lexical()
    assert (lexical.scope, lexical.rule, lexical.clock) == (memory.scope, memory.rule, memory.clock)
    assert [v.value for v in lexical.current("Ana")] == ["Lisbon"]
