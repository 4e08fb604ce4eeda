"""Offline (no-LLM) fact extraction: spaCy's parse plus rules turn dialogue into facts.

``OfflineExtractor().extract(session)`` returns :class:`ExtractedFact` candidates with
event times resolved against the session's own date by :func:`resolve_time`.
"""

from tem.extract.dates import resolve_time
from tem.extract.extractor import OfflineExtractor
from tem.extract.facts import ExtractedFact

__all__ = ["ExtractedFact", "OfflineExtractor", "resolve_time"]
