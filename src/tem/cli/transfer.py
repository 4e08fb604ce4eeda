"""Commands that move a memory in and out of files: export, import, and the demo loader."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO, cast

import click
from tqdm import tqdm

from tem.cli.common import DbTarget, echo_json, json_option, open_memory, settings_of
from tem.demo import QUESTION, load_demo
from tem.errors import UserError
from tem.io import ImportReport, export_jsonl, export_memfile, import_jsonl, import_memfile
from tem.memory import Memory

FORMATS = ("jsonl", "memfile")
PROGRESS_MIN_LINES = 10_000
"""Imports with fewer lines than this show no progress bar."""


@click.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="jsonl",
    show_default=True,
    help="jsonl: lossless, every scope unless --scope is given. memfile: the markdown "
    "memory file of one scope.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Write here instead of standard output.",
)
@click.pass_context
def export(ctx: click.Context, fmt: str, output: str) -> None:
    """Write the memory to a file: JSON Lines (lossless) or the markdown memory file."""
    memory = open_memory(ctx, read=True)
    scope = settings_of(ctx).scope
    with click.open_file(output, "w", encoding="utf-8") as handle:
        count = _export(memory, fmt, cast(TextIO, handle), scope)
    if output != "-":
        click.echo(
            f"exported {count} {'observations' if fmt == 'jsonl' else 'versions'} to {output}"
        )


def _export(memory: Memory, fmt: str, out: TextIO, scope: str | None) -> int:
    if fmt == "jsonl":
        return export_jsonl(memory, out, scope=scope)
    return export_memfile(memory, out, scope=scope)


def _detect(path: str, text: str) -> str:
    """Return the format of a file: by its suffix, else by its first character.

    JSON of any shape goes to the JSON Lines reader, which says what is wrong with it.
    """
    suffix = Path(path).suffix.lower()
    if suffix in (".jsonl", ".ndjson", ".json"):
        return "jsonl"
    if suffix in (".md", ".markdown"):
        return "memfile"
    return "jsonl" if text.lstrip()[:1] in ("{", "[") else "memfile"


def _read(file: str) -> str:
    """The whole file as text; unreadable or not UTF-8 is a UserError (exit 2)."""
    try:
        with click.open_file(file, encoding="utf-8") as handle:
            return cast(str, handle.read())
    except UnicodeDecodeError as exc:
        raise UserError(f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except OSError as exc:
        raise UserError(f"{file}: cannot read it ({exc.strerror or exc})") from exc


def _progress(lines: list[str]) -> Iterable[str]:
    """Wrap ``lines`` in a progress bar on standard error when there are many."""
    small = len(lines) < PROGRESS_MIN_LINES
    # disable=None: tqdm shows the bar only on a terminal.
    bar = tqdm(
        lines, desc="import", unit=" lines", file=sys.stderr, disable=True if small else None
    )
    return cast(Iterable[str], bar)


@click.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(("auto", *FORMATS)),
    default="auto",
    show_default=True,
    help="auto: .jsonl/.ndjson/.json or a first '{' or '[' is jsonl, anything else memfile.",
)
@json_option
@click.pass_context
def import_(ctx: click.Context, file: str, fmt: str, as_json: bool) -> None:
    """Read FILE (from export, or a hand-written memory file) into the memory.

    The whole file is checked before anything is written; a file that is neither
    format, or cannot be read, is an error. Versions that come out different from
    the file's are listed as warnings.
    """
    text = _read(file)
    fmt = _detect(file, text) if fmt == "auto" else fmt
    memory = open_memory(ctx)
    if fmt == "jsonl":
        report = import_jsonl(memory, _progress(text.split("\n")))
    else:
        report = import_memfile(memory, text)
    _show_import(file, fmt, report, as_json)


def _show_import(file: str, fmt: str, report: ImportReport, as_json: bool) -> None:
    if as_json:
        echo_json(report.to_dict())
        return
    for mismatch in report.mismatches:
        click.echo(f"tem: warning: {mismatch}", err=True)
    agreed = "as in the file" if report.ok else f"{len(report.mismatches)} differences"
    click.echo(
        f"imported {file} ({fmt}): {report.observations} observations, {report.written} new, "
        f"{report.unchanged} already stored, {report.declared} declarations; "
        f"{report.versions} versions, {agreed}"
    )


@click.command()
@click.option("--db", type=DbTarget(), help="Load into this database (a file or a URL).")
@click.pass_context
def demo(ctx: click.Context, db: Path | str | None) -> None:
    """Load the TEM seed's Cozy Home Co. notes and print the prompt for its question.

    Running it twice changes nothing: the same notes are already stored.
    """
    if db is not None:
        settings_of(ctx).db = db
    memory = open_memory(ctx)
    load_demo(memory)
    click.echo(memory.context(QUESTION))


COMMANDS = (export, import_, demo)
__all__ = ["COMMANDS"]
