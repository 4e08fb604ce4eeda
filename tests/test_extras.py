"""A missing optional dependency gives one line naming the extra that installs it."""

from __future__ import annotations

import builtins
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tem import Memory
from tem.cli import cli
from tem.extras import EXTRA_OF, MODULES, MissingExtra, explain, require


@pytest.fixture
def no_spacy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pretend the extract extra is not installed."""
    monkeypatch.setattr("tem.extras.find_spec", lambda name: None if name == "spacy" else 1)
    yield


def test_require_names_the_extra(no_spacy: None) -> None:
    with pytest.raises(
        MissingExtra, match=r"^offline extraction needs spacy: pip install 'tem\[extract\]'$"
    ):
        require("extract", "offline extraction")
    require("client", "the client")  # installed: nothing to say


def test_explain_maps_a_module_to_its_extra() -> None:
    assert explain(ModuleNotFoundError("x", name="psycopg.pq"), "tem serve") == (
        "tem serve needs psycopg: pip install 'tem[postgres]'"
    )
    assert explain(ModuleNotFoundError("x", name="something_else")) is None
    assert all(EXTRA_OF[m] == extra for extra, ms in MODULES.items() for m in ms)


def test_ingest_without_the_extract_extra_says_what_to_install(no_spacy: None) -> None:
    with pytest.raises(MissingExtra, match="pip install 'tem\\[extract\\]'"):
        Memory().add_messages([{"role": "user", "content": "I moved to Oslo."}])


def test_the_cli_prints_one_line_for_an_import_error_of_an_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = builtins.__import__

    def without_pydantic(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] == "pydantic":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)

    chat = tmp_path / "chat.json"
    chat.write_text('[{"role": "user", "content": "I moved to Oslo."}]')
    for module in [m for m in sys.modules if m.startswith(("tem.llm.", "pydantic"))]:
        monkeypatch.delitem(sys.modules, module)  # restored after the test
    monkeypatch.setattr(builtins, "__import__", without_pydantic)
    args = ["--db", str(tmp_path / "t.db"), "ingest", str(chat), "--extractor", "llm"]
    result = CliRunner().invoke(cli, args, env={"TEM_LLM_MODEL": "m"})
    assert result.exit_code == 2
    assert result.stderr == "tem: error: tem ingest needs pydantic: pip install 'tem[llm]'\n"
