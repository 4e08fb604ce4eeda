"""tem scopes / subjects, reads that never create a database, and hints at other scopes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tem.cli import cli


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tem.db"


def tem(db: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)


def seed(db: Path) -> None:
    for scope, subject in [("conv-26", "Caroline"), ("conv-26", "Mel"), ("conv-30", "Jon")]:
        args = ["add", subject, "lives in", "Oslo", "--source", "s", "--observed-at", "2023-01-01"]
        assert tem(db, "--scope", scope, *args).exit_code == 0


def test_scopes_and_subjects_list_what_is_stored(db: Path) -> None:
    seed(db)
    assert tem(db, "scopes").stdout.split() == ["conv-26", "conv-30"]
    assert json.loads(tem(db, "scopes", "--json").stdout) == ["conv-26", "conv-30"]
    assert tem(db, "--scope", "conv-26", "subjects").stdout.split() == ["Caroline", "Mel"]
    empty = tem(db, "subjects")
    assert empty.exit_code == 0 and empty.stdout == ""
    assert "scope 'default' is empty; data is in scope conv-26, conv-30" in empty.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["history", "Ana"],
        ["current", "Ana"],
        ["recall", "q"],
        ["context", "q"],
        ["scopes"],
        ["subjects"],
    ],
)
def test_a_read_never_creates_a_database(db: Path, args: list[str]) -> None:
    result = tem(db, *args)
    assert result.exit_code == 3 and "no database at" in result.stderr
    assert not db.exists()


def test_create_lets_a_read_make_an_empty_database(db: Path) -> None:
    result = tem(db, "--create", "context", "Where does Ana live?")
    assert result.exit_code == 0 and "No stored facts match" in result.stdout
    assert db.is_file()


def test_a_subject_in_another_scope_is_named(db: Path) -> None:
    seed(db)
    result = tem(db, "history", "Caroline")
    assert result.exit_code == 3
    assert "no versions of Caroline in scope 'default'" in result.stderr
    assert "'Caroline' is in scope conv-26: pass --scope NAME" in result.stderr
    assert tem(db, "--scope", "conv-26", "current", "Nobody").stderr.count("\n") == 1


def test_context_in_an_empty_scope_says_where_the_data_is(db: Path) -> None:
    seed(db)
    result = tem(db, "context", "Where does Caroline live?")
    assert result.exit_code == 0 and "No stored facts match" in result.stdout
    assert "data is in scope conv-26, conv-30: pass --scope NAME" in result.stderr
    found = tem(db, "--scope", "conv-26", "context", "Where does Caroline live?")
    assert found.stderr == "" and "Oslo" in found.stdout


def test_a_tilde_in_db_is_the_home_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    args = ["add", "Ana", "age", "3", "--source", "s", "--observed-at", "2024-01-01"]
    assert CliRunner().invoke(cli, ["--db", "~/agent.db", *args]).exit_code == 0
    assert (tmp_path / "agent.db").is_file()
