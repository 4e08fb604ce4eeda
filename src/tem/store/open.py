"""Open the store a target names: a SQLite file, memory, or a PostgreSQL URL.

``None`` (or SQLite's own ``":memory:"``) is an in-memory SQLite store; a path is a
SQLite file; a
``postgresql://`` or ``postgres://`` URL is a :class:`~tem.store.postgres.PostgresStore`
(imported only then, so SQLite users never need the postgres extra). The URL takes
libpq's parameters and tem's own, which are taken out before libpq sees the URL:
``schema=NAME`` keeps tem's tables in schema NAME
(``postgresql://user:password@host:5432/dbname?schema=tem``), and ``pgvector=false``
keeps vectors out of pgvector even where the server has it, and ``partitions=N``
creates the tables of a new database or schema partitioned by hash of scope.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
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

        url, options = split_options(target)
        return PostgresStore(url, **options)
    if "://" in target:
        scheme = target.split("://", 1)[0]
        raise UserError(
            f"database: unknown URL scheme {scheme!r}; use a file path or postgresql://..."
        )
    return SQLiteStore(target)


BOOLEANS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


def split_options(url: str) -> tuple[str, dict[str, Any]]:
    """Take tem's parameters out of ``url`` (libpq would refuse them): the URL, the options.

    The options are :class:`~tem.store.postgres.PostgresStore` keyword arguments,
    only those the URL gives.
    """
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    given: dict[str, list[str]] = {}
    for key, value in query:
        if key in ("schema", "pgvector", "partitions"):
            given.setdefault(key, []).append(value)
    options: dict[str, Any] = {}
    for key, values in given.items():
        if len(values) > 1 or not values[0]:
            raise UserError(f"database URL: give {key}= once, with a value")
        options[key] = values[0]
    if "pgvector" in options:
        flag = BOOLEANS.get(options["pgvector"].lower())
        if flag is None:
            raise UserError(
                f"database URL: pgvector= expects true or false, got {options['pgvector']!r}"
            )
        options["pgvector"] = flag
    if "partitions" in options:
        try:
            options["partitions"] = int(options["partitions"])
        except ValueError:
            raise UserError(
                f"database URL: partitions= expects a number, got {options['partitions']!r}"
            ) from None
    rest = urlencode([(key, value) for key, value in query if key not in given])
    return urlunsplit(parts._replace(query=rest)), options
