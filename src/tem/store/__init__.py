"""Storage backends behind the small :class:`~tem.store.base.Store` protocol."""

from tem.store.base import Derive, SearchHit, Store, WriteReport
from tem.store.sqlite import SQLiteStore

__all__ = ["Derive", "SQLiteStore", "SearchHit", "Store", "WriteReport"]
