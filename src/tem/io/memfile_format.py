"""The memory file's vocabulary: rule lines, marks, field escaping and dates.

Shared by the writer (:mod:`tem.io.memfile`) and the reader
(:mod:`tem.io.memfile_parse`), so the two cannot drift apart.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time

from tem.core.model import Cardinality
from tem.errors import UserError

RULES_HEADING = "Project memory rules"
MEMORY_RULES: tuple[str, ...] = (
    "Do NOT delete decisions and parameters that have changed.",
    "Tag the old record [historical] and add: “replaced by: {what} as of {date}”.",
    "The current record has no tag and sits at the bottom of its group.",
    "When answering about “now,” use only untagged records.",
    "When answering “why did we previously…,” look for [historical] records.",
    "A record tagged [ended {date}] stopped being true then, with no replacement.",
)
"""The seed's rules for an agent's memory file, plus one line for ``[ended]``."""

MARKS: dict[str, Cardinality] = {" (many values)": "many", " (one value)": "one"}
"""Relation heading suffixes; written only where the cardinality is not the default."""

DATE = r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)?"

_ESCAPES = {"\\": "\\\\", "(": "\\(", ")": "\\)", "[": "\\[", "]": "\\]", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"n": "\n", "r": "\r"}
# The other characters str.splitlines() breaks on, written as \uXXXX.
_LINE_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_HEX4 = re.compile(r"[0-9a-f]{4}")


def escape(text: str) -> str:
    """Return ``text`` as one inert line fragment: ``\\ ( ) [ ]`` and line breaks escaped.

    Unlike :func:`tem.render.escape_field` this is reversible (see :func:`unescape`),
    and the backslash escapes are markdown's own, so a rendered file shows the value.
    """
    out = []
    for char in text:
        if char in _LINE_BREAKS:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(_ESCAPES.get(char, char))
    return "".join(out)


def unescape(text: str) -> str:
    """Inverse of :func:`escape`; a backslash before any other character keeps it."""
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char != "\\" or index + 1 == len(text):
            out.append(char)
            index += 1
            continue
        following = text[index + 1]
        if following == "u" and _HEX4.fullmatch(text, index + 2, index + 6):
            out.append(chr(int(text[index + 2 : index + 6], 16)))
            index += 6
            continue
        out.append(_UNESCAPES.get(following, following))
        index += 2
    return "".join(out)


def find_unescaped(text: str, char: str, start: int = 0) -> int:
    """Return the index of the first ``char`` not preceded by an escaping backslash, or -1."""
    index = start
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text[index] == char:
            return index
        index += 1
    return -1


def when(moment: datetime) -> str:
    """Return ``YYYY-MM-DD`` for midnight UTC, else the ISO instant with a ``Z``."""
    moment = moment.astimezone(UTC)
    if moment.timetz() == time(tzinfo=UTC):
        return moment.strftime("%Y-%m-%d")
    spec = "seconds" if moment.microsecond == 0 else "microseconds"
    return moment.replace(tzinfo=None).isoformat(timespec=spec) + "Z"


def parse_when(text: str) -> datetime:
    """Inverse of :func:`when`."""
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise UserError(f"cannot parse the date {text!r}") from None
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def split_mark(heading: str) -> tuple[str, Cardinality | None]:
    """Split an escaped relation heading into its text and its cardinality mark."""
    for mark, cardinality in MARKS.items():
        if heading.endswith(mark):
            return heading[: -len(mark)], cardinality
    return heading, None
