"""tem's command line: one command per :class:`tem.Memory` verb (see ``docs/cli.md``)."""

from tem.cli.app import cli, main

__all__ = ["cli", "main"]
