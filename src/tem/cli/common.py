"""What every command shares: the global settings, opening the memory, options, output."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from tem.core.model import DEFAULT_SCOPE, Rule, Version
from tem.errors import NotFound
from tem.io.memfile_format import when
from tem.memory import Memory
from tem.store.open import is_url

F = TypeVar("F", bound=Callable[..., Any])


class DbTarget(click.ParamType[Path | str, Any]):
    """``--db``: a SQLite file (returned as a Path) or a PostgreSQL URL (kept as text)."""

    name = "path|url"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Path | str:
        if isinstance(value, Path):
            return value
        text = str(value)
        if is_url(text):
            return text
        if "://" in text:
            self.fail(f"{text!r}: expected a file path or a postgresql:// URL", param, ctx)
        path = Path(text).expanduser()
        if path.is_dir():
            self.fail(f"{text!r} is a directory, not a database file", param, ctx)
        return path


@dataclass
class Settings:
    """The global options, parsed once by the group and read by every command."""

    db: Path | str
    """A SQLite file, or a PostgreSQL URL (docs/postgres.md)."""
    scope: str | None
    """None when neither ``--scope`` nor ``TEM_SCOPE`` was given (export: every scope)."""
    rule: Rule
    create: bool = False
    """``--create``: a read command may create a missing SQLite file."""


def settings_of(ctx: click.Context) -> Settings:
    """Return the global settings the group stored on the context."""
    settings = ctx.find_object(Settings)
    assert settings is not None, "commands run inside the tem group"
    return settings


def open_memory(ctx: click.Context, *, read: bool = False) -> Memory:
    """Open the memory the global options name; it is closed when the command ends.

    ``read=True`` (read-only commands) refuses a SQLite file that does not exist
    instead of creating an empty one (NotFound, exit 3), unless ``--create`` was given.
    """
    settings = settings_of(ctx)
    if read and not settings.create and isinstance(settings.db, Path) and not settings.db.exists():
        raise NotFound(
            f"no database at {settings.db} (a read creates none without --create): pass "
            "--db PATH (or TEM_DB), or write first (tem add, tem ingest, tem import)"
        )
    memory = Memory(settings.db, scope=settings.scope or DEFAULT_SCOPE, rule=settings.rule)
    ctx.call_on_close(memory.close)
    return memory


def json_option(func: F) -> F:
    """``--json``: print JSON instead of a table."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(func)


def time_options(func: F) -> F:
    """``--at`` (valid time) and ``--as-of`` (system time), passed to the library as text."""
    func = click.option("--as-of", metavar="TIME", help="What the store believed then (ISO 8601).")(
        func
    )
    return click.option("--at", metavar="TIME", help="What was true then (ISO 8601).")(func)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _valid(version: Version) -> str:
    end = "" if version.valid_to is None else when(version.valid_to)
    return f"{when(version.valid_from)}..{end}"


def table(versions: Sequence[Version], *, subjects: bool = False) -> str:
    """Return versions as an aligned text table: one row each, fields on one line."""
    headers = ["relation", "value", "status", "valid", "source"]
    rows = [
        [_one_line(v.relation), _one_line(v.value), v.status.value, _valid(v), _one_line(v.source)]
        for v in versions
    ]
    if subjects:
        headers.insert(0, "subject")
        for row, version in zip(rows, versions, strict=True):
            row.insert(0, _one_line(version.subject))
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    head = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
    return "\n".join(line.rstrip() for line in [head, *lines])


def show_versions(versions: Sequence[Version], as_json: bool, *, subjects: bool = False) -> None:
    """Print versions as JSON (a list of Version.to_dict) or as a table."""
    if as_json:
        echo_json([v.to_dict() for v in versions])
    elif versions:
        click.echo(table(versions, subjects=subjects))
    else:
        click.echo("no versions found", err=True)
