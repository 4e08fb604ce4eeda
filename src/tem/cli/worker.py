"""``tem worker`` and ``tem jobs``: background ingestion through a PostgreSQL queue (docs/jobs.md).

The queue is the database ``--queue URL`` (or ``TEM_QUEUE_URL``) names; its jobs
belong to the store the global ``--db`` names, which ``tem serve --queue`` and
``tem worker`` must share.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from tem.cli.common import F, echo_json, open_memory, settings_of
from tem.cli.conversations import extractor_option, pick_extractor
from tem.errors import UserError

if TYPE_CHECKING:
    from tem.jobs import JobQueue


def queue_option(*, required: bool) -> Callable[[F], F]:
    """``--queue URL``: the PostgreSQL database of the job queue."""
    option: Callable[[F], F] = click.option(
        "--queue",
        "queue_url",
        metavar="URL",
        envvar="TEM_QUEUE_URL",
        show_envvar=True,
        required=required,
        help="The job queue's PostgreSQL database (postgresql://user@host/db).",
    )
    return option


def open_queue(ctx: click.Context, url: str) -> JobQueue:
    """Open the queue for the global ``--db`` store; it is closed when the command ends.

    Connects at once, so that a wrong URL fails before serving or working.
    """
    try:
        from tem.jobs import JobQueue
    except ImportError as exc:
        raise UserError(
            f"background ingestion needs the queue extra: pip install 'tem[queue]' ({exc})"
        ) from exc
    queue = JobQueue(url, store=settings_of(ctx).db).open()
    ctx.call_on_close(queue.close)
    return queue


class _Echo(logging.Handler):
    """Print log records as ``tem: <message>`` on the current standard error."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"tem: {self.format(record)}", err=True)


def _log_jobs() -> None:
    """Print one line per finished job (tem.jobs logs them)."""
    logger = logging.getLogger("tem.jobs")
    if not any(isinstance(h, _Echo) for h in logger.handlers):
        logger.addHandler(_Echo())
    logger.setLevel(logging.INFO)


@click.command()
@queue_option(required=True)
@click.option(
    "--concurrency",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Jobs run at once in this process (threads): worth it for an LLM extractor.",
)
@extractor_option()
@click.option("--burst", is_flag=True, help="Exit once no job is waiting, instead of waiting.")
@click.pass_context
def worker(
    ctx: click.Context, queue_url: str, concurrency: int, extractor: str, burst: bool
) -> None:
    """Run a worker: ingest the queued sessions into the --db memory (docs/jobs.md).

    Start as many as you like, on any machine that reaches the store and the queue;
    each job runs on one of them. Stops gracefully on Ctrl-C or SIGTERM; a job left
    running by a worker that died is queued again when a worker starts.
    """
    pick_extractor(extractor)  # a missing LLM setting fails now, not in every job
    queue = open_queue(ctx, queue_url)
    memory = open_memory(ctx)
    _log_jobs()
    click.echo(f"tem: worker for {queue.store} on queue {queue.name}", err=True)
    queue.work(
        memory, extractor=lambda: pick_extractor(extractor)[0], concurrency=concurrency, burst=burst
    )


@click.group()
def jobs() -> None:
    """Background ingestion jobs (tem serve --queue, tem worker)."""


@jobs.command()
@click.argument("job_id", type=int)
@queue_option(required=True)
@click.pass_context
def status(ctx: click.Context, job_id: int, queue_url: str) -> None:
    """Print where job JOB_ID stands as JSON: status, attempts, error, report."""
    echo_json(open_queue(ctx, queue_url).status(job_id).to_dict())


COMMANDS = (worker, jobs)
