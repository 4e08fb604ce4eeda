"""What is stored where: ``tem scopes``, ``tem subjects``, and the hint an empty read gives.

A read that finds nothing in its scope says so, and names where data is: after
``tem ingest locomo10.json`` the facts are in scopes ``conv-26``..., not in
``default``, and "no versions" alone would not tell.
"""

from __future__ import annotations

import click

from tem.cli.common import echo_json, json_option, open_memory
from tem.memory import Memory

SHOWN = 5
"""How many other scopes a hint names before "and N more"."""
SEARCHED = 50
"""A subject is looked for in at most this many other scopes."""


def _names(scopes: list[str]) -> str:
    shown = ", ".join(scopes[:SHOWN])
    more = len(scopes) - SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def elsewhere(memory: Memory, subject: str | None = None) -> str:
    """Say where data is when a read of ``memory``'s scope found nothing ("" if nowhere).

    With ``subject``, name the other scopes that hold it; otherwise (or when none do,
    and this scope is empty) the scopes that hold anything.
    """
    empty = not memory.subjects()
    if subject is None and not empty:
        return ""
    others = [s for s in memory.scopes() if s != memory.scope]
    if subject is not None:
        holding = [s for s in others[:SEARCHED] if memory.history(subject, scope=s)]
        if holding:
            return f"{subject!r} is in scope {_names(holding)}: pass --scope NAME"
    if not empty or not others:
        return ""
    return f"scope {memory.scope!r} is empty; data is in scope {_names(others)}: pass --scope NAME"


def hint(memory: Memory, subject: str | None = None) -> None:
    """Print :func:`elsewhere`'s line on standard error, when there is one."""
    line = elsewhere(memory, subject)
    if line:
        click.echo(f"tem: {line}", err=True)


@click.command()
@json_option
@click.pass_context
def scopes(ctx: click.Context, as_json: bool) -> None:
    """List every scope that holds data, one per line (Memory.scopes)."""
    found = open_memory(ctx, read=True).scopes()
    if as_json:
        echo_json(found)
    else:
        for name in found:
            click.echo(name)


@click.command()
@json_option
@click.pass_context
def subjects(ctx: click.Context, as_json: bool) -> None:
    """List the subjects of the scope, sorted (Memory.subjects); hints at other scopes."""
    memory = open_memory(ctx, read=True)
    found = memory.subjects()
    if as_json:
        echo_json(found)
    else:
        for name in found:
            click.echo(name)
    if not found:
        hint(memory)


COMMANDS = (scopes, subjects)
__all__ = ["COMMANDS", "elsewhere", "hint"]
