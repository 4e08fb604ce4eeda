"""Commands that change the memory: add, retract, undo, forget, declare (and cardinality)."""

from __future__ import annotations

import json
from typing import Any

import click

from tem.cli.common import echo_json, json_option, open_memory, show_versions
from tem.core.model import CARDINALITIES


def _metadata(_ctx: click.Context, _param: click.Parameter, value: str | None) -> Any:
    """Parse ``--metadata`` as a JSON object; the library checks what is in it."""
    if value is None:
        return None
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as exc:
        raise click.BadParameter(f"not JSON: {exc.msg}") from None
    if not isinstance(parsed, dict):
        raise click.BadParameter("expected a JSON object")
    return parsed


_metadata_option = click.option(
    "--metadata", metavar="JSON", callback=_metadata, help="A JSON object kept with the fact."
)


@click.command()
@click.argument("subject")
@click.argument("relation")
@click.argument("value")
@click.option("--source", required=True, help="Who or what said it (a session, a document).")
@click.option("--observed-at", required=True, metavar="TIME", help="When the source said it.")
@click.option("--valid-from", metavar="TIME", help="When it became true [default: observed-at].")
@_metadata_option
@json_option
@click.pass_context
def add(
    ctx: click.Context,
    subject: str,
    relation: str,
    value: str,
    source: str,
    observed_at: str,
    valid_from: str | None,
    metadata: dict[str, Any] | None,
    as_json: bool,
) -> None:
    """Record that SOURCE says SUBJECT | RELATION | VALUE; print the version now holding it.

    Another value becomes a new version (the old one turns historical); restating the
    current value re-affirms it; an older --valid-from slots in as history.
    """
    version = open_memory(ctx).add(
        subject,
        relation,
        value,
        source=source,
        observed_at=observed_at,
        valid_from=valid_from,
        metadata=metadata,
    )
    if as_json:
        echo_json(version.to_dict())
    else:
        show_versions([version], False)


@click.command()
@click.argument("subject")
@click.argument("relation")
@click.argument("value", required=False)
@click.option("--source", required=True, help="Who or what said it ended.")
@click.option("--observed-at", required=True, metavar="TIME", help="When the source said it.")
@click.option(
    "--valid-to", metavar="TIME", help="When it stopped being true [default: observed-at]."
)
@_metadata_option
@json_option
@click.pass_context
def retract(
    ctx: click.Context,
    subject: str,
    relation: str,
    value: str | None,
    source: str,
    observed_at: str,
    valid_to: str | None,
    metadata: dict[str, Any] | None,
    as_json: bool,
) -> None:
    """End a fact with no replacement; print the versions this ended.

    Without VALUE, everything open in SUBJECT | RELATION ends. Exits 3 when nothing
    was current.
    """
    versions = open_memory(ctx).retract(
        subject,
        relation,
        value,
        source=source,
        observed_at=observed_at,
        valid_to=valid_to,
        metadata=metadata,
    )
    show_versions(versions, as_json)


@click.command()
@click.argument("source")
@click.pass_context
def undo(ctx: click.Context, source: str) -> None:
    """Retire everything SOURCE said; what it had replaced re-opens.

    Reads with --as-of before now still see the old belief. Exits 3 when SOURCE
    has nothing live in the scope.
    """
    report = open_memory(ctx).undo(source)
    click.echo(
        f"undid {source!r}: {len(report.removed)} versions removed, "
        f"{len(report.versions)} versions re-derived"
    )


@click.command()
@click.option("--subject", help="Delete everything about this subject.")
@click.option("--source", help="Delete everything this source said.")
@click.option("--all-of-scope", is_flag=True, help="Delete the whole scope (see --scope).")
@click.pass_context
def forget(ctx: click.Context, subject: str | None, source: str | None, all_of_scope: bool) -> None:
    """Hard-delete a subject, a source or a whole scope: no residue, no undo.

    --subject and --source apply inside the scope and can be combined.
    """
    if all_of_scope and (subject is not None or source is not None):
        raise click.UsageError("--all-of-scope deletes the whole scope; drop --subject/--source")
    memory = open_memory(ctx)
    scope = memory.scope if all_of_scope else None
    deleted = memory.forget(scope=scope, subject=subject, source=source)
    click.echo(f"forgot {deleted} observations")


@click.command()
@click.argument("relation")
@click.argument("cardinality", type=click.Choice(CARDINALITIES))
@click.pass_context
def declare(ctx: click.Context, relation: str, cardinality: str) -> None:
    """Declare RELATION as one (values replace each other) or many (values coexist).

    Existing facts of that relation are re-derived at once.
    """
    memory = open_memory(ctx)
    memory.declare(relation, cardinality)
    click.echo(f"{relation}: {memory.cardinality(relation)}")


@click.command()
@click.argument("relation")
@json_option
@click.pass_context
def cardinality(ctx: click.Context, relation: str, as_json: bool) -> None:
    """Print the cardinality in force for RELATION: one or many."""
    found = open_memory(ctx).cardinality(relation)
    if as_json:
        echo_json({"relation": relation, "cardinality": found})
    else:
        click.echo(found)


COMMANDS = (add, retract, undo, forget, declare, cardinality)
__all__ = ["COMMANDS"]
