"""Commands for conversations: ingest, sessions, turns, forget-session."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal, cast, get_args

import click

from tem.cli.common import F, echo_json, json_option, open_memory
from tem.cli.progress import SpinningBar
from tem.errors import UserError
from tem.ingest.formats import InputFormat, load_sessions
from tem.ingest.pipeline import Extractor, IngestReport
from tem.ingest.run import default_extractor
from tem.llm.settings import LLMSettings

EXIT_SESSIONS_FAILED = 1
NAMED_FAILURES = 5


def extractor_option(
    help: str = "auto: the LLM when TEM_LLM_MODEL is set, else the offline rules.",
) -> Callable[[F], F]:
    """``--extractor auto|offline|llm``: the choice :func:`pick_extractor` reads."""
    option: Callable[[F], F] = click.option(
        "--extractor",
        type=click.Choice(["auto", "offline", "llm"]),
        default="auto",
        show_default=True,
        help=help,
    )
    return option


def pick_extractor(kind: str) -> tuple[Extractor | None, str]:
    """Pick the extractor at the edge, and say what its first session waits for.

    The LLM when configured (or asked for), else the offline rules. The LLM server is
    probed once here: a wrong URL is one error now, not a failure per session.
    """
    settings = LLMSettings.from_env(os.environ)
    if kind == "offline" or (kind == "auto" and settings is None):
        return None, "loading models"
    if settings is None:
        raise UserError("--extractor llm needs TEM_LLM_MODEL (and TEM_LLM_BASE_URL) set")
    from tem.llm import LLMExtractor, OpenAIChatModel

    model = OpenAIChatModel(settings)
    model.probe()
    return LLMExtractor(model, settings), f"waiting for {settings.model}"


def failures_line(report: IngestReport, total: int) -> str:
    """Return the one line naming the sessions that failed, and the first reason."""
    names = [session_id for session_id, _ in report.failed]
    shown = ", ".join(names[:NAMED_FAILURES]) + (", ..." if len(names) > NAMED_FAILURES else "")
    first = " ".join(report.failed[0][1].split())
    return f"{len(names)} of {total} sessions failed: {shown} (first: {first})"


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
@extractor_option()
@click.option(
    "--session-id", help="Session id for a bare message list [default: a hash of its messages]."
)
@click.option("--observed-at", metavar="TIME", help="Date of a bare message list [default: now].")
@click.option("--speaker", help="Who 'I' is in a message list without names.")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="Processes the offline extractor reads in [default: the CPUs here, at most 4].",
)
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
    workers: int | None,
    as_json: bool,
) -> None:
    """Ingest conversations from FILE: sessions, turns and the facts they state.

    Each session is written in one transaction, or not at all if its extraction
    fails; re-ingesting a session changes nothing. Prints a summary. Exits 1 when
    sessions failed, with one line on standard error naming them.
    """
    memory = open_memory(ctx)
    chosen, waiting = pick_extractor(extractor)
    if chosen is None:
        chosen = default_extractor(workers)
    sessions = load_sessions(
        str(file),
        format=_format(format_),
        session_id=session_id,
        observed_at=observed_at,
        speaker=speaker,
        now=memory.clock.now(),
    )
    with SpinningBar(len(sessions), waiting) as bar:
        report = memory.ingest(sessions, extractor=chosen, progress=bar.update)
    if as_json:
        echo_json({**vars(report), "failed": [list(f) for f in report.failed]})
    else:
        click.echo(report.summary())
    if report.failed:
        click.echo(f"tem: error: {failures_line(report, len(sessions))}", err=True)
        ctx.exit(EXIT_SESSIONS_FAILED)


@click.command()
@json_option
@click.pass_context
def sessions(ctx: click.Context, as_json: bool) -> None:
    """List the stored sessions (event memory) of the scope, oldest first."""
    found = open_memory(ctx).sessions()
    if as_json:
        echo_json(
            [
                {
                    "session_id": e.session_id,
                    "observed_at": e.observed_at.isoformat(),
                    "participants": list(e.participants),
                    "summary": e.summary,
                }
                for e in found
            ]
        )
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


@click.command("dated-events")
@click.argument("query", required=False)
@click.option("--k", type=click.IntRange(min=1), help="At most this many events.")
@json_option
@click.pass_context
def dated_events(ctx: click.Context, query: str | None, k: int | None, as_json: bool) -> None:
    """List what people did and when: dated sentences of the stored turns, each with the
    date it resolves to. With QUERY, the most relevant first (a period it names, "in May
    2023", keeps only events inside it); without, all, oldest first."""
    found = open_memory(ctx).dated_events(query, k=k)
    if as_json:
        echo_json([e.to_dict() for e in found])
        return
    for event in found:
        click.echo(event.describe())


@click.command("forget-session")
@click.argument("session_id")
@click.pass_context
def forget_session(ctx: click.Context, session_id: str) -> None:
    """Hard-delete SESSION_ID: its turns, summary and the facts only it supported."""
    deleted = open_memory(ctx).forget_session(session_id)
    click.echo(f"forgot session {session_id}: {deleted} observations deleted")


COMMANDS = (ingest, sessions, turns, dated_events, forget_session)
__all__ = ["COMMANDS", "extractor_option", "failures_line", "pick_extractor"]
