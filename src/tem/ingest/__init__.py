"""Ingestion: read conversations in the supported input formats as :class:`Session` s.

See :mod:`tem.ingest.formats` for the formats and ``docs/formats.md`` for examples.
"""

from tem.ingest.formats import (
    InputFormat,
    detect_format,
    load_sessions,
    read_input,
    session_from_messages,
    sessions_from_records,
)
from tem.ingest.locomo import (
    LocomoQuestion,
    locomo_questions,
    normalize_evidence,
    parse_locomo_date,
    sessions_from_locomo,
)

__all__ = [
    "InputFormat",
    "LocomoQuestion",
    "detect_format",
    "load_sessions",
    "locomo_questions",
    "normalize_evidence",
    "parse_locomo_date",
    "read_input",
    "session_from_messages",
    "sessions_from_locomo",
    "sessions_from_records",
]
