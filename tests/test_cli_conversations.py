"""tem ingest, sessions, turns, forget-session, and context --budget-tokens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tem import Memory
from tem.cli import cli

SESSIONS = [
    {"session_id": "s1", "date": "2024-01-05", "turns": [
        {"speaker": "Ana", "text": "I live in Lisbon."},
        {"speaker": "Bo", "text": "The trams there are lovely."},
    ]},
    {"session_id": "s2", "date": "2024-06-01", "turns": [
        {"speaker": "Ana", "text": "We moved to Oslo last month."},
    ]},
]  # fmt: skip


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
    assert again["created"] == 0 and again["unchanged"] == 2 and again["failed"] == []


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
