"""Library argument names in errors are spelled as the command's flags."""

from __future__ import annotations

from tem.cli import cli
from tem.cli.flags import in_flags


def test_names_of_the_commands_options_become_flags() -> None:
    add, ingest, history = cli.commands["add"], cli.commands["ingest"], cli.commands["history"]
    assert in_flags("observed_at: cannot parse 'x'", cli, add) == "--observed-at: cannot parse 'x'"
    assert in_flags("messages need session_id= and observed_at=", cli, ingest) == (
        "messages need --session-id and --observed-at"
    )
    assert in_flags("scope: must not be empty", cli, history) == "--scope: must not be empty"


def test_arguments_and_other_commands_options_are_left_alone() -> None:
    history = cli.commands["history"]
    assert in_flags("subject: must not be empty", cli, history) == "subject: must not be empty"
    assert in_flags("valid_from: bad", cli, history) == "valid_from: bad"  # not a history flag
    assert in_flags("a=1 and at='x'", cli, history) == "a=1 and at='x'"
    assert in_flags("k: must be at least 1", cli, None) == "k: must be at least 1"
