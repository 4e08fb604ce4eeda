"""Regenerate the command sections of docs/cli.md from the commands' own help text.

The introduction (everything before the first "## tem " heading) is kept as written;
each command then gets a section with its ``--help`` output. ``--check`` exits 1
when the file is out of date (the test suite runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
from click.testing import CliRunner

from tem.cli import cli

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


def _help(path: list[str]) -> str:
    result = CliRunner().invoke(cli, [*path, "--help"], terminal_width=100, prog_name="tem")
    return result.output.rstrip() + "\n"


def render(intro: str) -> str:
    """Return the whole reference: the introduction, then one section per command."""
    assert isinstance(cli, click.Group)
    parts = [intro.rstrip() + "\n", f"\n## tem --help\n\n```\n{_help([])}```\n"]
    for name in sorted(cli.commands):
        command = cli.commands[name]
        parts.append(f"\n## tem {name}\n\n```\n{_help([name])}```\n")
        if isinstance(command, click.Group):
            for sub in sorted(command.commands):
                parts.append(f"\n### tem {name} {sub}\n\n```\n{_help([name, sub])}```\n")
    return "".join(parts)


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    intro = text.split("\n## tem ", 1)[0]
    fresh = render(intro)
    if "--check" in sys.argv:
        return 0 if fresh == text else 1
    DOC.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
