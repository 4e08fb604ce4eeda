"""The ``tem`` group: global options, the command list, and the one place errors become exits.

Every command is the :class:`tem.Memory` method of the same name plus argument
parsing and output formatting. Errors map to exit codes here and nowhere else:

    tem.errors.NotFound                      3
    tem.errors.UserError, click usage errors 2
    tem.errors.StoreError                    4
    ImportError of an optional extra         2 (the line says what to install)

each printed as one line, ``tem: error: <message>``, on standard error.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from tem.cli import conversations, discovery, mcp, reads, serve, transfer, worker, writes
from tem.cli.common import DbTarget, Settings
from tem.cli.flags import in_flags
from tem.core.model import RULES, Rule
from tem.errors import NotFound, StoreError, TemError, UserError
from tem.eval.cli import eval_group
from tem.extras import explain

EXIT_USER, EXIT_NOT_FOUND, EXIT_STORE = 2, 3, 4


def fail(message: str, code: int) -> NoReturn:
    """Print ``tem: error: <message>`` as one line on standard error and exit."""
    click.echo(f"tem: error: {' '.join(message.split())}", err=True)
    sys.exit(code)


class TemGroup(click.Group):
    """A click group whose ``main`` turns every expected error into one line and an exit code."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            fail("aborted", 1)
        except NotFound as exc:
            fail(in_flags(str(exc), self, self.invoked), EXIT_NOT_FOUND)
        except UserError as exc:
            fail(in_flags(str(exc), self, self.invoked), EXIT_USER)
        except StoreError as exc:
            fail(str(exc), EXIT_STORE)
        except TemError as exc:
            fail(str(exc), 1)
        except ImportError as exc:  # an optional dependency: say which extra installs it
            name = "tem" if self.invoked is None else f"tem {self.invoked.name}"
            text = explain(exc, name)
            if text is None:
                raise
            fail(text, EXIT_USER)
        sys.exit(result if isinstance(result, int) else 0)

    invoked: click.Command | None = None
    """The command that ran, for spelling its errors with its flags."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        self.invoked = command
        return name, command, rest


@click.group(cls=TemGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--db",
    type=DbTarget(),
    default="tem.db",
    envvar="TEM_DB",
    show_default=True,
    show_envvar=True,
    help="The SQLite database file, or a postgresql:// URL (docs/postgres.md).",
)
@click.option(
    "--scope",
    envvar="TEM_SCOPE",
    show_envvar=True,
    help="The scope to read and write [default: default]; export reads every scope without it.",
)
@click.option(
    "--rule",
    type=click.Choice(RULES),
    default="valid_time",
    show_default=True,
    help="Which version is current: latest valid_from, or latest source (the paper's rule).",
)
@click.option(
    "--create",
    is_flag=True,
    help="Let a read command create the --db file when it does not exist (reads refuse).",
)
@click.version_option(package_name="tem", prog_name="tem")
@click.pass_context
def cli(ctx: click.Context, db: Path | str, scope: str | None, rule: Rule, create: bool) -> None:
    """tem: a temporal memory that keeps every version of a fact, tagged [historical].

    The memory commands (add, history, current, recall, context, scopes, subjects,
    ingest, ...) are the tem.Memory methods of the same name; serve, mcp, worker,
    jobs, demo and eval run services and tools around it. Times are ISO 8601
    (2024-02-12 or 2024-02-12T09:30:00Z). Reads never create a database unless
    --create is given. Exit codes: 2 bad input, 3 not found, 4 store failure.
    """
    ctx.obj = Settings(db=db, scope=scope, rule=rule, create=create)


for _command in (
    *writes.COMMANDS,
    *reads.COMMANDS,
    *discovery.COMMANDS,
    *conversations.COMMANDS,
    *transfer.COMMANDS,
):
    cli.add_command(_command)
cli.add_command(eval_group, "eval")
cli.add_command(serve.serve)
cli.add_command(mcp.mcp)
for _command in worker.COMMANDS:
    cli.add_command(_command)


def main() -> None:
    """Run the ``tem`` console script."""
    cli.main(prog_name="tem")
