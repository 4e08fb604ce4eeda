"""``tem mcp``: serve the memory to MCP clients (Claude Desktop, Cursor, agents)."""

from __future__ import annotations

from typing import cast

import click

from tem.cli.common import settings_of
from tem.cli.conversations import extractor_option, pick_extractor
from tem.core.model import DEFAULT_SCOPE
from tem.mcp_server import TRANSPORTS, Transport, serve


@click.command()
@click.option(
    "--transport",
    type=click.Choice(TRANSPORTS),
    default="stdio",
    show_default=True,
    help="stdio for a client that starts tem itself; http for streamable HTTP at /mcp.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: the address to bind.")
@click.option("--port", type=int, default=8765, show_default=True, help="HTTP: the port.")
@extractor_option("How add_memory finds facts: the LLM when TEM_LLM_MODEL is set, else rules.")
@click.pass_context
def mcp(ctx: click.Context, transport: str, host: str, port: int, extractor: str) -> None:
    """Serve this memory as an MCP server: add_memory, search_memory_facts, get_context...

    The tools read and write the --db memory (file or URL) in --scope. Needs the server extra:
    pip install 'tem[server]'. See docs/mcp.md for a client configuration.
    """
    settings = settings_of(ctx)
    serve(
        settings.db,
        settings.scope or DEFAULT_SCOPE,
        cast(Transport, transport),
        host,
        port,
        rule=settings.rule,
        extractor=pick_extractor(extractor)[0],
    )


COMMANDS = (mcp,)
__all__ = ["COMMANDS"]
