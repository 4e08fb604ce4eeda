"""tem: a temporal state-tracking memory for LLM agents.

Every fact is kept as a version; code, not the model, decides which version is
current; the ``<Memory>`` block hands the model old and new values with
``[historical]`` tags, on two time axes (when it was true, when we knew it).

    >>> from tem import Memory
    >>> mem = Memory()
    >>> _ = mem.add("Ana", "lives in", "Lisbon", source="chat 1", observed_at="2024-01-05")
    >>> _ = mem.add("Ana", "lives in", "Oslo", source="chat 2", observed_at="2024-06-01")
    >>> [(v.value, v.status.value) for v in mem.history("Ana", "lives in")]
    [('Lisbon', 'historical'), ('Oslo', 'current')]
"""

from tem.async_memory import AsyncMemory
from tem.core.model import Status, Version
from tem.core.session import Session, Turn
from tem.core.times import ManualClock
from tem.errors import NotFound, StoreError, TemError, UserError
from tem.ingest.pipeline import IngestReport
from tem.memory import AddReport, Fact, Memory
from tem.retrieve import Evidence

__all__ = [
    "AddReport",
    "AsyncMemory",
    "Evidence",
    "Fact",
    "IngestReport",
    "ManualClock",
    "Memory",
    "NotFound",
    "Session",
    "Status",
    "StoreError",
    "TemError",
    "Turn",
    "UserError",
    "Version",
]
__version__ = "0.1.0"
