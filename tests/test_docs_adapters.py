"""docs/adapters.md: every Python example runs offline (bar the one marked for a key)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "adapters.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_doc_has_an_example_for_each_adapter() -> None:
    text = "\n".join(BLOCKS)
    for name in ("TemStore", "TemSession", "TemMemoryBlock", "TemRetriever"):
        assert f"import {name}" in text, name


@pytest.mark.parametrize("source", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_runs(
    source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if source.startswith("# needs an OpenAI key"):
        pytest.skip("calls a model")
    for module in re.findall(r"^from (\w+)", source, re.M):
        pytest.importorskip(module)
    monkeypatch.chdir(tmp_path)
    exec(compile(source, str(DOC), "exec"), {"__name__": "__doc_example__"})
    printed = capsys.readouterr().out.splitlines()
    claims = [
        line.split("  # ", 1)[1]
        for line in source.splitlines()
        if "print(" in line and "  # " in line
    ]
    claims = [c for c in claims if c.startswith(("[", "{", "'", "0", "1", "2"))]
    for claim in claims:
        assert claim in printed, (claim, printed)
    follow = [ln[2:] for ln in source.splitlines() if ln.startswith("# [")]
    for claim in follow:
        assert claim in printed, (claim, printed)
