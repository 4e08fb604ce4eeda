"""The queue database: procrastinate's schema, tem's results table, and tem's queries.

procrastinate keeps no task results, so the task writes each job's outcome (the
ingest report, or the error text) to ``tem_job_results``, which cascades when
procrastinate deletes the job. Both are created on first use, under a transaction
advisory lock so that workers and servers starting together create them once.
An existing procrastinate schema is left as it is (upgrades follow procrastinate's
migrations). Objects are created unqualified: a URL with
``options=-csearch_path%3Dmyschema`` puts the queue in its own schema.
"""

from __future__ import annotations

from typing import Any

import psycopg
from procrastinate.schema import SchemaManager
from psycopg.types.json import Jsonb

from tem.jobs.records import TASK, JobStatus

SCHEMA_LOCK = 0x74656D5F6A6F6273  # "tem_jobs": one advisory lock id for every tem process

RESULTS_TABLE = """
CREATE TABLE IF NOT EXISTS tem_job_results (
    job_id bigint PRIMARY KEY REFERENCES procrastinate_jobs(id) ON DELETE CASCADE,
    report jsonb,
    error text,
    updated_at timestamp with time zone NOT NULL DEFAULT now()
)
"""

SAVE_RESULT = """
INSERT INTO tem_job_results (job_id, report, error) VALUES (%s, %s, %s)
ON CONFLICT (job_id) DO UPDATE
SET report = EXCLUDED.report, error = EXCLUDED.error, updated_at = now()
"""

JOB_STATUS = """
SELECT j.id, j.status::text, j.attempts, j.args, r.report, r.error
FROM procrastinate_jobs AS j LEFT JOIN tem_job_results AS r ON r.job_id = j.id
WHERE j.id = %s AND j.queue_name = %s AND j.task_name = %s
"""

READY_JOBS = """
SELECT EXISTS (
    SELECT 1 FROM procrastinate_jobs
    WHERE queue_name = %(queue)s AND status = 'todo'
      AND (scheduled_at IS NULL OR scheduled_at <= now())
) AS ready
"""

WAITING_JOB = """
SELECT id FROM procrastinate_jobs WHERE queueing_lock = %s AND status = 'todo'
"""


def ensure_schema(conn: psycopg.Connection[Any]) -> bool:
    """Create procrastinate's schema (if missing) and tem's results table; True if created."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])
        row = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NULL").fetchone()
        missing = bool(row and row[0])
        if missing:
            # No parameters: psycopg sends the script as is, several statements at once.
            conn.execute(SchemaManager.get_schema())
        conn.execute(RESULTS_TABLE)
    return missing


def save_result(
    conn: psycopg.Connection[Any], job_id: int, report: dict[str, Any] | None, error: str | None
) -> None:
    """Record a job's outcome: its report when it succeeded, else the error of its last run."""
    conn.execute(SAVE_RESULT, [job_id, None if report is None else Jsonb(report), error])


def job_status(conn: psycopg.Connection[Any], job_id: int, queue: str) -> JobStatus | None:
    """Return a tem job of ``queue`` by id, or None when there is none."""
    row = conn.execute(JOB_STATUS, [job_id, queue, TASK]).fetchone()
    if row is None:
        return None
    found_id, status, attempts, args, report, error = row
    session = args.get("session") if isinstance(args, dict) else None
    session = session if isinstance(session, dict) else {}
    return JobStatus(
        job_id=int(found_id),
        status=str(status),
        session_id=str(session.get("session_id", "")),
        scope=str(session.get("scope", "")),
        attempts=int(attempts),
        error=error,
        report=report,
    )


def waiting_job(conn: psycopg.Connection[Any], lock: str) -> int | None:
    """Return the id of the job waiting (``todo``) with this queueing lock, if any."""
    row = conn.execute(WAITING_JOB, [lock]).fetchone()
    return None if row is None else int(row[0])
