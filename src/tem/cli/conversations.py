"""Commands for conversations: ingest, sessions, turns, forget-session."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal, cast, get_args

import click
from tqdm import tqdm

from tem.cli.common import echo_json, json_option, open_memory
from tem.errors import UserError
from tem.ingest.formats import InputFormat
from tem.ingest.pipeline import Extractor
from tem.llm.settings import LLMSettings


def _extractor(kind: str) -> Extractor | None:
    """Pick the extractor at the edge: the LLM when configured (or asked for), else rules."""
    settings = LLMSettings.from_env(os.environ)
    if kind == "offline" or (kind == "auto" and settings is None):
        return None
    if settings is None:
        raise UserError("--extractor llm needs TEM_LLM_MODEL (and TEM_LLM_BASE_URL) set")
    from tem.llm import LLMExtractor, OpenAIChatModel

    return LLMExtractor(OpenAIChatModel(settings), settings)


def _format(name: str) -> InputFormat | Literal["auto"]:
    if name == "auto":
        return "auto"
    for known in get_args(InputFormat):
        if name == known:
            return cast(InputFormat, known)
    raise UserError(f"--format: unknown format {name!r}")


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "format_",
    type=click.Choice(["auto", "messages", "sessions", "locomo"]),
    default="auto",
    show_default=True,
    help="Input format (see docs/formats.md).",
)
@click.option(
    "--extractor",
    type=click.Choice(["auto", "offline", "llm"]),
    default="auto",
    show_default=True,
    help="auto: the LLM when TEM_LLM_MODEL is set, else the offline rules.",
)
@click.option("--session-id", help="Session id for a bare message list.")
@click.option("--observed-at", metavar="TIME", help="Date of a bare message list.")
@click.option("--speaker", help="Who 'I' is in a message list without names.")
@json_option
@click.pass_context
def ingest(
    ctx: click.Context,
    file: Path,
    format_: str,
    extractor: str,
    session_id: str | None,
    observed_at: str | None,
    speaker: str | None,
    as_json: bool,
) -> None:
    """Ingest conversations from FILE: sessions, turns and the facts they state.

    Each session is written in one transaction, or not at all if its extraction
    fails; re-ingesting a session changes nothing. Prints a summary.
    """
    memory = open_memory(ctx)
    chosen = _extractor(extractor)
    with tqdm(unit="session", desc="ingest", disable=None, file=sys.stderr) as bar:
        report = memory.ingest(
            str(file), format=_format(format_), extractor=chosen, progress=bar.update,
            session_id=session_id, observed_at=observed_at, speaker=speaker,
        )  # fmt: skip
    if as_json:
        echo_json({**vars(report), "failed": [list(f) for f in report.failed]})
    else:
        click.echo(report.summary())


@click.command()
@json_option
@click.pass_context
def sessions(ctx: click.Context, as_json: bool) -> None:
    """List the stored sessions (event memory) of the scope, oldest first."""
    found = open_memory(ctx).sessions()
    if as_json:
        echo_json(
            [
                {"session_id": e.session_id, "observed_at": e.observed_at.isoformat(),
                 "participants": list(e.participants), "summary": e.summary}
                for e in found
            ]
        )  # fmt: skip
        return
    for event in found:
        click.echo(f"{event.observed_at:%Y-%m-%d}  {event.session_id}  {event.summary}")


@click.command()
@click.argument("session_id")
@click.pass_context
def turns(ctx: click.Context, session_id: str) -> None:
    """Print the original turns of SESSION_ID."""
    for turn in open_memory(ctx).turns(session_id):
        click.echo(f"[{turn.turn_id or turn.index}] {turn.speaker}: {turn.text}")


@click.command("forget-session")
@click.argument("session_id")
@click.pass_context
def forget_session(ctx: click.Context, session_id: str) -> None:
    """Hard-delete SESSION_ID: its turns, summary and the facts only it supported."""
    deleted = open_memory(ctx).forget_session(session_id)
    click.echo(f"forgot session {session_id}: {deleted} observations deleted")


COMMANDS = (ingest, sessions, turns, forget_session)
__all__ = ["COMMANDS"]
