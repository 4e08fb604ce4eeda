"""The README's Python example runs and prints what its comments claim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_python_example_runs_and_matches_its_comments(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    found = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert found is not None
    source = found.group(1)
    namespace: dict[str, object] = {}
    exec(source, namespace)
    lines = source.splitlines()
    claims = [(lines[i - 1], line[2:]) for i, line in enumerate(lines) if line.startswith("# [")]
    assert len(claims) == 2
    for expression, expected in claims:
        assert repr(eval(expression.split("  #")[0], namespace)) == expected
    assert "<Memory>" in str(namespace["prompt"])
