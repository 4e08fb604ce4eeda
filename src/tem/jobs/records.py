"""What a background job carries and reports: pure values, no I/O, no procrastinate.

A job ingests one :class:`~tem.core.session.Session` into one store. Its arguments
are JSON: the store's key and the session as a record of tem's ``sessions`` format
(docs/formats.md), so a queued job reads back exactly as the request was validated.

Names that make jobs idempotent and keep stores apart:

* the **queue name** is derived from the store's key, so a worker only takes the
  jobs of the store it opened;
* the **lock** is (queue, scope, session id): jobs of one session never run at
  once and run in the order they were queued, so the last one posted wins;
* the **queueing lock** adds a digest of the arguments: posting the same session
  again while the first job still waits returns that job instead of a second one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tem.core.session import Session
from tem.errors import UserError

TASK = "tem.ingest_session"
"""The procrastinate task name of every tem ingestion job."""

STATUSES = ("todo", "doing", "succeeded", "failed", "cancelled", "aborted")
"""procrastinate's job statuses, in lifecycle order (a retry goes back to todo)."""

FINAL = frozenset({"succeeded", "failed", "cancelled", "aborted"})


def redact(url: str) -> str:
    """Return ``url`` without its password (for keys, logs and error messages)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def check_queue_url(url: str) -> str:
    """Return ``url`` if it names a PostgreSQL database; UserError otherwise."""
    if not url.startswith(("postgresql://", "postgres://")):
        raise UserError(
            f"--queue: expected a PostgreSQL URL (postgresql://user@host/db), got {redact(url)!r}"
        )
    return url


def store_key(target: str | Path) -> str:
    """Return the stable name of a store: a database URL without password, or an absolute path.

    The server and its workers must name the same store; relative paths are
    resolved so that ``--db tem.db`` means the same file from the same directory.
    """
    text = str(target)
    if "://" in text:
        return redact(text)
    return str(Path(text).expanduser().resolve())


def queue_name(store: str) -> str:
    """Return the procrastinate queue of a store key (fits the 128-character column)."""
    return "tem:" + hashlib.sha256(store.encode()).hexdigest()[:16]


def session_lock(queue: str, scope: str, session_id: str) -> str:
    """Return the lock of one session's jobs: they run one at a time, in queue order."""
    return json.dumps([queue, scope, session_id], ensure_ascii=False)


def queueing_lock(lock: str, args: Mapping[str, Any]) -> str:
    """Return the lock that lets only one job with exactly these arguments wait at a time."""
    canonical = json.dumps(args, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return f"{lock}#{hashlib.sha256(canonical.encode()).hexdigest()[:16]}"


def session_record(session: Session, scope: str) -> dict[str, Any]:
    """Return ``session`` as a tem ``sessions`` record in ``scope``; it reads back equal."""
    turns: list[dict[str, Any]] = []
    for turn in session.turns:
        item: dict[str, Any] = {"speaker": turn.speaker, "text": turn.text}
        if turn.time is not None:
            item["time"] = turn.time.isoformat()
        if turn.turn_id is not None:
            item["turn_id"] = turn.turn_id
        turns.append(item)
    record: dict[str, Any] = {
        "session_id": session.id,
        "date": session.observed_at.isoformat(),
        "scope": scope,
        "participants": list(session.participants),
        "turns": turns,
    }
    if session.metadata:
        record["metadata"] = dict(session.metadata)
    return record


@dataclass(frozen=True)
class Submitted:
    """A job as the submitter sees it: queued (or already waiting with the same arguments)."""

    job_id: int
    status: str
    session_id: str
    scope: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class JobStatus:
    """Where a job stands.

    ``attempts`` counts finished runs (a retried job is back in ``todo`` with the
    last ``error``). ``report`` is the ingest report (counts, as
    :class:`~tem.ingest.pipeline.IngestReport`) once the job succeeded.
    """

    job_id: int
    status: str
    session_id: str
    scope: str
    attempts: int
    error: str | None = None
    report: dict[str, Any] | None = None

    @property
    def done(self) -> bool:
        """True once the job will not run again by itself."""
        return self.status in FINAL

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
