"""Input formats: messages, tem's sessions format, LoCoMo, detection and error messages."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tem.errors import UserError
from tem.ingest import (
    LocomoQuestion,
    detect_format,
    load_sessions,
    locomo_questions,
    normalize_evidence,
    parse_locomo_date,
    read_input,
    session_from_messages,
    sessions_from_locomo,
    sessions_from_records,
)
from tem.ingest.formats import messages_session_id

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"
T0 = datetime(2024, 2, 12, 9, 30, tzinfo=UTC)


def one_line(exc: pytest.ExceptionInfo[UserError]) -> str:
    message = str(exc.value)
    assert "\n" not in message
    return message


# -- messages ---------------------------------------------------------------------------


def test_messages_speakers_skips_and_parts() -> None:
    session = session_from_messages(
        [
            {"role": "system", "content": "Be nice."},
            {"role": "user", "content": "We moved to Lisbon."},
            {"role": "assistant", "content": [{"type": "text", "text": "Nice!"}]},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "x"}]},
            {"role": "tool", "content": "{}"},
            {"role": "user", "name": "Bo", "content": [{"type": "text", "text": "a"}, "b"]},
        ],
        session_id="s1",
        observed_at="2024-02-12T09:30:00Z",
        scope="ana",
        speaker="Ana",
    )
    assert session.id == "s1" and session.scope == "ana"
    assert session.observed_at == T0
    assert [(t.speaker, t.text, t.index) for t in session.turns] == [
        ("Ana", "We moved to Lisbon.", 0),
        ("assistant", "Nice!", 1),
        ("Bo", "a\nb", 2),
    ]
    assert session.participants == ("Ana", "assistant", "Bo")


def test_messages_default_user_speaker() -> None:
    session = session_from_messages(
        [{"role": "user", "content": "hi"}], session_id="s", observed_at="2024-02-12"
    )
    assert session.turns[0].speaker == "user"
    assert session.observed_at == datetime(2024, 2, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        ({"role": "user"}, "messages must be a list"),
        (["hi"], "message [0]: a message must be an object"),
        ([{"content": "hi"}], "message [0]: missing 'role'"),
        ([{"role": "robot", "content": "hi"}], "message [0]: unknown role 'robot'"),
        ([{"role": "user", "content": "  "}], "message [0]: 'content' has no text"),
        ([{"role": "user"}], "message [0]: missing 'content'"),
        ([{"role": "user", "content": 3}], "message [0]: 'content' must be a string"),
        ([{"role": "user", "content": [{"type": "text"}]}], "content part [0]: 'text' must"),
        ([{"role": "system", "content": "x"}], "no user or assistant messages"),
    ],
)
def test_messages_errors(messages: object, expected: str) -> None:
    with pytest.raises(UserError) as exc:
        session_from_messages(messages, session_id="s", observed_at=T0)
    assert expected in one_line(exc)


def test_messages_bad_observed_at() -> None:
    with pytest.raises(UserError, match="observed_at: cannot parse 'yesterday'"):
        session_from_messages(
            [{"role": "user", "content": "x"}], session_id="s", observed_at="yesterday"
        )


# -- sessions ---------------------------------------------------------------------------


def record(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "session_id": "s1",
        "date": "2024-02-12T09:30:00+02:00",
        "turns": [
            {"speaker": "Ana", "text": "We moved to Lisbon.", "time": "2024-02-12T09:31"},
            {"speaker": "assistant", "text": "Nice!", "turn_id": "m2"},
        ],
    }
    base.update(overrides)
    return base


def test_sessions_record_fields() -> None:
    [session] = sessions_from_records(
        {"sessions": [record(scope="ana", metadata={"channel": "web"})]}
    )
    assert session.id == "s1" and session.scope == "ana"
    assert session.observed_at == datetime(2024, 2, 12, 7, 30, tzinfo=UTC)
    assert session.participants == ("Ana", "assistant")
    assert session.metadata == {"channel": "web"}
    first, second = session.turns
    assert first.time == datetime(2024, 2, 12, 9, 31, tzinfo=UTC) and first.turn_id is None
    assert second.time is None and second.turn_id == "m2" and second.index == 1


def test_sessions_bare_list_single_object_and_default_scope() -> None:
    listed = sessions_from_records([record(), record(session_id="s2", scope="bo")], scope="x")
    assert [(s.id, s.scope) for s in listed] == [("s1", "x"), ("s2", "bo")]
    assert [s.id for s in sessions_from_records(record())] == ["s1"]
    given = sessions_from_records([record(participants=["Ana", "Bo"])])
    assert given[0].participants == ("Ana", "Bo")


def test_sessions_json_and_jsonl_files(tmp_path: Path) -> None:
    as_json = tmp_path / "s.json"
    as_json.write_text(json.dumps({"sessions": [record()]}))
    as_jsonl = tmp_path / "s.jsonl"
    as_jsonl.write_text(json.dumps(record()) + "\n\n" + json.dumps(record(session_id="s2")) + "\n")
    assert [s.id for s in load_sessions(as_json)] == ["s1"]
    assert [s.id for s in load_sessions(str(as_jsonl))] == ["s1", "s2"]
    assert load_sessions(as_json) == load_sessions(as_jsonl)[:1]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"sessions": {}}, "input: 'sessions' must be a list"),
        (3, "input: expected {'sessions': [...]}"),
        ([1], "[0]: a session must be an object"),
        ([record(session_id=None)], "[0]: missing 'session_id'"),
        ([record(session_id=7)], "[0]: 'session_id' must be a string, got int"),
        ([record(date=None)], "[0] (s1): missing 'date'"),
        ([record(date="12/02/2024")], "[0] (s1): 'date': cannot parse '12/02/2024'"),
        ([record(scope=3)], "[0] (s1): 'scope' must be a string"),
        ([record(participants="Ana")], "[0] (s1): 'participants' must be a list"),
        ([record(metadata=[])], "[0] (s1): 'metadata' must be an object"),
        ([record(turns=[])], "[0] (s1): 'turns' must be a non-empty list"),
        ([record(title="x")], "[0] (s1): unknown key 'title'; allowed: session_id"),
        ([record(turns=["hi"])], "[0] (s1): turns[0]: a turn must be an object"),
        ([record(turns=[{"text": "hi"}])], "[0] (s1): turns[0]: missing 'speaker'"),
        ([record(turns=[{"speaker": "A", "text": " "}])], "turns[0]: 'text' is empty"),
        ([record(turns=[{"speaker": "A", "text": 1}])], "turns[0]: 'text' must be a string"),
        ([record(turns=[{"speaker": "A", "text": "x", "time": "soon"}])], "turns[0]: 'time'"),
        ([record(turns=[{"speaker": "A", "text": "x", "who": 1}])], "unknown key 'who'"),
        ([record(), record()], "[1]: duplicate session_id 's1'"),
    ],
)
def test_sessions_errors(data: object, expected: str) -> None:
    with pytest.raises(UserError) as exc:
        sessions_from_records(data)
    assert expected in one_line(exc)


def test_sessions_errors_name_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    bad = record(turns=[{"speaker": "A", "text": "x"}, {"speaker": "B", "text": ""}])
    path.write_text(json.dumps(record()) + "\n\n" + json.dumps(bad) + "\n")
    with pytest.raises(UserError) as exc:
        load_sessions(path)
    assert one_line(exc) == f"{path}: line 3 (s1): turns[1]: 'text' is empty"
    nested = tmp_path / "s.json"
    nested.write_text(json.dumps({"sessions": [record(), bad | {"session_id": "s2"}]}))
    with pytest.raises(UserError) as exc:
        load_sessions(nested)
    assert one_line(exc) == f"{nested}: sessions[1] (s2): turns[1]: 'text' is empty"


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="nope.json: no such file"):
        load_sessions(tmp_path / "nope.json")
    broken = tmp_path / "b.json"
    broken.write_text('{"sessions": [}')
    with pytest.raises(UserError, match=r"b.json: invalid JSON at line 1"):
        load_sessions(broken)
    lines = tmp_path / "b.jsonl"
    lines.write_text(json.dumps(record()) + "\n{oops\n")
    with pytest.raises(UserError, match=r"b.jsonl: line 2: invalid JSON"):
        load_sessions(lines)


# -- detection and load_sessions --------------------------------------------------------

MESSAGES = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
SAMPLE: dict[str, Any] = {
    "sample_id": "conv-1",
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Bo",
        "session_2_date_time": "9:05 am on 3 June, 2023",
        "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "Later."}],
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Bo!"},
            {"speaker": "Bo", "dia_id": "D1:2", "text": "Look.", "blip_caption": "a dog"},
        ],
        "session_3_date_time": "2:00 pm on 9 June, 2023",
        "session_1_summary": "ignored odd key",
    },
    "qa": [
        {"question": "Where?", "answer": "Lisbon", "evidence": ["D1:1"], "category": 4},
        {"question": "When?", "answer": 2022, "evidence": ["D1:2; D2:1"], "category": 2},
        {"question": "Pet?", "adversarial_answer": "cat", "evidence": [], "category": 5},
    ],
}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"sessions": []}, "sessions"),
        ([record()], "sessions"),
        (record(), "sessions"),
        ([SAMPLE], "locomo"),
        (SAMPLE, "locomo"),
        (MESSAGES, "messages"),
    ],
)
def test_detect_format(data: object, expected: str) -> None:
    assert detect_format(data) == expected


@pytest.mark.parametrize("data", [[1], [{"x": 1}], {"x": 1}, "text", {"role": "user"}])
def test_detect_format_rejects_unknown_shapes(data: object) -> None:
    with pytest.raises(UserError) as exc:
        detect_format(data)
    assert "cannot tell the format" in one_line(exc)


def test_load_sessions_auto_on_parsed_data() -> None:
    assert [s.id for s in load_sessions({"sessions": [record()]})] == ["s1"]
    assert [s.id for s in load_sessions([SAMPLE])] == ["conv-1:session_1", "conv-1:session_2"]
    [session] = load_sessions(MESSAGES, session_id="m", observed_at=T0, speaker="Ana")
    assert session.participants == ("Ana", "assistant")
    assert load_sessions([]) == []


def test_load_sessions_explicit_format_and_keyword_checks(tmp_path: Path) -> None:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(MESSAGES))
    [session] = load_sessions(path, format="messages", session_id="m", observed_at="2024-02-12")
    assert session.id == "m"
    with pytest.raises(UserError, match="chat.json: messages need observed_at="):
        load_sessions(path)
    [dated] = load_sessions(path, now=T0)  # no date: the caller's now; no id: a content hash
    assert dated.observed_at == T0 and dated.id == messages_session_id(MESSAGES)
    assert load_sessions(path, observed_at=T0)[0].id == messages_session_id(MESSAGES, T0)
    with pytest.raises(UserError, match="input: session_id= applies only to the messages"):
        load_sessions([record()], session_id="x")
    with pytest.raises(UserError, match="scope= does not apply to LoCoMo"):
        load_sessions([SAMPLE], scope="x")
    with pytest.raises(UserError, match="unknown format 'yaml'"):
        load_sessions([record()], format="yaml")  # type: ignore[arg-type]
    with pytest.raises(UserError, match=r"\[0\]: 'sample_id' must be a non-empty string"):
        load_sessions([record()], format="locomo")


# -- LoCoMo -----------------------------------------------------------------------------


def test_locomo_sessions() -> None:
    first, second = sessions_from_locomo([SAMPLE])
    assert first.id == "conv-1:session_1" and first.scope == "conv-1"
    assert first.observed_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert first.participants == ("Ana", "Bo")
    assert [(t.turn_id, t.speaker, t.text) for t in first.turns] == [
        ("D1:1", "Ana", "Hi Bo!"),
        ("D1:2", "Bo", "Look. [shares a photo: a dog]"),
    ]
    assert second.observed_at == datetime(2023, 6, 3, 9, 5, tzinfo=UTC)
    assert first.metadata["date_time"] == "1:56 pm on 8 May, 2023"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("01:56 PM on 08 May, 2023", datetime(2023, 5, 8, 13, 56, tzinfo=UTC)),
        ("12:19 am on 4 January, 2024", datetime(2024, 1, 4, 0, 19, tzinfo=UTC)),
        ("10:04  am on 19 Dec 2023", datetime(2023, 12, 19, 10, 4, tzinfo=UTC)),
    ],
)
def test_parse_locomo_date(text: str, expected: datetime) -> None:
    assert parse_locomo_date(text) == expected


def locomo_with(**conversation: Any) -> list[dict[str, Any]]:
    return [{"sample_id": "c", "conversation": {"speaker_a": "A", "speaker_b": "B"} | conversation}]


TURN = {"speaker": "A", "dia_id": "D1:1", "text": "hi"}
DATE = "1:56 pm on 8 May, 2023"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"x": 1}, "[0]: 'sample_id' must be a non-empty string"),
        ("x", "input: LoCoMo data must be a list of samples"),
        ([{"sample_id": "c"}], "[0] (c): 'conversation' must be an object"),
        (locomo_with(session_1=[TURN]), "[0] (c): session_1: no 'session_1_date_time'"),
        (
            locomo_with(session_1=[TURN], session_1_date_time="May 8th"),
            "[0] (c): session_1_date_time: cannot parse date 'May 8th'",
        ),
        (locomo_with(session_1=[], session_1_date_time=DATE), "session_1: a session must be"),
        (
            locomo_with(session_1=[TURN | {"text": ""}], session_1_date_time=DATE),
            "[0] (c): session_1[0]: 'text' is empty",
        ),
        (
            locomo_with(session_1=[{"speaker": "A", "text": "x"}], session_1_date_time=DATE),
            "session_1[0]: 'dia_id' must be a non-empty string",
        ),
    ],
)
def test_locomo_errors(data: object, expected: str) -> None:
    with pytest.raises(UserError) as exc:
        sessions_from_locomo(data)
    assert expected in one_line(exc)


def test_locomo_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(locomo_with(session_1=[TURN], session_1_date_time="soon")))
    with pytest.raises(UserError, match=r"locomo.json: \[0\] \(c\): session_1_date_time: "):
        load_sessions(path)


def test_locomo_photo_only_turn_keeps_the_caption() -> None:
    turn = TURN | {"text": "", "blip_caption": "a cake"}
    [session] = sessions_from_locomo(locomo_with(session_1=[turn], session_1_date_time=DATE))
    assert session.turns[0].text == "[shares a photo: a cake]"


def test_locomo_questions() -> None:
    assert locomo_questions([SAMPLE]) == [
        LocomoQuestion("conv-1", "Where?", "Lisbon", 4, ("D1:1",)),
        LocomoQuestion("conv-1", "When?", "2022", 2, ("D1:2", "D2:1")),
        LocomoQuestion("conv-1", "Pet?", None, 5, (), adversarial_answer="cat"),
    ]


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ({"answer": "x", "category": 1}, "qa[0]: 'question' must be a non-empty string"),
        ({"question": "q?", "answer": "x"}, "qa[0]: 'category' must be an integer, got None"),
        ({"question": "q?", "answer": ["x"], "category": 1}, "'answer' must be text or a number"),
    ],
)
def test_locomo_question_errors(item: dict[str, Any], expected: str) -> None:
    with pytest.raises(UserError) as exc:
        locomo_questions([{"sample_id": "c", "qa": [item]}])
    assert expected in one_line(exc)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["D1:3", "D2:5"], ("D1:3", "D2:5")),
        (["D8:6; D9:17"], ("D8:6", "D9:17")),  # two ids in one string, conv-26
        (["D9:1 D4:4 D4:6"], ("D9:1", "D4:4", "D4:6")),  # space-separated, conv-49
        (["D:11:26"], ("D11:26",)),  # stray colon, conv-43
        (["D30:05"], ("D30:5",)),  # leading zero, conv-50; the turn is "D30:5"
        (["D1:18", "D", "D1:20"], ("D1:18", "D1:20")),  # a bare "D", conv-42
        (["D 3 : 4", "D3:4", 7, None], ("D3:4",)),  # spaces, duplicates, non-strings
        ("D1:2", ("D1:2",)),
        (None, ()),
    ],
)
def test_normalize_evidence(raw: object, expected: tuple[str, ...]) -> None:
    assert normalize_evidence(raw) == expected


# -- the real LoCoMo file ---------------------------------------------------------------

needs_locomo = pytest.mark.skipif(
    not LOCOMO.is_file(), reason=f"LoCoMo data not found at {LOCOMO} (shared/data is not here)"
)


@pytest.fixture(scope="module")
def locomo_data() -> object:
    return read_input(LOCOMO)


@needs_locomo
def test_locomo_file_sessions(locomo_data: object) -> None:
    sessions = load_sessions(LOCOMO)
    assert sessions == sessions_from_locomo(locomo_data, origin=str(LOCOMO))
    assert len(sessions) == 272
    assert sum(len(s.turns) for s in sessions) == 5882
    assert len({s.scope for s in sessions}) == 10
    assert len({s.id for s in sessions}) == 272
    # conv-26 has dates for sessions 20-35 but no talk in them: they are skipped.
    assert [s.id for s in sessions if s.scope == "conv-26"][-1] == "conv-26:session_19"
    for session in sessions:
        number = session.id.rsplit("_", 1)[1]
        assert all(t.turn_id and t.turn_id.startswith(f"D{number}:") for t in session.turns)
        assert len(session.participants) == 2
        assert session.observed_at.tzinfo is UTC
    assert sum("[shares a photo: " in t.text for s in sessions for t in s.turns) == 1226


@needs_locomo
def test_locomo_file_questions(locomo_data: object) -> None:
    questions = locomo_questions(locomo_data)
    assert len(questions) == 1986
    categories = Counter(q.category for q in questions)
    assert categories == {1: 282, 2: 321, 3: 96, 4: 841, 5: 446}
    assert sum(categories[c] for c in (1, 2, 3, 4)) == 1540
    assert all(q.answer is not None for q in questions if q.category != 5)
    assert sum(q.answer is None for q in questions) == 444
    assert all(
        e.startswith("D") and e[1:].replace(":", "", 1).isdigit()
        for q in questions
        for e in q.evidence
    )
    turn_ids = {(s.scope, t.turn_id) for s in load_sessions(locomo_data) for t in s.turns}
    dangling = {(q.sample_id, e) for q in questions for e in q.evidence} - turn_ids
    # Well-formed ids that name no turn in the file (data errors we keep, not fix).
    assert dangling == {("conv-42", "D10:19"), ("conv-47", "D4:36")}
