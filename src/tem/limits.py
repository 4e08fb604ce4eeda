"""The input limits every store and every edge (library, CLI, HTTP, MCP) enforces alike.

One set of numbers, checked before a write or a search starts, so a store never
decides: PostgreSQL's B-tree rows hold at most ~2.7 kB and its query parser
recurses once per search word, while SQLite would take anything. An input past a
limit is a :class:`~tem.errors.UserError` (HTTP 422; 413 for the request body).

Names (subject, relation, source, scope, session id) are indexed: three of them,
each at most ``MAX_NAME_BYTES`` once encoded (and once normalised to their
matching key, which case folding can lengthen), fit one PostgreSQL index row.
"""

from __future__ import annotations

MAX_NAME_CHARS = 500
"""Characters in a subject, relation, source, scope or session id."""

MAX_NAME_BYTES = 800
"""UTF-8 bytes in a name and in its matching key (binds only beyond ASCII)."""

MAX_VALUE_CHARS = 10_000
"""Characters in a fact's value."""

MAX_QUERY_CHARS = 2_000
"""Characters in a recall query or a context question."""

MAX_QUERY_WORDS = 300
"""Words in a recall query or a context question."""

MAX_METADATA_DEPTH = 20
"""Nesting of a fact's metadata: a flat mapping is depth 1."""

MAX_METADATA_BYTES = 64 * 1024
"""A fact's metadata, serialised as compact JSON (UTF-8 bytes)."""

MAX_BODY_BYTES = 10 * 1024 * 1024
"""An HTTP request body (413 beyond it); MCP's HTTP transport uses the same."""

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_METADATA_BYTES",
    "MAX_METADATA_DEPTH",
    "MAX_NAME_BYTES",
    "MAX_NAME_CHARS",
    "MAX_QUERY_CHARS",
    "MAX_QUERY_WORDS",
    "MAX_VALUE_CHARS",
]
