"""Open the store a target names: a SQLite file, memory, or a PostgreSQL URL.

``None`` (or SQLite's own ``":memory:"``) is an in-memory SQLite store; a path is a
SQLite file; a
``postgresql://`` or ``postgres://`` URL is a :class:`~tem.store.postgres.PostgresStore`
(imported only then, so SQLite users never need the postgres extra). The URL takes
libpq's parameters, and ``?schema=NAME`` (tem's own) keeps tem's tables in schema
NAME: ``postgresql://user:password@host:5432/dbname?schema=tem``.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from tem.errors import UserError
from tem.store.base import Store
from tem.store.sqlite import SQLiteStore

URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(target: str | Path | None) -> bool:
    """Whether ``target`` is a PostgreSQL URL rather than a file path."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def open_store(target: str | Path | None) -> Store:
    """Return the store ``target`` names (see the module docstring)."""
    if target is None or isinstance(target, Path):
        return SQLiteStore(target)
    if target == ":memory:":  # SQLite's name for memory, not a file called that
        return SQLiteStore(None)
    if is_url(target):
        from tem.store.postgres import PostgresStore

        url, schema = split_schema(target)
        return PostgresStore(url, schema=schema)
    if "://" in target:
        scheme = target.split("://", 1)[0]
        raise UserError(
            f"database: unknown URL scheme {scheme!r}; use a file path or postgresql://..."
        )
    return SQLiteStore(target)


def split_schema(url: str) -> tuple[str, str | None]:
    """Take tem's ``schema`` parameter out of ``url`` (libpq would refuse it)."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schemas = [value for key, value in query if key == "schema"]
    if not schemas:
        return url, None
    if len(schemas) > 1 or not schemas[0]:
        raise UserError("database URL: give schema= once, with a name")
    rest = urlencode([(key, value) for key, value in query if key != "schema"])
    return urlunsplit(parts._replace(query=rest)), schemas[0]
