"""Errors raised by tem.

    TemError                 base of everything tem raises on purpose
    ├── UserError            your usage mistake: bad input, unknown flag value, unparsable date
    │   └── NotFound         the thing you named does not exist
    └── StoreError           the store failed at run time (locked too long, corrupt file)

A ``UserError`` never leaves a partial write behind: input is validated before the
write transaction starts, and each write is one transaction.
"""

from __future__ import annotations


class TemError(Exception):
    """Base class of every error tem raises on purpose."""


class UserError(TemError, ValueError):
    """The caller's input is wrong; the message says what and how to fix it."""


class NotFound(UserError, LookupError):
    """The version, subject or source named does not exist in this scope."""


class StoreError(TemError, RuntimeError):
    """The storage backend failed at run time."""
