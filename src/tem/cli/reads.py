"""Commands that read the memory: history, current, recall, context."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import click

from tem.cli.common import echo_json, json_option, open_memory, show_versions, time_options
from tem.cli.discovery import elsewhere, hint
from tem.core.model import Version
from tem.errors import NotFound
from tem.memory import Memory
from tem.render import TagStyle


def _found(memory: Memory, versions: Sequence[Version], subject: str, relation: str | None) -> None:
    """Raise NotFound (exit 3) for an empty read, naming the scopes that hold the subject."""
    if versions:
        return
    what = subject if relation is None else f"{subject} | {relation}"
    where = elsewhere(memory, subject)
    raise NotFound(
        f"no versions of {what} in scope {memory.scope!r}" + (f"; {where}" if where else "")
    )


_k_option = click.option(
    "-k", "k", type=int, default=15, show_default=True, help="At most this many versions."
)


@click.command()
@click.argument("subject")
@click.argument("relation", required=False)
@time_options
@json_option
@click.pass_context
def history(
    ctx: click.Context,
    subject: str,
    relation: str | None,
    at: str | None,
    as_of: str | None,
    as_json: bool,
) -> None:
    """Show every version of SUBJECT (or of one RELATION), oldest first per relation.

    Nothing found is exit 3, with a hint when another scope holds SUBJECT.
    """
    memory = open_memory(ctx, read=True)
    versions = memory.history(subject, relation, at=at, as_of=as_of)
    _found(memory, versions, subject, relation)
    show_versions(versions, as_json)


@click.command()
@click.argument("subject")
@click.argument("relation", required=False)
@time_options
@json_option
@click.pass_context
def current(
    ctx: click.Context,
    subject: str,
    relation: str | None,
    at: str | None,
    as_of: str | None,
    as_json: bool,
) -> None:
    """Show the current versions of SUBJECT (or of one RELATION); none is exit 3."""
    memory = open_memory(ctx, read=True)
    versions = memory.current(subject, relation, at=at, as_of=as_of)
    _found(memory, versions, subject, relation)
    show_versions(versions, as_json)


@click.command()
@click.argument("query")
@click.option(
    "-k", "k", type=int, default=15, show_default=True, help="At most this many versions."
)
@time_options
@json_option
@click.pass_context
def recall(
    ctx: click.Context, query: str, k: int, at: str | None, as_of: str | None, as_json: bool
) -> None:
    """Find the facts relevant to QUERY, each with its whole group, as the block orders them."""
    memory = open_memory(ctx, read=True)
    evidence = memory.recall(query, k, at=at, as_of=as_of)
    if not evidence.versions:
        hint(memory)
    if not as_json:
        show_versions(evidence.versions, False, subjects=True)
        return
    results = [{**v.to_dict(), "score": evidence.scores.get(v.id)} for v in evidence.versions]
    echo_json({"query": evidence.query, "tokens": evidence.tokens, "results": results})


@click.command()
@click.argument("question")
@click.option(
    "-k", "k", type=int, default=15, show_default=True, help="At most this many versions."
)
@time_options
@click.option(
    "--tag-style",
    type=click.Choice(get_args(TagStyle)),
    default="historical",
    show_default=True,
    help="How non-current versions are tagged.",
)
@click.option("--dates/--no-dates", default=False, help="Show each source's date.")
@click.option(
    "--answer-rules/--no-answer-rules", default=True, help="Add the answer rules [default: on]."
)
@click.option("--max-facts", type=int, metavar="N", help="At most N fact lines.")
@click.option(
    "--budget-tokens",
    type=int,
    metavar="N",
    help="TEM-Hybrid: facts, then event summaries, then original turns, within N tokens.",
)
@json_option
@click.pass_context
def context(
    ctx: click.Context,
    question: str,
    k: int,
    at: str | None,
    as_of: str | None,
    tag_style: TagStyle,
    dates: bool,
    answer_rules: bool,
    max_facts: int | None,
    budget_tokens: int | None,
    as_json: bool,
) -> None:
    """Print the prompt for QUESTION: the <Memory> block, the answer rules, the question."""
    memory = open_memory(ctx, read=True)
    text = memory.context(
        question,
        k=k,
        at=at,
        as_of=as_of,
        tag_style=tag_style,
        dates=dates,
        answer_rules=answer_rules,
        max_facts=max_facts,
        budget_tokens=budget_tokens,
    )
    hint(memory)  # says so only when this scope is empty and another is not
    if as_json:
        echo_json({"question": question, "context": text})
    else:
        click.echo(text)


COMMANDS = (history, current, recall, context)
__all__ = ["COMMANDS"]
