"""Background ingestion through a PostgreSQL job queue (procrastinate); needs ``tem[queue]``.

``tem serve --queue URL`` answers ``"background": true`` posts with job ids at
once; ``tem worker --queue URL`` ingests the jobs; ``GET /v1/jobs/{id}`` and
``tem jobs status ID`` say where each stands. See docs/jobs.md.
"""

from tem.jobs.queue import ExtractorFactory, IngestFailed, JobQueue, RetryPolicy
from tem.jobs.records import JobStatus, Submitted

__all__ = ["ExtractorFactory", "IngestFailed", "JobQueue", "JobStatus", "RetryPolicy", "Submitted"]
