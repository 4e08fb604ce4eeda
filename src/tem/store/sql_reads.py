"""The reads both SQL backends answer with one statement that differs only in dialect.

A backend mixes :class:`SqlReads` in and supplies ``_read`` (its own locking or pool),
``_mark`` (its driver's placeholder) and ``_seq`` (the column that orders observations
as they were inserted). Reads whose SQL really differs stay in the backend.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from tem.core.model import Observation, Version
from tem.store.rows import OBS_COLUMNS, VERSION_COLUMNS, key_filter, observation_of, version_of


class SqlReads:
    """``observations``, ``versions``, ``subject_values``, ``all_observations``, ``scopes``."""

    _mark: ClassVar[str]
    """The placeholder: ``?`` for sqlite3, ``%s`` for psycopg."""
    _seq: ClassVar[str]
    """The column that orders observations in insertion order."""

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def observations(
        self, scope: str, subject_key: str | None = None, relation_key: str | None = None
    ) -> list[Observation]:
        clause, params = key_filter(scope, subject_key, relation_key, self._mark)
        rows = self._read(
            f"SELECT {OBS_COLUMNS} FROM observations WHERE {clause} ORDER BY {self._seq}", params
        )
        return [observation_of(r) for r in rows]

    def versions(
        self, scope: str, subject_key: str | None = None, relation_key: str | None = None
    ) -> list[Version]:
        clause, params = key_filter(scope, subject_key, relation_key, self._mark)
        rows = self._read(
            f"SELECT {VERSION_COLUMNS} FROM versions WHERE {clause} "
            "ORDER BY subject_key, relation_key, position",
            params,
        )
        return [version_of(r) for r in rows]

    def subject_values(self, scope: str, subject_key: str) -> list[tuple[str, str]]:
        mark = self._mark
        rows = self._read(
            f"SELECT relation_key, value FROM versions WHERE scope = {mark} "
            f"AND subject_key = {mark} ORDER BY relation_key, position",
            (scope, subject_key),
        )
        return rows  # two-column rows

    def all_observations(self) -> Iterator[Observation]:
        for r in self._read(f"SELECT {OBS_COLUMNS} FROM observations ORDER BY {self._seq}"):
            yield observation_of(r)

    def scopes(self) -> list[str]:
        return [r[0] for r in self._read("SELECT DISTINCT scope FROM observations ORDER BY 1")]
