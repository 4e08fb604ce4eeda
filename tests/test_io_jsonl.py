"""tem.io.jsonl: the lossless JSON Lines export and import."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest

from tem import ManualClock, Memory, Status, UserError
from tem.io import export_jsonl, import_jsonl


def build(memory: Memory) -> Memory:
    """A memory with every kind of row: history, a late report, an end, a retired source."""
    add = memory.add
    add("Ana", "lives in", "Lisbon", source="chat 1", observed_at="2024-01-05")
    add("Ana", "lives in", "Oslo", source="chat 2", observed_at="2024-06-01", metadata={"k": 1})
    add("Ana", "lives in", "Porto", source="c3", observed_at="2024-09-01", valid_from="2023-05-01")
    add("Ana", "works at", "Acme", source="chat 1", observed_at="2024-01-05")
    memory.retract("Ana", "works at", source="c4", observed_at="2024-10-01", valid_to="2024-09-15")
    add("Ana", "likes", "tea", source="chat 1", observed_at="2024-01-05")
    add("Ana", "likes", "coffee", source="chat 2", observed_at="2024-06-01")
    add("Bo", "plan", "free", source="oops", observed_at="2024-02-01")
    memory.undo("oops")
    memory.declare("plan", "many")
    add("Bo", "plan", "pro", source="mail", observed_at="2024-03-01", scope="work")
    return memory


def dump(memory: Memory, **kw: str) -> str:
    out = io.StringIO()
    export_jsonl(memory, out, **kw)  # type: ignore[arg-type]
    return out.getvalue()


def fresh() -> Memory:
    return Memory(clock=ManualClock())


def test_round_trip_is_byte_identical(memory: Memory) -> None:
    text = dump(build(memory))
    copy = fresh()
    report = import_jsonl(copy, text.splitlines(keepends=True))
    assert report.ok, report.mismatches
    assert report.written == report.observations == text.count('"type": "observation"')
    assert report.declared == 1
    assert dump(copy) == text


def test_every_line_is_typed_json_and_observations_carry_every_field(memory: Memory) -> None:
    lines = [json.loads(line) for line in dump(build(memory)).splitlines()]
    assert {line["type"] for line in lines} == {"declare", "version", "observation"}
    observation = next(line for line in lines if line["type"] == "observation")
    assert list(observation) == [
        "type",
        "id",
        "scope",
        "subject",
        "relation",
        "value",
        "kind",
        "source",
        "observed_at",
        "valid_from",
        "recorded_at",
        "expired_at",
        "metadata",
    ]


def test_retired_observations_and_ended_versions_survive(memory: Memory) -> None:
    copy = fresh()
    import_jsonl(copy, dump(build(memory)).splitlines())
    retired = [o for o in copy.store.all_observations() if o.expired_at is not None]
    assert [o.source for o in retired] == ["oops"]
    assert any(o.kind == "end" for o in copy.store.all_observations())
    (job,) = copy.history("Ana", "works at")
    assert job.status is Status.ENDED and job.valid_to is not None
    # the retired statement is still visible to a read as of before the undo
    before_undo = retired[0].expired_at
    assert before_undo is not None
    seen = copy.history("Bo", "plan", as_of=before_undo - timedelta(seconds=1))
    assert [v.value for v in seen] == ["free"]
    assert copy.cardinality("plan") == "many"


def test_importing_twice_writes_nothing_new(memory: Memory) -> None:
    text = dump(build(memory))
    copy = fresh()
    import_jsonl(copy, text.splitlines())
    again = import_jsonl(copy, text.splitlines())
    assert again.written == 0 and again.unchanged == again.observations and again.ok


def test_scope_limits_versions_and_observations(memory: Memory) -> None:
    lines = [json.loads(line) for line in dump(build(memory), scope="work").splitlines()]
    assert {line["scope"] for line in lines if line["type"] != "declare"} == {"work"}


def test_a_changed_version_line_is_reported(memory: Memory) -> None:
    lines = dump(build(memory)).splitlines()
    index = next(i for i, line in enumerate(lines) if '"status": "current"' in line)
    lines[index] = lines[index].replace('"status": "current"', '"status": "historical"')
    report = import_jsonl(fresh(), lines)
    assert report.mismatches == [
        f"line {index + 1}: version {json.loads(lines[index])['id']} differs in status"
    ]


def _observation_line(memory: Memory) -> dict[str, object]:
    text = dump(build(memory))
    found: dict[str, object] = next(
        json.loads(line) for line in text.splitlines() if '"observation"' in line
    )
    return found


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"value": 3}, "value: expected non-empty text"),
        ({"observed_at": "next Tuesday-ish"}, "observed_at: cannot parse"),
        ({"kind": "maybe"}, "kind: expected 'assert' or 'end'"),
        ({"id": "0" * 20}, "does not match the content"),
        ({"extra": 1}, "unknown field extra"),
        ({"metadata": []}, "metadata: expected a JSON object"),
    ],
)
def test_bad_observation_lines_name_the_line_and_write_nothing(
    memory: Memory, change: dict[str, object], message: str
) -> None:
    good = _observation_line(memory)
    bad = json.dumps({**good, **change})
    target = fresh()
    with pytest.raises(UserError, match=f"^line 3: .*{message}"):
        import_jsonl(target, [json.dumps(good), "", bad])
    assert target.store.count()["observations"] == 0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"type": "fact"}', "type: expected declare, version or observation"),
        ('{"type": "declare", "relation": "likes", "cardinality": "few"}', "cardinality"),
        ('{"type": "version", "id": 1}', "id: expected non-empty text"),
    ],
)
def test_bad_lines_of_any_type_are_rejected(memory: Memory, line: str, message: str) -> None:
    good = json.dumps(_observation_line(memory))
    target = fresh()
    with pytest.raises(UserError, match=f"^line 2: {message}"):
        import_jsonl(target, [good, line])
    assert target.store.count()["observations"] == 0
    assert target.store.declared() == {}


def test_missing_fields_are_listed(memory: Memory) -> None:
    line = _observation_line(memory)
    del line["source"], line["kind"]
    with pytest.raises(UserError, match="^line 1: missing kind, source$"):
        import_jsonl(fresh(), [json.dumps(line)])
