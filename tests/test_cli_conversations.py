"""tem ingest (exit codes, an unreachable LLM), sessions, turns, forget-session, context."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tem import Memory
from tem.cli import cli, conversations
from tem.ingest.pipeline import IngestReport
from tem.llm import LLMExtractor, LLMSettings
from tem.llm.testing import FakeChatModel, facts_answer

SESSIONS = [
    {
        "session_id": "s1",
        "date": "2024-01-05",
        "turns": [
            {"speaker": "Ana", "text": "I live in Lisbon."},
            {"speaker": "Bo", "text": "The trams there are lovely."},
        ],
    },
    {
        "session_id": "s2",
        "date": "2024-06-01",
        "turns": [
            {"speaker": "Ana", "text": "We moved to Oslo last month."},
        ],
    },
]


@pytest.fixture
def chats(tmp_path: Path) -> Path:
    path = tmp_path / "chats.json"
    path.write_text(json.dumps({"sessions": SESSIONS}))
    return path


def tem(db: Path, *args: str, env: dict[str, str] | None = None) -> Result:
    base = {"TEM_LLM_MODEL": ""}
    return CliRunner().invoke(cli, ["--db", str(db), *args], env={**base, **(env or {})})


def test_ingest_prints_a_summary_and_stores_everything(tmp_path: Path, chats: Path) -> None:
    db = tmp_path / "tem.db"
    result = tem(db, "ingest", str(chats))
    assert result.exit_code == 0, result.output
    assert "2 sessions, 3 turns" in result.stdout and "1 superseded" in result.stdout
    with Memory(db) as memory:
        assert [v.value for v in memory.current("Ana", "lives in")] == ["Oslo"]
    listed = tem(db, "sessions")
    assert listed.stdout.splitlines()[0].startswith("2024-01-05  s1  ")
    assert tem(db, "turns", "s1").stdout.splitlines() == [
        "[0] Ana: I live in Lisbon.",
        "[1] Bo: The trams there are lovely.",
    ]


def test_ingest_json_and_idempotence(tmp_path: Path, chats: Path) -> None:
    db = tmp_path / "tem.db"
    tem(db, "ingest", str(chats))
    again = json.loads(tem(db, "ingest", str(chats), "--json").stdout)
    assert again["created"] == 0 and again["skipped"] == 2 and again["failed"] == []


def test_forget_session_and_hybrid_context(tmp_path: Path, chats: Path) -> None:
    db = tmp_path / "tem.db"
    tem(db, "ingest", str(chats))
    prompt = tem(db, "context", "Where does Ana live? trams", "--budget-tokens", "300").stdout
    assert "<Memory>" in prompt and "<Turns>" in prompt
    assert "forgot session s2" in tem(db, "forget-session", "s2").stdout
    with Memory(db) as memory:
        assert [v.value for v in memory.current("Ana", "lives in")] == ["Lisbon"]


def test_bad_input_file_is_one_error_line_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "tem.db"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"sessions": [{"session_id": "x", "date": "someday", "turns": []}]}))
    result = tem(db, "ingest", str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith("tem: error: ") and len(result.stderr.splitlines()) == 1
    with Memory(db) as memory:
        assert memory.store.count()["sessions"] == 0


def test_asking_for_the_llm_without_one_configured_is_an_error(tmp_path: Path, chats: Path) -> None:
    result = tem(tmp_path / "tem.db", "ingest", str(chats), "--extractor", "llm")
    assert result.exit_code == 2 and "TEM_LLM_MODEL" in result.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_llm_server_is_one_error_at_once(tmp_path: Path, chats: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    env = {"TEM_LLM_MODEL": "m", "TEM_LLM_BASE_URL": url, "TEM_LLM_MAX_RETRIES": "5"}
    started = time.monotonic()
    result = tem(tmp_path / "tem.db", "ingest", str(chats), env=env)
    assert time.monotonic() - started < 5  # one probe, no retries, no session tried
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"tem: error: cannot reach the LLM server at {url}")
    assert "TEM_LLM_BASE_URL" in line
    with Memory(tmp_path / "tem.db") as memory:
        assert memory.store.count()["sessions"] == 0


@pytest.fixture
def scripted_llm(monkeypatch: pytest.MonkeyPatch) -> None:
    """The LLM extractor on a FakeChatModel: s1 gets an answer, s2 two bad ones."""
    ana = {"subject": "Ana", "relation": "lives in", "value": "Lisbon", "turn": 0, "action": "new"}
    model = FakeChatModel([facts_answer(ana), "nope", "still nope"])
    extractor = LLMExtractor(model, LLMSettings(model="fake"))
    monkeypatch.setattr(conversations, "pick_extractor", lambda kind: (extractor, "waiting"))


@pytest.mark.usefixtures("scripted_llm")
def test_failed_sessions_exit_1_with_one_line_naming_them(tmp_path: Path, chats: Path) -> None:
    result = tem(tmp_path / "tem.db", "ingest", str(chats))
    assert result.exit_code == 1
    assert result.stdout.startswith("1 sessions, 2 turns, 1 facts")
    (line,) = result.stderr.splitlines()
    assert line.startswith("tem: error: 1 of 2 sessions failed: s2 (first: s2: ")
    assert "invalid answer after one repair" in line
    with Memory(tmp_path / "tem.db") as memory:
        assert [e.session_id for e in memory.sessions()] == ["s1"]


@pytest.mark.usefixtures("scripted_llm")
def test_failed_sessions_with_json_still_exit_1(tmp_path: Path, chats: Path) -> None:
    result = tem(tmp_path / "tem.db", "ingest", str(chats), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["sessions"] == 1 and [f[0] for f in report["failed"]] == ["s2"]


def test_many_failures_are_named_up_to_five() -> None:
    report = IngestReport(failed=[(f"s{n}", f"s{n}: down") for n in range(7)])
    assert conversations.failures_line(report, 9) == (
        "7 of 9 sessions failed: s0, s1, s2, s3, s4, ... (first: s0: down)"
    )


def test_a_bare_message_list_defaults_to_now_and_a_content_hash(tmp_path: Path) -> None:
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "name": "Ana", "content": "I moved to Oslo."}]))
    db = tmp_path / "tem.db"
    assert tem(db, "ingest", str(chat)).exit_code == 0
    again = tem(db, "ingest", str(chat)).stdout  # the same messages: the same session
    assert "0 versions created" in again
    with Memory(db) as memory:
        (event,) = memory.sessions()
    assert event.session_id.startswith("msg-")


def test_dated_events_print_the_resolved_date(tmp_path: Path) -> None:
    path = tmp_path / "chats.jsonl"
    row = {
        "session_id": "c1",
        "date": "2023-05-08",
        "turns": [{"speaker": "Ana", "text": "I went to a support group yesterday."}],
    }
    path.write_text(json.dumps(row), encoding="utf-8")
    db = tmp_path / "t.db"
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", str(db), "ingest", str(path)]).exit_code == 0
    shown = runner.invoke(cli, ["--db", str(db), "dated-events", "support group"])
    assert shown.exit_code == 0 and "7 May 2023" in shown.stdout and "Ana:" in shown.stdout
    as_json = runner.invoke(cli, ["--db", str(db), "dated-events", "--json"])
    assert json.loads(as_json.stdout)[0]["when"].startswith("2023-05-07")
