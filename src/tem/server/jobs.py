"""Background ingestion over HTTP: queue sessions, and read a job's status.

``POST /v1/messages`` and ``POST /v1/ingest`` with ``"background": true`` answer
202 with one job per session (:func:`enqueue`); ``GET /v1/jobs/{job_id}`` says
where a job stands, to a key bound to the job's scope (any other key gets the
404 of an unknown id). Both need the server to have a queue (``tem serve --queue
URL``, docs/jobs.md): without one, background posts answer 422 and the jobs route
is not mounted. Nothing here imports
procrastinate: the queue arrives through ``create_app``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request, Response

from tem.core.session import Session
from tem.errors import NotFound, UserError
from tem.server.deps import ERRORS, Who

if TYPE_CHECKING:
    from tem.jobs import JobQueue

NO_QUEUE = "background ingestion needs a queue: tem serve --queue postgresql://..."

router = APIRouter(prefix="/v1", responses=ERRORS)


def _queue(request: Request) -> JobQueue:
    found: JobQueue | None = getattr(request.app.state, "queue", None)
    if found is None:
        raise UserError(NO_QUEUE)
    return found


def enqueue(
    request: Request, response: Response, sessions: Sequence[Session], scope: str
) -> dict[str, Any]:
    """Queue one job per (already validated) session and answer 202 with the jobs."""
    submitted = _queue(request).submit(sessions, scope=scope)
    response.status_code = 202
    return {"results": [job.to_dict() for job in submitted]}


@router.get("/jobs/{job_id}", tags=["jobs"])
def job(job_id: int, request: Request, who: Who) -> dict[str, Any]:
    """Where a background ingestion job stands: status, attempts, error, report."""
    found = _queue(request).status(job_id)
    if not who.allows(found.scope):  # the same 404 as for no job: nothing about other scopes
        raise NotFound(f"no ingestion job {job_id} in this queue")
    return {"results": [found.to_dict()]}
