"""Background ingestion: submit sessions to a PostgreSQL queue, run workers, read job status.

:class:`JobQueue` is one queue database (procrastinate) for one store. The server
validates each session, then :meth:`JobQueue.submit` queues one job per session
and returns at once; ``tem worker`` calls :meth:`JobQueue.work`, which ingests
each job's session into the memory it opened, exactly as ``Memory.ingest`` would
in the request. Several workers, in one process or many, share the queue:
procrastinate hands each job to one of them.

Failure policy: a run that fails at run time (extraction failed, such as an LLM
timeout, or the store was busy) is retried after 5 s, then 25 s, then the job
fails; bad input, which the submitter already rejects, fails at once. A failed
run writes nothing to the store (a session is one transaction) and records its
error text, which :meth:`JobQueue.status` returns.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
import psycopg_pool
from procrastinate import App, JobContext, PsycopgConnector, RetryStrategy, SyncPsycopgConnector
from procrastinate import exceptions as pq_errors
from procrastinate.app import WorkerOptions
from procrastinate.connector import BaseConnector

from tem.core.session import Session
from tem.errors import NotFound, StoreError, TemError, UserError
from tem.ingest.formats import sessions_from_records
from tem.ingest.pipeline import Extractor, IngestReport
from tem.inputs import check_text
from tem.jobs import schema
from tem.jobs.records import (
    TASK,
    JobStatus,
    Submitted,
    check_queue_url,
    queue_name,
    queueing_lock,
    redact,
    session_lock,
    session_record,
    store_key,
)

if TYPE_CHECKING:
    from tem.memory import Memory

log = logging.getLogger("tem.jobs")

ExtractorFactory = Callable[[], Extractor | None]
"""Returns a fresh extractor for each job (its counters are per job); None: offline rules."""


class IngestFailed(TemError):
    """A session could not be ingested at run time (extraction or store failure): retried."""


@dataclass(frozen=True)
class RetryPolicy:
    """How often a run that failed at run time is retried: retry ``k`` waits ``backoff_s ** k``."""

    retries: int = 2
    backoff_s: int = 5

    def __post_init__(self) -> None:
        if self.retries < 0 or self.backoff_s < 0:
            raise UserError("retries and backoff_s: must be at least 0")

    def strategy(self) -> RetryStrategy | bool:
        if self.retries == 0:  # procrastinate reads max_attempts=0 as "no limit"
            return False
        # procrastinate's max_attempts counts retries; retry k waits exponential_wait**k.
        return RetryStrategy(
            max_attempts=self.retries,
            exponential_wait=self.backoff_s,
            retry_exceptions=[IngestFailed, StoreError],
        )


@dataclass
class _Target:
    """The memory a running worker ingests into, and how it extracts."""

    memory: Memory
    extractor: ExtractorFactory
    offline: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def ingest(self, sessions: list[Session]) -> IngestReport:
        chosen = self.extractor()
        if chosen is None:  # the offline rules share one spaCy pipeline: one job at a time
            with self.offline:
                return self.memory.ingest(sessions)
        return self.memory.ingest(sessions, extractor=chosen)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    if isinstance(exc, TemError):
        return text or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class JobQueue:
    """The job queue on the PostgreSQL database ``url``, for the store named ``store``.

    ``store`` is the memory's database (a SQLite path or a database URL); the server
    and its workers must name the same one, as their jobs go to a queue named after
    it. Opens lazily (creating the queue schema on first use); close when done.
    """

    def __init__(self, url: str, *, store: str | Path, retry: RetryPolicy | None = None) -> None:
        self.url = check_queue_url(url)
        self.store = store_key(store)
        self.name = queue_name(self.store)
        self._retry = retry or RetryPolicy()
        self._pool: psycopg_pool.ConnectionPool[Any] | None = None
        self._opening = threading.Lock()
        self._target: _Target | None = None
        # Submitting borrows a pooled connection; the worker needs procrastinate's own
        # async pool. Two apps, so that submitting never goes through the worker's pool.
        self._submitter = self._app(SyncPsycopgConnector())

    def _app(self, connector: BaseConnector) -> App:
        app = App(connector=connector)
        app.task(name=TASK, queue=self.name, pass_context=True, retry=self._retry.strategy())(
            self._run
        )
        return app

    def __repr__(self) -> str:
        return f"JobQueue({redact(self.url)!r}, store={self.store!r})"

    # -- lifecycle ------------------------------------------------------------------

    def open(self) -> JobQueue:
        """Connect and create the queue schema if missing; StoreError if the database fails."""
        with self._opening:
            if self._pool is not None:
                return self
            pool: psycopg_pool.ConnectionPool[Any] = psycopg_pool.ConnectionPool(
                self.url, min_size=1, max_size=4, open=False, name="tem-jobs"
            )
            try:  # one plain connection first: its error says why, the pool's only "timeout"
                with psycopg.connect(self.url, connect_timeout=10) as conn:
                    if schema.ensure_schema(conn):
                        log.info("created the job queue schema in %s", redact(self.url))
                pool.open(wait=True, timeout=10)
            except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
                pool.close()
                raise StoreError(f"queue database {redact(self.url)}: {_one_line(exc)}") from exc
            self._pool = pool
        return self

    def close(self) -> None:
        """Close the connections (the queue and its jobs stay in the database)."""
        with self._opening:
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    def __enter__(self) -> JobQueue:
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection, committed on success; database errors become StoreError."""
        pool = self.open()._pool
        assert pool is not None
        try:
            with pool.connection() as conn:
                yield conn
        except (psycopg.Error, psycopg_pool.PoolTimeout, pq_errors.ConnectorException) as exc:
            raise StoreError(f"queue database: {_one_line(exc)}") from exc

    # -- submitting and reading -------------------------------------------------------

    def submit(self, sessions: Sequence[Session], *, scope: str) -> list[Submitted]:
        """Queue one ingestion job per session, all or none; sessions without scope get ``scope``.

        A session already waiting with the same content returns that job (no second
        one); otherwise a new job runs after the session's earlier ones.
        """
        scope_text = check_text(scope, "scope")
        records = [session_record(s, check_text(s.scope or scope_text, "scope")) for s in sessions]
        with self._connection() as conn, conn.transaction():
            return [self._submit_one(conn, record) for record in records]

    def _submit_one(self, conn: psycopg.Connection[Any], record: dict[str, Any]) -> Submitted:
        args: dict[str, Any] = {"store": self.store, "session": record}
        lock = session_lock(self.name, record["scope"], record["session_id"])
        waiting_lock = queueing_lock(lock, args)
        task = self._submitter.tasks[TASK]
        for _ in range(3):  # the waiting twin may start between the insert and the lookup
            try:
                with conn.transaction():  # a savepoint: a duplicate must not undo the batch
                    job_id = task.configure(
                        lock=lock, queueing_lock=waiting_lock, connection=conn
                    ).defer(**args)
            except pq_errors.AlreadyEnqueued:
                found = schema.waiting_job(conn, waiting_lock)
                if found is None:
                    continue
                job_id = found
            return Submitted(job_id, "todo", record["session_id"], record["scope"])
        raise StoreError(f"session {record['session_id']!r}: could not queue its job")

    def status(self, job_id: int) -> JobStatus:
        """Return where a job of this queue stands; NotFound for any other id."""
        with self._connection() as conn:
            found = schema.job_status(conn, job_id, self.name)
        if found is None:
            raise NotFound(f"no ingestion job {job_id} in this queue")
        return found

    # -- working ----------------------------------------------------------------------

    def work(
        self,
        memory: Memory,
        *,
        extractor: ExtractorFactory | None = None,
        concurrency: int = 1,
        burst: bool = False,
        signals: bool = True,
        name: str | None = None,
    ) -> None:
        """Run a worker: ingest this queue's jobs into ``memory`` until stopped.

        ``burst`` returns once no job is waiting. ``concurrency`` jobs run at once in
        threads (worth it for an LLM extractor; offline extraction runs one at a
        time, so start more worker processes instead). ``signals`` installs the
        SIGINT/SIGTERM handlers that stop gracefully (main thread only).
        """
        if concurrency < 1:
            raise UserError(f"concurrency: must be at least 1, got {concurrency}")
        self.open()
        self._target = _Target(memory, extractor or (lambda: None))
        try:
            asyncio.run(self._work(concurrency, burst, signals, name))
        except (psycopg.Error, psycopg_pool.PoolTimeout, pq_errors.ConnectorException) as exc:
            raise StoreError(f"queue database {redact(self.url)}: {_one_line(exc)}") from exc
        finally:
            self._target = None

    async def _work(self, concurrency: int, burst: bool, signals: bool, name: str | None) -> None:
        options: WorkerOptions = {
            "queues": [self.name],
            "concurrency": concurrency,
            "wait": not burst,
            "install_signal_handlers": signals,
        }
        if name is not None:
            options["name"] = name
        app = self._app(PsycopgConnector(conninfo=self.url))
        async with app.open_async():
            await self._recover(app)
            await app.run_worker_async(**options)
            # procrastinate's burst stops at the first empty fetch, even when a job was
            # only held back by its session's lock: go on until none is ready.
            while (
                burst
                and (
                    await app.connector.execute_query_one_async(schema.READY_JOBS, queue=self.name)
                )["ready"]
            ):
                await asyncio.sleep(0.2)
                await self._recover(app)
                await app.run_worker_async(**options)

    async def _recover(self, app: App) -> None:
        """Queue again the jobs left running by workers that died (no heartbeat)."""
        stalled = await app.job_manager.get_stalled_jobs(queue=self.name, task_name=TASK)
        for job in stalled:
            try:
                await app.job_manager.retry_job(job)
                log.info("job %s: its worker stopped; queued again", job.id)
            except pq_errors.ConnectorException:  # another worker did, or its twin waits
                log.warning("job %s: its worker stopped; could not queue it again", job.id)

    def _run(self, context: JobContext, store: str, session: dict[str, Any]) -> dict[str, Any]:
        """The task: ingest one session record into the worker's memory; record the outcome."""
        job_id = context.job.id
        assert job_id is not None, "a running job has an id"
        target = self._target
        try:
            if target is None:
                raise StoreError("this queue is not running a worker")
            if store != self.store:
                raise UserError(f"the job is for store {store!r}, this worker's is {self.store!r}")
            report = target.ingest(sessions_from_records(session))
            if report.failed:
                raise IngestFailed(report.failed[0][1])
        except Exception as exc:
            with self._connection() as conn:
                schema.save_result(conn, job_id, None, _one_line(exc))
            log.warning("job %s (session %s): failed: %s", job_id, _label(session), exc)
            raise
        result = {**dataclasses.asdict(report), "failed": []}
        with self._connection() as conn:
            schema.save_result(conn, job_id, result, None)
        log.info("job %s (session %s): %s", job_id, _label(session), report.summary())
        return result


def _label(session: object) -> str:
    if isinstance(session, dict):
        return f"{session.get('session_id')!r} in scope {session.get('scope')!r}"
    return "?"
