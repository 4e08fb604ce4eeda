"""SQL helpers of the PostgreSQL store: advisory locks, bulk statements, safe error text.

Pure functions (they build SQL and parameters) plus :func:`take_locks`, which runs
one statement on a connection the caller holds inside its transaction.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tem.core.model import GroupKey

if TYPE_CHECKING:
    from tem.store.postgres_schema import Conn

OBS_TYPES = ("text",) * 14
"""Postgres types of ``OBS_COLUMNS`` (times are canonical text, metadata JSON text)."""
VERSION_TYPES = ("text",) * 20 + ("integer",)
"""Postgres types of ``VERSION_COLUMNS`` (the last one is ``position``)."""


def lock_key(*parts: str) -> int:
    """A signed 64-bit advisory lock key for a tuple of names (BLAKE2b, so stable everywhere)."""
    digest = hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def group_keys(namespace: str, groups: Iterable[GroupKey]) -> list[int]:
    return [lock_key(namespace, "group", g.scope, g.subject_key, g.relation_key) for g in groups]


def relation_keys(namespace: str, relation_keys: Iterable[str]) -> list[int]:
    return [lock_key(namespace, "relation", r) for r in relation_keys]


def subject_keys(namespace: str, subjects: Iterable[tuple[str, str]]) -> list[int]:
    return [lock_key(namespace, "subject", scope, key) for scope, key in subjects]


def take_locks(
    conn: Conn, keys: Iterable[int], *, shared: bool = False, shared_first: Iterable[int] = ()
) -> None:
    """Take transaction-scoped advisory locks on ``keys`` in ascending order.

    ``shared_first`` are taken (shared) before them, also in ascending order. Every
    transaction takes its locks of one kind in the same (sorted) order, so two
    writers never wait on each other in a cycle; the locks go at commit or
    rollback. ``unnest`` yields the arrays in order, so one statement takes them all.
    """
    before = sorted(set(shared_first))
    ordered = sorted(set(keys))
    if not before and not ordered:
        return
    conn.execute(
        "SELECT CASE WHEN u.shared THEN pg_advisory_xact_lock_shared(u.k) "
        "ELSE pg_advisory_xact_lock(u.k) END "
        "FROM unnest(%s::bigint[], %s::boolean[]) AS u(k, shared)",
        ([*before, *ordered], [True] * len(before) + [shared] * len(ordered)),
    )


def columns_of(rows: Sequence[Sequence[Any]], width: int) -> list[list[Any]]:
    """Transpose rows into one list per column (the arrays ``unnest`` takes)."""
    if not rows:
        return [[] for _ in range(width)]
    return [list(column) for column in zip(*rows, strict=True)]


def unnest(types: Sequence[str]) -> str:
    """``unnest(%s::t1[], %s::t2[], ...)``: many rows as one parameter per column."""
    return "unnest(" + ", ".join(f"%s::{t}[]" for t in types) + ")"


def bulk_insert(table: str, columns: str, types: Sequence[str]) -> str:
    """One ``INSERT`` of any number of rows, whatever their count (one statement to prepare)."""
    return f"INSERT INTO {table} ({columns}) SELECT * FROM {unnest(types)}"


def bulk_update(table: str, columns: str, types: Sequence[str]) -> str:
    """One ``UPDATE`` of rows by ``seq``; each parameter row is ``(*columns, seq)``.

    Rows are matched by scope too when ``columns`` holds it (keys start with it).
    """
    names = [c.strip() for c in columns.split(",")]
    assigned = ", ".join(f"u.{n}" for n in names)
    same_scope = " AND t.scope = u.scope" if "scope" in names else ""
    return (
        f"UPDATE {table} AS t SET ({', '.join(names)}) = ({assigned}) "
        f"FROM {unnest([*types, 'bigint'])} AS u({', '.join(names)}, seq) "
        f"WHERE t.seq = u.seq{same_scope}"
    )


def groups_join(table: str) -> str:
    """``FROM`` clause joining three arrays (scope, subject_key, relation_key) to ``table``."""
    return (
        "unnest(%s::text[], %s::text[], %s::text[]) AS g(s, k, r) "
        f"JOIN {table} t ON t.scope = g.s AND t.subject_key = g.k AND t.relation_key = g.r"
    )


def group_arrays(groups: Sequence[GroupKey]) -> tuple[list[str], list[str], list[str]]:
    """The three parameters of :func:`groups_join`."""
    return (
        [g.scope for g in groups],
        [g.subject_key for g in groups],
        [g.relation_key for g in groups],
    )


def redact(url: str) -> str:
    """``url`` without its password, for error messages."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def one_line(error: BaseException) -> str:
    """A database error as one line (server messages carry DETAIL/HINT lines)."""
    return " ".join(str(error).split()) or type(error).__name__


def first_nul(fields: Iterable[tuple[str, str | None]]) -> str | None:
    """Name the first field holding a NUL character (PostgreSQL text cannot store it)."""
    for name, text in fields:
        if text is not None and "\x00" in text:
            return name
    return None
