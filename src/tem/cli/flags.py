"""Error messages in the command line's words: ``session_id=`` becomes ``--session-id``.

The library names its keyword arguments in its errors (``observed_at: cannot
parse...``, ``messages need session_id= and observed_at=``). On the command line
the same thing is a flag, so :func:`in_flags` rewrites each name that is an option
of the command that ran (or a global one), where it stands as ``name=`` or as the
``name:`` that starts the message. Other words (arguments such as SUBJECT) are left
alone.
"""

from __future__ import annotations

import re
from functools import cache

import click


def _own(command: click.Command) -> dict[str, str]:
    """One command's options: parameter name -> its longest flag."""
    return {
        p.name: max(p.opts, key=len)
        for p in command.params
        if isinstance(p, click.Option) and p.name
    }


@cache
def _flags(command: click.Command) -> dict[str, str]:
    """The options of ``command`` and, for a group, of every command under it."""
    found = _own(command)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            found = {**_flags(sub), **found}
    return found


def in_flags(message: str, group: click.Group, command: click.Command | None) -> str:
    """``message`` with library argument names spelled as the flags of ``command``.

    The group's own options (``--db``, ``--scope``) count too, not its other commands'.
    """
    flags = {**_own(group), **(_flags(command) if command is not None else {})}

    def spell(match: re.Match[str]) -> str:
        flag = flags.get(match.group(1))
        return match.group(0) if flag is None else flag + match.group(2).rstrip("=")

    message = re.sub(r"\b([a-z][a-z_]*)(=)(?![\w'\"])", spell, message)
    return re.sub(r"^([a-z][a-z_]*)(:)", spell, message)


__all__ = ["in_flags"]
