"""``tem serve``: the HTTP API (docs/http.md) on the memory the global options name."""

from __future__ import annotations

import os
from pathlib import Path

import click

from tem.cli.common import DbTarget, settings_of
from tem.cli.worker import open_queue, queue_option
from tem.core.model import DEFAULT_SCOPE
from tem.errors import UserError
from tem.memory import Memory
from tem.server.auth import check_bind, listen_address, load_keys


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=int, default=8000, show_default=True, help="The port to listen on.")
@click.option(
    "--keys-file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    envvar="TEM_API_KEYS_FILE",
    show_envvar=True,
    help="API keys, one key=scope[,scope...] a line; added to TEM_API_KEYS.",
)
@queue_option(required=False)
@click.option(
    "--db",
    type=DbTarget(),
    help="Serve this database (file or postgresql:// URL), not the global --db.",
)
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    keys_file: Path | None,
    queue_url: str | None,
    db: Path | str | None,
) -> None:
    """Serve the memory over HTTP: the library's verbs as JSON routes (docs/http.md).

    API keys come from TEM_API_KEYS (key1=scopeA,scopeB;key2=scopeC) and/or
    --keys-file; each key reads and writes only its scopes. Without keys there is
    no authentication and tem serves on loopback only. With --queue, posts may ask
    for background ingestion, done by `tem worker` (docs/jobs.md).
    """
    if db is not None:
        settings_of(ctx).db = db
    file_text = None if keys_file is None else keys_file.read_text(encoding="utf-8")
    keys = load_keys(os.environ.get("TEM_API_KEYS"), file_text)
    check_bind(host, keys)
    try:
        import uvicorn

        from tem.server.app import create_app
    except ImportError as exc:
        raise UserError(
            f"tem serve needs the server extra: pip install 'tem[server]' ({exc})"
        ) from exc
    settings = settings_of(ctx)

    def open_memory() -> Memory:
        return Memory(settings.db, scope=settings.scope or DEFAULT_SCOPE, rule=settings.rule)

    if keys is None:
        click.echo(
            f"tem: no API keys configured: serving {host} (loopback only), no auth", err=True
        )
    else:
        click.echo(f"tem: {len(keys)} API keys configured", err=True)
    queue = None if queue_url is None else open_queue(ctx, queue_url)
    app = create_app(open_memory, keys, queue=queue)
    uvicorn.run(app, host=listen_address(host), port=port)
