"""The tem command line: every command is a Memory method plus argument parsing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from tem import Memory
from tem.cli import cli, transfer
from test_demo import EXPECTED

ADD = ["add", "Ana", "lives in"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tem.db"


def tem(db: Path, *args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["--db", str(db), *args], env=env, catch_exceptions=False)


def counts(db: Path) -> dict[str, int]:
    with Memory(db) as memory:
        return memory.store.count()


def seed(db: Path) -> None:
    tem(db, *ADD, "Lisbon", "--source", "chat 1", "--observed-at", "2024-01-05")
    tem(db, *ADD, "Oslo", "--source", "chat 2", "--observed-at", "2024-06-01")


def one_error_line(result: Result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("tem: error: ")
    return line


# -- help -----------------------------------------------------------------------------


def test_every_command_has_help_text() -> None:
    assert isinstance(cli, click.Group)
    names = sorted(cli.commands)
    assert names == sorted(
        "add retract undo forget history current recall context declare cardinality "
        "export import demo eval ingest sessions turns dated-events forget-session serve mcp "
        "worker jobs scopes subjects".split()
    )
    for name in names:
        command = cli.commands[name]
        assert command.help and len(command.help.split()) > 4, name
        result = CliRunner().invoke(cli, [name, "--help"])
        assert result.exit_code == 0 and "Usage: " in result.output, name


NOT_VERBS = {
    "export": "tem.io's exporters, over Memory.versions and Memory.observations",
    "import": "tem.io's importers, over Memory.declare and Memory.write",
    "demo": "tem.demo.load_demo, then Memory.context",
    "serve": "a service: the HTTP routes are Memory verbs",
    "mcp": "a service: the MCP tools are Memory verbs",
    "worker": "a service: it ingests queued sessions with Memory.ingest",
    "jobs": "reads the job queue, not the memory",
    "eval": "benchmarks",
}
"""The commands that are not one Memory method, and what they are instead."""


def test_every_memory_command_is_the_memory_verb_of_its_name() -> None:
    assert set(NOT_VERBS) <= set(cli.commands)
    for name in cli.commands:
        if name not in NOT_VERBS:
            verb = getattr(Memory, name.replace("-", "_"), None)
            assert callable(verb), f"tem {name} reads or writes memory but is no Memory verb"


def test_cli_reference_is_up_to_date() -> None:
    script = Path(__file__).resolve().parents[1] / "scripts" / "cli_reference.py"
    done = subprocess.run([sys.executable, str(script), "--check"], check=False)
    assert done.returncode == 0, "docs/cli.md is stale: run python scripts/cli_reference.py"


# -- writes ---------------------------------------------------------------------------


def test_add_prints_the_version_and_json_parses(db: Path) -> None:
    result = tem(db, *ADD, "Lisbon", "--source", "chat 1", "--observed-at", "2024-01-05")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1].split() == [
        "lives",
        "in",
        "Lisbon",
        "current",
        "2024-01-05..",
        "chat",
        "1",
    ]
    meta = ["--metadata", '{"mood": "happy"}', "--json"]
    times = ["--observed-at", "2024-06-01", "--valid-from", "2024-05-01"]
    out = tem(db, *ADD, "Oslo", "--source", "c2", *times, *meta)
    version = json.loads(out.stdout)
    assert version["value"] == "Oslo" and version["valid_from"].startswith("2024-05-01")
    assert version["metadata"] == {"mood": "happy"} and version["supersedes"]


def test_retract_ends_the_fact(db: Path) -> None:
    seed(db)
    result = tem(
        db,
        "retract",
        "Ana",
        "lives in",
        "--source",
        "chat 3",
        "--observed-at",
        "2024-09-01",
        "--json",
    )
    (ended,) = json.loads(result.stdout)
    assert ended["value"] == "Oslo" and ended["status"] == "ended"
    again = tem(db, "retract", "Ana", "lives in", "--source", "x", "--observed-at", "2024-10-01")
    assert "nothing current" in one_error_line(again, code=3)


def test_undo_retires_a_source(db: Path) -> None:
    seed(db)
    result = tem(db, "undo", "chat 2")
    assert result.exit_code == 0 and result.stdout.startswith("undid 'chat 2'")
    current = json.loads(tem(db, "current", "Ana", "--json").stdout)
    assert [v["value"] for v in current] == ["Lisbon"]
    one_error_line(tem(db, "undo", "chat 2"), code=3)


def test_forget_deletes_a_subject(db: Path) -> None:
    seed(db)
    tem(db, "add", "Bo", "plan", "pro", "--source", "chat 1", "--observed-at", "2024-01-05")
    result = tem(db, "forget", "--subject", "Ana")
    assert result.stdout == "forgot 2 observations\n"
    assert counts(db)["observations"] == 1
    assert tem(db, "forget", "--all-of-scope").stdout == "forgot 1 observations\n"


def test_declare_and_cardinality(db: Path) -> None:
    assert tem(db, "cardinality", "plan").stdout == "one\n"
    assert tem(db, "declare", "plan", "many").stdout == "plan: many\n"
    assert json.loads(tem(db, "cardinality", "plan", "--json").stdout)["cardinality"] == "many"


# -- reads ----------------------------------------------------------------------------


def test_history_and_current(db: Path) -> None:
    seed(db)
    table = tem(db, "history", "Ana").stdout.splitlines()
    assert table[0].split() == ["relation", "value", "status", "valid", "source"]
    assert [line.split()[2:4] for line in table[1:]] == [
        ["Lisbon", "historical"],
        ["Oslo", "current"],
    ]
    history = json.loads(tem(db, "history", "Ana", "lives in", "--json").stdout)
    assert [v["status"] for v in history] == ["historical", "current"]
    past = json.loads(tem(db, "current", "Ana", "--at", "2024-03-01", "--json").stdout)
    assert [v["value"] for v in past] == ["Lisbon"]
    empty = tem(db, "current", "Nobody")
    assert empty.exit_code == 3 and empty.stdout == "" and "no versions" in empty.stderr


def test_recall_json_has_results(db: Path) -> None:
    seed(db)
    data = json.loads(tem(db, "recall", "where does Ana live", "-k", "5", "--json").stdout)
    assert [r["value"] for r in data["results"]] == ["Lisbon", "Oslo"]
    assert data["tokens"] > 0 and all(r["score"] is not None for r in data["results"])
    assert "subject" in tem(db, "recall", "Ana").stdout.splitlines()[0]


def test_context_knobs(db: Path) -> None:
    seed(db)
    text = tem(db, "context", "Where does Ana live now?").stdout
    assert "- lives in | Lisbon | source: chat 1 [historical]" in text
    assert text.endswith("Question: Where does Ana live now?\n")
    tuned = tem(
        db,
        "context",
        "Where does Ana live?",
        "--tag-style",
        "replaced",
        "--dates",
        "--no-answer-rules",
        "--max-facts",
        "1",
        "--json",
    )
    body = json.loads(tuned.stdout)["context"]
    assert "Answer only" not in body and "Lisbon" not in body
    assert "- lives in | Oslo | source: chat 2, 2024-06-01" in body


# -- files ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "memfile"])
def test_export_then_import_round_trips(db: Path, tmp_path: Path, fmt: str) -> None:
    seed(db)
    target = tmp_path / f"out.{'jsonl' if fmt == 'jsonl' else 'md'}"
    assert tem(db, "export", "--format", fmt, "-o", str(target)).exit_code == 0
    copy = tmp_path / "copy.db"
    result = tem(copy, "import", str(target))
    assert result.exit_code == 0 and f"({fmt})" in result.stdout, result.output
    assert "as in the file" in result.stdout
    a = json.loads(tem(db, "history", "Ana", "--json").stdout)
    b = json.loads(tem(copy, "history", "Ana", "--json").stdout)
    assert [(v["value"], v["status"]) for v in a] == [(v["value"], v["status"]) for v in b]
    stdout = tem(db, "export", "--format", fmt).stdout
    assert stdout == target.read_text(encoding="utf-8")


def test_import_reports_json_and_mismatches(db: Path, tmp_path: Path) -> None:
    seed(db)
    path = tmp_path / "mem.md"
    tem(db, "export", "--format", "memfile", "-o", str(path))
    text = path.read_text().replace("chat 2, 2024-06-01)", "chat 2, 2024-06-01) [historical]")
    path.write_text(text)
    result = tem(tmp_path / "other.db", "import", str(path), "--format", "memfile")
    assert result.exit_code == 0 and "1 differences" in result.stdout
    assert result.stderr.startswith("tem: warning: line ")
    report = json.loads(tem(tmp_path / "x.db", "import", str(path), "--json").stdout)
    assert report["written"] == 2 and len(report["mismatches"]) == 1


def test_a_bad_import_file_writes_nothing(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "declare", "relation": "plan", "cardinality": "many"}\n{oops\n')
    line = one_error_line(tem(db, "import", str(path)))
    assert line.startswith("tem: error: line 2: not JSON")
    assert counts(db)["observations"] == 0
    with Memory(db) as memory:
        assert memory.store.declared() == {}


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("passwd", b"root:x:0:0:root:/root:/bin/bash\n", "not a memory file"),
        ("locomo.json", b'[{"sample_id": "conv-26", "conversation": {', "not JSON"),
        ("cut.json", b'{"type": "observation", "id": "x", "sco', "not JSON"),
        ("binary", b"\x7fELF\x02\x01\xd0\x00", "not UTF-8"),
    ],
)
def test_an_input_that_is_not_an_export_is_an_error(
    db: Path, tmp_path: Path, name: str, content: bytes, says: str
) -> None:
    """It used to exit 0 with "0 observations"."""
    path = tmp_path / name
    path.write_bytes(content)
    assert says in one_error_line(tem(db, "import", str(path)))
    assert one_error_line(tem(db, "import", str(path), "--format", "memfile"))


def test_an_unreadable_input_is_an_error(db: Path, tmp_path: Path) -> None:
    path = tmp_path / "export.jsonl"
    path.write_text("")
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything
        pytest.skip("this user can read a file with no permissions")
    assert "cannot read" in one_error_line(tem(db, "import", str(path)))


def test_large_jsonl_imports_through_the_progress_bar(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transfer, "PROGRESS_MIN_LINES", 2)
    seed(db)
    path = tmp_path / "big.jsonl"
    tem(db, "export", "-o", str(path))
    report = json.loads(tem(tmp_path / "copy.db", "import", str(path), "--json").stdout)
    assert report["written"] == 2 and report["mismatches"] == []


# -- demo, environment, console script --------------------------------------------------


def test_demo_prints_the_seed_prompt_and_is_idempotent(db: Path) -> None:
    first = tem(db, "demo")
    assert first.exit_code == 0 and first.stdout == EXPECTED + "\n"
    before = counts(db)
    assert tem(db, "demo").stdout == first.stdout
    assert counts(db) == before == {**before, "observations": 7, "versions": 7}


def test_demo_db_option_and_tem_db_env(tmp_path: Path) -> None:
    own = tmp_path / "own.db"
    result = CliRunner().invoke(cli, ["demo", "--db", str(own)])
    assert result.exit_code == 0 and counts(own)["observations"] == 7
    env_db = tmp_path / "env.db"
    runner = CliRunner(env={"TEM_DB": str(env_db), "TEM_SCOPE": "client"})
    runner.invoke(cli, ["demo"])
    current = runner.invoke(cli, ["current", "Cozy Home Co.", "Ad budget", "--json"])
    assert [v["value"] for v in json.loads(current.stdout)] == ["$4,500/mo"]
    assert {v["scope"] for v in json.loads(current.stdout)} == {"client"}


def test_python_dash_m_tem_runs_the_console_script(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEM_")}
    done = subprocess.run(
        [sys.executable, "-m", "tem", "demo", "--db", str(tmp_path / "tem.db")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == EXPECTED + "\n"


# -- bad input: one line, non-zero exit, nothing written ---------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([*ADD, "Porto", "--observed-at", "2024-09-01"], "Missing option '--source'"),
        ([*ADD, "Porto", "--source", "s", "--observed-at", "next Tuesday-ish"], "--observed-at:"),
        (
            [*ADD, "Porto", "--source", "s", "--observed-at", "2024-09-01", "--valid-from", "soon"],
            "--valid-from: cannot parse 'soon'",
        ),
        ([*ADD, "Porto", "--source", " ", "--observed-at", "2024-09-01"], "--source: must not be"),
        (
            [*ADD, "Porto", "--source", "s", "--observed-at", "2024-09-01", "--metadata", "[1]"],
            "expected a JSON object",
        ),
        (["context", "q", "--tag-style", "shouty"], "'shouty' is not one of"),
        (["context", "q", "--max-facts", "0"], "error: --max-facts: must be at least 1"),
        (["recall", "q", "-k", "0"], "error: -k: must be at least 1"),
        (["history", "Ana", "--at", "yesterday"], "error: --at: cannot parse"),
        (["declare", "plan", "few"], "'few' is not one of 'one', 'many'"),
        (["forget"], "forget: name a scope, a subject or a source"),
        (["forget", "--all-of-scope", "--subject", "Ana"], "--all-of-scope deletes"),
        (["--rule", "newest", "history", "Ana"], "'newest' is not one of"),
        (["frobnicate"], "No such command 'frobnicate'"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(db: Path, args: list[str], message: str) -> None:
    seed(db)
    before = counts(db)
    line = one_error_line(tem(db, *args))
    assert message in line
    assert counts(db) == before


def test_store_errors_exit_4(tmp_path: Path) -> None:
    folder = tmp_path / "not-a-file.db"
    folder.mkdir()
    args = ["--db", str(folder / "missing" / "x.db"), *ADD, "Oslo", "--source", "s"]
    result = CliRunner().invoke(cli, [*args, "--observed-at", "2024-01-01"])
    assert "cannot open" in one_error_line(result, code=4)


def test_retracting_a_value_that_is_not_current_exits_3_and_writes_nothing(db: Path) -> None:
    seed(db)
    before = counts(db)
    args = ["--source", "chat 3", "--observed-at", "2024-09-01"]
    one_error_line(tem(db, "retract", "Ana", "lives in", "Lisbon", *args), code=3)
    assert counts(db) == before
